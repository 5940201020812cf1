// A matrix-vector product and a transposed one, as PolyBench's mvt writes
// them (doubles, 3000x3000): x1 += A y1 walks A along its rows, x2 += A^T
// y2 walks it down its columns.
#include "kernel.h"

#define N 3000
static double A[N][N], x1[N], x2[N], y1[N], y2[N];

static void mvt(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x1[i] = (double)(i % N) / N;
    x2[i] = (double)((i + 1) % N) / N;
    y1[i] = (double)((i + 3) % N) / N;
    y2[i] = (double)((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)(i * j % N) / N;
  }
  KERNEL_BEGIN
  mvt();
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x1[i] * (double)(i % 7 + 1) + x2[i] * (double)(i % 5 + 1);
  printf("%.12e\n", s);
  return 0;
}
