// RUN: %exec-check %s
// PARALLEL: 11
// CFLAGS: -fno-strict-aliasing
// Loops that read the pointers and sizes they work on from structs
// (`v->data[i]`, `dst->px[y * dst->w + x]`, `m->dims->w`): each such load
// reads the same place in every iteration, and weft checks at run time that
// the loop writes none of it. Each kernel is also called with its output on
// top of the struct it reads, or of the other buffer: the check fails, and
// the loop runs as written (C reads the changed field in later iterations).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec {
  int n;
  double *data;
  double k; // last: a loop may write from here on
};

struct image {
  int w, h;
  float *px;
};

struct dims {
  int w, h;
};

struct map {
  const struct dims *dims;
  int *cells;
};

// out may be anything, even v's own fields.
static void vec_scale(const struct vec *v, double *out) {
  for (int i = 0; i < v->n; i++)
    out[i] = v->data[i] * v->k;
}

// gsl's vector add, with unit strides.
static void vec_add(struct vec *a, const struct vec *b) {
  for (int i = 0; i < a->n; i++)
    a->data[i] += b->data[i];
}

// A three-point blur along each row: the rows are independent only if dst's
// row length fits, so the loop over x runs in parallel.
static void blur(const struct image *src, struct image *dst) {
  for (int y = 1; y < src->h - 1; y++)
    for (int x = 1; x < src->w - 1; x++)
      dst->px[y * dst->w + x] = (src->px[y * src->w + x - 1] +
                                 src->px[y * src->w + x] +
                                 src->px[y * src->w + x + 1]) /
                                3;
}

// Two loads deep: the row length behind a pointer in the struct.
static void mark_row(struct map *m, int y) {
  for (int x = 0; x < m->dims->w; x++)
    m->cells[y * m->dims->w + x] = x ^ y;
}

// The read is conditional: C never reads p->data when p is null, and
// neither may the check before the loop.
static void maybe_copy(double *out, const struct vec *p, int n) {
  for (int i = 0; i < n; i++)
    if (p)
      out[i] = p->data[i];
}

// Checksums in which every element counts.
static double dsum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 7 + 1);
  return s;
}

static double fsum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 7 + 1);
  return s;
}

// pathfinder's step: rows[t + 1] is read after a conditional, in every
// iteration, so the check may read it before the loop.
static void path_step(int *dst, const int *src, int **rows, int t, int n) {
  for (int i = 0; i < n; i++) {
    int m = src[i];
    if (i > 0 && src[i - 1] < m)
      m = src[i - 1];
    if (i < n - 1 && src[i + 1] < m)
      m = src[i + 1];
    dst[i] = rows[t + 1][i] + m;
  }
}

static unsigned long isum(const int *a, int n) {
  unsigned long s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + (unsigned)a[i];
  return s;
}

int main(void) {
  int n = 200000;
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++) {
    x[i] = (i % 97) * 0.25;
    y[i] = (i % 13) - 6.0;
  }
  struct vec v = {n, x, 1.5};
  vec_scale(&v, y);
  printf("scale: %.17g\n", dsum(y, n));

  // Onto its own struct: out[0] is v->k, which the later iterations read.
  double *arena = calloc(4096, sizeof(double));
  struct vec *pv = (struct vec *)(arena + 32);
  double *small = malloc(sizeof(double) * 2000);
  for (int i = 0; i < 2000; i++)
    small[i] = i % 5 + 3; // out[0] = 3 * k: k changes
  pv->n = 2000;
  pv->data = small;
  pv->k = 2.0;
  vec_scale(pv, &pv->k);
  printf("scale onto k: %.17g\n", dsum(arena + 34, 2000));

  struct vec a = {n, x, 0}, b = {n, y, 0};
  vec_add(&a, &b);
  printf("add: %.17g\n", dsum(x, n));
  // b's data is a's, one element on: a reads what it has not written yet.
  struct vec shifted = {n - 1, x + 1, 0};
  a.n = n - 1;
  vec_add(&a, &shifted);
  printf("add onto itself: %.17g\n", dsum(x, n));

  int w = 700, h = 500;
  struct image src = {w, h, malloc(sizeof(float) * (size_t)(w * h))};
  struct image dst = {w, h, calloc((size_t)(w * h), sizeof(float))};
  for (int i = 0; i < w * h; i++)
    src.px[i] = (float)((i * 7) % 255);
  blur(&src, &dst);
  printf("blur: %.17g\n", fsum(dst.px, w * h));
  // In place: each row reads what it has just written.
  blur(&src, &src);
  printf("blur in place: %.17g\n", fsum(src.px, w * h));

  struct dims d = {900, 400};
  struct map m = {&d, calloc((size_t)(900 * 400), sizeof(int))};
  for (int r = 0; r < 400; r++)
    mark_row(&m, r);
  printf("mark: %lu\n", isum(m.cells, 900 * 400));
  // The cells hold the dims: row 0 writes the row length while it runs.
  int *cells = calloc(8192, sizeof(int));
  struct dims *inner = (struct dims *)(cells + 1000);
  inner->w = 2000;
  inner->h = 1;
  struct map onto = {inner, cells};
  mark_row(&onto, 0);
  printf("mark onto its dims: w = %d %lu\n", inner->w, isum(cells, 8192));

  maybe_copy(y, &v, n);
  printf("copy: %.17g\n", dsum(y, n));
  maybe_copy(y, NULL, n);
  printf("copy from nothing: %.17g\n", dsum(y, n));

  free(cells);
  free(arena);
  free(small);
  free(m.cells);
  free(src.px);
  free(dst.px);
  free(x);
  free(y);
  // Rows apart from dst, then the next row being dst itself (the check
  // fails: as written, each iteration reads what the last one wrote).
  int cols = 50000, nrows = 4;
  int *data = malloc(sizeof(int) * (size_t)(cols * nrows));
  int *rows[4], *cur = malloc(sizeof(int) * (size_t)cols);
  for (int r = 0; r < nrows; r++)
    rows[r] = data + r * cols;
  for (int i = 0; i < cols * nrows; i++)
    data[i] = (i * 7) % 10;
  for (int i = 0; i < cols; i++)
    cur[i] = i % 3;
  path_step(rows[3], cur, rows, 0, cols);
  printf("path: %lu\n", isum(rows[3], cols));
  path_step(rows[2], rows[3], rows, 1, cols);
  printf("path onto its row: %lu\n", isum(rows[2], cols));
  free(data);
  free(cur);
  return 0;
}
