// Rows of an image blurred through a row buffer whose reads at the edges
// are guarded or clamped, as most C does it: each row of a 4096 x 2048
// float image copied to a buffer declared once (over 16 KiB: a copy per
// team member in weft), then a box blur of radius 3 that skips what lies
// past the row (`if (xx >= 0 && xx < w)`), and one that clamps to the
// edge (`if (xx < 0) xx = 0; if (xx >= w) xx = w - 1;`). The buffer is
// private only to a tool that reads the guards (docs/analysis.md,
// "Private arrays").
#include "kernel.h"
#include <stdlib.h>

#define MAXW 4100
#define R 3

static void skip_edges(const float *img, float *out, int w, int h) {
  float line[MAXW];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      line[x] = img[y * w + x] * 0.5f + 0.25f;
    for (int x = 0; x < w; x++) {
      float s = 0;
      int c = 0;
      for (int k = -R; k <= R; k++) {
        int xx = x + k;
        if (xx >= 0 && xx < w) {
          s += line[xx];
          c++;
        }
      }
      out[y * w + x] = s / (float)c;
    }
  }
}

static void clamp_edges(const float *img, float *out, int w, int h) {
  float line[MAXW];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      line[x] = img[y * w + x];
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -R; k <= R; k++) {
        int xx = x + k;
        if (xx < 0)
          xx = 0;
        if (xx >= w)
          xx = w - 1;
        s += line[xx];
      }
      out[y * w + x] = s * (1.0f / (2 * R + 1));
    }
  }
}

int main(void) {
  int w = 4096, h = 2048;
  float *img = malloc(sizeof(float) * w * h),
        *out = calloc((size_t)w * h, sizeof(float));
  if (!img || !out)
    return 1;
  unsigned seed = 7;
  for (int i = 0; i < w * h; i++) {
    seed = seed * 1103515245u + 12345u;
    img[i] = (float)(seed >> 16) / 65536.0f;
  }
  KERNEL_BEGIN
  for (int r = 0; r < 4; r++) {
    KERNEL_FENCE();
    skip_edges(img, out, w, h);
    KERNEL_FENCE();
    clamp_edges(out, img, w, h);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < w * h; i += 17)
    s += img[i] * (double)(i % 13 + 1);
  printf("%.6e\n", s);
  return 0;
}
