// The same vectors and matrices reached by pointer arithmetic, as C
// programs written without accessors (and GSL's gsl_vector_ptr users) do:
// a matrix view (rows tda apart) scaled by a vector and shifted through
// `*(m->data + i * m->tda + j)`, each row blended through a row pointer
// `double *row = m->data + i * m->tda`, and an axpy down a strided vector
// through an accessor that returns `v->data + i * v->stride`.
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

static inline double *vector_ptr(vector *v, size_t i) {
  return v->data + i * v->stride;
}

static void scale_rows(matrix *m, const vector *s, double shift) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++)
      *(m->data + i * m->tda + j) =
          *(m->data + i * m->tda + j) * *(s->data + i * s->stride) + shift;
}

static void blend_rows(matrix *m, double w) {
  for (size_t i = 0; i < m->size1; i++) {
    double *row = m->data + i * m->tda;
    for (size_t j = 1; j < m->size2; j++)
      row[j] = row[j] * (1 - w) + row[j - 1] * w;
  }
}

static void axpy(double a, vector *x, vector *y) {
  for (size_t i = 0; i < y->size; i++)
    *vector_ptr(y, i) += a * *vector_ptr(x, i);
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
  vector s = {M, 2, vs};
  vector x = {V, 2, vs + V}, y = {V, 1, vs + 3 * V};
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    scale_rows(&a, &s, 0.001);
    KERNEL_FENCE();
    blend_rows(&a, 0.25);
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
