// RUN: %exec-check %s
// PARALLEL: 3
// C99 variably modified parameters and locals: double a[n][m] is a pointer
// to rows of m doubles, whose row size the outlined function rebuilds; a
// local pointer to VLA rows (double (*a)[m]) is captured the same way.
#include <stdio.h>
#include <stdlib.h>

static void fill(int n, int m, double a[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = (double)(i * m + j) / (n * m);
}

static void transpose(int n, int m, double a[n][m], double t[m][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j][i] = a[i][j];
}

int main(void) {
  int n = 300, m = 250;
  double (*a)[m] = malloc(sizeof(double) * (size_t)(n * m));
  double (*t)[n] = malloc(sizeof(double) * (size_t)(n * m));
  fill(n, m, a);
  transpose(n, m, a, t);
  static double w[4096][3];
  for (int i = 0; i < 4096; i++)
    for (int k = 0; k < 3; k++)
      w[i][k] = t[i % m][k * 7] + a[k][i % m];
  printf("%.17g %.17g %.17g\n", t[m - 1][n - 1], t[17][42], w[4095][2]);
  free(a);
  free(t);
  return 0;
}
