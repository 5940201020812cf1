// RUN: %exec-check %s
// PARALLEL: 14
// Tables of row pointers weft cannot prove apart (docs/analysis.md, "Row
// tables"): rows carved from one block (`t[i] = t[i - 1] + n`, as kmeans
// builds its features), rows in shuffled order, and jagged rows passed in.
// A run-time check reads the slots where the loop starts and runs it in
// parallel only when the rows it touches are apart from each other and
// from the other memory it uses. Each kernel is also called with tables
// whose rows overlap (a row one element after another, a row twice, a
// vector inside a row, two tables over one block): the check fails and the
// loop runs as written.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float **carve(float *block, int m, int n) {
  float **t = malloc(m * sizeof *t);
  t[0] = block;
  for (int i = 1; i < m; i++)
    t[i] = t[i - 1] + n;
  return t;
}

/* Rows scaled by a vector: the rows are written. */
static void scale(float **w, int m, int n, const float *d) {
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++)
      w[k][j] = w[k][j] * d[j] + 1.0f;
}

/* Each row's sum into a vector: the rows are only read. */
static void sums(float **w, int m, int n, float *out) {
  for (int k = 0; k < m; k++) {
    float s = 0;
    for (int j = 0; j < n; j++)
      s = s * 0.5f + w[k][j];
    out[k] = s;
  }
}

/* A row recurrence within each row, and a neighbour row read from another
   table. */
static void smooth(float **dst, float **src, int m, int n) {
  for (int k = 0; k < m; k++)
    for (int j = 1; j < n; j++)
      dst[k][j] = dst[k][j - 1] * 0.25f + src[k][j];
}

/* Rows of their own allocations, each bumped in its first len[k]
   elements. (A slot read only under an `if` would leave the loop as
   written: the check would read slots C does not.) */
static void bump(int **rows, const int *len, int m, int lmax) {
  for (int k = 0; k < m; k++)
    for (int j = 0; j < lmax; j++)
      rows[k][j] += j < len[k] ? k + j : 0;
}

/* Through a struct whose height the loop reads in every iteration (a
   bound in memory, checked against the rows' span), with a math function
   between the loops that read the slots. */
struct img {
  int h, w;
  float **rows;
};
static void norm_rows(struct img *im) {
  float **r = im->rows;
  int w = im->w;
  for (int y = 0; y < im->h; y++) {
    float s = 0;
    for (int x = 0; x < w; x++)
      s = s * 0.5f + r[y][x];
    float inv = 1.0f / sqrtf(s * s + 1.0f);
    for (int x = 0; x < w; x++)
      r[y][x] *= inv;
  }
}

/* Rows only read, each row's length read from the struct in every
   iteration (an invariant load: the tests that the inner loop runs name
   it). */
static void row_sums(struct img *im, float *out) {
  float **r = im->rows;
  for (int y = 0; y < im->h; y++) {
    float s = 0;
    for (int x = 0; x < im->w; x++)
      s = s * 0.5f + r[y][x];
    out[y] = s;
  }
}

/* Rows written, the row length read from the struct in every iteration:
   an invariant load once the check finds the rows apart from the struct. */
struct bytes {
  int h, w;
  unsigned char **rows;
};
static void brighten(struct bytes *im, const unsigned char *lut) {
  unsigned char **r = im->rows;
  for (int y = 0; y < im->h; y++)
    for (int x = 0; x < im->w; x++)
      r[y][x] = lut[r[y][x]];
}

/* The table read through the struct in every iteration (`im->rows[y][x]`,
   an invariant load the check names). */
static void scale_rows(struct img *im, float k) {
  int h = im->h, w = im->w;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      im->rows[y][x] *= k;
}

static double checksum(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s = s * 0.999 + v[i] * (double)((i % 7) + 1);
  return s;
}

int main(void) {
  int m = 600, n = 300;
  float *block = malloc((size_t)m * n * sizeof *block);
  float *block2 = malloc((size_t)m * n * sizeof *block2);
  float *d = malloc(n * sizeof *d);
  float *out = malloc(m * sizeof *out);
  for (int i = 0; i < m * n; i++) {
    block[i] = (float)(i % 17) * 0.125f;
    block2[i] = (float)(i % 11) * 0.25f;
  }
  for (int j = 0; j < n; j++)
    d[j] = 0.5f + (float)(j % 3) * 0.25f;
  float **w = carve(block, m, n), **v = carve(block2, m, n);

  /* Apart: in order, then shuffled. */
  scale(w, m, n, d);
  sums(w, m, n, out);
  smooth(v, w, m, n);
  float **mixed = malloc(m * sizeof *mixed);
  for (int k = 0; k < m; k++)
    mixed[k] = w[(k * 7) % m]; /* 7 and 600 are coprime */
  scale(mixed, m, n, d);
  printf("apart: %.6g %.6g %.6g\n", checksum(block, m * n),
         checksum(out, m), checksum(block2, m * n));

  /* Overlapping: each row one element after the one before; a row twice; a
     vector inside a row; the destination's rows inside the source's. */
  float **shifted = malloc(m * sizeof *shifted);
  for (int k = 0; k < m; k++)
    shifted[k] = block + k;
  scale(shifted, m, n, d);
  mixed[5] = mixed[9];
  scale(mixed, m, n, d);
  scale(w, m, n, w[3] + 10);
  sums(w, m, n, w[0]);
  smooth(w, shifted, m, n);
  smooth(v, v, m, n); /* one table twice: the spans are one */
  printf("overlap: %.6g %.6g %.6g\n", checksum(block, m * n),
         checksum(w[0], 2 * n), checksum(block2, m * n));
  struct img im = {m, n, v};
  norm_rows(&im);
  im.rows = shifted; /* overlapping rows: as written */
  norm_rows(&im);
  printf("norm: %.6g %.6g\n", checksum(block2, m * n), checksum(block, m * n));
  im.rows = v;
  row_sums(&im, out);
  printf("sums: %.6g\n", checksum(out, m));
  row_sums(&im, v[7] + 3); /* into the rows it reads: as written */
  scale_rows(&im, 0.75f);
  im.rows = shifted; /* overlapping: as written */
  scale_rows(&im, 1.25f);
  printf("sums: %.6g\n", checksum(block2, m * n));

  /* Jagged rows, each its own allocation but passed as a plain table. */
  int **rows = malloc(m * sizeof *rows), *len = malloc(m * sizeof *len);
  for (int k = 0; k < m; k++) {
    len[k] = 1 + (k * 13) % 40;
    rows[k] = calloc(40, sizeof **rows);
  }
  bump(rows, len, m, 40);
  long total = 0;
  for (int k = 0; k < m; k++)
    for (int j = 0; j < 40; j++)
      total += (long)rows[k][j] * (j + 1);
  int *shared = rows[1];
  rows[2] = shared; /* two rows one: as written */
  bump(rows, len, m, 40);
  for (int j = 0; j < 40; j++)
    total += (long)shared[j] * (j + 3);
  printf("jagged: %ld\n", total);

  unsigned char *pix = malloc(64 * 100), lut[256];
  unsigned char *prow[64];
  for (int v = 0; v < 256; v++)
    lut[v] = (unsigned char)(v * 3 + 1);
  for (int i = 0; i < 64 * 100; i++)
    pix[i] = (unsigned char)(i * 7);
  for (int y = 0; y < 64; y++)
    prow[y] = pix + (63 - y) * 100;
  struct bytes img = {64, 100, prow};
  brighten(&img, lut);
  prow[10] = prow[20] + 50; /* half of row 20 twice: as written */
  brighten(&img, lut);
  long bsum = 0;
  for (int i = 0; i < 64 * 100; i++)
    bsum = bsum * 31 + pix[i];
  printf("bytes: %ld\n", bsum);
  return 0;
}
