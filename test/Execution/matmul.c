// RUN: %exec-check %s
// PARALLEL: 2
// Matrix product on fixed-size global 2-D arrays, i-k-j order.
#include <stdio.h>

#define N 160
static double A[N][N], B[N][N], C[N][N];

static void init(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i + 2 * j) % 17) / 8.0;
      B[i][j] = (double)((3 * i + j) % 13) / 4.0 - 1.0;
      C[i][j] = 0;
    }
}

static void matmul(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      double aik = A[i][k];
      for (int j = 0; j < N; j++)
        C[i][j] += aik * B[k][j];
    }
}

int main(void) {
  init();
  matmul();
  double t = 0;
  for (int i = 0; i < N; i++)
    t += C[i][(i * 5) % N];
  printf("%.17g %.17g %.17g\n", t, C[0][0], C[N - 1][N - 1]);
  return 0;
}
