// Loops that stop one element short so that each iteration can read its
// right-hand neighbour, written as C programmers often write them: `i + 1
// < n` (docs/analysis.md, "While and do loops": a condition on the counter
// plus a constant). A forward difference over a size_t count, a three-tap
// smoothing from 1 while `i + 1 < n`, and an image's gradient magnitude
// over `y + 1 < h`, `x + 1 < w`.
#include "kernel.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

static void forward(size_t n, const float *a, float *d) {
  for (size_t i = 0; i + 1 < n; i++)
    d[i] = (a[i + 1] - a[i]) * (a[i + 1] + a[i]);
}

static void smooth(int n, const float *a, float *out) {
  for (int i = 1; i + 1 < n; i++)
    out[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
}

static void gradient(int h, int w, const float *img, float *g) {
  for (int y = 0; y + 1 < h; y++)
    for (int x = 0; x + 1 < w; x++) {
      float gx = img[y * w + x + 1] - img[y * w + x];
      float gy = img[(y + 1) * w + x] - img[y * w + x];
      g[y * w + x] = sqrtf(gx * gx + gy * gy);
    }
}

int main(void) {
  enum { N = 1 << 22, W = 2048 };
  float *a = malloc(sizeof(float) * N), *d = malloc(sizeof(float) * N);
  float *s = malloc(sizeof(float) * N), *g = malloc(sizeof(float) * N);
  for (int i = 0; i < N; i++) {
    a[i] = (float)(i % 1021) * 0.01f;
    d[i] = s[i] = g[i] = 0;
  }
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    forward(N, a, d);
    KERNEL_FENCE();
    smooth(N, a, s);
    KERNEL_FENCE();
    gradient(N / W, W, a, g);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < N; i += 97)
    sum += d[i] + s[i] + g[i];
  printf("%.9e\n", sum);
  return 0;
}
