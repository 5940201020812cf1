// Rows of an image smoothed through work buffers declared once, as older C
// keeps its scratch: a row buffer of 4100 floats on the stack (over 16
// KiB: a copy per team member in weft) and a static one at file scope, each
// written in full before it is read in every row. Parallel only for a tool
// that privatizes arrays (docs/analysis.md, "Private arrays").
#include "kernel.h"
#include <stdlib.h>

#define MAXW 4100
static float tmp[MAXW];

static void smooth(const float *img, float *out, int w, int h) {
  float line[MAXW];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      line[x] = img[y * w + x] * 0.5f + 0.25f;
    for (int x = 2; x < w - 2; x++)
      tmp[x] = (line[x - 2] + 4 * line[x - 1] + 6 * line[x] +
                4 * line[x + 1] + line[x + 2]) *
               (1.0f / 16);
    for (int x = 2; x < w - 2; x++)
      out[y * w + x] = tmp[x] * tmp[x] - line[x];
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
  for (int r = 0; r < 10; r++) {
    KERNEL_FENCE();
    smooth(img, out, w, h);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < w * h; i += 17)
    s += out[i] * (double)(i % 13 + 1);
  printf("%.6e\n", s);
  return 0;
}
