// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s --check-prefix=REMARK
// An init of several expressions or declarations, or one that sets or
// declares a variable other than the counter, runs once before the
// counted loop (docs/analysis.md,
// "Inits"): first in the block that replaces the loop, before its start
// and trip are computed; the loop as written then has no init. Such a
// loop shares no parallel region with the loop before it (the region's
// loops as written are the text between them).
#include <string.h>

// CHECK-LABEL: void pairs(
// CHECK:         { /* weft: in parallel in weft_pairs_{{[0-9]+}}() when the checks pass; else as written */
// CHECK-NEXT:      ii = 0, i = 0; /* the loop's init */
// CHECK-NEXT:      int weft_start = i;
// CHECK-NEXT:      int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n - 1), 2, 0);
// CHECK-NEXT:      int weft_ii_start = ii; /* the loop steps ii by 1 */
// CHECK:           i = (int)(weft_start + weft_trip * 2); /* its value after the loop */
// CHECK-NEXT:      ii = (int)(weft_ii_start + weft_trip); /* its value after the loop */
// CHECK-NEXT:    } else {
// CHECK-NEXT:      for (; i < n - 1; i += 2, ii++) {
// OMP-LABEL:   void pairs(
// OMP:           ii = 0, i = 0; /* the loop's init */
// OMP-NEXT:      int weft_start = i;
// OMP:           int ii = (int)(weft_ii_start + weft_k);
// OMP:           } else {
// OMP-NEXT:        for (; i < n - 1; i += 2, ii++) {
// REMARK: init-before.c:[[@LINE+3]]:3: remark: loop parallelized: its iterations are independent
void pairs(int n, const double *restrict in, double *restrict lo) {
  int i, ii;
  for (ii = 0, i = 0; i < n - 1; i += 2, ii++) {
    lo[ii] = (in[i] + in[i + 1]) * 0.5;
  }
}

// The init sets the reduction's first value and the bound.
// CHECK-LABEL: int dot_from(
// CHECK:         i = k + 2, d = 0, m = n - k; /* the loop's init */
// CHECK-NEXT:    int weft_start = i;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(m), 1, 0);
// CHECK:         } else {
// CHECK-NEXT:      for (; i < m; i++)
// REMARK: init-before.c:[[@LINE+3]]:3: remark: loop parallelized: d is a + reduction
int dot_from(int n, int k, const int *a, const int *b) {
  int i, d, m;
  for (i = k + 2, d = 0, m = n - k; i < m; i++)
    d += a[i] * b[i - k];
  return d + i;
}

// An init that sets another variable (not the counter), and one in a for
// with no increment.
// CHECK-LABEL: void from_here(
// CHECK:         j = 7; /* the loop's init */
// CHECK-NEXT:    int weft_start = i;
// CHECK:         } else {
// CHECK-NEXT:      for (; i < n; i++)
// CHECK-LABEL: int down(
// CHECK:         k = 3, i = n; /* the loop's init */
// CHECK:         } else {
// CHECK-NEXT:      for (; i-- > 0;)
// REMARK: init-before.c:[[@LINE+3]]:3: remark: loop parallelized
void from_here(int n, int i, float *restrict a) {
  int j;
  for (j = 7; i < n; i++)
    a[i] = (float)(j * i);
}
// REMARK: init-before.c:[[@LINE+3]]:3: remark: loop parallelized
int down(int n, float *restrict a) {
  int i, k;
  for (k = 3, i = n; i-- > 0;)
    a[i] = (float)(i * k);
  return i + k;
}

// Two loops in a row, which would share a region: each its own block.
// CHECK-LABEL: void two(
// CHECK:         { /* weft: in parallel in weft_two_{{[0-9]+}}() when
// CHECK:         { /* weft: in parallel in weft_two_{{[0-9]+}}() when
// CHECK-NEXT:      i = 0, j = n; /* the loop's init */
// REMARK: init-before.c:[[@LINE+4]]:3: remark: loop parallelized
// REMARK: init-before.c:[[@LINE+5]]:3: remark: loop parallelized
void two(int n, float *restrict a, float *restrict b) {
  int i, j;
  for (int x = 0; x < n; x++)
    a[x] = (float)x;
  for (i = 0, j = n; i < n; i++, j--)
    b[i] = a[i] + (float)j;
}

// Declarations: the block that replaces the loop declares them (their
// scope is the loop's, as in the for), and the loop as written has no
// init; the outlined loop gets what they hold as it gets any variable.
// CHECK-LABEL: void declared(
// CHECK:         int i = 0, j = n; /* the loop's init */
// CHECK-NEXT:    int weft_start = i;
// CHECK:         } else {
// CHECK-NEXT:      for (; i < n; i++, j--)
// CHECK-LABEL: int cached(
// CHECK:         int i = 0, len = (int)strlen(s); /* the loop's init */
// CHECK:         } else {
// CHECK-NEXT:      for (; i < len; i++)
// CHECK-LABEL: void declared_other(
// CHECK:         int j = 7; /* the loop's init */
// CHECK:           .j = j,
// OMP-LABEL:   void declared(
// OMP:           int i = 0, j = n; /* the loop's init */
// REMARK: init-before.c:[[@LINE+2]]:3: remark: loop parallelized
void declared(int n, int *restrict out) {
  for (int i = 0, j = n; i < n; i++, j--)
    out[i] = j;
}
// REMARK: init-before.c:[[@LINE+3]]:3: remark: loop parallelized
int cached(const char *s, char *restrict t) {
  int c = 0;
  for (int i = 0, len = (int)strlen(s); i < len; i++)
    t[i] = (char)(s[i] + 1);
  return c;
}
// REMARK: init-before.c:[[@LINE+2]]:3: remark: loop parallelized
void declared_other(int n, int i, float *restrict a) {
  for (int j = 7; i < n; i++)
    a[i] = (float)(j * i);
}
