// Two matrix products, tmp = alpha * A * B, then D = beta * D + tmp * C,
// written in the i-j-k order with the element set first, as PolyBench's 2mm
// writes them (doubles, 600x600): the inner loop walks B and C down their
// columns.
#include "kernel.h"

#define NI 600
#define NJ 600
#define NK 600
#define NL 600
static double A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL], tmp[NI][NJ];

static void mm2(double alpha, double beta) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)(k * (j + 1) % NJ) / NJ;
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++)
      C[j][l] = (double)((j * (l + 3) + 1) % NL) / NL;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      D[i][l] = (double)(i * (l + 2) % NK) / NK;
  KERNEL_BEGIN
  mm2(1.5, 1.2);
  KERNEL_END
  double s = 0;
  for (int i = 0; i < NI; i++)
    s += D[i][(i * 7) % NL];
  printf("%.12e\n", s);
  return 0;
}
