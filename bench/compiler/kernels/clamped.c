// Edge-clamped filters and windows, as image and signal code writes them:
// a separable box blur of a 1280x720 float image whose planes a struct
// holds (horizontal pass: `xx = x + k` clamped by two ifs, rows from the
// struct's pointer; vertical pass: the row index clamped by selects), 24
// frames; a moving average over 2M samples (`i + w <= n`) and a lagged
// difference (`while (i + lag < n)`). The sizes and the radius are read
// at run time (arguments, else the defaults), as an image's are: with them
// constant, clang specializes the sequential build (the window unrolled, the
// row vectorized), which no outlined parallel body gets (bench/compiler/
// README.md, "clamped").
#include "kernel.h"
#include <stddef.h>
#include <stdlib.h>

#define W 1280
#define H 720
#define R 3
#define N (1 << 21)

typedef struct {
  int width, height;
  float *data;
} plane;

static void blur_h(const plane *in, plane *out, int radius) {
  int w = in->width, h = in->height;
  for (int y = 0; y < h; y++) {
    const float *src = in->data + (size_t)y * w;
    float *dst = out->data + (size_t)y * w;
    for (int x = 0; x < w; x++) {
      float acc = 0;
      for (int k = -radius; k <= radius; k++) {
        int xx = x + k;
        if (xx < 0)
          xx = 0;
        if (xx >= w)
          xx = w - 1;
        acc += src[xx];
      }
      dst[x] = acc / (float)(2 * radius + 1);
    }
  }
}

static void blur_v(const float *in, float *out, int w, int h, int radius) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float acc = 0;
      for (int k = -radius; k <= radius; k++) {
        int yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
        acc += in[yy * w + x];
      }
      out[y * w + x] = acc / (float)(2 * radius + 1);
    }
}

static int moving_average(const float *x, float *y, int n, int w) {
  int i;
  for (i = 0; i + w <= n; i++) {
    float s = 0;
    for (int j = 0; j < w; j++)
      s += x[i + j];
    y[i] = s / (float)w;
  }
  return i;
}

static int lagged(const float *x, float *d, int n, int lag) {
  int i = 0;
  while (i + lag < n) {
    d[i] = x[i + lag] - x[i];
    i++;
  }
  return i;
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : W, h = argc > 2 ? atoi(argv[2]) : H;
  int radius = argc > 3 ? atoi(argv[3]) : R;
  plane a = {w, h, malloc(sizeof(float) * w * h)};
  plane b = {w, h, malloc(sizeof(float) * w * h)};
  float *sig = malloc(sizeof(float) * N), *avg = malloc(sizeof(float) * N);
  float *dif = malloc(sizeof(float) * N);
  for (int i = 0; i < w * h; i++)
    a.data[i] = (float)((i * 31) % 251) / 251.0f;
  for (int i = 0; i < N; i++)
    sig[i] = (float)((i * 17) % 97) * 0.01f;
  long ends = 0;
  KERNEL_BEGIN
  for (int f = 0; f < 24; f++) {
    KERNEL_FENCE();
    blur_h(&a, &b, radius);
    blur_v(b.data, a.data, w, h, radius);
  }
  for (int r = 0; r < 4; r++) {
    KERNEL_FENCE();
    ends += moving_average(sig, avg, N, 16);
    ends += lagged(avg, dif, N, 5);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < w * h; i += 7)
    sum += a.data[i];
  for (int i = 0; i < N; i += 11)
    sum += avg[i] + dif[i];
  printf("%.6f %ld\n", sum, ends);
  return 0;
}
