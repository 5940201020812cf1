// RUN: %exec-check %s
// PARALLEL: 10
// Inductions of a loop whose counter steps by a variable (docs/analysis.md,
// "Steps by a variable"): decimation by a run-time factor, `out[j] =
// in[i]` with `i += f, j++`, written in the increment or in the body, a
// pointer walked with it, and the induction read after the loop. The
// induction is the iteration's number, k, which two iterations never
// share: `out[j]` is written once. What two iterations may share stays
// sequential: `out[j / 2]`, and `out[i - j]`, which with a factor of 1 is
// one element.
#include <stdio.h>
#include <stdlib.h>

#define N 40000

static int every(int n, int f, const float *restrict in, float *restrict out) {
  int i, j;
  for (i = 0, j = 0; i < n; i += f, j++)
    out[j] = in[i] * 0.5f + 1.0f;
  return j;
}

static int averaged(int n, int f, const double *restrict in,
                    double *restrict out) {
  int j = 0;
  for (int i = 0; i + 1 < n; i += f) {
    out[j] = (in[i] + in[i + 1]) * 0.5;
    j++;
  }
  return j;
}

static void walked(int n, int f, const int *restrict in, int *restrict out) {
  int *o = out;
  for (int i = 3; i < n; i += f)
    *o++ = in[i] * 2 + 1;
}

static long halves(int n, int f, const int *restrict in, int *restrict out) {
  int i, j;
  for (i = 0, j = 0; i < n; i += f, j++)
    out[j / 2] += in[i];
  return j;
}

static void shifted(int n, int f, const int *restrict in, int *restrict out) {
  int i, j;
  for (i = 0, j = 0; i < n; i += f, j++)
    out[i - j] += in[i];
}

int main(void) {
  float *fi = malloc(N * sizeof *fi), *fo = malloc(N * sizeof *fo);
  double *di = malloc(N * sizeof *di), *dout = malloc(N * sizeof *dout);
  int *ii = malloc(N * sizeof *ii), *io = malloc(N * sizeof *io);
  for (int i = 0; i < N; i++) {
    fi[i] = (float)(i % 23);
    di[i] = (i % 19) * 0.5;
    ii[i] = i % 31;
  }
  int factors[] = {1, 2, 3, 7, 0, -2};
  for (int t = 0; t < 6; t++) {
    int f = factors[t];
    if (f <= 0) { /* as written, such loops never end: not run */
      printf("factor %d skipped\n", f);
      continue;
    }
    for (int i = 0; i < N; i++)
      fo[i] = 0, dout[i] = 0, io[i] = 0;
    int a = every(N, f, fi, fo);
    int b = averaged(N, f, di, dout);
    double s = 0;
    for (int i = 0; i < N; i++)
      s += fo[i] * (i % 5) + dout[i] * (i % 3);
    walked(N, f, ii, io);
    long t1 = 0;
    for (int i = 0; i < N; i++)
      t1 += (long)io[i] * (i % 7);
    for (int i = 0; i < N; i++)
      io[i] = 0;
    long c = halves(N, f, ii, io);
    for (int i = 0; i < N; i++)
      t1 += (long)io[i] * (i % 11);
    for (int i = 0; i < N; i++)
      io[i] = 0;
    shifted(N, f, ii, io);
    for (int i = 0; i < N; i++)
      t1 += (long)io[i] * (i % 13);
    printf("factor %d: %d %d %ld %.2f %ld\n", f, a, b, c, s, t1);
  }
  free(fi), free(fo), free(di), free(dout), free(ii), free(io);
  return 0;
}
