// Loops whose counter is a pointer compared with an end pointer
// (docs/analysis.md, "Pointer counters"), as C written for speed walks
// buffers: a gain and clip over audio samples (`for (float *p = buf; p <
// end; p++)`), an 8-bit image inverted and thresholded through its struct
// (`for (uint8_t *p = im->px; p < end; ++p)`), a copy that converts
// samples (`while (s < e) *d++ = ...*s++`), and a gamma table applied
// from the last pixel down (`while (p > px) { p--; ... }`).
#include "kernel.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  uint8_t *px;
  int w, h;
} gray_image;

static void gain_clip(float *buf, size_t n, float g) {
  float *end = buf + n;
  for (float *p = buf; p < end; p++) {
    float v = *p * g;
    *p = v > 1.0f ? 1.0f : v < -1.0f ? -1.0f : v;
  }
}

static void threshold(gray_image *im, uint8_t t) {
  uint8_t *end = im->px + (size_t)im->w * im->h;
  for (uint8_t *p = im->px; p < end; ++p)
    *p = (uint8_t)(255 - *p) > t ? 255 : 0;
}

static void to_pcm(int16_t *restrict d, const float *restrict s, size_t n) {
  const float *e = s + n;
  while (s < e)
    *d++ = (int16_t)lrintf(*s++ * 32767.0f);
}

static void gamma_down(uint8_t *px, size_t n, const uint8_t *lut) {
  uint8_t *p = px + n;
  while (p > px) {
    p--;
    *p = lut[*p];
  }
}

int main(void) {
  enum { N = 1 << 23, W = 4096, H = 2048 };
  float *buf = malloc(sizeof(float) * N);
  int16_t *pcm = malloc(sizeof(int16_t) * N);
  uint8_t *px = malloc((size_t)W * H), lut[256];
  for (size_t i = 0; i < N; i++)
    buf[i] = sinf((float)i * 0.001f) * 0.8f;
  for (size_t i = 0; i < (size_t)W * H; i++)
    px[i] = (uint8_t)(i * 2654435761u >> 24);
  for (int i = 0; i < 256; i++)
    lut[i] = (uint8_t)(255.0 * pow(i / 255.0, 0.45));
  gray_image im = {px, W, H};
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    gain_clip(buf, N, 1.0f + 0.01f * (float)r);
    KERNEL_FENCE();
    to_pcm(pcm, buf, N);
    KERNEL_FENCE();
    threshold(&im, (uint8_t)(100 + r));
    KERNEL_FENCE();
    gamma_down(px, (size_t)W * H, lut);
  }
  KERNEL_END
  unsigned long h = 0;
  for (size_t i = 0; i < N; i += 7)
    h = h * 31 + (uint16_t)pcm[i];
  for (size_t i = 0; i < (size_t)W * H; i += 5)
    h = h * 31 + px[i];
  printf("%lu\n", h);
  return 0;
}
