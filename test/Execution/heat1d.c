// RUN: %exec-check %s
// PARALLEL: 1
// Explicit heat equation in 1-D with pointer parameters: the new row is
// computed from the old one through pointers that a run-time check proves
// apart; the buffers are swapped between time steps.
#include <stdio.h>
#include <stdlib.h>

static void step(int n, double r, const double *old, double *new) {
  for (int i = 1; i < n - 1; i++)
    new[i] = old[i] + r * (old[i - 1] - 2 * old[i] + old[i + 1]);
}

int main(void) {
  int n = 50000;
  double *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
  a[n / 2] = 1000.0;
  b[n / 2] = 1000.0;
  for (int t = 0; t < 60; t++) {
    step(n, 0.25, a, b);
    double *tmp = a;
    a = b;
    b = tmp;
  }
  double s = 0, m = 0;
  for (int i = 0; i < n; i++) {
    s += a[i];
    if (a[i] > m)
      m = a[i];
  }
  printf("%.17g %.17g %.17g\n", s, m, a[n / 2 + 3]);
  free(a);
  free(b);
  return 0;
}
