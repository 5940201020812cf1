// RUN: %exec-check %s
// PARALLEL: 4
// Triangular nests: the cost of an outer iteration is linear in its counter,
// so the runtime cuts chunks of equal work (the linear cost shape). Results
// are exact whatever the split. Through pointers, a triangle of a flattened
// matrix (k < j, z[k * m + j]) runs in parallel behind a run-time check
// whose range comes from the inner loop's ends as polynomials in j, then
// from j's (docs/analysis.md, "Run-time checks"), and runs as written when
// the arrays overlap.
#include <stdio.h>

#define N 700
static double L[N][N];
static double g[N][N];
static double x[N], z[N * 64];

static void lower(int m, double *out, const double *in) {
  for (int j = 0; j < m; j++)
    for (int k = 0; k < j; k++)
      out[j] = out[j] * 0.5 + in[k * m + j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      L[i][j] = 1.0 / (1 + i + j);
  // Row i touches columns 0..i (cost grows with i).
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      g[i][j] = L[j][i] * 2.0 - (double)(j - i);
  double s = 0;
  for (int i = 0; i < N; i += 13)
    for (int j = 0; j < N; j += 17)
      s += g[i][j] + L[i][j];
  printf("%.17g\n", s);
  for (int i = 0; i < N * 64; i++)
    z[i] = (double)(i % 29) / 8.0;
  lower(64, x, z);
  s = 0;
  for (int i = 0; i < 64; i++)
    s += x[i] * (i + 1);
  printf("lower %.17g\n", s);
  // out is inside what in reads: the check fails, the loop runs as written.
  lower(64, z + 100, z);
  s = 0;
  for (int i = 0; i < N * 64; i += 7)
    s += z[i];
  printf("lower overlapping %.17g\n", s);
  return 0;
}
