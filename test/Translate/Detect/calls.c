// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// Calls: the C math library is pure (see docs/analysis.md for errno); a
// function of the same file is summarized from its body; anything else keeps
// the loop sequential, with the callee named.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// expected-remark@+2 {{loop parallelized}}
void math(int n, double *restrict out, const double *restrict in) {
  for (int i = 0; i < n; i++)
    out[i] = sqrt(in[i]) + sin(in[i]) * exp(-in[i]) + fabs(in[i]);
}

static double sq(double x) { return x * x; }
static double poly(double x, const double *c) { return c[0] + x * (c[1] + x * c[2]); }

// Pure helpers, and one that reads through its pointer argument.
// expected-remark@+2 {{loop parallelized}}
void helpers(int n, double *restrict out, const double *restrict in, const double *restrict c) {
  for (int i = 0; i < n; i++)
    out[i] = sq(in[i]) + poly(in[i], c);
}

// A helper that writes through its pointer, at the loop's own element.
static void store(double *p, double v) { *p = v; }
// expected-remark@+2 {{loop parallelized}}
void through_pointer(int n, double *restrict out) {
  for (int i = 0; i < n; i++)
    store(&out[i], i);
}

// ... and one that writes its neighbour too: a dependence.
static void store_pair(double *p, double v) { p[0] = v; p[1] = v; }
// expected-remark@+2 {{loop not parallelized: store_pair(&out[i], i) written in iteration i is written again in iteration i+1}}
void neighbours(int n, double *restrict out) {
  for (int i = 0; i < n; i++)
    store_pair(&out[i], i); // expected-note {{here}}
}

// A helper that fills a row: writes p[0..len) through its pointer.
static void fill(double *p, int len, double v) {
  // expected-remark@+1 {{loop parallelized}}
  for (int k = 0; k < len; k++)
    p[k] = v;
}
// expected-remark@+2 {{loop parallelized}}
void rows(int n, double (*restrict m)[16]) {
  for (int i = 0; i < n; i++)
    fill(m[i], 16, i);
}

// I/O keeps its order.
// expected-remark@+2 {{loop not parallelized: it contains a call to printf, which does I/O, whose order matters}}
void print(int n, const double *v) {
  for (int i = 0; i < n; i++)
    printf("%f\n", v[i]); // expected-note {{here}}
}

// Hidden state.
// expected-remark@+2 {{loop not parallelized: it contains a call to rand, which keeps hidden state between calls}}
void random_fill(int n, int *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = rand(); // expected-note {{here}}
}

// A function weft cannot see.
extern double mystery(double);
// expected-remark@+2 {{loop not parallelized: it contains a call to mystery, whose effects weft does not know (it is not defined in this file)}}
void unknown(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = mystery(v[i]); // expected-note {{here}}
}

// A helper that calls something impure is impure.
static double logged(double x) { printf("%f\n", x); return x; }
// expected-remark@+2 {{loop not parallelized: it contains a call to logged, which calls printf, which does I/O, whose order matters}}
void indirect(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = logged(v[i]); // expected-note {{here}}
}

// A helper that updates a global counter.
static int calls;
static double counted(double x) { calls++; return x; }
// expected-remark@+2 {{loop not parallelized: the loop calls a function that uses the global calls}}
void global_effect(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = counted(v[i]); // expected-note {{here}}
}

// Recursion cannot be summarized.
static double fact(int k) { return k <= 1 ? 1 : k * fact(k - 1); }
// expected-remark@+2 {{loop not parallelized: it contains a call to fact, which calls fact, which is recursive}}
void recursive(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = fact(i); // expected-note {{here}}
}
