// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// A condition that compares the counter plus or minus a value the loop does
// not change (docs/analysis.md, "While and do loops"): the trip count is
// counted from the start plus the value, in 64 bits (C adds them in a
// signed type, where they do not overflow), to the bound; the counter's
// value after the loop is the start plus the trip.

// CHECK-LABEL: void average(
// CHECK:         int weft_start = 0;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up((int64_t)weft_start + (int64_t)(w), (int64_t)(n), 1, 1);
// OMP-LABEL:   void average(
// OMP:           int64_t weft_trip = weft_trip_up((int64_t)weft_start + (int64_t)(w), (int64_t)(n), 1, 1);
void average(const float *restrict x, float *restrict y, int n, int w) {
  for (int i = 0; i + w <= n; i++) {
    float s = 0;
    for (int j = 0; j < w; j++)
      s += x[i + j];
    y[i] = s / (float)w;
  }
}

// CHECK-LABEL: long down(
// CHECK:         long weft_start = n;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_down((int64_t)weft_start - (int64_t)(k), (int64_t)(0), 1, 1);
// CHECK:         i = (long)((uint64_t)weft_start + (uint64_t)weft_trip * (uint64_t)(-1)); /* its value after the loop */
// OMP-LABEL:   long down(
// OMP:           int64_t weft_trip = weft_trip_down((int64_t)weft_start - (int64_t)(k), (int64_t)(0), 1, 1);
long down(const long *restrict a, long *restrict b, long n, long k) {
  long i;
  for (i = n; i - k >= 0; i--)
    b[i] = a[i - k] * 2;
  return i;
}

// A while loop, the value first.
// CHECK-LABEL: int lagged(
// CHECK:         int weft_start = i;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up((int64_t)weft_start + (int64_t)(lag), (int64_t)(n), 1, 0);
// CHECK:         i = (int)(weft_start + weft_trip); /* its value after the loop */
// OMP-LABEL:   int lagged(
// OMP:           int64_t weft_trip = weft_trip_up((int64_t)weft_start + (int64_t)(lag), (int64_t)(n), 1, 0);
int lagged(const int *restrict a, int *restrict d, int n, int lag) {
  int i = 0;
  while (lag + i < n) {
    d[i] = a[i + lag] - a[i];
    i++;
  }
  return i;
}
