// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// A counter stepped by a variable (docs/analysis.md, "Steps by a
// variable"): the trip is weft_trip_upv's, -1 (the loop as written) where
// the loop runs and the step is not positive; each chunk starts its counter
// at the start plus its first iteration times the step, and steps it by the
// step; the outlined loop gets the step as it gets any variable it reads.

// CHECK-LABEL: struct weft_blocked_{{[0-9]+}}_ctx {
// CHECK:         int bs;
// CHECK:       static inline void weft_blocked_{{[0-9]+}}_run(
// CHECK:         int bs = weft_c->bs;
// CHECK:         int ii = (int)(weft_c->weft_start + weft_lo * (bs));
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, ii += (bs)) {
// CHECK-LABEL: void blocked(
// CHECK:         int64_t weft_trip = weft_trip_upv((int64_t)weft_start, (int64_t)(n), (int64_t)(bs), 0);
// CHECK:         } else {
// CHECK-NEXT:      for (int ii = 0; ii < n; ii += bs)
// OMP-LABEL:   void blocked(
// OMP:           int64_t weft_trip = weft_trip_upv((int64_t)weft_start, (int64_t)(n), (int64_t)(bs), 0);
// OMP:           firstprivate(n, bs, a, b)
// OMP:           int ii = (int)(weft_start + weft_k * (bs));
void blocked(int n, int bs, float *restrict a, const float *restrict b) {
  for (int ii = 0; ii < n; ii += bs)
    for (int i = ii; i < ii + bs && i < n; i++)
      a[i] = b[i] * 0.5f;
}

// A while loop steps its counter in its body, which the chunk runs as
// written; the counter's value after the loop is the start plus the trip's
// steps.
// CHECK-LABEL: int strided(
// CHECK:         int weft_start = i;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_upv((int64_t)weft_start + 1, (int64_t)(n), (int64_t)(s), 1);
// CHECK:         i = (int)(weft_start + weft_trip * (s)); /* its value after the loop */
// OMP-LABEL:   int strided(
// OMP:           i = (int)(weft_start + weft_trip * (s)); /* its value after the loop */
int strided(int n, int s, double *a) {
  int i = 3;
  while (i + 1 <= n) {
    a[i] = a[i] * 2.0 + 1.0;
    i += s;
  }
  return i;
}

// A bound C compares as unsigned (the counter from a constant that is not
// negative: weft-count-loops).
// (C compares i with n as unsigned, as the loop means.)
#pragma GCC diagnostic ignored "-Wsign-compare"
// CHECK-LABEL: int sized(
// CHECK:         int64_t weft_trip = weft_trip_upuv((uint64_t)(unsigned long)weft_start, (uint64_t)(unsigned long)(n), (int64_t)(s), 0);
int sized(unsigned long n, int s, float *restrict a) {
  int i;
  for (i = 0; i < n; i += s)
    a[i] = 1.0f;
  return i;
}
