// RUN: %exec-check %s
// PARALLEL: 6
// Clamped indices (docs/analysis.md, "Run-time checks"): reads at a select
// (`x > 0 ? x - 1 : 0`) or a local variable clamped by ifs, in a loop that
// writes another buffer, run in parallel behind a check that the buffers
// are apart over every element of every way; called with buffers apart,
// one right after the other (the check's ranges end where the reads do),
// and overlapping by one element or more (the check fails: as written).
// A vertical pass whose row index selects clamp (times the row length),
// and a box filter over rows that variables hold, advanced from a struct's
// fields, with a window wider than the row.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int width, height;
  float *data;
} grid;

static void left(const float *in, float *out, int w) {
  for (int x = 0; x < w; x++)
    out[x] = in[x > 0 ? x - 1 : 0] + 1;
}

static void right(const float *in, float *out, int w) {
  for (int x = 0; x < w; x++) {
    int xx = x + 1;
    if (xx >= w)
      xx = w - 1;
    out[x] = in[xx] * 2;
  }
}

static void stencil(const float *in, float *out, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x - 1, xr = x + 1;
      if (xl < 0)
        xl = 0;
      if (xr >= w)
        xr = w - 1;
      out[y * w + x] = in[y * w + xl] + in[y * w + x] - in[y * w + xr];
    }
}

static void vertical(const float *in, float *out, int w, int h, int r) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float acc = 0;
      for (int k = -r; k <= r; k++) {
        int yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
        acc += in[yy * w + x];
      }
      out[y * w + x] = acc;
    }
}

static void box(const grid *in, grid *out, int radius) {
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
      dst[x] = acc;
    }
  }
}

static double sum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}

static void fill(float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = (float)((i * 37) % 101) * 0.25f;
}

int main(void) {
  enum { W = 300, H = 40, N = W * H };
  float *buf = malloc(sizeof(float) * (2 * N + 8));
  double check = 0;
  int widths[] = {W, 1, 2, 0};
  for (int k = 0; k < 4; k++) {
    int w = widths[k];
    /* Apart, adjacent, overlapping by one, and in place shifted. */
    float *ins[] = {buf, buf, buf + 1, buf + 2};
    float *outs[] = {buf + N + 4, buf + w, buf, buf + 1};
    for (int c = 0; c < 4; c++) {
      fill(buf, 2 * N + 8);
      left(ins[c], outs[c], w);
      check += sum(buf, 2 * N + 8);
      fill(buf, 2 * N + 8);
      right(ins[c], outs[c], w);
      check += sum(buf, 2 * N + 8);
      fill(buf, 2 * N + 8);
      stencil(ins[c], outs[c], w, H);
      check += sum(buf, 2 * N + 8);
      fill(buf, 2 * N + 8);
      vertical(ins[c], outs[c], w, H, 2);
      check += sum(buf, 2 * N + 8);
    }
  }
  int radii[] = {3, 0, W + 5};
  for (int r = 0; r < 3; r++) {
    fill(buf, 2 * N + 8);
    grid a = {W, H, buf}, b = {W, H, buf + N + 4};
    box(&a, &b, radii[r]);
    check += sum(buf, 2 * N + 8);
    /* Overlapping rows: b's data starts inside a's last row. */
    fill(buf, 2 * N + 8);
    grid c = {W, H, buf + N - 5};
    box(&a, &c, radii[r]);
    check += sum(buf, 2 * N + 8);
  }
  printf("%.4f\n", check);
  free(buf);
  return 0;
}
