// RUN: %exec-check %s
// PARALLEL: 6
// GRAPHS: 1
// WEFT-ARGS: --fp-reductions
// TOLERANCE: 1e-8
// A conjugate-gradient solver for a 1-D Poisson system: a matrix-free
// product, dot products (floating-point reductions, allowed with
// --fp-reductions) and vector updates, repeated until convergence.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void apply(int n, const double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++) {
    double l = i > 0 ? x[i - 1] : 0.0, r = i < n - 1 ? x[i + 1] : 0.0;
    y[i] = 2.0 * x[i] - l - r;
  }
}

static double dot(int n, const double *x, const double *y) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

static void axpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

static void xpay(int n, const double *x, double a, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] + a * y[i];
}

int main(void) {
  int n = 20000;
  double *x = calloc((size_t)n, sizeof *x), *b = malloc(sizeof *b * (size_t)n);
  double *r = malloc(sizeof *r * (size_t)n), *p = malloc(sizeof *p * (size_t)n);
  double *ap = malloc(sizeof *ap * (size_t)n);
  for (int i = 0; i < n; i++)
    b[i] = sin(i * 0.001);
  for (int i = 0; i < n; i++) {
    r[i] = b[i];
    p[i] = b[i];
  }
  double rr = dot(n, r, r);
  int it;
  for (it = 0; it < 200 && rr > 1e-20; it++) {
    apply(n, p, ap);
    double alpha = rr / dot(n, p, ap);
    axpy(n, alpha, p, x);
    axpy(n, -alpha, ap, r);
    double rr2 = dot(n, r, r);
    xpay(n, r, rr2 / rr, p);
    rr = rr2;
  }
  printf("%d %.10e %.10e %.10e\n", it, sqrt(rr), x[n / 2], x[17]);
  free(x);
  free(b);
  free(r);
  free(p);
  free(ap);
  return 0;
}
