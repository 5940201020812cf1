// RUN: %exec-check %s
// PARALLEL: 9
// OPENMP-PARALLEL: 8
// WEFT-ARGS: --task-graphs=false
// OPENMP-ARGS: --task-graphs=false
// Short loops called thousands of times: on the "2 threads" team the
// runtime measures each site (docs/runtime.md, "Measured sites"), and once
// a site is known to save less than its fork, the generated code runs the
// loop as written on most calls (weft_for_inline, weft_spmd_inline), and
// through the runtime on the calls it times. Every kind of loop that asks:
// two loops in one region, an integer sum, a floating-point max, an
// integer histogram (copies per team member), a loop with a run-time
// overlap check, a last value, and a check that ends the program (never
// taken here), and a sum whose trip count changes from call to call,
// longer than any before now and then (libweft's answers kept in the
// generated code's memo hold for a range of trip counts; a longer call
// asks again). (The frame's calls would otherwise run
// as a task graph, whose loops are nested and not measured.) The results equal the sequential ones
// bit for bit, whichever way each call ran.
#include <stdio.h>
#include <stdlib.h>

#define N 3000
#define FRAMES 3000

static double a[N], b[N];
static int keys[N];

static void smooth(int n, double *restrict x, double *restrict y) {
  for (int i = 1; i < n - 1; i++)
    y[i] = 0.25 * x[i - 1] + 0.5 * x[i] + 0.25 * x[i + 1];
  for (int i = 1; i < n - 1; i++)
    x[i] = 0.25 * y[i - 1] + 0.5 * y[i] + 0.25 * y[i + 1];
}

static long total(int n, const int *k, int t) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += k[i] ^ t;
  return s;
}

static double peak(int n, const double *x) {
  double m = -1e300;
  for (int i = 0; i < n; i++)
    if (x[i] > m)
      m = x[i];
  return m;
}

static void histogram(int n, const int *k, int t, int h[64]) {
  for (int i = 0; i < n; i++)
    h[(k[i] + t) & 63]++;
}

// dst and src may overlap: a run-time check decides (the second call's
// do, and runs as written).
static void __attribute__((noinline)) shift(int n, double *dst,
                                            const double *src, double d) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + d;
}

static int last_above(int n, const int *k, int t) {
  int last = -1, j = 0;
  for (int i = 0; i < n; i++) {
    j = k[i] + t;
    last = j;
  }
  return last + j;
}

static void checked_scale(int n, const double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++) {
    if (x[i] < 0) {
      fprintf(stderr, "negative at %d\n", i);
      exit(1);
    }
    y[i] = x[i] * 0.5;
  }
}

static long ramp(int n, const int *k, int t) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)k[i] * (i ^ t);
  return s;
}

int main(void) {
  unsigned s = 7;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (double)(s >> 16) / 65536.0;
    keys[i] = (int)(s >> 8) & 1023;
  }
  long sums = 0;
  double peaks = 0;
  int h[64] = {0};
  static double c[N];
  long lasts = 0, ramps = 0;
  for (int t = 0; t < FRAMES; t++) {
    smooth(N, a, b);
    sums += total(N, keys, t);
    peaks += peak(N, a);
    histogram(N, keys, t, h);
    shift(N, c, a, t * 1e-3);
    shift(N / 2, c + N / 2, c + N / 2 - 1, 1e-3);
    lasts += last_above(N, keys, t);
    checked_scale(N, a, b);
    ramps += ramp(t % 97 == 96 ? N : (t * 7) % (N / 2) + 1, keys, t);
  }
  long hs = 0;
  for (int i = 0; i < 64; i++)
    hs = hs * 31 + h[i];
  printf("%.17g %.17g %ld %.17g %ld %ld %.17g %ld\n", a[N / 2], b[N / 3],
         sums, peaks, hs, lasts, c[N - 5], ramps);
  return 0;
}
