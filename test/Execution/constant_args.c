// RUN: %exec-check %s
// PARALLEL: 4
// Constant arguments (docs/output.md, "Constant arguments"): the outlined
// bodies of a static function's loops write the constant every call passes
// for a parameter (a window's radius, a row length, a negative offset, a
// long), which the C compiler then unrolls and folds there as it does in
// the sequential code; the results are the sequential program's.
#include <stdio.h>
#include <stdlib.h>

#define W 640
#define H 200

static void box(const float *in, float *out, int w, int h, int radius) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float acc = 0;
      for (int k = -radius; k <= radius; k++) {
        int xx = x + k < 0 ? 0 : x + k >= w ? w - 1 : x + k;
        acc += in[y * w + xx];
      }
      out[y * w + x] = acc / (float)(2 * radius + 1);
    }
}

static void offsets(const int *in, int *out, int n, int shift, long mod) {
  for (int i = 0; i < n; i++)
    out[i] = (int)((in[i] + shift) % mod);
}

static void assigned(float *a, int n, int scale) {
  scale = scale * 2;
  for (int i = 0; i < n; i++)
    a[i] = a[i] * (float)scale + 1;
}

int main(void) {
  float *a = malloc(sizeof(float) * W * H), *b = malloc(sizeof(float) * W * H);
  int *p = malloc(sizeof(int) * W * H), *q = malloc(sizeof(int) * W * H);
  for (int i = 0; i < W * H; i++) {
    a[i] = (float)((i * 37) % 101) * 0.125f;
    p[i] = (i * 7919) % 1000 - 500;
  }
  box(a, b, W, H, 3);
  box(b, a, W, H, 3);
  offsets(p, q, W * H, -7, 97L);
  assigned(a, W * H, 3);
  double s = 0;
  long t = 0;
  for (int i = 0; i < W * H; i += 3)
    s += a[i] + b[i], t += q[i];
  printf("%.4f %ld\n", s, t);
  free(a), free(b), free(p), free(q);
  return 0;
}
