// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze --remarks=none --report=%t.json --
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// A sweep (docs/outline.md, "Sweeps"): the block replaces the loop around
// (the fallback is the whole nest as written), the region's work counts
// the rows, the chunks are bands of columns (weft_sweep_bands), and each
// chunk runs the loop around, as written, over its band. With OpenMP, the
// threads run the loop around in `omp parallel`, each taking its static
// share of every row without a barrier.

#define W 1024
int G[600][W], P[600][W];

// CHECK-LABEL: static void weft_down_
// CHECK:        int64_t weft_first = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_lo);
// CHECK-NEXT:   int64_t weft_last = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_hi);
// CHECK-NEXT:   for (i = 1; i < h; i++) {
// CHECK-NEXT:     int j = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT:     for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, j++) {
// CHECK-NEXT:       G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: void down(int h) {
// CHECK-NEXT:   int i;
// CHECK-NEXT:   { /* weft: in parallel in weft_down_{{[0-9]+}}() when the checks pass; else as written */
// CHECK-NEXT:     int weft_start = 0;
// CHECK-NEXT:     int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(W), 1, 0);
// CHECK-NEXT:     int weft_start_rows = 1;
// CHECK-NEXT:     int64_t weft_rows = weft_trip_up((int64_t)weft_start_rows, (int64_t)(h), 1, 0);
// CHECK-NEXT:     int64_t weft_bands = weft_sweep_bands(weft_trip, WEFT_SWEEP_MIN_ELEMENTS);
// CHECK:              .trip = weft_bands,
// CHECK:              .work_ns = ({{.*}} * (double)weft_trip) * (double)weft_rows,
// CHECK:        } else {
// CHECK-NEXT:     for (i = 1; i < h; i++)
// CHECK-NEXT:       for (int j = 0; j < W; j++)
// OMP-LABEL: void down(int h) {
// OMP:        #pragma omp parallel \
// OMP-NEXT:       private(i) firstprivate(h)
// OMP-NEXT:   for (i = 1; i < h; i++) {
// OMP-NEXT:     #pragma omp for schedule(static) nowait /* weft: a sweep */
// OMP-NEXT:     for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:       int j = (int)(weft_start + weft_k);
// OMP-NEXT:       G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
// OMP-NEXT:     }
// OMP-NEXT:   }
// JSON: "function": "down",
// JSON: "sweep": 0,
void down(int h) {
  int i;
  for (i = 1; i < h; i++)
    for (int j = 0; j < W; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}
