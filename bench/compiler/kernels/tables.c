// Matrices kept as tables of row pointers that no analysis can prove apart
// at compile time (docs/analysis.md, "Row tables"): features carved from
// one block (`x[i] = x[i - 1] + n`, as kmeans keeps them), normalized row
// by row and then projected into a second carved table, and an image
// whose rows the caller allocated one by one but hands over in a table
// through a struct, brightened row by row. weft runs the row loops in
// parallel once a run-time check finds the rows apart (sorted or not).
#include "kernel.h"
#include <math.h>
#include <stdlib.h>

static float **carve(float *block, int m, int n) {
  float **t = malloc(m * sizeof *t);
  t[0] = block;
  for (int i = 1; i < m; i++)
    t[i] = t[i - 1] + n;
  return t;
}

static void normalize(float **x, int m, int n) {
  for (int i = 0; i < m; i++) {
    float s = 0;
    for (int j = 0; j < n; j++)
      s += x[i][j] * x[i][j];
    float inv = s > 0 ? 1.0f / sqrtf(s) : 0.0f;
    for (int j = 0; j < n; j++)
      x[i][j] *= inv;
  }
}

static void project(float **x, float **y, const float *c, int m, int n) {
  for (int i = 0; i < m; i++)
    for (int j = 1; j < n; j++)
      y[i][j] = x[i][j] * c[j] + x[i][j - 1] * c[j - 1];
}

struct image {
  int h, w;
  unsigned char **rows;
};

static void brighten(struct image *im, const unsigned char *lut) {
  unsigned char **r = im->rows;
  int h = im->h, w = im->w;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      r[y][x] = lut[r[y][x]];
}

int main(void) {
  enum { M = 1 << 17, N = 32, H = 2048, W = 1024 };
  float *bx = malloc(sizeof(float) * M * N), *by = malloc(sizeof(float) * M * N);
  float c[N];
  for (int i = 0; i < M * N; i++) {
    bx[i] = (float)(i % 37) * 0.25f - 4.0f;
    by[i] = 0;
  }
  for (int j = 0; j < N; j++)
    c[j] = 1.0f / (float)(j + 1);
  float **x = carve(bx, M, N), **y = carve(by, M, N);
  struct image im = {H, W, malloc(H * sizeof(unsigned char *))};
  for (int r = 0; r < H; r++) {
    im.rows[r] = malloc(W);
    for (int k = 0; k < W; k++)
      im.rows[r][k] = (unsigned char)((r * 7 + k * 3) & 255);
  }
  unsigned char lut[256];
  for (int v = 0; v < 256; v++)
    lut[v] = (unsigned char)(v < 128 ? v + v / 4 : 255 - (255 - v) * 3 / 4);
  KERNEL_BEGIN
  for (int t = 0; t < 20; t++) {
    KERNEL_FENCE();
    normalize(x, M, N);
    KERNEL_FENCE();
    project(x, y, c, M, N);
    KERNEL_FENCE();
    brighten(&im, lut);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < M * N; i += 61)
    sum += by[i];
  for (int r = 0; r < H; r += 3)
    for (int k = 0; k < W; k += 17)
      sum += im.rows[r][k];
  printf("%.9e\n", sum);
  return 0;
}
