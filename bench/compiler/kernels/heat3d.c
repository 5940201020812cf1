// Heat equation in 3-D: a 7-point stencil on a 160^3 grid of floats passed
// as pointers to rows, 72 time steps (memory-bound).
#include "kernel.h"
#include <stdlib.h>

#define N 160

static void step(float (*out)[N][N], float (*in)[N][N]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
        out[i][j][k] = in[i][j][k] + 0.1f * (in[i - 1][j][k] + in[i + 1][j][k] +
                                             in[i][j - 1][k] + in[i][j + 1][k] +
                                             in[i][j][k - 1] + in[i][j][k + 1] -
                                             6.0f * in[i][j][k]);
}

int main(void) {
  float(*a)[N][N] = malloc(sizeof(float[N][N][N]));
  float(*b)[N][N] = malloc(sizeof(float[N][N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        a[i][j][k] = b[i][j][k] = (float)((i + 2 * j + 3 * k) % 29);
  KERNEL_BEGIN
  for (int t = 0; t < 36; t++) {
    KERNEL_FENCE();
    step(b, a);
    step(a, b);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i += 3)
    s += a[i][(i * 7) % N][(i * 11) % N];
  printf("%.9e\n", s);
  return 0;
}
