// Flattened subscripts whose row length is a variable (docs/analysis.md,
// "Strides and row lengths in variables"): each iteration touches elements
// of its own when the column stays within the row, which the run-time
// check tests where the loop starts. Not when the column moves with the
// loop's own counter or overruns the row by a constant, and not for a true
// dependence between rows. Execution: test/Execution/strided.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
#include <stddef.h>

// CHECK-LABEL: {{^}}void axpy(
// CHECK: {{^}} {{.*}}weft_apart(
// CHECK: {{^}} {{.*}}weft_add(-1, (int64_t)incy, &weft_bad) >= 0 &&
// CHECK-NEXT: {{^}} {{.*}}!weft_bad) {
void axpy(int n, float a, const float *x, int incx, float *y, int incy) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that y and x do not overlap; a run-time check that no two iterations touch the same element of y}}
    y[i * incy] += a * x[i * incx];
}

// Conditions alone: no other memory to check.
// CHECK-LABEL: {{^}}void scale(
// CHECK-NOT: weft_{{apart}}(
// CHECK: {{^}} {{.*}}weft_add(-1, (int64_t)inc, &weft_bad) >= 0 &&
void scale(int n, float *restrict y, int inc) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that no two iterations touch the same element of y}}
    y[i * inc] *= 2.0f;
}

// An offset the same in every iteration (ch) goes before the split: no
// condition on it.
// CHECK-LABEL: {{^}}void interleave(
// CHECK: {{^}} {{.*}}weft_add(-1, (int64_t)stride, &weft_bad) >= 0 &&
// CHECK-NEXT: {{^}} {{.*}}!weft_bad) {
void interleave(int n, const float *restrict src, float *restrict dst,
                int stride, int ch) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that no two iterations touch the same element of dst}}
    dst[i * stride + ch] = src[i];
}

// A row length read from memory, the column from an inner loop's bound.
typedef struct {
  size_t size1, size2, tda;
  double *data;
} matrix;

// CHECK-LABEL: {{^}}void fill(
// CHECK: {{^}} {{.*}}weft_add(weft_mul(-1, weft_u64((m->size2), &weft_bad), &weft_bad), weft_u64((m->tda), &weft_bad), &weft_bad) >= 0 &&
void fill(matrix *m) {
  for (size_t i = 0; i < m->size1; i++) // expected-remark {{loop parallelized: a run-time check that m->data and m do not overlap; a run-time check that no two iterations touch the same element of m->data}}
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop not parallelized: the loop at 49:3 around it runs in parallel}}
      m->data[i * m->tda + j] = 1.0 / (double)(i + j + 1);
}

// GSL's own form: the sizes copied into locals first. Reading *a there
// shows that C may read a->data where the loop starts (docs/analysis.md,
// "Invariant loads"), so the check names it. Past a call, which might free
// the memory, C reads a->data first in the loop over j: the check reads it
// only when that loop runs (n >= 1), tested first.
void gsl_scale(matrix *a, double x) {
  const size_t m = a->size1, n = a->size2, tda = a->tda;
  for (size_t i = 0; i < m; i++) // expected-remark {{loop parallelized: a run-time check that a->data and a do not overlap; a run-time check that no two iterations touch the same element of a->data}}
    for (size_t j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at 61:3 around it runs in parallel}}
      a->data[i * tda + j] *= x;
}

// CHECK-LABEL: {{^}}void gsl_scale_logged(
// CHECK: {{^}} {{.*}}!weft_for_inline(
// CHECK-NEXT: {{^}}            weft_add(-1, weft_u64(n, &weft_bad), &weft_bad) >= 0 &&
// CHECK-NEXT: {{^}}            !weft_bad &&
// CHECK-NEXT: {{^}}            weft_apart((const void *)(a->data),
void log_scale(void);
void gsl_scale_logged(matrix *a, double x) {
  const size_t m = a->size1, n = a->size2, tda = a->tda;
  log_scale();
  for (size_t i = 0; i < m; i++) // expected-remark {{loop parallelized: a run-time check that a->data and a do not overlap; a run-time check that no two iterations touch the same element of a->data; the checks made only when the loop at 76:5 runs (C reads what they name only there; else the loop runs as written)}}
    for (size_t j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at 75:3 around it runs in parallel}}
      a->data[i * tda + j] *= x;
}

// Each row from the one before: a dependence whatever the row length.
void recur(int n, float *restrict y, int s) {
  for (int i = 1; i < n; i++) // expected-remark {{loop not parallelized: y[i * s] written in one iteration may be read in another (as y[(i - 1) * s]): a flattened subscript weft cannot delinearize}}
    y[i * s] = y[(i - 1) * s] * 0.5f + 1.0f; // expected-note {{y[(i - 1) * s] read here}}
}

// Columns 0..s overrun a row of s by one: no condition can hold.
void overrun(int n, float *restrict p, int s) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: p[i * s + j] written in one iteration may be written again in another: a flattened subscript weft cannot delinearize}}
    for (int j = 0; j <= s; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      p[i * s + j] = 0; // expected-note {{p[i * s + j] written here}}
}
