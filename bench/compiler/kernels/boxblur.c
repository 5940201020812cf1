// A 3x3 box blur of a 1920x1080 8-bit image, 240 frames (the mobile image
// case: integer arithmetic, a row of pointers in and out).
#include "kernel.h"
#include <stdlib.h>

#define W 1920
#define H 1080

static void blur(const unsigned char *src, unsigned char *dst, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += src[(y + dy) * w + x + dx];
      dst[y * w + x] = (unsigned char)(s / 9);
    }
}

int main(void) {
  unsigned char *a = malloc(W * H), *b = malloc(W * H);
  for (int i = 0; i < W * H; i++)
    a[i] = b[i] = (unsigned char)((i * 31) ^ (i >> 7));
  KERNEL_BEGIN
  for (int f = 0; f < 120; f++) {
    KERNEL_FENCE();
    blur(a, b, W, H);
    blur(b, a, W, H);
  }
  KERNEL_END
  unsigned long h = 0;
  for (int i = 0; i < W * H; i += 13)
    h = h * 33 + a[i];
  printf("%lu\n", h);
  return 0;
}
