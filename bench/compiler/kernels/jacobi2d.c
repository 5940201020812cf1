// Jacobi 2-D: 5-point averages between two 1500x1500 grids, 40 sweeps
// (memory-bound stencil, two parallel loop nests per sweep).
#include "kernel.h"

#define N 1500
static double A[N][N], B[N][N];

static void sweep(void) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                       A[i][j + 1]);
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = B[i][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * j) % 17) / 17.0;
  KERNEL_BEGIN
  for (int t = 0; t < 40; t++) {
    KERNEL_FENCE();
    sweep();
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i += 7)
    s += A[i][(i * 3) % N];
  printf("%.12e\n", s);
  return 0;
}
