// RUN: %exec-check %s
// Memory reached through a pointer advanced by arithmetic on a pointer
// loaded from a struct: `*vec_ptr(v, i)` (an accessor that returns
// `v->data + i * v->stride`, Inputs/gslish.h), `*(m->data + i * m->tda +
// j)`, a row pointer kept in a variable, `(c->p + i)->x`. weft views each
// from the loaded pointer (weft-fold-offsets), as it views `m->data[i *
// m->tda + j]`: the loops run in parallel on run-time checks; so does
// `*(t->rows + i) = ...` (pointer elements), and a loop over rows whose
// checks name `s->data`, which C reads only when the loop over the row
// runs (tested first: with no columns, s is null). A stride of
// zero, rows that overlap and a vector inside the matrix fail the checks;
// a loop that reads the element before the one it writes stays
// sequential. The parallel build must print what the sequential one
// prints.
// PARALLEL: 9
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
// CFLAGS: -I%S
#include <stdio.h>

#include "Inputs/gslish.h"

enum { N = 5000 };

static double A[4 * N], B[4 * N];

typedef struct {
  double x, y;
} pt;
typedef struct {
  size_t n;
  pt *p;
} cloud;

static pt P[N];

static void scale(vec *v, double a) {
  for (size_t i = 0; i < v->size; i++)
    *vec_ptr(v, i) *= a;
}

static void add_into(mat *m, const mat *b) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++)
      *(m->data + i * m->tda + j) += *(b->data + i * b->tda + j) * 0.5;
}

/* s->data is read only in the loop over j: the checks read it only when
   that loop runs (with no columns s may be null, as below). */
static void scale_rows(mat *m, const vec *s) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++)
      *(m->data + i * m->tda + j) *= *(s->data + i * s->stride);
}

static void ramp_rows(mat *m) {
  for (size_t i = 0; i < m->size1; i++) {
    double *row = m->data + i * m->tda;
    for (size_t j = 0; j < m->size2; j++)
      row[j] = row[j] * 0.75 + (double)(i + j);
  }
}

static void turn(cloud *c) {
  for (size_t i = 0; i < c->n; i++) {
    double x = (c->p + i)->x;
    (c->p + i)->x = (c->p + i)->y;
    (c->p + i)->y = -x + 0.5;
  }
}

static void mat_scale(mat *m, double a) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++)
      *mat_ptr(m, i, j) *= a;
}

typedef struct {
  int n, w;
  double *data;
  double **rows;
} table;

static double *ROWS[64];

/* Row pointers stored through `*(t->rows + i)`. */
static void link_rows(table *t) {
  for (int i = 0; i < t->n; i++)
    *(t->rows + i) = t->data + i * t->w;
}

/* Reads the element its previous iteration wrote. */
static void prefix(vec *v) {
  for (size_t i = 1; i < v->size; i++)
    *(v->data + i) += *(v->data + i - 1) * 0.5;
}

static double sum(const double *p, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s = s * 0.999 + p[i];
  return s;
}

static void reset(void) {
  for (int i = 0; i < 4 * N; i++) {
    A[i] = (double)(i % 97) * 0.25;
    B[i] = (double)(i % 89) * 0.5;
  }
  for (int i = 0; i < N; i++) {
    P[i].x = i % 13;
    P[i].y = i % 7;
  }
}

int main(void) {
  reset();
  vec x = {N, 3, A};
  scale(&x, 1.5);
  printf("scale: %.6f\n", sum(A, 4 * N));
  vec z = {N, 0, B + 5}; /* every i the same element */
  scale(&z, 1.001);
  printf("stride 0: %.6f\n", sum(B, 4 * N));

  reset();
  mat m = {60, 50, 64, A}, b = {60, 50, 50, B};
  add_into(&m, &b);
  ramp_rows(&m);
  mat_scale(&m, 0.5);
  printf("matrix: %.6f\n", sum(A, 4 * N));
  mat o = {60, 50, 40, A}; /* rows overlap */
  ramp_rows(&o);
  mat_scale(&o, 1.25);
  mat into = {60, 50, 50, A + 10}; /* b's rows inside m's */
  mat self = {60, 50, 50, A};
  add_into(&into, &self);
  printf("overlap: %.6f\n", sum(A, 4 * N));

  reset();
  vec sv = {60, 2, B};
  scale_rows(&m, &sv);
  mat none = {60, 0, 64, A};
  scale_rows(&none, NULL); /* C never reads s: neither may the check */
  vec inside = {60, 64, A + 3}; /* s's elements in m's rows */
  scale_rows(&m, &inside);
  printf("scale rows: %.6f\n", sum(A, 4 * N));

  cloud c = {N, P};
  turn(&c);
  double t = 0;
  for (int i = 0; i < N; i++)
    t = t * 0.999 + P[i].x - P[i].y;
  printf("turn: %.6f\n", t);

  table tb = {60, 50, A, ROWS};
  link_rows(&tb);
  double r = 0;
  for (int i = 0; i < 60; i++)
    r = r * 0.999 + (double)(ROWS[i] - A);
  printf("rows: %.6f\n", r);

  reset();
  vec w = {N, 1, B};
  prefix(&w);
  printf("prefix: %.6f\n", sum(B, 4 * N));
  return 0;
}
