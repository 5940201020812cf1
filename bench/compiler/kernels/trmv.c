// Lower-triangular matrix times vector, 4000x4000, 20 times: row i has i+1
// terms, so equal-length slices of rows carry unequal work.
#include "kernel.h"
#include <stdlib.h>

#define N 4000

static void trmv(const double *L, const double *x, double *y) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j <= i; j++)
      s += L[(long)i * N + j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  double *L = malloc(sizeof(double) * N * N), *x = malloc(sizeof(double) * N);
  double *y = malloc(sizeof(double) * N);
  for (long k = 0; k < (long)N * N; k++)
    L[k] = (double)(k % 19) / 19.0;
  for (int i = 0; i < N; i++)
    x[i] = (double)(i % 23) / 23.0;
  KERNEL_BEGIN
  for (int r = 0; r < 20; r++) {
    KERNEL_FENCE();
    trmv(L, x, y);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i += 3)
    s += y[i];
  printf("%.12e\n", s);
  return 0;
}
