// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// A pointer counter (docs/analysis.md, "Pointer counters") starts at the
// pointer where the loop starts; the trip count is the distance from it to
// the bound in C's own pointer difference, in steps; each iteration's
// pointer is the start plus its steps, and after the loop the pointer is
// one trip on.

// CHECK-LABEL: static void weft_blend_{{[0-9]+}}(
// CHECK:         for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++) {
// CHECK-NEXT:      float *p = weft_c->weft_start + weft_k * 2;
// CHECK-NEXT:      const float *q = weft_c->weft_q_start + weft_k;
// CHECK-LABEL: float *blend(
// CHECK:         float *weft_start = a;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up(0, (int64_t)((a + 2 * n) - weft_start), 2, 0);
// CHECK-NEXT:    const float *weft_q_start = q; /* the loop steps q by 1 */
// CHECK:         p = weft_start + weft_trip * 2; /* its value after the loop */
// CHECK-NEXT:    q = weft_q_start + weft_trip; /* its value after the loop */
// CHECK:       } else {
// CHECK-NEXT:    for (p = a; p < a + 2 * n; p += 2)
// OMP-LABEL: float *blend(
// OMP:         int64_t weft_trip = weft_trip_up(0, (int64_t)((a + 2 * n) - weft_start), 2, 0);
// OMP:         for (int64_t weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:      float *p = weft_start + weft_k * 2;
float *blend(float *restrict a, const float *restrict q, int n) {
  float *p;
  for (p = a; p < a + 2 * n; p += 2)
    p[1] = p[0] * 0.5f + *q++;
  return p;
}

// Down to a bound it reaches (`>=`): the distance runs below the start.
// CHECK-LABEL: void clear_down(
// CHECK:         double *weft_start = last;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_down(0, (int64_t)((a) - weft_start), 1, 1);
void clear_down(double *a, double *last) {
  for (double *p = last; p >= a; p--)
    *p = 0;
}

// A check's ranges that need the trip count of a pointer counter whose
// bound no memory relates to its start name it weft_trip.
// CHECK-LABEL: void range(
// CHECK:         int64_t weft_trip = weft_trip_up(0, (int64_t)((e) - weft_start), 1, 0);
// CHECK:         weft_apart((const void *)d, 0, weft_add(-1, (int64_t)weft_trip, &weft_bad), sizeof(d[0]),
// OMP-LABEL: void range(
// OMP:         weft_apart((const void *)d, 0, weft_add(-1, (int64_t)weft_trip, &weft_bad), sizeof(d[0]),
void range(float *d, const float *s, const float *e) {
  while (s < e)
    *d++ = *s++ * 0.5f;
}
