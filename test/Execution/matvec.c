// RUN: %exec-check %s
// PARALLEL: 2
// Dense matrix-vector product over a flattened row-major matrix (i*n + j):
// the outer loop is parallel, its inner loop is a private accumulation.
#include <stdio.h>
#include <stdlib.h>

static void fill(double *a, double *x, int n) {
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 / (i + 1);
    for (int j = 0; j < n; j++)
      a[i * n + j] = (double)((i * 7 + j * 3) % 11) - 5.0;
  }
}

static void matvec(int n, const double *restrict a, const double *restrict x,
                   double *restrict y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  int n = 600;
  double *a = malloc(sizeof *a * (size_t)n * (size_t)n);
  double *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  fill(a, x, n);
  matvec(n, a, x, y);
  double norm = 0;
  for (int i = 0; i < n; i++)
    norm += y[i] * y[i];
  printf("%.17g %.17g %.17g\n", norm, y[0], y[n - 1]);
  free(a);
  free(x);
  free(y);
  return 0;
}
