// RUN: %exec-check %s
// Loops that read and write through accessors in GSL's style
// (Inputs/gslish.h: v->data[i * v->stride], m->data[i * m->tda + j]), which
// weft expands at their calls (docs/analysis.md, "Expanded calls"): each
// loop runs in parallel on run-time checks that name the caller's
// x->data, y->stride, m->tda, as if the caller had written the accesses.
// Vectors that share their elements, a stride of zero, a matrix whose
// rows overlap (tda < size2) or that is the vector's own storage fail the
// checks, and the loop runs as written. The parallel build must print what
// the sequential one prints for every call.
// PARALLEL: 4
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
// CFLAGS: -I%S
#include <stdio.h>

#include "Inputs/gslish.h"

enum { N = 5000 };

static double A[4 * N], B[4 * N];

static void axpy(double a, const vec *x, vec *y) {
  for (size_t i = 0; i < y->size; i++)
    vec_set(y, i, vec_get(y, i) + a * vec_get(x, i));
}

static void scale_rows(mat *m, const vec *s) {
  for (size_t i = 0; i < m->size1; i++) {
    double s_i = vec_get(s, i);
    for (size_t j = 0; j < m->size2; j++)
      mat_set(m, i, j, mat_get(m, i, j) * s_i + (double)j);
  }
}

static void row_sums(const mat *m, vec *out) {
  for (size_t i = 0; i < m->size1; i++) {
    double t = 0;
    for (size_t j = 0; j < m->size2; j++)
      t += mat_get(m, i, j);
    vec_set(out, i, t);
  }
}

static double sum(const double *p, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s = s * 0.999 + p[i];
  return s;
}

static void reset(void) {
  for (int i = 0; i < 4 * N; i++) {
    A[i] = (double)(i % 97) * 0.25;
    B[i] = (double)(i % 89) * 0.5;
  }
}

int main(void) {
  reset();
  vec x = {N, 2, A}, y = {N, 1, B};
  axpy(0.5, &x, &y);
  printf("apart: %.6f\n", sum(B, 4 * N));
  /* y's elements among x's, ahead of the ones x reads: the checks fail. */
  vec y2 = {N / 2, 1, A + 3};
  axpy(2.0, &x, &y2);
  printf("shared: %.6f\n", sum(A, 4 * N));
  /* A stride of zero: every i writes one element. */
  vec z = {N, 0, B + 7};
  axpy(1.5, &x, &z);
  printf("stride 0: %.6f\n", sum(B, 4 * N));

  reset();
  mat m = {60, 50, 64, A};
  vec s = {60, 3, B};
  scale_rows(&m, &s);
  vec out = {60, 1, B + 2 * N};
  row_sums(&m, &out);
  printf("matrix: %.6f %.6f\n", sum(A, 4 * N), sum(B, 4 * N));
  /* Rows that overlap (tda < size2), and a scale vector inside the
     matrix. */
  mat o = {60, 50, 40, A};
  vec s2 = {60, 1, A + 100};
  scale_rows(&o, &s2);
  vec out2 = {60, 1, A + 7};
  row_sums(&o, &out2);
  printf("overlap: %.6f\n", sum(A, 4 * N));
  return 0;
}
