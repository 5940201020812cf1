// RUN: %exec-check %s
// PARALLEL: 4
// Sparse matrix-vector product in CSR form: each row's loop bounds come
// from the row pointer array, and the column indices are data. Written with
// plain pointers that may overlap it would stay sequential (the rows a row
// pointer reaches cannot be bounded for a run-time check); with restrict
// (spmv) it runs in parallel over rows, with the inner loop (not counted:
// its bound reads memory) inside, and so does main's copy, whose arrays come
// from distinct malloc calls.
#include <stdio.h>
#include <stdlib.h>

static void spmv(int n, const int *restrict rowptr, const int *restrict col,
                 const double *restrict val, const double *restrict x,
                 double *restrict y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main(void) {
  int n = 20000, per = 7;
  int *rowptr = malloc(sizeof *rowptr * (size_t)(n + 1));
  int *col = malloc(sizeof *col * (size_t)(n * per));
  double *val = malloc(sizeof *val * (size_t)(n * per));
  double *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  rowptr[0] = 0;
  for (int i = 0; i < n; i++)
    rowptr[i + 1] = rowptr[i] + per;
  for (int k = 0; k < n * per; k++) {
    col[k] = (int)((k * 2654435761u) % (unsigned)n);
    val[k] = 1.0 / (1 + k % 9);
  }
  for (int i = 0; i < n; i++)
    x[i] = (double)(i % 10);
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
  double *y2 = malloc(sizeof *y2 * (size_t)n);
  spmv(n, rowptr, col, val, x, y2);
  double t = 0;
  for (int i = 0; i < n; i += 3)
    t += y[i] - y2[i];
  printf("%.17g %.17g %.17g\n", t, y[n - 1], y2[n / 2]);
  free(y2);
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
