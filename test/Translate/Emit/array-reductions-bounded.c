// RUN: weft-translate %s --fp-reductions -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --fp-reductions -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --fp-reductions --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --fp-reductions --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// Array reductions through pointers whose subscripts have a bound
// (docs/output.md, "Array reductions"): the copies have as many elements as
// the bound (256 for an unsigned char, nb for `% nb`), which may be more
// than the object has, so the combine skips every element that all copies
// hold the identity of (no iteration updated it), for libweft's team
// members, its bands of floating-point copies, and OpenMP's threads. The
// run-time check that the pointers do not overlap covers the bound's
// elements.

// CHECK-LABEL: static void weft_bytes_{{[0-9]+}}_copies(
// CHECK:       weft_all_bins = (unsigned long *)weft_r->c->bins;
// CHECK-NEXT:  for (int64_t weft_e = weft_lo; weft_e < weft_hi; weft_e++) {
// CHECK-NEXT:    int weft_set = 0;
// CHECK-NEXT:    for (int weft_m = 0; weft_m < weft_size && !weft_set; weft_m++)
// CHECK-NEXT:      weft_set = ((unsigned long *)(weft_r->copies + (size_t)weft_m * (weft_copy_span(weft_len_bins, 8)) + 0))[weft_e] != 0;
// CHECK-NEXT:    if (!weft_set) /* no iteration updated it */
// CHECK-NEXT:      continue;
// CHECK-NEXT:    unsigned long weft_v = weft_all_bins[weft_e];
// CHECK-NEXT:    for (int weft_m = 0; weft_m < weft_size; weft_m++)
// CHECK-NEXT:      weft_v += ((unsigned long *)(weft_r->copies + (size_t)weft_m * (weft_copy_span(weft_len_bins, 8)) + 0))[weft_e];
// CHECK-NEXT:    weft_all_bins[weft_e] = weft_v;
// CHECK-NEXT:  }
// CHECK-LABEL: void bytes(
// CHECK:         int64_t weft_len_bins = 256;
// CHECK:         weft_apart((const void *)bins, 0, 255, sizeof(bins[0]),
void bytes(const unsigned char *v, int n, long *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i]]++;
}

// CHECK-LABEL: void modulo(
// CHECK:         int64_t weft_len_h = (int64_t)nb;
// CHECK:         !weft_bad && weft_len_h > 0 &&
void modulo(const unsigned *k, int n, unsigned *h, int nb) {
  for (int i = 0; i < n; i++)
    h[k[i] % nb] ^= k[i];
}

// Floating point: a copy per band, combined in band order.
// CHECK-LABEL: void weights(
// CHECK:         for (int64_t weft_e = 0; weft_e < weft_len_acc; weft_e++) {
// CHECK-NEXT:      int weft_set = 0;
// CHECK-NEXT:      for (int weft_m = 0; weft_m < (int)weft_chunks && !weft_set; weft_m++)
// CHECK-NEXT:        weft_set = ((float *)(weft_copies + (size_t)weft_m * (weft_copy_span(weft_len_acc, 4)) + 0))[weft_e] != (float)-0.0;
void weights(const unsigned *k, const float *x, int n, float *acc) {
  for (int i = 0; i < n; i++)
    acc[k[i] & 7] += x[i];
}

// OMP-LABEL: void bytes(
// OMP:         #pragma omp for schedule(static) nowait
// OMP-NEXT:    for (int64_t weft_e = 0; weft_e < weft_len_bins; weft_e++) {
// OMP-NEXT:      int weft_set = 0;
// OMP-NEXT:      for (int weft_m = 0; weft_m < weft_nt && !weft_set; weft_m++)
// OMP-NEXT:        weft_set = ((unsigned long *)(weft_copies + (size_t)weft_m * (weft_copy_span(weft_len_bins, 8)) + 0))[weft_e] != 0;
// OMP-NEXT:      if (!weft_set) /* no iteration updated it */
// OMP-NEXT:        continue;
