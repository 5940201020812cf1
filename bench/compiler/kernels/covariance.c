// The covariance matrix of 800 samples of 600 variables, as PolyBench's
// covariance computes it: column means, centering, then for each pair
// (i, j >= i) a sum over the samples k, scaled and mirrored. The k loop
// walks the data down its columns.
#include "kernel.h"

#define M 600
#define NS 800
static double data[NS][M], cov[M][M], mean[M];

static void covariance(double n) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int k = 0; k < NS; k++)
      mean[j] += data[k][j];
    mean[j] /= n;
  }
  for (int k = 0; k < NS; k++)
    for (int j = 0; j < M; j++)
      data[k][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < NS; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

int main(void) {
  for (int k = 0; k < NS; k++)
    for (int j = 0; j < M; j++)
      data[k][j] = (double)((k * j) % 97) / 97.0 + (double)(k % 5);
  KERNEL_BEGIN
  covariance((double)NS);
  KERNEL_END
  double s = 0;
  for (int i = 0; i < M; i++)
    s += cov[i][(i * 3) % M];
  printf("%.12e\n", s);
  return 0;
}
