// Sparse matrix-vector product in CSR form: 1M rows of 12 entries, 8
// products (memory-bound, an indirect read per entry).
#include "kernel.h"
#include <stdlib.h>

static void spmv(int n, const int *rowptr, const int *col, const double *val,
                 const double *x, double *y) {
  for (int r = 0; r < n; r++) {
    double s = 0;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

int main(void) {
  int n = 1 << 20, per = 12;
  int *rowptr = malloc(sizeof(int) * (n + 1)),
      *col = malloc(sizeof(int) * n * per);
  double *val = malloc(sizeof(double) * n * per);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int r = 0; r <= n; r++)
    rowptr[r] = r * per;
  for (int k = 0; k < n * per; k++) {
    col[k] = (int)(((long)k * 2654435761u) % (unsigned)n);
    val[k] = (double)(k % 9) * 0.125;
  }
  for (int i = 0; i < n; i++)
    x[i] = (double)(i % 31) / 31.0;
  KERNEL_BEGIN
  for (int t = 0; t < 8; t++) {
    KERNEL_FENCE();
    spmv(n, rowptr, col, val, x, y);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < n; i += 101)
    s += y[i];
  printf("%.12e\n", s);
  return 0;
}
