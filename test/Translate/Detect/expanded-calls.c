// Calls to accessors that reach memory through a pointer held in a struct
// (docs/analysis.md, "Expanded calls"): their summaries cannot follow the
// pointer, so weft-expand-calls puts each body in place of its call, and
// the loop is judged as if it had the accesses itself, named in the
// caller's terms (x->data, y->stride) for run-time checks. The C keeps
// the calls. A pointer argument that is not a variable (&vs[k]) leaves
// the copy's base without a name a check can use (remarks write it as the
// call does); a text that names more than the parameters (a macro, a
// global) has none either.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
// The accessors: vec_get, vec_set (v->data[i * v->stride]), mat_get,
// mat_set (m->data[i * m->tda + j]), static inline in a header.
#include "../../Execution/Inputs/gslish.h"

// The checks name what the copies read, as the caller would write it.
// CHECK-LABEL: void axpy(
// CHECK: weft_apart((const void *)(y->data), {{.*}}(const void *)(x->data),
// CHECK: weft_add(-1, weft_u64((y->stride), &weft_bad), &weft_bad) >= 0 &&
// CHECK: vec_set(y, i, vec_get(y, i) + a * vec_get(x, i));
void axpy(double a, const vec *x, vec *y) {
  for (size_t i = 0; i < y->size; i++) // expected-remark {{loop parallelized: a run-time check that y->data and y do not overlap; a run-time check that y->data and x do not overlap; a run-time check that y->data and x->data do not overlap; a run-time check that no two iterations touch the same element of y->data}}
    vec_set(y, i, vec_get(y, i) + a * vec_get(x, i));
}

// A matrix's rows: the outer loop, on the check that a row's columns stay
// within it (m->tda - m->size2 >= 0).
// CHECK-LABEL: void scale_rows(
// CHECK: weft_add(weft_mul(-1, weft_u64((m->size2), &weft_bad), &weft_bad), weft_u64((m->tda), &weft_bad), &weft_bad) >= 0 &&
void scale_rows(mat *m, const vec *s) {
  for (size_t i = 0; i < m->size1; i++) { // expected-remark {{loop parallelized: a run-time check that m->data and s do not overlap; a run-time check that m->data and s->data do not overlap; a run-time check that m->data and m do not overlap; a run-time check that no two iterations touch the same element of m->data}}
    double s_i = vec_get(s, i);
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop not parallelized: the loop at 31:3 around it runs in parallel}}
      mat_set(m, i, j, mat_get(m, i, j) * s_i);
  }
}

// out->stride is read after the inner loop, which may run no iteration:
// it always completes, so the read is the first iteration's all the same.
void row_sums(const mat *m, vec *out) {
  for (size_t i = 0; i < m->size1; i++) { // expected-remark {{loop parallelized: a run-time check that out->data and m do not overlap; a run-time check that out->data and m->data do not overlap; a run-time check that out->data and out do not overlap; a run-time check that no two iterations touch the same element of out->data}}
    double t = 0;
    for (size_t j = 0; j < m->size2; j++) // expected-remark {{loop not parallelized: t is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
      t += mat_get(m, i, j); // expected-note {{t updated here}}
    vec_set(out, i, t);
  }
}

// The vector is the k-th of an array: the copy's base is (&vs[k]) (a
// pointer into a parameter's memory), computed in the loop, which no
// check names; the remark writes the argument as the call does.
void set_kth(vec *vs, int k, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop not parallelized: (&vs[k])->data and (&vs[k])->data[i * (&vs[k])->stride] may be the same memory in two iterations ((&vs[k]) is a pointer computed in the loop)}}
    vec_set(&vs[k], i, 1.0); // expected-note {{(&vs[k])->data[i * (&vs[k])->stride] here}}
}

// A macro in the accessor: its text is not the caller's to use, and no
// check can name what it reads.
#define DATA(v) ((v)->data)
static inline double first_of(const vec *v) { return DATA(v)[0]; }
void firsts(const vec *v, double *out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and DATA(v) (in first_of) may overlap, and weft cannot name DATA(v) (in first_of) in a run-time check (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = first_of(v) * i; // expected-note {{DATA(v)[0] (in first_of) here}}
}

// A summary that says it all is kept: no copy (vec_len reads v->size, a
// field of the struct itself).
static inline size_t vec_len(const vec *v) { return v->size; }
void lens(const vec *vs, size_t *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = vec_len(&vs[i]);
}

// A local struct passed by address: the analysis may know that nothing
// else reaches it, so the copy may not stand for it through a pointer; the
// call keeps its summary.
void local_view(double *restrict out, double *data, int n) {
  vec v = {(size_t)n, 1, data};
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to vec_get, which reads memory through a pointer weft does not follow (v->data[i * v->stride]), and the loop writes out[i], which such a pointer may reach}}
    out[i] = vec_get(&v, i); // expected-note {{here}}
}
