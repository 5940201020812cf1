// RUN: %exec-check %s
// PARALLEL: 10
// Counters stepped by a variable (docs/analysis.md, "Steps by a
// variable"): `for (ii = 0; ii < n; ii += bs)` over blocks whose inner loop
// stays in [ii, ii + bs), rows of a flattened image (`r += w`), a while
// loop with a stride from a start of 1, the sieve's `q += p` (a step that
// is the counter of the loop around), a step a local variable holds, `<=`
// and `i + 1 < n` with a stride, a bound of size_t (compared as unsigned),
// and loops of no iteration. Every block
// size is tried: 1, one that does not divide n, one larger than n. The
// counters' values after the loops are printed. `a[i]` and `a[i + 1]` with
// a stride may overlap (a stride of 1): sequential.
#include <stdio.h>
#include <stdlib.h>

#define N 40000

static void blocked(int n, int bs, float *restrict a, const float *restrict b) {
  for (int ii = 0; ii < n; ii += bs)
    for (int i = ii; i < ii + bs && i < n; i++)
      a[i] = b[i] * 0.5f + (float)(ii % 13);
}

static void rows(int h, int w, float *restrict out, const float *restrict in) {
  for (int r = 0; r < h * w; r += w)
    for (int c = 0; c < w; c++)
      out[r + c] = in[r + c] + (c > 0 ? in[r + c - 1] : 0.0f);
}

static int strided(int n, int s, double *a) {
  int i = 1;
  while (i < n) {
    a[i] = a[i] * 2.0 + 1.0;
    i += s;
  }
  return i;
}

static long sieve(int n, char *mark) {
  long count = 0;
  for (int p = 2; p < n; p++)
    if (!mark[p]) {
      count++;
      for (int q = 2 * p; q < n; q += p)
        mark[q] = 1;
    }
  return count;
}

static int held(int n, float *a) {
  int s = (n & 1) + 2, i;
  for (i = 0; i <= n - 1; i += s)
    a[i] += 1.0f;
  return i;
}

// (C compares i with n as unsigned, as the loop means.)
#pragma GCC diagnostic ignored "-Wsign-compare"
static int sized(size_t n, int s, float *restrict a, const float *restrict b) {
  int i;
  for (i = 0; i < n; i += s)
    a[i] = b[i] - 2.0f;
  return i;
}

static int pairs(int n, int s, float *a) {
  int i;
  for (i = 0; i + 1 < n; i += s)
    a[i] = a[i] + 3.0f * a[i + 1];
  return i;
}

static void overlapping(int n, int s, float *a) {
  for (int i = 0; i + 1 < n; i += s) {
    a[i] += 1.0f;
    a[i + 1] += 2.0f;
  }
}

static double sum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  float *a = malloc(sizeof(float) * N), *b = malloc(sizeof(float) * N);
  double *d = malloc(sizeof(double) * N);
  char *mark = calloc(N, 1);
  if (!a || !b || !d || !mark)
    return 1;
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 97);
  int sizes[] = {1, 64, 333, N, 2 * N};
  for (int k = 0; k < 5; k++) {
    for (int i = 0; i < N; i++)
      a[i] = -1.0f;
    blocked(N, sizes[k], a, b);
    printf("blocked %d: %.1f\n", sizes[k], sum(a, N));
  }
  blocked(0, 0, a, b); // no iteration, whatever the step
  rows(N / 200, 200, a, b);
  printf("rows: %.1f\n", sum(a, N));
  for (int s = 1; s <= 5; s += 2) {
    for (int i = 0; i < N; i++)
      d[i] = i % 11;
    int end = strided(N, s, d);
    double t = 0;
    for (int i = 0; i < N; i++)
      t += d[i] * (i % 5 + 1);
    printf("strided %d: %.1f, i = %d\n", s, t, end);
  }
  printf("strided none: i = %d\n", strided(1, -4, d));
  printf("sieve: %ld\n", sieve(N, mark));
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 3);
  printf("held: i = %d, ", held(N - 1, a));
  int end = held(N, a);
  printf("i = %d, %.1f\n", end, sum(a, N));
  printf("sized: i = %d, ", sized(N, 3, a, b));
  end = sized(0, 5, a, b);
  printf("i = %d, %.1f\n", end, sum(a, N));
  printf("pairs: i = %d, ", pairs(N, 2, a));
  end = pairs(N - 1, 7, a);
  printf("i = %d, %.1f\n", end, sum(a, N));
  overlapping(N, 1, a);
  overlapping(N, 3, a);
  printf("overlapping: %.1f\n", sum(a, N));
  free(a);
  free(b);
  free(d);
  free(mark);
  return 0;
}
