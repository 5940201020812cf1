// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --emit=openmp -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp --line-directives -o %t.lines.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.lines.c -o %t.o
// --emit=openmp: each parallel loop stays where it was, normalized, under
// `#pragma omp parallel for schedule(static)` with the clauses of weft's
// analysis, when the run-time checks pass and its measured site (its times,
// a static of the function: docs/output.md, "Measured sites") says the team
// saves time; else as written. An `int` counter is counted by an `int`
// weft_k (a trip beyond INT32_MAX runs as written); others by an int64_t
// one. The file carries libweft's header-only checks and needs no libweft.

// CHECK-NOT:  #include "weft.h"
// CHECK:      /* weft: the run-time checks of the OpenMP loops below: libweft's header-only
// CHECK:      #ifndef WEFT_CHECKS_H
// CHECK:      #endif /* WEFT_CHECKS_H */
// CHECK-NOT:  struct weft_
// CHECK-LABEL: double clauses(
// CHECK:      { /* weft: in parallel with OpenMP when the checks pass; else as written */
// CHECK-NEXT:   int weft_start = 0;
// CHECK-NEXT:   int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 1, 0);
// CHECK-NEXT:   int weft_bad = 0;
// CHECK-NEXT:   static weft_omp_site_t weft_site; /* its times */
// CHECK-NEXT:   int weft_mode = -1; /* how this call runs, WEFT_SITE_* */
// CHECK-NEXT:   double weft_t0 = 0;
// CHECK-NEXT:   if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip >= {{[0-9]+}} &&
// CHECK-NEXT:       weft_apart((const void *)y, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(y[0]),
// CHECK-NEXT:             (const void *)x, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(x[0]), &weft_bad) &&
// CHECK-NEXT:       (weft_mode = weft_omp_site_mode(&weft_site, weft_trip, {{[0-9.]+}} * (double)weft_trip, 1, &weft_t0)) < WEFT_SITE_CALLER) {
// CHECK-NEXT:     #pragma omp parallel for schedule(static) {{\\}}
// CHECK-NEXT:         private(t) firstprivate(x, y) lastprivate(last) reduction(+: s) reduction(max: hi)
// CHECK-NEXT:     for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// CHECK-NEXT:       int i = (int)(weft_start + weft_k);
// CHECK-NEXT:       {
// CHECK-NEXT:         t = x[i] * 2;
// CHECK:            }
// CHECK-NEXT:     }
// CHECK-NEXT:     weft_omp_site_end(&weft_site, weft_mode, 1, weft_trip, weft_t0);
// CHECK-NEXT:   } else {
// CHECK-NEXT:     for (int i = 0; i < n; i++) {
// CHECK:        }
// CHECK-NEXT:     weft_omp_site_end(&weft_site, weft_mode, 0, weft_trip, weft_t0);
// CHECK-NEXT:   }
// CHECK-NEXT: }
double clauses(int n, const double *x, double *y) {
  double t;
  long s = 0;
  int last = -1, hi = -1000;
  for (int i = 0; i < n; i++) {
    t = x[i] * 2;
    y[i] = t + 1;
    s += (long)t;
    last = i;
    int v = (int)t;
    if (v > hi)
      hi = v;
  }
  return (double)s + last + hi;
}

// A counter declared before the loop gets its value after the loop; a
// constant trip count that pays for itself needs no minimum, and one whose
// work is too long to be worth measuring no site.
// CHECK-LABEL: void counter_outside(
// CHECK-NOT:      weft_site
// CHECK:          if (weft_trip > 0) {
// CHECK-NEXT:     #pragma omp parallel for schedule(static){{$}}
// CHECK-NEXT:     for (int64_t weft_k = 0; weft_k < weft_trip; weft_k++) {
// CHECK-NEXT:       unsigned int j = (unsigned int)((uint64_t)weft_start + (uint64_t)weft_k * (uint64_t)(1));
// CHECK:          j = (unsigned int)((uint64_t)weft_start + (uint64_t)weft_trip * (uint64_t)(1)); /* its value after the loop */
// CHECK-NEXT:   } else {
static float grid[4096][64];
void counter_outside(void) {
  unsigned j;
  for (j = 0; j < 4096; j++)
    for (int k = 0; k < 64; k++)
      grid[j][k] = grid[j][k] * 0.5f + (float)k;
  grid[0][0] += (float)j;
}
