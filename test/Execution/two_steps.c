// RUN: %exec-check %s
// PARALLEL: 8
// Variables stepped more than once in an iteration (docs/analysis.md,
// "Other counters"): stereo samples interleaved through `*o++ = *l++; *o++
// = *r++;`, an int stepped three times around its subscripts, steps up
// and down (+3, -1), a read between steps inside an if, and steps that a
// continue may skip (sequential). main calls each with no iteration, one
// and many, and prints what the variables are after the loops.
#include <stdio.h>
#include <stdlib.h>

static float *interleave(int n, const float *l, const float *r, float *o) {
  for (int i = 0; i < n; i++) {
    *o++ = *l++;
    *o++ = *r++ * 0.5f;
  }
  return o;
}

static int pack(int n, const int *a, int *out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    out[j++] = a[i];
    out[j++] = -a[i];
    out[j] = 7;
    j += 1;
  }
  return j;
}

static int updown(int n, int *out) {
  int j = 10;
  for (int i = 0; i < n; i++) {
    j += 3;
    out[j] = i;
    j -= 1;
  }
  return j;
}

static long between(int n, const int *a, long *out) {
  long j = 5;
  for (int i = 0; i < n; i++) {
    out[j] = a[i];
    j += 2;
    if (a[i] % 3 == 0)
      out[j - 1] = -a[i];
    else
      out[j - 1] = a[i] / 2;
    j++;
  }
  return j;
}

static int skipped(int n, const int *a, int *out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    out[j++] = a[i];
    if (a[i] % 5 == 0)
      continue;
    out[j++] = a[i] + 1;
  }
  return j;
}

int main(void) {
  enum { N = 20000 };
  float *l = malloc(sizeof(float) * N), *r = malloc(sizeof(float) * N);
  float *o = malloc(sizeof(float) * 2 * N);
  int *a = malloc(sizeof(int) * N), *out = malloc(sizeof(int) * 4 * N);
  long *lo = malloc(sizeof(long) * 4 * N);
  for (int i = 0; i < N; i++) {
    l[i] = (float)i;
    r[i] = (float)(N - i);
    a[i] = i * 7 % 101;
  }
  for (int i = 0; i < 4 * N; i++) {
    out[i] = 0;
    lo[i] = 0;
  }
  long check = 0;
  int sizes[] = {0, 1, N};
  for (int s = 0; s < 3; s++) {
    int n = sizes[s];
    check += interleave(n, l, r, o) - o;
    check += pack(n, a, out);
    check += updown(n, out + N);
    check += between(n, a, lo);
    check += skipped(n, a, out + N);
  }
  for (int i = 0; i < 2 * N; i++)
    check += (long)o[i] * (i % 7);
  for (int i = 0; i < 4 * N; i++)
    check += out[i] * (i % 5) + lo[i] * (i % 3);
  printf("%ld\n", check);
  free(l);
  free(r);
  free(o);
  free(a);
  free(out);
  free(lo);
  return 0;
}
