// Functions of other files (docs/analysis.md, "Functions of other files"):
// what their declarations say stands for a summary. GCC's const: no memory
// at all; `#pragma weft pure(name, ...)`: reads what its pointer arguments
// point into (anywhere in those objects), writes nothing; GCC's pure (glibc
// declares strlen so): that, and any memory the program can reach, as a
// read through loaded pointers is, so the loop may write only memory whose
// address nothing keeps. Anything else external stays unknown.
// Malformed pragmas are warnings (RUN line 2).
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false -- -DMALFORMED 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

double ext_const(double) __attribute__((const));
double ext_pure(const double *v, int n) __attribute__((pure));
double ext_norm(const double *v, int n);
double ext_scale(double *v, double k);
double ext_plain(double);
#pragma weft pure(ext_norm, ext_scale)

void by_const(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = ext_const(x[i]);
}

void by_pragma(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = ext_norm(x + 3 * i, 3);
}

// It reads x, anywhere: the loop writes x.
void reads_written(double *restrict x, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: ext_norm(x, n) read in one iteration may be written in another (as x[i]): a subscript weft cannot read}}
    x[i] = ext_norm(x, n); // expected-note {{x[i] written here}}
}

// The pragma promises that ext_scale writes nothing: the user's word.
void by_pragma_word(double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = ext_scale(x + i, 2.0);
}

// GCC's pure may read out through a pointer it loads.
void by_pure(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to ext_pure, which reads memory through a pointer weft does not follow (what the pure function ext_pure may read besides its arguments), and the loop writes out[i], which such a pointer may reach}}
    out[i] = ext_pure(x + i, 1); // expected-note {{here}}
}

// ... but not memory whose address nothing keeps.
double by_pure_fresh(const double *restrict x, int n) {
  double *t = malloc(n * sizeof *t);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    t[i] = ext_pure(x + i, 1);
  double s = t[0];
  free(t);
  return s;
}

// glibc's strlen is declared pure.
static char names[1000][16];
int lengths(int n) {
  int *len = malloc(n * sizeof *len);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    len[i] = (int)strlen(names[i]);
  int s = len[0];
  free(len);
  return s;
}

void unknown(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to ext_plain, whose effects weft does not know (it is not defined in this file)}}
    out[i] = ext_plain(x[i]); // expected-note {{here}}
}

#ifdef MALFORMED
// CHECK: declared-pure.c:[[@LINE+1]]:18: warning: malformed weft pragma: expected '#pragma weft pure(name, ...)'
#pragma weft pure
// CHECK: declared-pure.c:[[@LINE+1]]:19: warning: malformed weft pragma
#pragma weft pure(1)
// CHECK: declared-pure.c:[[@LINE+1]]:25: warning: malformed weft pragma
#pragma weft pure(ext_a ext_b)
// CHECK: declared-pure.c:[[@LINE+1]]:26: warning: malformed weft pragma
#pragma weft pure(ext_a) x
#endif
