// A camera frame's filters written with row pointers, as image code
// usually is: an image in a struct, a 3x3 smoothing and a Sobel edge
// magnitude whose rows above and below are pointers held in variables
// (`up = in->v + (y - 1) * w`), and a threshold into a byte mask through
// local copies of the struct's pointers. weft folds the rows the loops
// only read into subscripts of the image (docs/analysis.md, "Advanced
// pointers") and runs each loop over the rows in parallel on a run-time
// check of the input against the output.
#include "kernel.h"
#include <math.h>
#include <stdlib.h>

typedef struct {
  int w, h;
  float *v;
} fimage;

static void smooth(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  for (int y = 1; y < h - 1; y++) {
    const float *up = in->v + (y - 1) * w;
    const float *mid = in->v + y * w;
    const float *dn = in->v + (y + 1) * w;
    float *o = out->v + y * w;
    for (int x = 1; x < w - 1; x++)
      o[x] = (up[x - 1] + 2 * up[x] + up[x + 1] + 2 * mid[x - 1] +
              4 * mid[x] + 2 * mid[x + 1] + dn[x - 1] + 2 * dn[x] +
              dn[x + 1]) *
             (1.0f / 16);
  }
}

static void sobel(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  for (int y = 1; y < h - 1; y++) {
    const float *up = in->v + (y - 1) * w;
    const float *mid = in->v + y * w;
    const float *dn = in->v + (y + 1) * w;
    float *o = out->v + y * w;
    for (int x = 1; x < w - 1; x++) {
      float gx = (up[x + 1] + 2 * mid[x + 1] + dn[x + 1]) -
                 (up[x - 1] + 2 * mid[x - 1] + dn[x - 1]);
      float gy = (dn[x - 1] + 2 * dn[x] + dn[x + 1]) -
                 (up[x - 1] + 2 * up[x] + up[x + 1]);
      o[x] = sqrtf(gx * gx + gy * gy);
    }
  }
}

static void threshold(const fimage *in, unsigned char *mask, float t) {
  const float *v = in->v;
  int w = in->w, h = in->h;
  for (int y = 0; y < h; y++) {
    const float *row = v + y * w;
    unsigned char *m = mask + y * w;
    for (int x = 0; x < w; x++)
      m[x] = row[x] > t ? 255 : 0;
  }
}

int main(void) {
  enum { W = 1920, H = 1080 };
  fimage a = {W, H, malloc(sizeof(float) * W * H)};
  fimage b = {W, H, calloc(W * H, sizeof(float))};
  fimage e = {W, H, calloc(W * H, sizeof(float))};
  unsigned char *mask = malloc(W * H);
  for (int i = 0; i < W * H; i++)
    a.v[i] = (float)((i * 2654435761u) >> 24);
  KERNEL_BEGIN
  for (int f = 0; f < 30; f++) {
    KERNEL_FENCE();
    a.v[(f * 7919) % (W * H)] += 1;
    smooth(&a, &b);
    KERNEL_FENCE();
    sobel(&b, &e);
    KERNEL_FENCE();
    threshold(&e, mask, 60.0f);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < W * H; i += 7)
    sum += e.v[i] + mask[i];
  printf("%.9e\n", sum);
  return 0;
}
