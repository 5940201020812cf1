// The LU decomposition of a 1000x1000 matrix in place, as PolyBench's lu
// writes it (doubles): for each row i, the entries left of the diagonal
// (a sequential loop, each depending on the ones before it), then those
// from the diagonal on, each an independent sum over k that walks the
// matrix down its columns.
#include "kernel.h"

#define N 1000
static double A[N][N];

static void lu(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < N; j++) {
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? (double)N + 1.0 : (double)((i * 7 + j * 3) % 11) / 11.0;
  KERNEL_BEGIN
  lu();
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i][(i * 5) % N];
  printf("%.12e\n", s);
  return 0;
}
