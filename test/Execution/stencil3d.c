// RUN: %exec-check %s
// PARALLEL: 3
// A 7-point stencil on a 3-D grid (fixed-size global arrays), a few steps.
#include <stdio.h>

#define D 48
static float a[D][D][D], b[D][D][D];

int main(void) {
  for (int i = 0; i < D; i++)
    for (int j = 0; j < D; j++)
      for (int k = 0; k < D; k++)
        a[i][j][k] = (float)((i + 2 * j + 3 * k) % 17);
  for (int t = 0; t < 6; t++) {
    for (int i = 1; i < D - 1; i++)
      for (int j = 1; j < D - 1; j++)
        for (int k = 1; k < D - 1; k++)
          b[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k] +
                        a[i][j + 1][k] + a[i][j][k - 1] + a[i][j][k + 1] -
                        6 * a[i][j][k]) * 0.1f + a[i][j][k];
    for (int i = 1; i < D - 1; i++)
      for (int j = 1; j < D - 1; j++)
        for (int k = 1; k < D - 1; k++)
          a[i][j][k] = b[i][j][k];
  }
  printf("%.9g %.9g\n", a[D / 2][D / 3][D / 4], a[1][1][1]);
  return 0;
}
