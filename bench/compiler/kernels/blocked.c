// Loops stepped by a variable, as hand-tuned C writes them: a matrix
// product blocked by a block size read at run time (`for (ii = 0; ii < n;
// ii += bs)`, each block's rows `i < ii + bs && i < n`), 720x720 doubles in
// blocks of 48, twice; and the mean of each block of 4 samples taken out of
// 8M samples, the block's size read at run time (`for (i = 0; i + step <=
// n; i += step)`), 8 times.
#include "kernel.h"
#include <stdlib.h>

#define N 720
#define BS 48
#define S (1 << 23)

static void matmul(int n, int bs, const double *a, const double *b,
                   double *c) {
  for (int ii = 0; ii < n; ii += bs)
    for (int kk = 0; kk < n; kk += bs)
      for (int jj = 0; jj < n; jj += bs)
        for (int i = ii; i < ii + bs && i < n; i++)
          for (int k = kk; k < kk + bs && k < n; k++) {
            double aik = a[i * n + k];
            for (int j = jj; j < jj + bs && j < n; j++)
              c[i * n + j] += aik * b[k * n + j];
          }
}

static void smooth(const float *x, float *y, int n, int step) {
  for (int i = 0; i + step <= n; i += step) {
    float s = 0;
    for (int t = 0; t < step; t++)
      s += x[i + t];
    for (int t = 0; t < step; t++)
      y[i + t] = x[i + t] - s / (float)step;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N, bs = argc > 2 ? atoi(argv[2]) : BS;
  int step = argc > 3 ? atoi(argv[3]) : 4;
  double *a = malloc(sizeof(double) * n * n);
  double *b = malloc(sizeof(double) * n * n);
  double *c = calloc((size_t)n * n, sizeof(double));
  float *x = malloc(sizeof(float) * S), *y = malloc(sizeof(float) * S);
  for (int i = 0; i < n * n; i++) {
    a[i] = (i % 13) * 0.25;
    b[i] = (i % 7) - 3.0;
  }
  for (int i = 0; i < S; i++)
    x[i] = (float)((i * 17) % 97) * 0.01f;
  KERNEL_BEGIN
  for (int r = 0; r < 2; r++) {
    KERNEL_FENCE();
    matmul(n, bs, a, b, c);
  }
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    smooth(x, y, S, step);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < n * n; i += 7)
    sum += c[i];
  for (int i = 0; i < S; i += 11)
    sum += y[i];
  printf("%.6f\n", sum);
  return 0;
}
