// RUN: %exec-check %s
// PARALLEL: 2
// LU decomposition without pivoting on a diagonally dominant matrix: the
// k loop carries the factorization; the updates of the rows below the pivot
// run in parallel at each step, on fewer rows as k grows.
#include <stdio.h>

#define N 300
static double a[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (i == j) ? N + 1.0 : 1.0 / (1 + i + 2 * j);
  for (int k = 0; k < N - 1; k++)
    for (int i = k + 1; i < N; i++) {
      double l = a[i][k] / a[k][k];
      a[i][k] = l;
      for (int j = k + 1; j < N; j++)
        a[i][j] -= l * a[k][j];
    }
  double d = 1;
  for (int i = 0; i < N; i++)
    d *= a[i][i] / N;
  printf("%.17g %.17g %.17g\n", d, a[N - 1][N - 1], a[N / 2][N / 3]);
  return 0;
}
