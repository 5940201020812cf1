// GSL's vectors and matrices as its users write with them: every element
// read and written through static inline accessors (gsl_matrix_get and
// gsl_matrix_set, gsl_vector_get and gsl_vector_set under HAVE_INLINE),
// whose bodies reach the elements through the struct's data pointer
// (`m->data[i * m->tda + j]`, `v->data[i * v->stride]`). Per frame: a
// matrix view (rows tda apart) scaled by a vector and shifted, each row's
// sum into a vector, and an axpy down a strided vector.
#include "kernel.h"
#include <stddef.h>
#include <stdlib.h>

typedef struct {
  size_t size, stride;
  double *data;
} vector;

typedef struct {
  size_t size1, size2, tda;
  double *data;
} matrix;

static inline double vector_get(const vector *v, size_t i) {
  return v->data[i * v->stride];
}
static inline void vector_set(vector *v, size_t i, double x) {
  v->data[i * v->stride] = x;
}
static inline double matrix_get(const matrix *m, size_t i, size_t j) {
  return m->data[i * m->tda + j];
}
static inline void matrix_set(matrix *m, size_t i, size_t j, double x) {
  m->data[i * m->tda + j] = x;
}

static void scale_rows(matrix *m, const vector *s, double shift) {
  for (size_t i = 0; i < m->size1; i++) {
    double s_i = vector_get(s, i);
    for (size_t j = 0; j < m->size2; j++)
      matrix_set(m, i, j, matrix_get(m, i, j) * s_i + shift);
  }
}

static void row_sums(const matrix *m, vector *out) {
  for (size_t i = 0; i < m->size1; i++) {
    double t = 0;
    for (size_t j = 0; j < m->size2; j++)
      t = t * 0.5 + matrix_get(m, i, j);
    vector_set(out, i, t);
  }
}

static void axpy(double a, const vector *x, vector *y) {
  for (size_t i = 0; i < y->size; i++)
    vector_set(y, i, vector_get(y, i) + a * vector_get(x, i));
}

int main(void) {
  enum { M = 1536, N = 1536, WIDE = 1600, V = 1 << 20 };
  double *wa = malloc(sizeof(double) * M * WIDE);
  double *vs = malloc(sizeof(double) * 4 * V);
  for (size_t i = 0; i < (size_t)M * WIDE; i++)
    wa[i] = (double)(i % 1013) * 0.001;
  for (size_t i = 0; i < 4 * (size_t)V; i++)
    vs[i] = (double)(i % 769) * 0.002 - 0.5;
  // A view of M x N starting 32 columns in; vectors with strides 2 and 1.
  matrix a = {M, N, WIDE, wa + 32};
  vector s = {M, 2, vs}, sums = {M, 1, vs + 2 * M};
  vector x = {V, 2, vs + V}, y = {V, 1, vs + 3 * V};
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    scale_rows(&a, &s, 0.001);
    KERNEL_FENCE();
    row_sums(&a, &sums);
    KERNEL_FENCE();
    axpy(0.25, &x, &y);
  }
  KERNEL_END
  double c = 0;
  for (size_t i = 0; i < (size_t)M * WIDE; i += 101)
    c += wa[i];
  for (size_t i = 0; i < 4 * (size_t)V; i += 37)
    c += vs[i];
  printf("%.9e\n", c);
  return 0;
}
