// RUN: %exec-check %s
// PARALLEL: 12
// INTERCHANGED: 6
// TILED: 1
// WEFT-ARGS: --fork-join-ns=0
// Loop interchange inside parallel loops (docs/analysis.md, "Loop
// interchange"): the nests whose inner loop walks across rows run with it
// outside the loop around it, and the results are the same to the last
// bit (floating point, no tolerance). A matrix product with its element
// set to zero first (the statement before the inner loop gets a loop of
// its own), a perfect nest, one with statements after the inner loop
// (covariance: a scaling and a mirror store), flattened subscripts through
// pointers that a run-time check sets apart (and, called on overlapping
// memory, the fallback as written), a decreasing pair with a step of 2,
// counters declared outside the loops, a nest of four loops (doitgen)
// with a work array, and three nests left as written: a recurrence along
// j, a sum in a scalar, and a j counter read after the loops.
#include <stdio.h>
#include <stdlib.h>

#define N 96
static double A[N][N], B[N][N], C[N][N], D[N][N], E[N][N];
static double R[8][8][N], C4[N][N];

static void product(double alpha) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

static void perfect(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        D[i][j] += A[i][k] * B[k][j] - 0.5 * D[i][j];
}

static void covariance(double scale) {
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        E[i][j] += A[k][i] * A[k][j];
      E[i][j] /= scale;
      E[j][i] = E[i][j];
    }
}

static void flat(int n, double *a, const double *b, double *c) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      c[i * n + j] = 1.0;
      for (int k = 0; k < n; k++)
        c[i * n + j] += a[i * n + k] * b[k * n + j] / (1.0 + c[i * n + j]);
    }
}

static void downward(void) {
  int i, j, k;
  for (i = N - 1; i >= 0; i--)
    for (j = N - 1; j >= 1; j -= 2)
      for (k = N - 1; k >= 0; k--)
        D[i][j] = D[i][j] * 0.75 + A[i][k] * B[k][j];
}

static void doitgen(void) {
  for (int r = 0; r < 8; r++)
    for (int q = 0; q < 8; q++) {
      double sum[N];
      for (int p = 0; p < N; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < N; s++)
          sum[p] += R[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < N; p++)
        R[r][q][p] = sum[p];
    }
}

static void recurrence(void) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += C[i][j - 1] * B[k][j] * 1e-3;
}

static void scalar_sum(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      D[i][j] = s;
    }
}

static int counter_after(void) {
  int i, j = 0, k, last = 0;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        E[i][j] += A[i][k] * B[k][j];
    E[i][0] += j;
  }
  return last + j;
}

static double sum(const double *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += p[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 7.0;
      B[i][j] = (double)((i * 5 + j) % 13) / 3.0 - 1.0;
      D[i][j] = (double)(i - j) / 11.0;
      C4[i][j] = (double)((i + 2 * j) % 5) / 9.0;
    }
  for (int r = 0; r < 8; r++)
    for (int q = 0; q < 8; q++)
      for (int p = 0; p < N; p++)
        R[r][q][p] = (double)((r + q * p) % 23) / 5.0;
  product(1.5);
  printf("product %.17g\n", sum(&C[0][0], N * N));
  perfect();
  printf("perfect %.17g\n", sum(&D[0][0], N * N));
  covariance((double)(N - 1));
  printf("covariance %.17g\n", sum(&E[0][0], N * N));
  int n = 80;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n),
         *c = malloc(sizeof(double) * (2 * n * n));
  for (int i = 0; i < n * n; i++) {
    a[i] = (double)(i % 19) / 4.0;
    b[i] = (double)(i % 23) / 6.0;
    c[i] = c[i + n * n] = 0.0;
  }
  flat(n, a, b, c);
  printf("flat %.17g\n", sum(c, n * n));
  // c overlaps a: the run-time check fails, the loop runs as written.
  flat(n / 2, c + n, b, c);
  printf("flat overlapping %.17g\n", sum(c, n * n));
  downward();
  printf("downward %.17g\n", sum(&D[0][0], N * N));
  doitgen();
  printf("doitgen %.17g\n", sum(&R[0][0][0], 8 * 8 * N));
  recurrence();
  printf("recurrence %.17g\n", sum(&C[0][0], N * N));
  scalar_sum();
  printf("scalar %.17g\n", sum(&D[0][0], N * N));
  int j = counter_after();
  printf("after %d %.17g\n", j, sum(&E[0][0], N * N));
  free(a);
  free(b);
  free(c);
  return 0;
}
