// Strides and row lengths in variables, as GSL's matrix code and BLAS
// level 1 write them: a matrix view whose rows are tda elements apart (a
// block of a wider matrix), scaled and added in place through
// `ad[i * tda + j]` (ad = a->data), then axpys down its columns
// (`y[i * incy]` with incy = tda). The row length and the strides are
// run-time values: the rows are apart only if tda >= size2 and incy >= 1.
#include "kernel.h"
#include <stddef.h>
#include <stdlib.h>

typedef struct {
  size_t size1, size2, tda;
  double *data;
} matrix;

static void scale_add(matrix *a, const matrix *b, double x) {
  const size_t m = a->size1, n = a->size2, tda = a->tda, tdb = b->tda;
  double *ad = a->data;
  const double *bd = b->data;
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++)
      ad[i * tda + j] = ad[i * tda + j] * x + bd[i * tdb + j];
}

static void axpy(int n, double alpha, const double *x, int incx, double *y,
                 int incy) {
  for (int i = 0; i < n; i++)
    y[i * incy] += alpha * x[i * incx];
}

int main(void) {
  enum { M = 1536, N = 1536, WIDE = 1600 };
  double *wa = malloc(sizeof(double) * M * WIDE);
  double *wb = malloc(sizeof(double) * M * WIDE);
  for (size_t i = 0; i < (size_t)M * WIDE; i++) {
    wa[i] = (double)(i % 1013) * 0.001;
    wb[i] = (double)(i % 769) * 0.002 - 0.5;
  }
  // Views of M x N starting 32 columns in: rows WIDE apart.
  matrix a = {M, N, WIDE, wa + 32}, b = {M, N, WIDE, wb + 32};
  KERNEL_BEGIN
  for (int r = 0; r < 12; r++) {
    KERNEL_FENCE();
    scale_add(&a, &b, 0.999);
    for (int k = 0; k < 48; k++) {
      KERNEL_FENCE();
      axpy(M, 0.25, b.data + k, (int)b.tda, a.data + k, (int)a.tda);
    }
  }
  KERNEL_END
  double s = 0;
  for (size_t i = 0; i < (size_t)M * WIDE; i += 101)
    s += wa[i];
  printf("%.9e\n", s);
  return 0;
}
