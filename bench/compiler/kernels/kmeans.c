// The assignment step of k-means: the nearest of 24 centres for each of
// 400k points in 8 dimensions, 12 times (compute-bound, an argmin per point).
#include "kernel.h"

#define NP 400000
#define K 24
#define D 8
static float pts[NP][D], ctr[K][D];
static int label[NP];

static void assign(void) {
  for (int p = 0; p < NP; p++) {
    int best = 0;
    float bestd = 3.4e38f;
    for (int c = 0; c < K; c++) {
      float d = 0;
      for (int k = 0; k < D; k++) {
        float t = pts[p][k] - ctr[c][k];
        d += t * t;
      }
      if (d < bestd) {
        bestd = d;
        best = c;
      }
    }
    label[p] = best;
  }
}

int main(void) {
  for (int p = 0; p < NP; p++)
    for (int k = 0; k < D; k++)
      pts[p][k] = (float)((p * (k + 3)) % 101) / 101.0f;
  for (int c = 0; c < K; c++)
    for (int k = 0; k < D; k++)
      ctr[c][k] = (float)((c * 17 + k * 5) % 23) / 23.0f;
  KERNEL_BEGIN
  for (int t = 0; t < 12; t++) {
    KERNEL_FENCE();
    assign();
  }
  KERNEL_END
  unsigned long h = 0;
  for (int p = 0; p < NP; p++)
    h = h * 7 + (unsigned long)label[p];
  printf("%lu\n", h);
  return 0;
}
