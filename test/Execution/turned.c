// RUN: %exec-check %s
// PARALLEL: 16
// INTERCHANGED: 7
// WEFT-ARGS: --fork-join-ns=0
// A parallel loop interchanged with the loop inside it (docs/analysis.md,
// "Loop interchange"): each band of the parallel loop's iterations runs the
// statements before the inner loop, the inner loop around the band, and the
// statements after it, and the results are the same to the last bit
// (floating point, no tolerance). Column means with a statement before and
// after the inner loop (covariance's), one region of three loops of which
// two are interchanged, each chunk waiting for its chunk of the loop
// before where the bands allow it, the parallel half of an LU
// decomposition inside its sequential loop, a body that is the inner loop
// alone (mvt's transposed product), a decreasing loop of step 2 whose
// counter is declared before it and read after it, flattened subscripts
// through pointers that a run-time check sets apart (and, called on
// overlapping memory, the fallback as written), and four loops left as
// written: an integer sum over the whole nest, an inner loop whose bound is
// the parallel counter, a scalar set before the inner loop and read after
// it, and a work array.
#include <stdio.h>
#include <stdlib.h>

#define N 96
#define M 80
static double data[N][M], mean[M], A[N][N], LU[N][N], x[N], y[N];
static int grid[N][M];

static void means(double n) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int k = 0; k < N; k++)
      mean[j] += data[k][j];
    mean[j] /= n;
  }
}

static double scaled[M];
static void centered(double n) {
  for (int j = 0; j < M; j++) {
    mean[j] = 1.0;
    for (int k = 0; k < N; k++)
      mean[j] += data[k][j] / mean[j];
  }
  for (int j = 0; j < M; j++)
    scaled[j] = mean[j] / n;
  for (int j = M - 1; j >= 0; j--)
    for (int k = 0; k < N; k++)
      data[k][j] -= scaled[j];
}

static void lu(int n, double a[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        a[i][j] -= a[i][k] * a[k][j];
  }
}

static void transposed(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x[i] = x[i] * 0.5 + A[j][i] * y[j];
}

static int downward(void) {
  int j, k;
  for (j = M - 1; j >= 0; j -= 2) {
    for (k = 0; k < N; k++)
      data[k][j] = data[k][j] * 0.75 + mean[j] * (double)k;
  }
  return j;
}

static void colsum(int n, int m, double *out, const double *a) {
  for (int j = 0; j < m; j++) {
    out[j] = 1.0;
    for (int k = 0; k < n; k++)
      out[j] += a[k * m + j] / out[j];
  }
}

static long total(void) {
  long t = 0;
  for (int j = 0; j < M; j++)
    for (int k = 0; k < N; k++)
      t += grid[k][j] * (j + 1);
  return t;
}

static void triangle(void) {
  for (int j = 0; j < M; j++)
    for (int k = 0; k < j; k++)
      grid[k][j] += grid[k][j] / 3 + j;
}

static void carried(void) {
  for (int j = 0; j < M; j++) {
    double t = mean[j];
    for (int k = 0; k < N; k++)
      data[k][j] += t;
    mean[j] = t * 0.5;
  }
}

static void work(void) {
  double w[N];
  for (int j = 0; j < M; j++) {
    for (int k = 0; k < N; k++)
      w[k] = data[k][j] * 2.0;
    mean[j] = w[N / 2] + w[N - 1];
  }
}

static double sum(const double *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += p[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      data[i][j] = (double)((i * 7 + j * 3) % 17) / 7.0;
      grid[i][j] = (i * 5 + j) % 13;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 5 + j) % 13) / 3.0 - 1.0;
      LU[i][j] = i == j ? N + 1.0 : (double)((i * 7 + j * 3) % 11) / 11.0;
    }
  for (int i = 0; i < N; i++)
    x[i] = y[i] = (double)(i % 9) / 4.0;
  means((double)N);
  printf("means %.17g\n", sum(mean, M));
  centered((double)N);
  printf("centered %.17g %.17g\n", sum(scaled, M), sum(&data[0][0], N * M));
  lu(N, LU);
  printf("lu %.17g\n", sum(&LU[0][0], N * N));
  transposed();
  printf("transposed %.17g\n", sum(x, N));
  int j = downward();
  printf("downward %d %.17g\n", j, sum(&data[0][0], N * M));
  double *a = malloc(sizeof(double) * N * M), *out = malloc(sizeof(double) * N * M);
  for (int i = 0; i < N * M; i++)
    a[i] = out[i] = (double)(i % 19) / 4.0;
  colsum(N, M, out, a);
  printf("colsum %.17g\n", sum(out, M));
  // out overlaps a: the run-time check fails, the loop runs as written.
  colsum(N / 2, M, a + M, a);
  printf("colsum overlapping %.17g\n", sum(a, N * M));
  printf("total %ld\n", total());
  triangle();
  printf("triangle %ld\n", total());
  carried();
  printf("carried %.17g %.17g\n", sum(mean, M), sum(&data[0][0], N * M));
  work();
  printf("work %.17g\n", sum(mean, M));
  free(a);
  free(out);
  return 0;
}
