// Row tables: a `T **` whose every slot holds an allocation of its own, as
// Rodinia's backprop builds its weight matrices (alloc_2d), keeps them apart
// from all other memory: `w[k][j]` is compared as w[k, j], the same row
// exactly when the same slot. Only where the table goes nowhere weft does
// not see (docs/analysis.md, "Row tables"). Anything else keeps the rows a
// pointer computed in the loop.
// Execution: test/Execution/row_tables.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

#include <math.h>
#include <stdlib.h>

static double **alloc_rows(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  if (!t)
    exit(1);
  for (int i = 0; i < m; i++) { // expected-remark {{loop not parallelized: it contains a call to malloc, which allocates memory}}
    t[i] = malloc(n * sizeof(double)); // expected-note {{here}}
    if (t[i] == NULL)
      exit(1);
  }
  return t;
}

// backprop's two hot loops: the rows apart from the vectors and from each
// other (two tables from two calls).
static void forward(double *l1, double *l2, double **conn, int n1, int n2) {
  for (int j = 1; j <= n2; j++) { // expected-remark {{loop parallelized: its iterations are independent}}
    double sum = 0;
    for (int k = 0; k <= n1; k++) // expected-remark {{loop not parallelized: sum is a floating-point add reduction}}
      sum += conn[k][j] * l1[k]; // expected-note {{sum updated here}}
    l2[j] = sum;
  }
}

static void adjust(double *delta, int nd, double *ly, int nly, double **w,
                   double **oldw) {
  for (int j = 1; j <= nd; j++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int k = 0; k <= nly; k++) { // expected-remark {{loop not parallelized: the loop at 38:3 around it runs in parallel}}
      double dw = 0.3 * delta[j] * ly[k] + 0.3 * oldw[k][j];
      w[k][j] += dw;
      oldw[k][j] = dw;
    }
}

// Called with one table twice: its rows may be the other's.
static void adjust_same(double *delta, int n, double **w, double **oldw) {
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: oldw[k][1] and w[k][1] may be the same memory in two iterations (the rows of oldw and w, which may be one table of rows)}}
    w[k][1] += delta[k] * oldw[k][1]; // expected-note {{w[k][1] here}}
    oldw[k][1] = 0;
  }
}

// The row and the column are both dimensions: along a row, rows apart;
// down the columns, the row above.
static void along(double **w, int m, int n) {
  for (int k = 0; k < m; k++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int j = 1; j < n; j++) // expected-remark {{loop not parallelized: w[k][j] written in iteration j is read in iteration j+1}}
      w[k][j] += w[k][j - 1]; // expected-note {{w[k][j - 1] read here}}
}

static void down(double **w, int m, int n) {
  for (int k = 1; k < m; k++) // expected-remark {{loop not parallelized: w[k][j] written in iteration k is read in iteration k+1}}
    for (int j = 0; j < n; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      w[k][j] += w[k - 1][j]; // expected-note {{w[k - 1][j] read here}}
}

// A vector that every call passes as a row of the table: no fact for it.
static double **alloc_rows2(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  for (int i = 0; i < m; i++) // expected-remark {{loop not parallelized: it contains a call to malloc, which allocates memory}}
    t[i] = malloc(n * sizeof(double)); // expected-note {{here}}
  return t;
}
static void with_row(double *r, double **w, int m) {
  for (int k = 0; k < m; k++) // expected-remark {{loop not parallelized: r[k] and w[k][0] may be the same memory in two iterations (r may point into a row of w)}}
    w[k][0] = r[k] * 2; // expected-note {{w[k][0] here}}
}

// Rows carved from one block are no allocations of their own: a run-time
// check finds them apart (or not: rewired's w[1] is w[0], and its loop then
// runs as written).
static double **one_block(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  t[0] = malloc((size_t)m * n * sizeof(double));
  for (int i = 1; i < m; i++) // expected-remark {{loop not parallelized: t[i] written in iteration i is read in iteration i+1}}
    t[i] = t[i - 1] + n; // expected-note {{t[i - 1] read here}}
  return t;
}
static void blocks(double **w, int m, int n) {
  for (int k = 0; k < m; k++) // expected-remark {{loop parallelized: a run-time check that the rows of w it touches are apart; a run-time check that the rows of w and the slots of w do not overlap; the checks made only when the loop at}}
    for (int j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at}}
      w[k][j] = w[k][j] * 0.5;
}

// A row also used where it was allocated, and a slot written after: no
// table comes from either maker.
static double **kept(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  for (int i = 0; i < m; i++) { // expected-remark {{loop not parallelized: it contains a call to malloc, which allocates memory}}
    double *r = malloc(n * sizeof(double)); // expected-note {{here}}
    t[i] = r;
    r[0] = 0;
  }
  return t;
}
// One allocation stored in every slot: all rows are one.
static double **one_row(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  double *r = malloc(n * sizeof(double));
  for (int i = 0; i < m; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    t[i] = r;
  return t;
}
static double **alloc_rows3(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  for (int i = 0; i < m; i++) // expected-remark {{loop not parallelized: it contains a call to malloc, which allocates memory}}
    t[i] = malloc(n * sizeof(double)); // expected-note {{here}}
  return t;
}
static void rewired(double **w, int m, int n) {
  w[1] = w[0];
  for (int k = 0; k < m; k++) // expected-remark {{loop parallelized: a run-time check that the rows of w it touches are apart; a run-time check that the rows of w and the slots of w do not overlap; the checks made only when the loop at}}
    for (int j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at}}
      w[k][j] = j;
}
static void fill(double **w, int m, int n) {
  for (int k = 0; k < m; k++) // expected-remark {{loop parallelized: a run-time check that the rows of w it touches are apart; a run-time check that the rows of w and the slots of w do not overlap; the checks made only when the loop at}}
    for (int j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at}}
      w[k][j] = k + j;
}

// Freeing the rows keeps the facts (the table goes only to free).
static void free_rows(double **t, int m) {
  for (int i = 0; i < m; i++) // expected-remark {{loop not parallelized: it contains a call to free, which frees memory}}
    free(t[i]); // expected-note {{here}}
  free(t);
}

static void fill2(double **w, int m, int n) {
  for (int k = 0; k < m; k++) // expected-remark {{loop parallelized: a run-time check that the rows of w it touches are apart; a run-time check that the rows of w and the slots of w do not overlap; the checks made only when the loop at}}
    for (int j = 0; j < n; j++) // expected-remark {{loop not parallelized: the loop at}}
      w[k][j] = k + j;
}

// Rows of a table weft knows (w) written from rows of one it would check at
// run time (c, carved from one block here): a check of w's rows would need
// its slots read in every iteration, which nothing has shown, so none.
static void from_block(double **w, double *blk, int m, int n) {
  double **c = malloc(m * sizeof *c);
  for (int i = 0; i < m; i++) // expected-remark {{loop parallelized}}
    c[i] = blk + i * n;
  for (int k = 0; k < m; k++) // expected-remark {{loop not parallelized: c[k][j] and w[k][j] may be the same memory in two iterations (the rows of c and w, which may be one table of rows)}}
    for (int j = 0; j < n; j++) // expected-remark {{loop not parallelized: c[k][j] and w[k][j] may be the same memory in two iterations (c[k] may point into a row of w)}}
      w[k][j] = c[k][j]; // expected-note {{w[k][j] here}}
  free(c);
}

// Rows of a table weft checks at run time, through a struct whose height
// the loop reads in every iteration (a bound in memory, checked against
// the rows' span), normalized with a math function between the loops that
// read the slots (a call that returns: the second loop still reads them in
// every iteration).
struct img {
  int h, w;
  float **rows;
};
static void norm_rows(struct img *im) {
  float **r = im->rows;
  int w = im->w;
  for (int y = 0; y < im->h; y++) { // expected-remark {{loop parallelized: a run-time check that the rows of r it touches are apart; a run-time check that the rows of r and the slots of r do not overlap; a run-time check that the rows of r and im do not overlap; the checks made only when the loop at 173:5 runs and the loop at 176:5 runs}}
    float s = 0;
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: s carries a value}}
      s = s * 0.5f + r[y][x]; // expected-note {{s read here}}
    float inv = 1.0f / sqrtf(s * s + 1.0f);
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at}}
      r[y][x] *= inv;
  }
}

// The table itself read through the struct in every iteration: an
// invariant load, which the check names.
static void scale_img(struct img *im, float k) {
  int h = im->h, w = im->w;
  for (int y = 0; y < h; y++) // expected-remark {{loop parallelized: a run-time check that the rows of im->rows it touches are apart; a run-time check that the rows of im->rows and im do not overlap; a run-time check that the rows of im->rows and the slots of im->rows do not overlap}}
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at}}
      im->rows[y][x] *= k;
}

int main(void) {
  int in = 1000, hid = 16;
  double *units = malloc((in + 1) * sizeof(double));
  double *hidden = malloc((hid + 1) * sizeof(double));
  double *delta = malloc((hid + 1) * sizeof(double));
  double **w = alloc_rows(in + 1, hid + 1);
  double **oldw = alloc_rows(in + 1, hid + 1);
  double **u = alloc_rows(in + 1, hid + 1);
  forward(units, hidden, w, in, hid);
  adjust(delta, hid, units, in, w, oldw);
  adjust_same(delta, hid, u, u);
  along(w, in, hid);
  down(w, in, hid);
  double **v = alloc_rows2(8, 8);
  with_row(v[0], v, 8);
  blocks(one_block(8, 8), 8, 8);
  fill(kept(8, 8), 8, 8);
  fill2(one_row(8, 8), 8, 8);
  double **rw = alloc_rows3(8, 8);
  rewired(rw, 8, 8);
  from_block(alloc_rows(8, 8), malloc(64 * sizeof(double)), 8, 8);
  struct img im = {4, 4, malloc(4 * sizeof(float *))};
  norm_rows(&im);
  scale_img(&im, 2.0f);
  double r = w[1][1] + hidden[1] + u[2][2];
  free_rows(oldw, in + 1);
  return (int)r;
}
