// An 8-bit image filtered the way much C is written, with while loops that
// step a counter: RGB to gray, then a 3x3 box filter over rows and columns,
// through pointers that may alias (weft counts such loops since issue 20).
#include "kernel.h"
#include <stdint.h>
#include <stdlib.h>

static void to_gray(const uint8_t *rgb, uint8_t *gray, int npix) {
  int p = 0;
  while (p < npix) {
    const uint8_t *px = rgb + 3 * p;
    gray[p] = (uint8_t)((px[0] * 77 + px[1] * 150 + px[2] * 29) >> 8);
    p++;
  }
}

static void box3(const uint8_t *src, uint8_t *dst, int w, int h) {
  int y = 1;
  while (y < h - 1) {
    int x = 1;
    while (x < w - 1) {
      const uint8_t *a = src + (y - 1) * w + x, *b = a + w, *c = b + w;
      int s = a[-1] + a[0] + a[1] + b[-1] + b[0] + b[1] + c[-1] + c[0] + c[1];
      dst[y * w + x] = (uint8_t)(s / 9);
      x++;
    }
    y++;
  }
}

int main(void) {
  int w = 1920, h = 1080;
  uint8_t *rgb = malloc((size_t)3 * w * h), *g = malloc((size_t)w * h),
          *o = calloc((size_t)w * h, 1);
  unsigned seed = 12345;
  for (int i = 0; i < 3 * w * h; i++) {
    seed = seed * 1103515245u + 12345u;
    rgb[i] = (uint8_t)(seed >> 16);
  }
  KERNEL_BEGIN
  for (int r = 0; r < 30; r++) {
    KERNEL_FENCE();
    to_gray(rgb, g, w * h);
    box3(g, o, w, h);
  }
  KERNEL_END
  long s = 0;
  for (int i = 0; i < w * h; i += 7)
    s += o[i] * (long)(i % 13 + 1);
  printf("%ld\n", s);
  return 0;
}
