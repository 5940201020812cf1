// RUN: %exec-check %s
// PARALLEL: 9
// OPENMP-PARALLEL: 8
// GRAPHS: 2
// OPENMP-GRAPHS: 0
// What real programs declare around their hot loops (bench/programs): an
// array declared in the body, buffers from different malloc calls, and
// sizes in never-assigned variables that the run-time checks name (one
// shadowed by an inner variable of the same name). sizes() is called with
// x and y apart (parallel) and overlapping (the check fails: as written).
// records() passes `data + i * 8` and a work array to calls.
#include <stdio.h>
#include <stdlib.h>

static void fluxes(double *out, const double *in, int n) {
  for (int i = 0; i < n; i++) {
    double flux[4];
    for (int v = 0; v < 4; v++)
      flux[v] = in[4 * i + v] * (v + 1);
    double s = 0;
    for (int v = 0; v < 4; v++)
      s += flux[v];
    for (int v = 0; v < 4; v++)
      out[4 * i + v] = flux[v] - s / 4;
  }
}

static void sizes(float *x, const float *y, int m) {
  int n = m / 2 + 1;
  for (int i = 0; i < n; i++)
    x[i] = y[i] + 1.0f;
  {
    int n = m / 3 + 1;
    for (int i = 0; i < n; i++)
      x[i] = y[i + 1] * 0.5f + x[i];
  }
}

// Records of one allocation passed on as `data + i * 8`, into a work
// array that one call fills and another reads: rec is private.
static void load(int d, const double *src, double *dst) {
  for (int k = 0; k < d; k++)
    dst[k] = src[k] * 0.5 + (double)k;
}
static double spread(int d, const double *v) {
  double lo = v[0], hi = v[0];
  for (int k = 1; k < d; k++) {
    lo = v[k] < lo ? v[k] : lo;
    hi = v[k] > hi ? v[k] : hi;
  }
  return hi - lo;
}
static double records(int n) {
  double *data = malloc(sizeof(double) * 8 * n), *out = malloc(sizeof(double) * n);
  double rec[8], t = 0;
  if (!data || !out)
    return -1;
  for (int i = 0; i < 8 * n; i++)
    data[i] = (double)((i * 37) % 101) / 7.0;
  for (int i = 0; i < n; i++) {
    load(8, data + i * 8, rec);
    out[i] = spread(8, rec) + rec[3];
  }
  for (int i = 0; i < n; i += 5)
    t = t * 0.5 + out[i];
  free(data);
  free(out);
  return t;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  if (n < 1 || n > 1000000)
    return 1;
  double *in = malloc(sizeof(double) * 4 * n);
  double *out = malloc(sizeof(double) * 4 * n);
  float *a = calloc(n + 2, sizeof(float)), *b = calloc(n + 2, sizeof(float));
  if (!in || !out || !a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < 4 * n; i++)
    in[i] = (double)(i % 17) - 8.0;
  fluxes(out, in, n);
  for (int i = 0; i < n + 2; i++)
    a[i] = (float)(i % 13);
  sizes(b, a, n);     /* apart */
  sizes(a + 1, a, n); /* overlapping: as written */
  double s = 0, t = 0;
  for (int i = 0; i < 4 * n; i += 7)
    s += out[i];
  for (int i = 0; i < n + 2; i += 3)
    t += a[i] + 2 * b[i];
  printf("%.6f %.6f %.6f %.6f\n", s, t, out[4 * n - 1], (double)a[n / 3]);
  printf("%.9f\n", records(n));
  free(in);
  free(out);
  free(a);
  free(b);
  return 0;
}
