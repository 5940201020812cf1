// RUN: weft-translate %s --tile=false -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --tile=false -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --tile=false --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --tile=false --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --tile=false --analyze --remarks=none --report=%t.json --
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: weft-translate %s --interchange=false -o - -- 2>&1 | grep -v "^// " | FileCheck %s --check-prefix=OFF
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-interchange=0 -fplugin-arg-weft-emit=%t.plugin.c -O1 -c %s -o %t.o 2>&1 | grep -v "^// " | FileCheck %s --check-prefix=OFF
// RUN: grep -v "^// " %t.plugin.c | FileCheck %s --check-prefix=OFF-C
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-emit=%t.plugin-on.c -O1 -c %s -o %t.o 2>/dev/null
// RUN: grep -c "^ *.\* weft: the . loop runs outside" %t.plugin-on.c | FileCheck %s --check-prefix=ON
// OFF: remark: loop parallelized
// OFF-NOT: {{loop interchange|loops interchanged|loops not interchanged}}
// OFF-C: weft_parallel_for
// OFF-C-NOT: loop interchange
// ON: 3
// Loop interchange (docs/analysis.md, "Loop interchange"): in the outlined
// body, `for (j) { S1; for (k) S2; S3 }` is written as `for (j) { S1 }`,
// `for (k) for (j) S2` and `for (j) { S3 }`, each header as written; the
// loop as written stays the fallback. The OpenMP output writes the same.
// (--tile=false: the nests are left untiled, Emit/tiles.c has the tiles;
// with tiles, the plugin's output below still writes the 3 pairs turned.)

#define N 256
double A[N][N], B[N][N], C[N][N], D[N][N];

// CHECK-LABEL: static void weft_product_
// CHECK:      for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
// CHECK-NEXT:   /* weft: the k loop runs outside the j loop (loop interchange: B[k][j] now goes along its rows) */
// CHECK-NEXT:   for (j = 0; j < N; j++) {
// CHECK-NEXT:     C[i][j] = 0.0; /* the element starts at zero */
// CHECK-NEXT:   }
// CHECK-NEXT:   for (k = 0; k < N; ++k)
// CHECK-NEXT:     for (j = 0; j < N; j++)
// CHECK-NEXT:       C[i][j] += alpha * A[i][k] * B[k][j];
// CHECK-NEXT:   for (j = 0; j < N; j++) {
// CHECK-NEXT:     C[i][j] *= 0.5;
// CHECK-NEXT:     D[j][i] = C[i][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// The fallback keeps the nest as written.
// CHECK-LABEL: void product(double alpha) {
// CHECK: } else {
// CHECK-NEXT: for (i = 0; i < N; i++)
// CHECK-NEXT:   for (j = 0; j < N; j++) {
// CHECK-NEXT:     C[i][j] = 0.0; /* the element starts at zero */
// CHECK-NEXT:     for (k = 0; k < N; ++k)
// OMP-LABEL: void product(double alpha) {
// OMP:      #pragma omp parallel for
// OMP:      /* weft: the k loop runs outside the j loop (loop interchange: B[k][j] now goes along its rows) */
// OMP-NEXT:   for (j = 0; j < N; j++) {
// OMP-NEXT:     C[i][j] = 0.0; /* the element starts at zero */
// OMP-NEXT:   }
// OMP-NEXT:   for (k = 0; k < N; ++k)
// OMP-NEXT:     for (j = 0; j < N; j++)
// OMP-NEXT:       C[i][j] += alpha * A[i][k] * B[k][j];
// JSON: "function": "product",
// JSON: "interchange_gain": "B[k][j]",
// JSON-NEXT: "interchanged_with": 2,
void product(double alpha) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      C[i][j] = 0.0; /* the element starts at zero */
      for (k = 0; k < N; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
      C[i][j] *= 0.5;
      D[j][i] = C[i][j];
    }
}

// A perfect nest with counters declared in the headers and the inner body
// in braces.
// CHECK-LABEL: static void weft_perfect_
// CHECK:      /* weft: the k loop runs outside the j loop (loop interchange: B[k][j] now goes along its rows) */
// CHECK-NEXT: for (int k = 0; k < n; k++)
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     D[i][j] += A[i][k] * B[k][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// JSON: "function": "perfect",
// JSON: "interchange_gain": "B[k][j]",
void perfect(int n) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < n; k++) {
        D[i][j] += A[i][k] * B[k][j];
      }
}

// JSON: "function": "recurrence",
// JSON: "interchange_gain": "B[k][j]",
// JSON-NEXT: "interchange_missed": "C[i][j] and C[i][j - 1] touch the same element in two iterations of j",
void recurrence(void) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += C[i][j - 1] * B[k][j];
}

// The parallel loop itself interchanged with the loop inside it: the chunks
// are bands of its iterations (weft_sweep_bands, weft_band_start), and each
// runs the statements before the inner loop, the inner loop around the
// band, and those after it, each over the band, with the counter set at its
// start. OpenMP shares out the bands. The fallback keeps the nest.
// CHECK-LABEL: struct weft_means_
// CHECK:        int64_t weft_bands;
// CHECK-LABEL: static void weft_means_
// CHECK:      int64_t weft_first = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_lo);
// CHECK-NEXT: int64_t weft_last = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_hi);
// CHECK-NEXT: /* weft: the k loop runs outside the j loop, over this band's j (loop interchange: B[k][j] now goes along its rows) */
// CHECK-NEXT: int j;
// CHECK-NEXT: j = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, j++) {
// CHECK-NEXT:   m[j] = 0.0; /* first */
// CHECK-NEXT:   if (m[j] != 0.0)
// CHECK-NEXT:     m[j] = 1.0;
// CHECK-NEXT: }
// CHECK-NEXT: for (int k = 0; k < N; k++) {
// CHECK-NEXT:   j = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT:   for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, j++) {
// CHECK-NEXT:     m[j] += B[k][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: j = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, j++) {
// CHECK-NEXT:   m[j] /= scale;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-LABEL: void means(double scale) {
// CHECK:      int64_t weft_bands = weft_sweep_bands(weft_trip, WEFT_TURNED_MIN_BAND);
// CHECK:      .trip = weft_bands,
// CHECK-NEXT: .shape = WEFT_SHAPE_UNIFORM,
// CHECK:      } else {
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     m[j] = 0.0; /* first */
// OMP-LABEL: void means(double scale) {
// OMP:      int64_t weft_bands = weft_sweep_bands(weft_trip, WEFT_TURNED_MIN_BAND);
// OMP:      #pragma omp parallel for schedule(static)
// OMP:      for (int64_t weft_b = 0; weft_b < weft_bands; weft_b++) {
// OMP-NEXT:   int64_t weft_first = weft_band_start(weft_trip, weft_bands, weft_b);
// OMP-NEXT:   int64_t weft_last = weft_band_start(weft_trip, weft_bands, weft_b + 1);
// OMP-NEXT:   /* weft: the k loop runs outside the j loop, over this band's j (loop interchange: B[k][j] now goes along its rows) */
// OMP-NEXT:   int j;
// OMP-NEXT:   j = (int)(weft_start + weft_first);
// OMP-NEXT:   for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, j++) {
// OMP-NEXT:     m[j] = 0.0; /* first */
// JSON: "function": "means",
// JSON: "interchange_gain": "B[k][j]",
// JSON-NEXT: "interchanged_with": {{[0-9]+}},
double m[N];
void means(double scale) {
  for (int j = 0; j < N; j++) {
    m[j] = 0.0; /* first */
    if (m[j] != 0.0)
      m[j] = 1.0;
    for (int k = 0; k < N; k++) {
      m[j] += B[k][j];
    }
    m[j] /= scale;
  }
}
