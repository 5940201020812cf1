// RUN: %exec-check %s
// PARALLEL: 3
// The assignment step of k-means: each point finds its nearest centroid
// (an inner search with private best distance and index), then the
// per-cluster counts, an array reduction.
#include <stdio.h>

#define N 30000
#define K 12
static float pts[N][2], cen[K][2];
static int label[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    pts[i][0] = (float)((i * 37) % 1000) / 10.0f;
    pts[i][1] = (float)((i * 91) % 1000) / 10.0f;
  }
  for (int k = 0; k < K; k++) {
    cen[k][0] = (float)(k * 8);
    cen[k][1] = (float)((k * 53) % 100);
  }
  for (int i = 0; i < N; i++) {
    int best = 0;
    float bd = 1e30f;
    for (int k = 0; k < K; k++) {
      float dx = pts[i][0] - cen[k][0], dy = pts[i][1] - cen[k][1];
      float d = dx * dx + dy * dy;
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
    label[i] = best;
  }
  int count[K] = {0};
  for (int i = 0; i < N; i++)
    count[label[i]]++;
  for (int k = 0; k < K; k++)
    printf("%d ", count[k]);
  printf("\n");
  return 0;
}
