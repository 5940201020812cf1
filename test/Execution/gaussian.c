// RUN: %exec-check %s
// PARALLEL: 3
// A separable 5-tap Gaussian on a float image, with edge clamping through a
// helper function defined in the file. The horizontal pass has restrict
// pointers and runs in parallel over rows. The vertical pass's pointers
// may overlap as far as vpass shows, and the rows a clamped index reads
// cannot be bounded for a run-time check; but vpass is static and its one
// call passes two different allocations (arguments apart), so it runs in
// parallel too.
#include <stdio.h>
#include <stdlib.h>

static const float k5[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16,
                            1.0f / 16};

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void hpass(int w, int h, const float *restrict in,
                  float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -2; k <= 2; k++)
        s += k5[k + 2] * in[y * w + clampi(x + k, 0, w - 1)];
      out[y * w + x] = s;
    }
}

static void vpass(int w, int h, const float *in, float *out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -2; k <= 2; k++)
        s += k5[k + 2] * in[clampi(y + k, 0, h - 1) * w + x];
      out[y * w + x] = s;
    }
}

int main(void) {
  int w = 500, h = 400;
  float *a = malloc(sizeof *a * (size_t)(w * h)), *b = malloc(sizeof *b * (size_t)(w * h));
  for (int i = 0; i < w * h; i++)
    a[i] = (float)((i * 13) % 256);
  hpass(w, h, a, b);
  vpass(w, h, b, a);
  printf("%.9g %.9g %.9g\n", a[0], a[w * h / 2 + 7], a[w * h - 1]);
  free(a);
  free(b);
  return 0;
}
