// What real programs declare around their hot loops (bench/programs): an
// array declared in the body (new in every iteration), buffers from
// different malloc calls (distinct memory), and sizes held in variables
// that are never assigned (weft names them in run-time checks).
// Execution: test/Execution/locals_allocations.c.
// RUN: weft-translate %s --verify --analyze -- -ffast-math

#include <stdlib.h>

// flux[] is declared in the body: each iteration has its own.
void fluxes(double *out, const double *in, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: a run-time check that out and in do not overlap}}
    double flux[4];
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
      flux[v] = in[4 * i + v];
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
      out[4 * i + v] = flux[v] * 0.5;
  }
}

// Declared before the loop, flux[] is one array for all iterations; each
// iteration writes all it reads first, and nothing reads it after the
// loop: private (docs/analysis.md, "Private arrays").
void shared_flux(double *restrict out, const double *restrict in, int n) {
  double flux[4];
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: flux is private}}
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: the loop at 26:3 around it runs in parallel}}
      flux[v] = in[4 * i + v];
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: the loop at 26:3 around it runs in parallel}}
      out[4 * i + v] = flux[v] * 0.5;
  }
}

// Read after the loop, it is one array for all iterations.
double flux_after(double *restrict out, const double *restrict in, int n) {
  double flux[4];
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: flux[v] written in one iteration is written again in another}}
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: too little work}}
      flux[v] = in[4 * i + v]; // expected-note {{flux[v] written here}}
    for (int v = 0; v < 4; v++) // expected-remark {{loop not parallelized: too little work}}
      out[4 * i + v] = flux[v] * 0.5;
  }
  return flux[0];
}

// Two malloc calls: distinct, no check. realloc may return its argument: a
// check, named by the size variable (never assigned, so weft names it).
float *buffers(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  float *a = malloc(sizeof(float) * n), *b = calloc(n, sizeof(float));
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    a[i] = b[i] + 1.0f;
  float *c = realloc(b, sizeof(float) * 2 * n);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that c and a do not overlap}}
    c[i] = a[i] * 2.0f;
  free(a);
  return c;
}

// The size is a variable the loop names in its bound: the check uses it. An
// inner n that shadows it is another variable, with its own value.
void sizes(float *x, const float *y, int m) {
  int n = m / 2 + 1;
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that x and y do not overlap}}
    x[i] = y[i] + 1.0f;
  {
    int n = m / 3 + 1;
    for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that x and y do not overlap}}
      x[i] = y[i + 1] * 2.0f;
  }
}

// A record of one allocation passed on as `data + i * 8` (a pointer
// computed in the loop, into data's allocation): apart from another
// allocation and from a local array; the work array a call fills, which
// another call then reads, is private.
static void load(int d, const float *src, float *dst) {
  for (int k = 0; k < d; k++) // expected-remark {{loop parallelized: its iterations are independent}}
    dst[k] = src[k] * 0.5f;
}
static float sum(int d, const float *v) {
  float s = 0.0f;
  for (int k = 0; k < d; k++) // expected-remark {{loop parallelized: s is a + reduction}}
    s += v[k];
  return s;
}
float *records(int n) {
  float *data = malloc(sizeof(float) * 8 * n), *out = malloc(sizeof(float) * n);
  float rec[8];
  if (!data || !out)
    return 0;
  for (int i = 0; i < 8 * n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    data[i] = (float)(i % 7);
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: rec is private}}
    load(8, data + i * 8, rec);
    out[i] = sum(8, rec);
  }
  free(data);
  return out;
}
