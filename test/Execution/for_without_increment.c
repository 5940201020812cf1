// RUN: %exec-check %s
// PARALLEL: 9
// `for` loops with no increment (docs/analysis.md, "While and do loops"):
// the counter stepped in the condition (`for (i = n; i-- > 0;)`, GSL's way
// down, `for (i = 0; ++i < n;)`) or in the body (`for (i = 0; i < n;) {
// ...; i += 2; }`), set by the init (declared there or not), or by no init
// (`for (; i < n;)`: from its value), a pointer counter (`for (p = a + n;
// p-- > a;)`), a step by a variable, an init that sets another variable
// (run before the loop: docs/analysis.md, "Inits"); a second step before
// a continue stays sequential. The
// counters' values after the loops are printed.
#include <stdio.h>
#include <stdlib.h>

#define N 30000

static void down(int n, float *restrict a, const float *restrict b) {
  for (int i = n; i-- > 0;)
    a[i] = b[i] * 2.0f + (float)(i % 5);
}

static int down_kept(int n, double *a) {
  int i;
  for (i = n; i-- > 0;)
    a[i] = a[i] * 0.5 + i;
  return i;
}

static int up2(int n, float *restrict a, const float *restrict b) {
  int i;
  for (i = 1; i < n;) {
    a[i] = b[i] + 1.0f;
    i += 2;
  }
  return i;
}

static int pre(int n, float *a) {
  int i;
  for (i = 0; ++i < n;)
    a[i] = a[i] * 3.0f - 1.0f;
  return i;
}

static int from_value(int n, int i, double *a) {
  for (; i < n;) {
    a[i] += 2.0;
    i++;
  }
  return i;
}

static void backwards(int n, float *a) {
  for (float *p = a + n; p-- > a;)
    *p = *p * 0.25f + 1.0f;
}

static int strided(int n, int s, double *a) {
  int i;
  for (i = 0; i < n;) {
    a[i] = -a[i];
    i += s;
  }
  return i;
}

static int other_init(int n, float *a) {
  int k, j = 0;
  for (k = 7; j < n;) {
    a[j] += (float)k;
    j++;
  }
  return j;
}

static int skipped(int n, float *a) {
  int i;
  for (i = 0; i < n;) {
    if (a[i] > 100.0f) {
      i++;
      continue;
    }
    a[i] += 200.0f;
    i++;
  }
  return i;
}

static double sum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}

static double dsum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  float *a = malloc(sizeof(float) * N), *b = malloc(sizeof(float) * N);
  double *d = malloc(sizeof(double) * N);
  if (!a || !b || !d)
    return 1;
  for (int i = 0; i < N; i++) {
    a[i] = 0.0f;
    b[i] = (float)(i % 97);
    d[i] = (double)(i % 13);
  }
  down(N, a, b);
  down(0, a, b);
  printf("down: %.1f\n", sum(a, N));
  int e = down_kept(N, d);
  printf("down_kept: i = %d, %.1f\n", e, dsum(d, N));
  e = up2(N, a, b);
  printf("up2: i = %d, %.1f\n", e, sum(a, N));
  e = up2(1, a, b);
  printf("up2 none: i = %d\n", e);
  e = pre(N, a);
  printf("pre: i = %d, %.1f\n", e, sum(a, N));
  e = pre(0, a);
  printf("pre none: i = %d\n", e);
  e = from_value(N, 11, d);
  printf("from_value: i = %d, %.1f\n", e, dsum(d, N));
  backwards(N, a);
  printf("backwards: %.1f\n", sum(a, N));
  e = strided(N, 3, d);
  printf("strided: i = %d, %.1f\n", e, dsum(d, N));
  e = other_init(N, a);
  printf("other_init: j = %d, %.1f\n", e, sum(a, N));
  e = skipped(N, a);
  printf("skipped: i = %d, %.1f\n", e, sum(a, N));
  free(a);
  free(b);
  free(d);
  return 0;
}
