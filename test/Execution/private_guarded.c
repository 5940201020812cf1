// RUN: %exec-check %s
// PARALLEL: 6
// GRAPHS: 1
// Work arrays read where the ifs around the read, or the clamps on the way
// of its subscript, keep it in what the iteration wrote (docs/analysis.md,
// "Private arrays"): a blur's row copied to a work array, then read at
// x + k, guarded, clamped by ifs, clamped by selects, skipped by a
// continue (and rows skipped whole), its neighbours guarded on one side
// each, and three rows of a 2-D work array. Each row
// of the image runs in parallel with its own copy; the results equal the
// sequential ones bit for bit. Detect/private-guarded.c has the refusals.
#include <stdio.h>

#define W 700
#define H 300
#define R 4
static float img[W * H], o1[W * H], o2[W * H], o3[W * H], o4[W * H],
    o5[W * H], o6[W * H];

static void guarded(const float *in, float *out, int w, int h, int r) {
  float tmp[1024];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      tmp[x] = in[y * w + x] * 0.5f;
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -r; k <= r; k++) {
        int xx = x + k;
        if (xx >= 0 && xx < w)
          s += tmp[xx];
      }
      out[y * w + x] = s;
    }
  }
}

static void clamped(const float *in, float *out, int w, int h, int r) {
  float tmp[1024];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      tmp[x] = in[y * w + x] + (float)y;
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -r; k <= r; k++) {
        int xx = x + k;
        if (xx < 0)
          xx = 0;
        if (xx >= w)
          xx = w - 1;
        s += tmp[xx] * (float)(k + r + 1);
      }
      out[y * w + x] = s;
    }
  }
}

static void selected(const float *in, float *out, int w, int h, int r) {
  float tmp[1024];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      tmp[x] = in[y * w + x] - (float)x;
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -r; k <= r; k++) {
        int xx = x + k;
        s += tmp[xx < 0 ? 0 : xx >= w ? w - 1 : xx];
      }
      out[y * w + x] = s;
    }
  }
}

static void skipped(const float *in, float *out, int w, int h, int r) {
  float tmp[1024];
  for (int y = 0; y < h; y++) {
    if (y % 7 == 3)
      continue;
    for (int x = 0; x < w; x++)
      tmp[x] = in[y * w + x] + 1.0f;
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int k = -r; k <= r; k++) {
        int xx = x + k;
        if (xx < 0 || xx >= w)
          continue;
        s += tmp[xx] * (float)k;
      }
      out[y * w + x] = s;
    }
  }
}

static void neighbours(const float *in, float *out, int w, int h) {
  float tmp[1024];
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) {
      int xl = x - 1, xr = x + 1;
      float s = 2 * tmp[x];
      if (xl >= 0)
        s += tmp[xl];
      if (xr < w)
        s -= tmp[xr];
      out[y * w + x] = s;
    }
  }
}

static void rows3(const float *in, float *out, int w, int h) {
  float tmp[3][1024];
  for (int y = 1; y < h - 1; y++) {
    for (int d = 0; d < 3; d++)
      for (int x = 0; x < w; x++)
        tmp[d][x] = in[(y + d - 1) * w + x] * (float)(d + 1);
    for (int x = 0; x < w; x++) {
      float s = 0;
      for (int d = 0; d < 3; d++)
        for (int k = -1; k <= 1; k++)
          if (x + k >= 0 && x + k < w)
            s += tmp[d][x + k];
      out[y * w + x] = s;
    }
  }
}

int main(void) {
  unsigned s = 17;
  for (int i = 0; i < W * H; i++) {
    s = s * 1103515245u + 12345u;
    img[i] = (float)((s >> 16) & 1023) / 64.0f;
  }
  for (int rep = 0; rep < 3; rep++) {
    guarded(img, o1, W, H, R);
    clamped(img, o2, W, H, R);
    selected(img, o3, W, H, R + rep);
    neighbours(img, o4, W - rep, H);
    rows3(img, o5, W, H);
    skipped(img, o6, W, H, R - rep);
  }
  double t[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < W * H; i++) {
    t[0] += o1[i] * (i % 7);
    t[1] += o2[i] * (i % 5);
    t[2] += o3[i] * (i % 3);
    t[3] += o4[i] * (i % 11);
    t[4] += o5[i] * (i % 13);
    t[5] += o6[i] * (i % 17);
  }
  printf("%.9g %.9g %.9g %.9g %.9g %.9g\n", t[0], t[1], t[2], t[3], t[4],
         t[5]);
  printf("%.9g %.9g %.9g %.9g %.9g\n", o1[W * H / 2], o2[W * 7 + 3],
         o3[W * H - 1], o4[W * 5], o5[W * 2 + W - 1]);
  return 0;
}
