// RUN: %exec-check %s
// PARALLEL: 9
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// Conditions that compare the counter plus a constant (docs/analysis.md,
// "Counted loops"): `i + 1 < n`, `1 + i < n`, `i + 2 <= n`, `n > i + 1`,
// `i - 1 < n`, over int, long, size_t (n of 0 and 1: `n - 1` would wrap,
// `i + 1 < n` does not), unsigned and unsigned char counters, a while loop,
// a do loop, the counter's value after the loop, and an inner loop of a
// nest. The size_t loops run from a start past the bound too.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4000

static int diff_int(const int *a, int *d, int n) {
  int i;
  for (i = 0; i + 1 < n; i++)
    d[i] = a[i + 1] - a[i];
  return i;
}

static size_t diff_size(const double *a, double *d, size_t from, size_t n) {
  size_t i;
  for (i = from; i + 1 < n; i++)
    d[i] = a[i + 1] - a[i];
  return i;
}

static long pairs(const float *a, float *s, long n) {
  long i;
  for (i = 0; 1 + i < n; i += 2) {
    s[i] = a[i] + a[i + 1];
    s[i + 1] = a[i] - a[i + 1];
  }
  return i;
}

static void window3(const int *a, int *w, int n) {
  for (int i = 0; i + 2 <= n - 1; i++)
    w[i] = a[i] + a[i + 1] + a[i + 2];
}

static unsigned flipped(const unsigned *a, unsigned *b, unsigned n) {
  unsigned i;
  for (i = 0; n > i + 1; i++)
    b[i] = a[i] ^ a[i + 1];
  return i;
}

static int minus_one(const int *a, int *b, int n) {
  int i;
  for (i = 1; i - 1 < n; i++)
    b[i - 1] = 3 * a[i - 1];
  return i;
}

static int small(unsigned char *t) {
  unsigned char c;
  for (c = 0; c + 1 < 200; c++)
    t[c] = (unsigned char)(c * 7);
  return c;
}

static int walk(const int *a, int *b, int n) {
  int i = 0;
  while (i + 3 < n) {
    b[i] = a[i + 3] - a[i];
    i++;
  }
  return i;
}

static int rows(int h, int w, const int *in, int *out) {
  int sum = 0;
  for (int y = 0; y < h; y++) {
    for (int x = 0; x + 1 < w; x++)
      out[y * w + x] = in[y * w + x + 1] + in[y * w + x];
    sum += out[y * w];
  }
  return sum;
}

int main(void) {
  int *ia = malloc(sizeof(int) * N), *ib = malloc(sizeof(int) * N);
  double *da = malloc(sizeof(double) * N), *db = malloc(sizeof(double) * N);
  float *fa = malloc(sizeof(float) * N), *fb = malloc(sizeof(float) * N);
  unsigned *ua = malloc(sizeof(unsigned) * N), *ub = malloc(sizeof(unsigned) * N);
  unsigned char t[256] = {0};
  for (int i = 0; i < N; i++) {
    ia[i] = (i * 37) % 101 - 50;
    da[i] = (i * 13) % 17 * 0.25;
    fa[i] = (float)((i * 7) % 23);
    ua[i] = (unsigned)i * 2654435761u;
    ib[i] = 0;
    db[i] = 0;
    fb[i] = 0;
    ub[i] = 0;
  }
  long check = 0;
  for (int n = 0; n < N; n += 997) {
    check += diff_int(ia, ib, n) + ib[n / 2];
    check += (long)diff_size(da, db, 0, (size_t)n) + (long)db[n / 3];
    check += pairs(fa, fb, n) + (long)fb[n / 5];
    window3(ia, ib, n);
    check += ib[n / 7];
    check += flipped(ua, ub, (unsigned)n) + ub[n / 2] % 1000;
    check += minus_one(ia, ib, n) + ib[n / 4];
    check += walk(ia, ib, n) + ib[n / 6];
  }
  check += (long)diff_size(da, db, 0, 0) + (long)diff_size(da, db, 0, 1);
  check += (long)diff_size(da, db, 10, 5) + (long)diff_size(da, db, 3, N);
  check += small(t) + t[199] + t[150];
  check += rows(40, 100, ia, ib) + rows(3, 1, ia, ib) + ib[555];
  printf("%ld\n", check);
  free(ia);
  free(ib);
  free(da);
  free(db);
  free(fa);
  free(fb);
  free(ua);
  free(ub);
  return 0;
}
