// Loops that walk pointers instead of indexing (docs/analysis.md, "Other
// counters"), as image and audio code written for speed does: packed RGB
// to gray through `p += 3` and `*q++`, a tone curve over the rows of an
// image through row pointers the loop around sets (`const float *s = src +
// y * w; float *d = dst + y * w;` then `*d++ = f(*s++)`), stereo samples
// interleaved through `o[0] = *l++; o[1] = *r++; o += 2;` and split again
// through `*l++ = *o++; *r++ = *o++;` (o stepped twice an iteration), and a
// blend of two padded images whose row pointers step by their strides (`a
// += sa; d += sd;`).
#include "kernel.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static void gray(int n, const uint8_t *rgb, uint8_t *out) {
  const uint8_t *p = rgb;
  uint8_t *q = out;
  for (int i = 0; i < n; i++) {
    *q++ = (uint8_t)((77 * p[0] + 150 * p[1] + 29 * p[2]) >> 8);
    p += 3;
  }
}

static void curve(int h, int w, const float *src, float *dst) {
  for (int y = 0; y < h; y++) {
    const float *s = src + y * w;
    float *d = dst + y * w;
    for (int x = 0; x < w; x++) {
      float v = *s++;
      *d++ = v / (1.0f + v) + 0.25f * sqrtf(v);
    }
  }
}

static void interleave(int n, const float *l, const float *r, float *o) {
  for (int i = 0; i < n; i++) {
    o[0] = *l++ * 0.5f;
    o[1] = *r++ * 0.5f;
    o += 2;
  }
}

static void split(int n, const float *o, float *l, float *r) {
  for (int i = 0; i < n; i++) {
    *l++ = *o++ * 2.0f;
    *r++ = *o++ * 2.0f;
  }
}

static void blend(int h, int w, const float *a, int sa, float *d, int sd) {
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      d[x] = 0.75f * d[x] + 0.25f * a[x];
    a += sa;
    d += sd;
  }
}

int main(void) {
  enum { N = 1 << 21, W = 2048 };
  uint8_t *rgb = malloc(3 * (size_t)N), *g = malloc(N);
  float *src = malloc(sizeof(float) * N), *dst = malloc(sizeof(float) * N);
  float *st = malloc(sizeof(float) * 2 * N);
  for (int i = 0; i < 3 * N; i++)
    rgb[i] = (uint8_t)(i * 7 + (i >> 9));
  for (int i = 0; i < N; i++)
    src[i] = (float)(i % 1031) * 0.01f;
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    gray(N, rgb, g);
    KERNEL_FENCE();
    curve(N / W, W, src, dst);
    KERNEL_FENCE();
    interleave(N, src, dst, st);
    KERNEL_FENCE();
    split(N, st, src, dst);
    KERNEL_FENCE();
    blend(N / W, W - 48, src, W, dst, W);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < N; i += 97)
    sum += g[i] + dst[i] + st[2 * i + 1];
  printf("%.9e\n", sum);
  return 0;
}
