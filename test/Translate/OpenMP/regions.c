// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --emit=openmp -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp --line-directives -o %t.lines.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.lines.c -o %t.o
// A fused region in OpenMP output: one `omp parallel` with an `omp for`
// per loop, `nowait` where the next loop needs no barrier; a loop that
// follows the one before chunk by chunk relies on schedule(static) giving
// the same threads the same iterations, which holds for equal trip counts
// only: else a barrier first.

// CHECK-LABEL: void frame(
// CHECK: if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip_2 > 0 && weft_trip_2 <= INT32_MAX && weft_trip_3 > 0 && weft_trip_3 <= INT32_MAX
// CHECK: #pragma omp parallel
// CHECK: #pragma omp for schedule(static) nowait
// CHECK: for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// CHECK: if (weft_trip_2 != weft_trip) {
// CHECK-NEXT: #pragma omp barrier
// CHECK-NEXT: }
// CHECK-NEXT: #pragma omp for schedule(static) {{[\\]$}}
// CHECK: for (int weft_k = 0; weft_k < weft_trip_2; weft_k++) {
// CHECK: #pragma omp for schedule(static) nowait
// CHECK: for (int weft_k = 0; weft_k < weft_trip_3; weft_k++) {
// CHECK: } else {
// CHECK: #pragma omp parallel for schedule(static)
void frame(int n, float *restrict a, float *restrict b, float *restrict c) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2;
  for (int i = 1; i < n - 1; i++)
    c[i] = b[i - 1] + b[i + 1];
}

// A triangular loop deals its iterations out one by one (schedule(static,
// 1)): blocks would give the last thread most of the work. A loop that
// follows one with the other schedule chunk by chunk waits at a barrier,
// whatever the trip counts.
// CHECK-LABEL: void tri(
// CHECK:      #pragma omp for schedule(static, 1) nowait
// CHECK:      for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// CHECK:        for (int j = i; j < n; j++)
// CHECK:      #pragma omp barrier
// CHECK-NEXT: #pragma omp for schedule(static) nowait
// CHECK:      for (int weft_k = 0; weft_k < weft_trip_2; weft_k++) {
void tri(int n, float *restrict a, float *restrict s) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[i * n + j] = a[i * n + j] * 0.5f + (float)j;
  for (int i = 0; i < n; i++)
    s[i] = a[i * n + n - 1] * 2.0f;
}
