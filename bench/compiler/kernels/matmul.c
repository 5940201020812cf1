// Dense matrix multiply, C = A * B, 1024x1024 doubles in the i-k-j order
// (compute-bound; the inner loop streams a row of B).
#include "kernel.h"

#define N 1024
static double A[N][N], B[N][N], C[N][N];

static void matmul(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] = 0;
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 13.0;
      B[i][j] = (double)((i + 3 * j) % 11) / 11.0;
    }
  KERNEL_BEGIN
  matmul();
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i++)
    s += C[i][(i * 5) % N];
  printf("%.12e\n", s);
  return 0;
}
