// A multiresolution kernel as PolyBench's doitgen writes it: for each
// (r, q), the row A[r][q][*] times the matrix C4, through a work array
// sum[p] = sum over s of A[r][q][s] * C4[s][p]; the s loop walks C4 down its
// columns. 64x48x256 doubles.
#include "kernel.h"

#define NR 64
#define NQ 48
#define NP 256
static double A[NR][NQ][NP], C4[NP][NP];

static void doitgen(void) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      double sum[NP];
      for (int p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
}

int main(void) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = (double)((r * q + p) % NP) / NP;
  for (int s = 0; s < NP; s++)
    for (int p = 0; p < NP; p++)
      C4[s][p] = (double)(s * p % NP) / NP;
  KERNEL_BEGIN
  doitgen();
  KERNEL_END
  double t = 0;
  for (int r = 0; r < NR; r++)
    t += A[r][(r * 5) % NQ][(r * 11) % NP];
  printf("%.12e\n", t);
  return 0;
}
