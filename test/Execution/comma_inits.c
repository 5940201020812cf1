// RUN: %exec-check %s
// PARALLEL: 16
// Inits a counted loop runs once before it (docs/analysis.md, "Inits"):
// several expressions (`for (i = 0, j = 0; ...)`), an init that sets a
// variable other than the counter (`for (j = 7; i < n; i++)`), and either
// in a for with no increment, and declarations of several variables or of
// one other than the counter (`for (int i = 0, m = n / 3; i < m; i++)`,
// `for (float *p = a, *e = a + n; p < e; p++)`).
// The counter starts from what the init leaves; the others are what they
// are where the loop starts (inductions, a reduction's first value, a
// bound). An init with a call runs it once. The counters' values after
// the loops are printed.
#include <stdio.h>
#include <stdlib.h>

#define N 30000

static int calls;

static int next_offset(void) {
  calls++;
  return 3;
}

/* A wavelet step's way: pairs in, one out each (GSL's dwt). */
static int pairs(int n, const double *restrict in, double *restrict lo,
                 double *restrict hi) {
  int i, ii;
  for (ii = 0, i = 0; i < n - 1; i += 2, ii++) {
    lo[ii] = (in[i] + in[i + 1]) * 0.5;
    hi[ii] = (in[i] - in[i + 1]) * 0.5;
  }
  return i * 1000 + ii;
}

/* A dot product from an offset (opus's celt_lpc way). */
static int dot_from(int n, int k, const int *a, const int *b) {
  int i, d;
  for (i = k + 2, d = 0; i < n; i++)
    d += a[i] * b[i - k];
  return d + i;
}

/* The bound set by the init. */
static void halves(int n, float *restrict out, const float *restrict in) {
  int i, m;
  for (i = 0, m = n / 2; i < m; i++)
    out[i] = in[2 * i] + in[2 * i + 1];
}

/* The init calls a function: once. */
static int offsets(int n, int *restrict out) {
  int i, off;
  for (i = 0, off = next_offset(); i < n; i++)
    out[i] = i * off;
  return i;
}

/* An init that sets another variable; the counter starts where it is. */
static int from_here(int n, int *restrict out) {
  int i = 5, j;
  for (j = 11; i < n; i++)
    out[i] = j * i;
  return i + j;
}

/* No increment: the condition steps the counter. */
static int down(int n, float *restrict a, const float *restrict b) {
  int i, k;
  for (k = 3, i = n; i-- > 0;)
    a[i] = b[i] * (float)k;
  return i + k;
}

/* Two declared: the block that replaces the loop declares them. */
static int declared(int n, int *restrict out) {
  int s = 0;
  for (int i = 0, j = n; i < n; i++, j--) {
    out[i] = j;
    s += j;
  }
  return s;
}

/* The bound declared in the init, and a variable other than the counter
   declared there. */
static long declared_bound(int n, const int *restrict in, int *restrict out) {
  long t = 0;
  for (int i = 0, m = n / 3; i < m; i++)
    out[i] = in[3 * i] + in[3 * i + 2];
  int i = 2;
  for (int k = 5; i < n; i++)
    t += (long)in[i] * k;
  return t + i;
}

/* A pointer and its end declared in the init. */
static void ends(float *a, int n) {
  for (float *p = a, *e = a + n; p < e; p++)
    *p = *p * 2.0f + 1.0f;
}

/* Steps of a variable in the init's other part, down from the end. */
static void reversed(int n, const int *restrict in, int *restrict out) {
  int i, j;
  for (i = 0, j = n - 1; i < n; i++, j--)
    out[j] = in[i] + 1;
}

int main(void) {
  double *in = malloc(N * sizeof *in), *lo = malloc(N * sizeof *lo),
         *hi = malloc(N * sizeof *hi);
  int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b),
      *o = malloc(N * sizeof *o), *o2 = malloc(N * sizeof *o2);
  float *f = malloc(N * sizeof *f), *g = malloc(N * sizeof *g);
  for (int i = 0; i < N; i++) {
    in[i] = (i % 17) * 0.25;
    a[i] = i % 13;
    b[i] = i % 7 - 3;
    f[i] = (float)(i % 11);
    lo[i] = hi[i] = 0;
    o[i] = o2[i] = 0;
    g[i] = 0;
  }
  int r = pairs(N - 1, in, lo, hi);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += lo[i] * (i % 5) + hi[i] * (i % 3);
  printf("pairs %d %.3f\n", r, s);
  r = dot_from(N, 5, a, b);
  printf("dot_from %d\n", r);
  halves(N, g, f);
  s = 0;
  for (int i = 0; i < N; i++)
    s += g[i] * (i % 7);
  printf("halves %.1f\n", s);
  r = offsets(N, o);
  long t = 0;
  for (int i = 0; i < N; i++)
    t += o[i] % 1001;
  printf("offsets %d %ld calls %d\n", r, t, calls);
  r = from_here(N, o2);
  t = 0;
  for (int i = 0; i < N; i++)
    t += o2[i] % 97;
  printf("from_here %d %ld\n", r, t);
  r = down(N, g, f);
  s = 0;
  for (int i = 0; i < N; i++)
    s += g[i] * (i % 3);
  printf("down %d %.1f\n", r, s);
  r = declared(N, o);
  printf("declared %d %d\n", r, o[N / 3]);
  long d = declared_bound(N, a, o);
  t = 0;
  for (int i = 0; i < N; i++)
    t += (long)o[i] * (i % 3);
  printf("declared_bound %ld %ld\n", d, t);
  ends(g, N);
  s = 0;
  for (int i = 0; i < N; i++)
    s += g[i] * (i % 3);
  printf("ends %.1f\n", s);
  reversed(N, a, o2);
  t = 0;
  for (int i = 0; i < N; i++)
    t += (long)o2[i] * (i % 5);
  printf("reversed %ld\n", t);
  free(in), free(lo), free(hi), free(a), free(b), free(o), free(o2), free(f),
      free(g);
  return 0;
}
