// RUN: %exec-check %s
// PARALLEL: 3
// A 3x3 box blur of an 8-bit image with a stride, with rounding, clamped
// borders handled by separate row and column code; the classic image loop.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void blur3(int w, int h, int stride, const uint8_t *src, uint8_t *dst) {
  for (int y = 1; y < h - 1; y++) {
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += src[(y + dy) * stride + x + dx];
      dst[y * stride + x] = (uint8_t)((s + 4) / 9);
    }
  }
  for (int x = 0; x < w; x++) {
    dst[x] = src[x];
    dst[(h - 1) * stride + x] = src[(h - 1) * stride + x];
  }
}

int main(void) {
  int w = 640, h = 480, stride = 672;
  uint8_t *a = malloc((size_t)(stride * h)), *b = malloc((size_t)(stride * h));
  for (int i = 0; i < stride * h; i++)
    a[i] = (uint8_t)((i * 37 + i / stride * 11) & 0xff);
  for (int i = 0; i < stride * h; i++)
    b[i] = 0;
  blur3(w, h, stride, a, b);
  unsigned long sum = 0;
  for (int i = 0; i < stride * h; i++)
    sum = sum * 31 + b[i];
  printf("%lu %d %d\n", sum, b[stride + 1], b[(h - 2) * stride + w - 2]);
  free(a);
  free(b);
  return 0;
}
