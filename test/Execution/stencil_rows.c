// RUN: %exec-check %s
// Rows of an image that variables hold (`up = in->v + (y - 1) * w`, `dn =
// in->v + (y + 1) * w`, `o = out->v + y * w`): rows the loop only reads
// are viewed from the image (weft-fold-offsets), so the loop over the rows
// runs in parallel on a check of the image against the output; an inner
// loop names the output's pointer variable (`ov`) in its check though it
// names only `o`; the same variable hidden by another where the inner
// loop starts keeps that loop as written; rows of one image, one written,
// stay views (the inner loop runs on a check of the two rows). Each
// kernel is also called with the output over its input (in place, and
// shifted by a row and three elements): the checks fail and the loops run
// as written. The parallel build must print what the sequential one
// prints.
// PARALLEL: 5
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int w, h;
  float *v;
} fimage;

void edges(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  for (int y = 1; y < h - 1; y++) {
    const float *up = in->v + (y - 1) * w;
    const float *dn = in->v + (y + 1) * w;
    float *o = out->v + y * w;
    for (int x = 1; x < w - 1; x++)
      o[x] = (up[x - 1] + 2 * up[x] + up[x + 1]) -
             (dn[x - 1] + 2 * dn[x] + dn[x + 1]);
  }
}

// The loop over the rows carries acc: only the loop over a row can run in
// parallel, on a check of ov, which only o names there.
float carried(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  const float *iv = in->v;
  float *ov = out->v;
  float acc = 0;
  for (int y = 1; y < h - 1; y++) {
    const float *up = iv + (y - 1) * w;
    const float *dn = iv + (y + 1) * w;
    float *o = ov + y * w;
    acc = acc * 0.5f + up[0];
    for (int x = 1; x < w - 1; x++)
      o[x] = up[x] - dn[x] + acc;
  }
  return acc;
}

// Another ov hides the output's where the loop over a row starts.
float hidden(const fimage *in, fimage *out, float *other) {
  int w = in->w, h = in->h;
  const float *iv = in->v;
  float *ov = out->v;
  float acc = 0;
  for (int y = 1; y < h - 1; y++) {
    const float *up = iv + (y - 1) * w;
    float *o = ov + y * w;
    acc = acc * 0.5f + up[0];
    {
      float *ov = other;
      ov[y] = acc;
      for (int x = 1; x < w - 1; x++)
        o[x] = up[x] * 2 + acc;
    }
  }
  return acc;
}

// Each row from the one above it, in place.
void smear(fimage *im) {
  int w = im->w, h = im->h;
  float *v = im->v;
  for (int y = 1; y < h; y++) {
    const float *up = v + (y - 1) * w;
    float *o = v + y * w;
    for (int x = 0; x < w; x++)
      o[x] = 0.5f * o[x] + 0.5f * up[x];
  }
}

void cross(const float *iv, float *ov, int w, int h) {
  for (int y = 1; y < h - 1; y++) {
    const float *up = iv + (y - 1) * w, *mid = iv + y * w,
                *dn = iv + (y + 1) * w;
    float *o = ov + y * w;
    for (int x = 1; x < w - 1; x++)
      o[x] = (up[x] + mid[x - 1] + mid[x] + mid[x + 1] + dn[x]) * 0.2f;
  }
}

static void show(const char *what, const float *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (1 + i % 7);
  printf("%s %.6f\n", what, s);
}

int main(void) {
  int w = 300, h = 200;
  fimage a = {w, h, malloc(sizeof(float) * w * h)};
  fimage b = {w, h, calloc(w * h, sizeof(float))};
  float *other = calloc(h, sizeof(float));
  if (!a.v || !b.v || !other)
    return 1;
  for (int i = 0; i < w * h; i++)
    a.v[i] = (i * 37 % 101) * 0.25f;
  edges(&a, &b);
  show("edges", b.v, w * h);
  fimage shifted = {w, h - 1, a.v + w + 3};
  edges(&a, &shifted);
  show("edges shifted", a.v, w * h);
  printf("carried %g\n", carried(&a, &b));
  show("carried", b.v, w * h);
  printf("carried in place %g\n", carried(&a, &a));
  show("carried in place", a.v, w * h);
  printf("hidden %g\n", hidden(&a, &b, other));
  show("hidden", b.v, w * h);
  show("other", other, h);
  smear(&a);
  show("smear", a.v, w * h);
  cross(a.v, b.v, w, h);
  show("cross", b.v, w * h);
  cross(a.v, a.v, w, h);
  show("cross in place", a.v, w * h);
  cross(a.v, a.v + w + 3, w, h - 1);
  show("cross shifted", a.v, w * h);
  free(a.v);
  free(b.v);
  free(other);
  return 0;
}
