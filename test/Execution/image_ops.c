// RUN: %exec-check %s
// PARALLEL: 4
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// Per-pixel image operations on interleaved RGB: gray conversion, a gamma
// lookup table, a 2x downscale, and an inverted copy.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint8_t lut[256];

static void make_lut(double gamma) {
  for (int i = 0; i < 256; i++) {
    double v = 255.0;
    double x = i / 255.0;
    double p = 1.0;
    for (int k = 0; k < 3; k++) // x^(gamma) for gamma = 3, without pow
      p *= x;
    (void)gamma;
    lut[i] = (uint8_t)(v * p + 0.5);
  }
}

static void to_gray(int n, const uint8_t *rgb, uint8_t *gray) {
  for (int i = 0; i < n; i++)
    gray[i] = (uint8_t)((rgb[3 * i] * 77 + rgb[3 * i + 1] * 150 +
                         rgb[3 * i + 2] * 29 + 128) >> 8);
}

static void apply_lut(int n, uint8_t *px) {
  for (int i = 0; i < n; i++)
    px[i] = lut[px[i]];
}

static void downscale(int w, int h, const uint8_t *in, uint8_t *out) {
  for (int y = 0; y < h / 2; y++)
    for (int x = 0; x < w / 2; x++)
      out[y * (w / 2) + x] =
          (uint8_t)((in[2 * y * w + 2 * x] + in[2 * y * w + 2 * x + 1] +
                     in[(2 * y + 1) * w + 2 * x] +
                     in[(2 * y + 1) * w + 2 * x + 1] + 2) / 4);
}

int main(void) {
  int w = 800, h = 600, n = w * h;
  uint8_t *rgb = malloc((size_t)n * 3), *gray = malloc((size_t)n);
  uint8_t *small = malloc((size_t)(n / 4));
  for (int i = 0; i < 3 * n; i++)
    rgb[i] = (uint8_t)(i * 7 + i / 2400);
  make_lut(3.0);
  to_gray(n, rgb, gray);
  apply_lut(n, gray);
  downscale(w, h, gray, small);
  unsigned long h1 = 0, h2 = 0;
  for (int i = 0; i < n; i++)
    h1 = h1 * 131 + gray[i];
  for (int i = 0; i < n / 4; i++)
    h2 = h2 * 131 + small[i];
  printf("%lu %lu %d\n", h1, h2, lut[200]);
  free(rgb);
  free(gray);
  free(small);
  return 0;
}
