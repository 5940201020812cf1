// RUN: %exec-check %s
// Flattened subscripts whose row length is a variable (docs/analysis.md,
// "Strides and row lengths in variables"): `y[i * incy]`, `dst[i * stride +
// ch]`, `m->data[i * m->tda + j]` (also as GSL writes it, the sizes copied
// into locals first). Each iteration touches its own elements
// when the column stays within the row, which the run-time check tests
// (incy >= 1; ch >= 0 and stride - ch - 1 >= 0; m->tda >= m->size2); a
// stride of zero, a negative one, a channel past the row or rows that
// overlap fail it, and the loop runs as written. The parallel build must
// print what the sequential one prints for every call.
// PARALLEL: 5
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
#include <stdio.h>
#include <stddef.h>

enum { N = 6000 };

static float X[4 * N], Y[4 * N];
static double D[4 * N];

typedef struct {
  size_t size1, size2, tda;
  double *data;
} matrix;

static void axpy(int n, float a, const float *x, int incx, float *y,
                 int incy) {
  for (int i = 0; i < n; i++)
    y[i * incy] += a * x[i * incx];
}

static void interleave(int n, const float *src, float *dst, int stride,
                       int ch) {
  for (int i = 0; i < n; i++)
    dst[i * stride + ch] = src[i] * 0.5f + (float)ch;
}

static void fill(matrix *m, double base) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++)
      m->data[i * m->tda + j] = base + 1.0 / (double)(i + j + 1);
}

// GSL's own form (gsl_matrix_scale): sizes copied into locals first.
static void scale(matrix *m, double x) {
  const size_t rows = m->size1, cols = m->size2, tda = m->tda;
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++)
      m->data[i * tda + j] = m->data[i * tda + j] * x + (double)j;
}

static float checksum(const float *a, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s = s * 0.999f + a[i];
  return s;
}

static double dchecksum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s = s * 0.999 + a[i];
  return s;
}

static void reset(void) {
  for (int i = 0; i < 4 * N; i++) {
    X[i] = (float)(i % 17) * 0.25f;
    Y[i] = (float)(i % 11) - 5.0f;
    D[i] = 0;
  }
}

int main(void) {
  static const int incs[][2] = {{1, 1}, {2, 3}, {3, 1}, {1, 0}, {1, -1}};
  for (int k = 0; k < 5; k++) {
    reset();
    int incx = incs[k][0], incy = incs[k][1];
    // A negative stride starts from the end, as BLAS does.
    float *y = incy < 0 ? Y + 2 * N : Y;
    axpy(N, 1.5f, X, incx, y, incy);
    printf("axpy incx %d incy %d: %.3f\n", incx, incy, checksum(Y, 4 * N));
  }
  // The same array, x ahead of y: the overlap check fails.
  reset();
  axpy(N, 0.5f, Y + 1, 1, Y, 1);
  printf("axpy overlapping: %.3f\n", checksum(Y, 4 * N));

  static const int chans[][2] = {{2, 0}, {2, 1}, {3, 2}, {2, 2}, {1, 0}};
  for (int k = 0; k < 5; k++) {
    reset();
    interleave(N, X, Y, chans[k][0], chans[k][1]);
    printf("interleave stride %d ch %d: %.3f\n", chans[k][0], chans[k][1],
           checksum(Y, 4 * N));
  }

  // Rows of 40 in rows of 48, then rows of 48 in rows of 40 (overlapping:
  // row i's tail is row i+1's head, and the last write wins).
  for (int k = 0; k < 2; k++) {
    reset();
    matrix m = {300, k ? 48 : 40, k ? 40 : 48, D};
    fill(&m, k);
    printf("fill tda %zu size2 %zu: %.6f\n", m.tda, m.size2,
           dchecksum(D, 4 * N));
    scale(&m, 0.5);
    printf("scale tda %zu size2 %zu: %.6f\n", m.tda, m.size2,
           dchecksum(D, 4 * N));
  }
  return 0;
}
