// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// Array reductions (docs/output.md): each team member updates its own copy
// of the array, which the body names under the array's name; the copies
// (of signed elements in the unsigned type) come from one block made before
// the region, a failed allocation runs the loop as written, and after the
// loop each member combines a share of the elements of every copy. A
// last-private value goes through a pointer, since each member runs with a
// context of its own; a scalar reduction keeps its slots per chunk.

// CHECK-LABEL: struct weft_classify_{{[0-9]+}}_ctx {
// CHECK-NEXT:    void *counts;
// CHECK:       static inline void weft_classify_{{[0-9]+}}_run(
// CHECK:         unsigned int (*restrict counts)[4],
// CHECK:         if (weft_lo < weft_hi && weft_hi == weft_c->weft_trip)
// CHECK-NEXT:      *weft_c->last = last; /* from the last iteration */
// CHECK:       struct weft_classify_[[L:[0-9]+]]_copies_ctx {
// CHECK-NEXT:    const weft_loop_t *l;
// CHECK-NEXT:    struct weft_classify_[[L]]_ctx *c;
// CHECK-NEXT:    int n;        /* the members with copies */
// CHECK-NEXT:    char *copies; /* member m's at m * 64 bytes */
// CHECK:       static void weft_classify_[[L]]_copies(void *weft_arg, int weft_member, int weft_size) {
// CHECK:         if (weft_size > weft_r->n) {
// CHECK:             weft_parallel_for(weft_r->l, weft_classify_[[L]], weft_r->c);
// CHECK:         struct weft_classify_[[L]]_ctx weft_c = *weft_r->c;
// CHECK-NEXT:    char *weft_mine = weft_r->copies + (size_t)weft_member * 64;
// CHECK-NEXT:    unsigned int *weft_copy_counts = (unsigned int *)(weft_mine + 0);
// CHECK-NEXT:    for (int64_t weft_e = 0; weft_e < 16; weft_e++)
// CHECK-NEXT:      weft_copy_counts[weft_e] = 0; /* the identity of + */
// CHECK-NEXT:    weft_c.counts = weft_copy_counts;
// CHECK-NEXT:    weft_spmd_for(weft_r->l, weft_classify_[[L]], &weft_c); /* its barrier: every copy is complete */
// CHECK:           int64_t weft_lo = (int64_t)16 * weft_member / weft_size;
// CHECK-NEXT:      int64_t weft_hi = (int64_t)16 * (weft_member + 1) / weft_size;
// CHECK-NEXT:      unsigned int *weft_all_counts = (unsigned int *)weft_r->c->counts;
// CHECK-NEXT:      for (int64_t weft_e = weft_lo; weft_e < weft_hi; weft_e++) {
// CHECK-NEXT:        unsigned int weft_v = weft_all_counts[weft_e];
// CHECK-NEXT:        for (int weft_m = 0; weft_m < weft_size; weft_m++)
// CHECK-NEXT:          weft_v += ((unsigned int *)(weft_r->copies + (size_t)weft_m * 64 + 0))[weft_e];
// CHECK-NEXT:        weft_all_counts[weft_e] = weft_v;
// CHECK:       long classify(
// CHECK:         int weft_n = 0; /* team members with copies */
// CHECK-NEXT:    char *weft_copies = 0;
// CHECK-NEXT:    static weft_memo_t weft_memo; /* libweft's answers kept: calls that run as written */
// CHECK-NEXT:    if (weft_trip >= {{[0-9]+}} && weft_ready() &&
// CHECK-NEXT:        (weft_n = weft_num_threads(),
// CHECK-NEXT:         (weft_copies = (char *)weft_copies_alloc(64, weft_n)) != 0)) {
// CHECK:           int weft_last_last = 0;
// CHECK:             .counts = counts,
// CHECK:             .last = &weft_last_last,
// CHECK:           struct weft_classify_[[L]]_copies_ctx weft_r = {&weft_l, &weft_c, weft_n, weft_copies};
// CHECK-NEXT:      weft_spmd(&weft_l, weft_classify_[[L]]_copies, &weft_r);
// CHECK-NEXT:      weft_copies_free(weft_copies);
// CHECK-NEXT:      for (int64_t weft_j = 0, weft_chunks = weft_chunk_count(&weft_l); weft_j < weft_chunks;
// CHECK-NEXT:           weft_j++) { /* in chunk order */
// CHECK-NEXT:        total = (long)((unsigned long)total + weft_total_part[weft_j]);
// CHECK-NEXT:      }
// CHECK-NEXT:      last = weft_last_last;
// CHECK-NEXT:    } else {
// CHECK-NEXT:      for (int i = 0; i < n; i++) {

// OMP:         #include <omp.h> /* weft: omp_alloc, for the threads' copies of arrays */
// OMP-LABEL:   long classify(
// OMP:           { /* weft: in parallel with OpenMP, each thread on its own copies of the arrays,
// OMP:             static weft_omp_site_t weft_site; /* its times */
// OMP:             if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip >= {{[0-9]+}} &&
// OMP-NEXT:            (weft_mode = weft_omp_site_mode(&weft_site, weft_trip, {{[0-9.]+}} * (double)weft_trip, 1, &weft_t0)) < WEFT_SITE_CALLER &&
// OMP-NEXT:            (weft_n = omp_get_max_threads(),
// OMP-NEXT:             (weft_copies = (char *)omp_alloc((size_t)weft_n * 64, omp_default_mem_alloc)) != 0)) {
// OMP-NEXT:        void *weft_array_counts = counts;
// OMP-NEXT:        #pragma omp parallel{{$}}
// OMP-NEXT:        {
// OMP-NEXT:          char *weft_mine = weft_copies + (size_t)omp_get_thread_num() * 64;
// OMP-NEXT:          unsigned int *weft_copy_counts = (unsigned int *)(weft_mine + 0);
// OMP-NEXT:          for (int64_t weft_e = 0; weft_e < 16; weft_e++)
// OMP-NEXT:            weft_copy_counts[weft_e] = 0; /* the identity of + */
// OMP-NEXT:          unsigned int (*counts)[4] = (unsigned int (*)[4])weft_copy_counts;
// OMP-NEXT:          #pragma omp for schedule(static) \
// OMP-NEXT:              firstprivate(k) lastprivate(last) reduction(+: total)
// OMP:               counts[k[i] & 3][k[i] >> 2 & 3]++;
// OMP:             int weft_nt = omp_get_num_threads();
// OMP-NEXT:          unsigned int *weft_all_counts = (unsigned int *)weft_array_counts;
// OMP-NEXT:          #pragma omp for schedule(static) nowait
// OMP-NEXT:          for (int64_t weft_e = 0; weft_e < 16; weft_e++) {
// OMP:             omp_free(weft_copies, omp_default_mem_alloc);
long classify(const int *k, int n, int (*out)[4]) {
  int counts[4][4] = {{0}};
  long total = 0;
  int last = -1;
  for (int i = 0; i < n; i++) {
    counts[k[i] & 3][k[i] >> 2 & 3]++;
    total += k[i];
    last = k[i];
  }
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      out[a][b] = counts[a][b];
  return total + last;
}

// Arrays named like the copies function's own locals (weft_c, weft_r,
// weft_mine): the copies have names of their own, and the file compiles.
// CHECK-LABEL: static void weft_names_{{[0-9]+}}_copies(
// CHECK:         unsigned int *weft_copy_c = (unsigned int *)(weft_mine + 0);
// CHECK:         unsigned int *weft_copy_r = (unsigned int *)(weft_mine + 64);
// CHECK:         unsigned int *weft_copy_mine = (unsigned int *)(weft_mine + 128);
// CHECK:         weft_c.mine = weft_copy_mine;
void names(const int *k, int n, int *out) {
  int c[8] = {0}, r[8] = {0}, mine[8] = {0};
  for (int i = 0; i < n; i++) {
    c[k[i] & 7]++;
    r[k[i] >> 3 & 7] += 2;
    mine[k[i] >> 6 & 7] += 3;
  }
  for (int j = 0; j < 8; j++)
    out[j] = c[j] + r[j] + mine[j];
}
