// RUN: %exec-check %s
// PARALLEL: 3
// A 5-point Jacobi stencil with two buffers swapped by copying: the sweep
// and the copy-back each run in parallel; the time loop stays sequential.
#include <stdio.h>

#define H 300
#define W 320
static double u[H][W], v[H][W];

static void sweep(void) {
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}

static void copy_back(void) {
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      u[i][j] = v[i][j];
}

int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      u[i][j] = (i == 0 || j == 0) ? 100.0 : 0.0;
  for (int t = 0; t < 40; t++) {
    sweep();
    copy_back();
  }
  double s = 0;
  for (int i = 0; i < H; i += 7)
    for (int j = 0; j < W; j += 11)
      s += u[i][j];
  printf("%.17g %.17g\n", s, u[H / 2][W / 2]);
  return 0;
}
