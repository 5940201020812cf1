// RUN: %exec-check %s
// PARALLEL: 2
// The simplest kernels: y = a*x + y over pointer parameters that may alias
// (a run-time overlap check), and an initialization loop.
#include <stdio.h>
#include <stdlib.h>

static void init(float *x, float *y, int n) {
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) * 0.25f;
    y[i] = (float)(i % 13) - 6.0f;
  }
}

static void saxpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  int n = 200000;
  float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
  init(x, y, n);
  for (int r = 0; r < 5; r++)
    saxpy(n, 1.5f, x, y);
  double sum = 0;
  for (int i = 0; i < n; i += 997)
    sum += y[i];
  printf("%.17g %.9g %.9g\n", sum, y[0], y[n - 1]);
  free(x);
  free(y);
  return 0;
}
