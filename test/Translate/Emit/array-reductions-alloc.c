// RUN: weft-translate %s --fp-reductions -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --fp-reductions -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --fp-reductions --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --fp-reductions --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// Array reductions into allocations (docs/output.md, "Array reductions"):
// the copies have the allocation's elements, computed where the loop
// starts (weft_len_<name>, an overflow sets weft_bad); the loop runs in
// parallel when they are not empty and the iterations pay for them
// (weft.trips_per_copied_element) and they fit in memory (each at most
// WEFT_COPY_MAX_SPAN bytes), and the functions that fill and combine
// the copies read their lengths from the context. A copy of a run-time size
// follows those of a constant size in a member's block (weft_copy_span).
#include <stdlib.h>

// CHECK-LABEL: struct weft_hist_{{[0-9]+}}_ctx {
// CHECK:         void *h;
// CHECK-NEXT:    int64_t weft_len_h;
// CHECK:         void *fixed;
// CHECK:       static inline void weft_hist_{{[0-9]+}}_run(
// CHECK:         unsigned long *restrict h,
// CHECK:         unsigned int *restrict fixed,
// CHECK:           h[k[i] % nb] += i & 7;
// CHECK:       char *copies; /* member m's at m * (64 + weft_copy_span(weft_len_h, 8)) bytes */
// CHECK:         int64_t weft_len_h = weft_c.weft_len_h;
// CHECK-NEXT:    char *weft_mine = weft_r->copies + (size_t)weft_member * (64 + weft_copy_span(weft_len_h, 8));
// CHECK-NEXT:    unsigned long *weft_copy_h = (unsigned long *)(weft_mine + 0);
// CHECK-NEXT:    for (int64_t weft_e = 0; weft_e < weft_len_h; weft_e++)
// CHECK:         unsigned int *weft_copy_fixed = (unsigned int *)(weft_mine + (weft_copy_span(weft_len_h, 8)));
// CHECK:         int64_t weft_lo = (int64_t)weft_len_h * weft_member / weft_size;
// CHECK:       long *hist(const int *k, int n, int nb, unsigned *fixed_out) {
// CHECK:         int weft_bad = 0;
// CHECK-NEXT:    int64_t weft_len_h = (int64_t)nb;
// CHECK:           !weft_bad && weft_len_h > 0 &&
// CHECK-NEXT:      weft_copy_span(weft_len_h, 8) <= WEFT_COPY_MAX_SPAN &&
// CHECK-NEXT:      (double)weft_trip >= {{[0-9.e+-]+}} * (double)(weft_len_h) &&
// CHECK:            (weft_copies = (char *)weft_copies_alloc((64 + weft_copy_span(weft_len_h, 8)), weft_n)) != 0)) {
// CHECK:             .weft_len_h = weft_len_h,

// OMP-LABEL: long *hist(
// OMP:         int64_t weft_len_h = (int64_t)nb;
// OMP:         !weft_bad && weft_len_h > 0 &&
// OMP:         (weft_copies = (char *)omp_alloc((size_t)weft_n * (64 + weft_copy_span(weft_len_h, 8)), omp_default_mem_alloc)) != 0)) {
// OMP:         for (int64_t weft_e = 0; weft_e < weft_len_h; weft_e++)
long *hist(const int *k, int n, int nb, unsigned *fixed_out) {
  long *h = calloc(nb, sizeof *h);
  unsigned fixed[16] = {0};
  if (!h)
    return 0;
  for (int i = 0; i < n; i++) {
    h[k[i] % nb] += i & 7;
    fixed[k[i] & 15]++;
  }
  for (int j = 0; j < 16; j++)
    fixed_out[j] = fixed[j];
  return h;
}

// Floating point, a copy per band: the bands pay for copies of
// weft_len_s elements of (rows * cols) doubles.
// CHECK-LABEL: struct weft_weighted_{{[0-9]+}}_ctx {
// CHECK:         int64_t weft_len_s;
// CHECK:         char *weft_copies; /* chunk c's copies at c * (weft_copy_span(weft_len_s, 8)) bytes */
// CHECK:       static void weft_weighted_{{[0-9]+}}(
// CHECK:         int64_t weft_len_s = weft_c->weft_len_s;
// CHECK-NEXT:    char *weft_mine = weft_c->weft_copies + (size_t)weft_chunk * (weft_copy_span(weft_len_s, 8));
// CHECK:       double *weighted(
// CHECK:         int64_t weft_len_s = weft_mul((int64_t)rows, (int64_t)cols, &weft_bad);
// CHECK-NEXT:    int64_t weft_bands = weft_copy_bands(weft_trip, {{.*}}, (weft_copy_span(weft_len_s, 8)));
// OMP-LABEL: double *weighted(
// OMP:         int64_t weft_len_s = weft_mul((int64_t)rows, (int64_t)cols, &weft_bad);
// OMP:         (weft_copies = (char *)omp_alloc((size_t)weft_bands * (weft_copy_span(weft_len_s, 8)), omp_default_mem_alloc)) != 0) {
double *weighted(const int *k, const double *w, int n, int rows, int cols) {
  double *s = malloc((size_t)rows * cols * sizeof(double));
  if (!s)
    return 0;
  for (int j = 0; j < rows * cols; j++)
    s[j] = 0.0;
  for (int i = 0; i < n; i++)
    s[(k[i] % rows) * cols + i % cols] += w[i];
  return s;
}
