// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// A last-private value comes from the chunk that ran the last iteration; a
// counter declared before the loop gets its exit value.

// CHECK-LABEL: static inline void weft_last_{{[0-9]+}}_run(
// CHECK:        double t = 0;
// CHECK:        int i = (int)(weft_c->weft_start + weft_lo * 2);
// CHECK-NEXT:   for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i += 2) {
// CHECK:        if (weft_lo < weft_hi && weft_hi == weft_c->weft_trip)
// CHECK-NEXT:     weft_c->t = t; /* from the last iteration */
// CHECK:      int weft_start = 3;
// CHECK-NEXT: int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 2, 1);
// CHECK:        t = weft_c.t;
// CHECK-NEXT:   i = (int)(weft_start + weft_trip * 2); /* its value after the loop */
double last(double *a, int n) {
  double t = 0;
  int i;
  for (i = 3; i <= n; i += 2) {
    t = a[i] * 2;
    a[i] = t + 1;
  }
  return t + i;
}

// A decreasing loop with an unsigned counter.
// CHECK-LABEL: static inline void weft_down_{{[0-9]+}}_run(
// CHECK:        unsigned int u = (unsigned int)((uint64_t)weft_c->weft_start + (uint64_t)weft_lo * (uint64_t)(-1));
// CHECK-NEXT:   for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, u--) {
// CHECK:      int64_t weft_trip = weft_trip_downu((uint64_t)(unsigned int)weft_start, (uint64_t)(unsigned int)(lo), 1, 0);
void down(float *a, unsigned top, unsigned lo) {
  for (unsigned u = top; u > lo; u--)
    a[u] = a[u] * 0.5f;
}
