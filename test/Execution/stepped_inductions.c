// RUN: %exec-check %s
// PARALLEL: 6
// Inductions of loops with a step (docs/analysis.md, "Other counters"):
// `for (i = 0; i < n; i += 2) { out[j] = ...; j++; }` (downsampling,
// deinterleaving) makes j a function of the iteration's number, (i - lb) /
// step, which the dependence test reads as the loop's own quotient and a
// run-time check bounds by 0 and ub - 1 - lb. With a start other than 0,
// steps of 3 and j += 2, a while loop (`i + 1 < n`), and called in place
// (out over in: the check fails, as written), adjacent, and with no
// iteration; the variables' values after the loop are printed.
#include <stdio.h>
#include <stdlib.h>

#define N 6000

static int halve(const float *in, float *out, int n) {
  int i = 0, j = 0;
  while (i + 1 < n) {
    out[j++] = 0.5f * (in[i] + in[i + 1]);
    i += 2;
  }
  return j * 10000 + i;
}

static int split(const float *in, float *l, float *r, int n, int from) {
  int j = from;
  for (int i = 0; i < n; i += 2) {
    l[j] = in[i];
    r[j] = in[i + 1];
    j++;
  }
  return j;
}

static int thirds(const int *in, int *out, int n) {
  int j = 1;
  for (int i = 2; i < n; i += 3) {
    out[j] = in[i] * 3 + in[i - 1];
    j += 2;
  }
  return j;
}

static int odd(const double *in, double *out, int n) {
  int j = 0, i;
  for (i = 1; i < n; i += 2) {
    out[j] = in[i] - in[i - 1];
    ++j;
  }
  return j + i;
}

static double sum(const void *p, int n, int size) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (size == 4 ? (double)((const float *)p)[i]
                    : ((const double *)p)[i]) *
         (i % 5 + 1);
  return s;
}

static void fillf(float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = (float)((i * 29) % 103) - 40.0f;
}

int main(void) {
  float *f = malloc(sizeof(float) * 4 * N);
  int *ia = malloc(sizeof(int) * 3 * N);
  double *da = malloc(sizeof(double) * 3 * N);
  double check = 0;
  long ends = 0;
  int sizes[] = {N, N - 1, 1, 0, 7};
  for (int k = 0; k < 5; k++) {
    int n = sizes[k];
    /* Apart, adjacent, in place. */
    float *outs[] = {f + 2 * N, f + n, f};
    for (int c = 0; c < 3; c++) {
      fillf(f, 4 * N);
      ends += halve(f, outs[c], n);
      check += sum(f, 4 * N, 4);
      fillf(f, 4 * N);
      ends += split(f, outs[c], outs[c] + N / 2 + 3, n - (n & 1), c);
      check += sum(f, 4 * N, 4);
    }
    for (int i = 0; i < 3 * N; i++)
      ia[i] = (i * 13) % 37, da[i] = (i % 11) * 0.5;
    ends += thirds(ia, ia + N, n) + thirds(ia, ia + 1, n);
    for (int i = 0; i < 3 * N; i += 7)
      check += ia[i];
    ends += odd(da, da + N, n) + odd(da, da, n);
    check += sum(da, 3 * N, 8);
  }
  printf("%ld %.3f\n", ends, check);
  free(f);
  free(ia);
  free(da);
  return 0;
}
