// Memory behind a pointer advanced by arithmetic (docs/analysis.md,
// "Advanced pointers"): `*(m->data + i * m->tda + j)`, a row pointer
// `m->data + i * m->tda` kept in a variable, an accessor that returns
// `v->data + i * v->stride` (expanded at its call), `(c->p + i)->x`.
// weft-fold-offsets views each from the pointer the arithmetic starts
// from, so the loops are judged as `m->data[i * m->tda + j]` is, with
// checks that name m->data. Arithmetic through a cast to another element
// size is not folded, and the loop stays sequential.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
#include "../../Execution/Inputs/gslish.h"

// CHECK-LABEL: void scale(
// CHECK: weft_apart((const void *)(m->data),
// CHECK: *(m->data + i * m->tda + j) *= a;
void scale(mat *m, double a) {
  for (size_t i = 0; i < m->size1; i++) // expected-remark {{loop parallelized: a run-time check that m->data and m do not overlap; a run-time check that no two iterations touch the same element of m->data}}
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop not parallelized: the loop at 17:3 around it runs in parallel}}
      *(m->data + i * m->tda + j) *= a;
}

void ramp(mat *m) {
  for (size_t i = 0; i < m->size1; i++) { // expected-remark {{loop parallelized: a run-time check that m->data and m do not overlap; a run-time check that no two iterations touch the same element of m->data}}
    double *row = m->data + i * m->tda;
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop not parallelized: the loop at 23:3 around it runs in parallel}}
      row[j] += (double)j;
  }
}

// The outer loop carries s: the inner one runs in parallel, its checks
// reading m->data and m->tda where it starts, as the row's initializer
// does right before it.
// CHECK-LABEL: double ramp_sum(
// CHECK: weft_apart((const void *)(m->data), {{.*}}weft_u64((m->tda), &weft_bad)
double ramp_sum(mat *m) {
  double s = 0;
  for (size_t i = 0; i < m->size1; i++) { // expected-remark {{loop not parallelized: s carries a value from one iteration to the next}}
    double *row = m->data + i * m->tda;
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop parallelized: a run-time check that m->data and m do not overlap}}
      row[j] += s; // expected-note {{s read here}}
    s += row[0];
  }
  return s;
}

// The accessor returns a pointer it computes from v->data.
// CHECK-LABEL: void halve(
// CHECK: weft_add(-1, weft_u64((v->stride), &weft_bad), &weft_bad) >= 0 &&
// CHECK: *vec_ptr(v, i) *= 0.5;
void halve(vec *v) {
  for (size_t i = 0; i < v->size; i++) // expected-remark {{loop parallelized: a run-time check that v->data and v do not overlap; a run-time check that no two iterations touch the same element of v->data}}
    *vec_ptr(v, i) *= 0.5;
}

typedef struct {
  double x, y;
} pt;
typedef struct {
  size_t n;
  pt *p;
} cloud;

void swap_xy(cloud *c) {
  for (size_t i = 0; i < c->n; i++) { // expected-remark {{loop parallelized: a run-time check that c->p and c do not overlap}}
    double x = (c->p + i)->x;
    (c->p + i)->x = (c->p + i)->y;
    (c->p + i)->y = x;
  }
}

// The element before: a dependence, found as it is for v->data[i - 1].
void prefix(vec *v) {
  for (size_t i = 1; i < v->size; i++) // expected-remark {{loop not parallelized: *(v->data + i) written in iteration i is read in iteration i+1}}
    *(v->data + i) += *(v->data + i - 1); // expected-note {{*(v->data + i - 1) read here}}
}

// Bytes, not elements: not folded.
void bytes(vec *v) {
  for (size_t i = 0; i < v->size; i++) // expected-remark-re {{loop not parallelized: the bound reads v->size, which the body may write {{.*}}}}
    *(double *)((char *)v->data + 8 * i) = 0; // expected-note {{*(double *)((char *)v->data + 8 * i) written here}}
}

// Two rows of one image that variables hold: viewed from the image, their
// subscripts could not be told apart in the inner loop, which a check of
// p1 and p2 runs in parallel. They stay views of p1 and p2.
unsigned char *image(void);
void flip(int w, int h) {
  unsigned char *out = image();
  for (int j = 0; j < h / 2; ++j) { // expected-remark {{loop not parallelized: p1[i] and p1[i] may be the same memory in two iterations (p1 is a pointer computed in the loop)}}
    unsigned char *p1 = out + j * w;
    unsigned char *p2 = out + (h - 1 - j) * w;
    for (int i = 0; i < w; ++i) { // expected-remark {{loop parallelized: a run-time check that p2 and p1 do not overlap}}
      unsigned char t = p1[i];
      p1[i] = p2[i]; // expected-note {{p1[i] here}}
      p2[i] = t;
    }
  }
}

// Rows of one image that variables hold and the loop only reads (a
// stencil's rows above and below) are viewed from the image: reads never
// conflict, and the loop over the rows runs on a check of the image
// against the output's rows, as `in->v[(y - 1) * w + x]` would. The
// output's rows come from a variable the inner loop does not name (`ov`):
// the inner loop's check names it all the same, where the outer loop's
// carried acc keeps that one sequential.
typedef struct {
  int w, h;
  float *v;
} fimage;
// CHECK-LABEL: void edges(
// CHECK: weft_apart((const void *)(out->v),
void edges(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  for (int y = 1; y < h - 1; y++) { // expected-remark {{loop parallelized: a run-time check that out->v and in do not overlap; a run-time check that out->v and out do not overlap; a run-time check that out->v and in->v do not overlap}}
    const float *up = in->v + (y - 1) * w;
    const float *dn = in->v + (y + 1) * w;
    float *o = out->v + y * w;
    for (int x = 1; x < w - 1; x++) // expected-remark {{loop not parallelized: the loop at 115:3 around it runs in parallel}}
      o[x] = up[x] - dn[x];
  }
}
// CHECK-LABEL: float edges_carried(
// CHECK: weft_apart((const void *)(ov),
float edges_carried(const fimage *in, fimage *out) {
  int w = in->w, h = in->h;
  const float *iv = in->v;
  float *ov = out->v, acc = 0;
  for (int y = 1; y < h - 1; y++) { // expected-remark {{loop not parallelized: acc carries a value from one iteration to the next}}
    const float *up = iv + (y - 1) * w;
    const float *dn = iv + (y + 1) * w;
    float *o = ov + y * w;
    acc = acc * 0.5f + up[0]; // expected-note {{acc read here}}
    for (int x = 1; x < w - 1; x++) // expected-remark {{loop parallelized: a run-time check that ov and iv do not overlap}}
      o[x] = up[x] - dn[x] + acc;
  }
  return acc;
}

// m is read where the inner loops start; f->mapping is not (a call and a
// branch come between): m's view stays, and the second inner loop runs on
// a check of m->chan.
typedef struct {
  int submaps;
  int *chan;
} mapping_t;
typedef struct {
  int channels, count;
  mapping_t *mapping;
} setup_t;
int bits(setup_t *f);
void setup(setup_t *f) {
  for (int i = 0; i < f->count; ++i) { // expected-remark {{loop not parallelized: it contains a call to bits, whose effects weft does not know (it is not defined in this file)}}
    mapping_t *m = f->mapping + i;
    m->submaps = bits(f); // expected-note {{here}}
    if (m->submaps > 1) {
      for (int j = 0; j < f->channels; ++j) // expected-remark {{loop not parallelized: it contains a call to bits, whose effects weft does not know (it is not defined in this file)}}
        m->chan[j] = bits(f); // expected-note {{here}}
    } else {
      for (int j = 0; j < f->channels; ++j) // expected-remark {{loop parallelized: a run-time check that m->chan and m do not overlap; a run-time check that m->chan and f do not overlap}}
        m->chan[j] = 0;
    }
  }
}

// A table of row pointers reached by arithmetic: elements of the target's
// pointer size (weft.flags' pointer_bytes), viewed from t->rows.
typedef struct {
  int n, w;
  double *data;
  double **rows;
} table;
void link_rows(table *t) {
  for (int i = 0; i < t->n; i++) // expected-remark {{loop parallelized: a run-time check that t->rows and t do not overlap}}
    *(t->rows + i) = t->data + i * t->w;
}
