// RUN: weft-translate %s -o - -- 2>&1 | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --fp-reductions -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=FP
// RUN: weft-translate %s --fp-reductions -o %t.fp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.fp.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze --report=%t.json -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// Private arrays too large for a thread's stack (docs/analysis.md, "Private
// arrays"; docs/output.md): the body names a pointer to the copy of the team
// member that runs it (to rows of it for a 2-D array), taken from one block
// weft_copies_alloc makes before the region, never filled; a failed
// allocation runs the loop as written. Beside an array reduction the block
// holds both copies and only the reduction's is filled and combined; beside
// a floating-point one, each band of iterations has its copies. A body that
// uses the array as a whole (sizeof) stays as it is. OpenMP output: each
// thread's copy from omp_alloc, in a parallel region around the loop.

// CHECK: remark: loop parallelized: line is private (too large for a thread's stack: each thread has a copy libweft allocates)
// CHECK: remark: loop parallelized: t is private (too large
// CHECK: remark: loop not parallelized: the body uses the array buf as a whole (sizeof, &), which an outlined function sees as a pointer
// CHECK: remark: loop parallelized: hist is a + array reduction (each thread updates its own copy); scratch is private (too large

// CHECK-LABEL: struct weft_lines_{{[0-9]+}}_ctx {
// CHECK-NEXT:    void *line;
// CHECK:       static inline void weft_lines_{{[0-9]+}}_run(
// CHECK-NEXT:      double *restrict line,
// CHECK:       /* weft: the loop at private-copies.c:{{[0-9]+}} with its private array line,
// CHECK-NEXT:     too large for a thread's stack: each team member runs its share of the loop
// CHECK-NEXT:     on its own copy of line. */
// CHECK:         char *weft_mine = weft_r->copies + (size_t)weft_member * 32768;
// CHECK-NEXT:    double *weft_copy_line = (double *)(weft_mine + 0); /* uninitialized: private */
// CHECK-NEXT:    weft_c.line = weft_copy_line;
// CHECK-NEXT:    weft_spmd_for_ex(weft_r->l, weft_lines_{{[0-9]+}}, &weft_c, WEFT_FOR_NOWAIT);
// CHECK-NEXT:  }
// CHECK:       void lines(
// CHECK:             (weft_copies = (char *)weft_copies_alloc(32768, weft_n)) != 0)) {
// CHECK:           .line = line,
// CHECK:         weft_spmd(&weft_l, weft_lines_{{[0-9]+}}_copies, &weft_r);
// CHECK-NEXT:    weft_copies_free(weft_copies);

// CHECK:       static inline void weft_tiles_{{[0-9]+}}_run(
// CHECK:           float (*restrict t)[128],
// CHECK:         float *weft_copy_t = (float *)(weft_mine + 0); /* uninitialized: private */

// CHECK:       void whole(
// CHECK-NOT:   weft_copies_alloc

// CHECK:       /* weft: the loop at private-copies.c:{{[0-9]+}} with its array reduction hist and private array scratch,
// CHECK-NEXT:     too large for a thread's stack: each team member runs its share of the loop
// CHECK-NEXT:     on its own copies of scratch and hist,
// CHECK-NEXT:     then combines a share of the elements of every copy of hist into it. */
// CHECK:         int *weft_copy_scratch = (int *)(weft_mine + 0); /* uninitialized: private */
// CHECK-NEXT:    weft_c.scratch = weft_copy_scratch;
// CHECK-NEXT:    unsigned long *weft_copy_hist = (unsigned long *)(weft_mine + 32768);
// CHECK-NEXT:    for (int64_t weft_e = 0; weft_e < 16; weft_e++)
// CHECK-NEXT:      weft_copy_hist[weft_e] = 0; /* the identity of + */
// CHECK-NEXT:    weft_c.hist = weft_copy_hist;
// CHECK-NEXT:    weft_spmd_for(weft_r->l, weft_counted_{{[0-9]+}}, &weft_c); /* its barrier: every copy is complete */
// CHECK-NEXT:    {
// CHECK-NEXT:      /* This member's share of the elements of hist, from every copy. */
// CHECK-NOT:     scratch
// CHECK:       void counted(

// FP-LABEL:    static void weft_summed_{{[0-9]+}}(
// FP:            char *weft_mine = weft_c->weft_copies + (size_t)weft_chunk * 32832;
// FP-NEXT:       double *weft_copy_line = (double *)(weft_mine + 0); /* uninitialized: private */
// FP-NEXT:       double *weft_copy_acc = (double *)(weft_mine + 32768);
// FP-NEXT:       for (int64_t weft_e = 0; weft_e < 8; weft_e++)
// FP:          void summed(
// FP:              weft_copies_alloc(32832, weft_n)
// FP:            int64_t weft_chunks = weft_parallel_for(&weft_l, weft_summed_{{[0-9]+}}, &weft_c);
// FP-NEXT:       double *weft_all_acc = (double *)acc;
// FP-NOT:        line
// FP:            weft_copies_free(weft_copies);

// OMP:         #include <omp.h> /* weft: omp_alloc, for the threads' copies of arrays */
// OMP-LABEL:   void lines(
// OMP:             (weft_copies = (char *)omp_alloc((size_t)weft_n * 32768, omp_default_mem_alloc)) != 0)) {
// OMP-NEXT:        #pragma omp parallel{{$}}
// OMP-NEXT:        {
// OMP-NEXT:          char *weft_mine = weft_copies + (size_t)omp_get_thread_num() * 32768;
// OMP-NEXT:          double *weft_copy_line = (double *)(weft_mine + 0); /* uninitialized: private */
// OMP-NEXT:          double *line = (double *)weft_copy_line;
// OMP-NEXT:          #pragma omp for schedule(static)
// OMP:             omp_free(weft_copies, omp_default_mem_alloc);
// OMP-LABEL:   void tiles(
// OMP:               float (*t)[128] = (float (*)[128])weft_copy_t;

// JSON: "function": "lines",
// JSON: "private_copies": [],
// JSON: "function": "lines",
// JSON: "private_copies": [
// JSON-NEXT: "line"
// JSON-NEXT: ],
// JSON-NEXT: "privates": [
// JSON-NEXT: "line"
#include <string.h>
#define W 4096

void lines(const double *restrict x, double *restrict out, int n) {
  double line[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W; j++)
      line[j] = x[i] * j;
    out[i] = line[5] + line[W - 1];
  }
}

void tiles(const float *restrict x, float *restrict out, int n) {
  float t[64][128];
  for (int i = 0; i < n; i++) {
    for (int r = 0; r < 64; r++)
      for (int c = 0; c < 128; c++)
        t[r][c] = x[i] + r * c;
    out[i] = t[3][4] * t[63][127];
  }
}

void whole(const double *restrict x, double *restrict out, int n) {
  double buf[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W; j++)
      buf[j] = x[i] + j;
    out[i] = buf[7] + (double)sizeof buf;
  }
}

void counted(const int *restrict k, int *restrict out, int n) {
  long hist[16] = {0};
  int scratch[W * 2];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W * 2; j++)
      scratch[j] = k[i] ^ j;
    hist[scratch[7] & 15]++;
  }
  for (int b = 0; b < 16; b++)
    out[b] = (int)hist[b];
}

void summed(const double *restrict x, double *restrict out, int n) {
  double acc[8] = {0};
  double line[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W; j++)
      line[j] = x[i] * j;
    acc[i & 7] += line[9];
  }
  for (int b = 0; b < 8; b++)
    out[b] = acc[b];
}
