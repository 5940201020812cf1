/* The naive sequential box filter that bench/boxfilter hands weft-translate:
 * the mean over the (2r+1)^2 window of every pixel, the border replicated,
 * as anyone would first write it (restrict, as image code usually is).
 * uint8 results round as the kernel's. */
#include <stdint.h>

static int clampi(int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }

void naive_box_u8(const uint8_t *restrict src, uint8_t *restrict dst, int w,
                  int h, int r) {
  int area = (2 * r + 1) * (2 * r + 1);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int sum = 0;
      for (int j = -r; j <= r; j++)
        for (int i = -r; i <= r; i++)
          sum += src[clampi(y + j, h) * w + clampi(x + i, w)];
      dst[y * w + x] = (uint8_t)((sum + area / 2) / area);
    }
}

void naive_box_f32(const float *restrict src, float *restrict dst, int w,
                   int h, int r) {
  float inv = 1.0f / (float)((2 * r + 1) * (2 * r + 1));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float sum = 0;
      for (int j = -r; j <= r; j++)
        for (int i = -r; i <= r; i++)
          sum += src[clampi(y + j, h) * w + clampi(x + i, w)];
      dst[y * w + x] = sum * inv;
    }
}
