// RUN: %exec-check %s
// PARALLEL: 12
// SWEPT: 3
// Sweeps (docs/outline.md, "Sweeps"): a sequential loop around a parallel
// one, whose every iteration depends on the one before (a recurrence down
// the columns), runs whole in each chunk of the parallel loop: one fork for
// all of its iterations, each chunk going down its own columns. Rows too
// short to pay for a fork of their own (400 elements) sweep: a first-order
// filter down the columns of a float image, the second pass of an integral
// image, an int recurrence with a private temporary in a decreasing outer
// loop; all bit for bit the sequential results. Left to fork once per row
// (or to run as written), with the reason: a column prefix sum whose rows
// stream memory and have a length known only at run time, a neighbour from
// the row above (pathfinder's min of j - 1 and j + 1), a reduction in the
// parallel loop, a triangular inner bound, the outer counter read after
// the loops, and pointers that a run-time check sets apart for one row
// only (and, called on overlapping memory, the fallback as written).
#include <stdio.h>

#define H 300
#define W 400
static float img[H][W], out[H][W];
static double S[H][W];
static int cost[H][W], best[H][W];

static void iir_down(float a, float b) {
  for (int j = 0; j < W; j++)
    out[0][j] = img[0][j];
  for (int i = 1; i < H; i++)
    for (int j = 0; j < W; j++)
      out[i][j] = a * out[i - 1][j] + b * img[i][j];
}

static void colsum(int n, int m, double *restrict p) {
  int i, j;
  for (i = 1; i < n; i++)
    for (j = 0; j < m; j++)
      p[i * m + j] += p[(i - 1) * m + j];
}

static void integral(void) {
  for (int i = 0; i < H; i++)
    for (int j = 1; j < W; j++)
      S[i][j] += S[i][j - 1];
  for (int i = 1; i < H; i++)
    for (int j = 0; j < W; j++)
      S[i][j] += S[i - 1][j];
}

static void costs(void) {
  for (int i = H - 2; i >= 0; i--)
    for (int j = 0; j < W; j++) {
      int t = best[i + 1][j] * 3 + cost[i][j];
      best[i][j] = t % 1000 + (t > 500);
    }
}

static void pathfinder(void) {
  for (int i = 1; i < H; i++)
    for (int j = 1; j < W - 1; j++) {
      int l = best[i - 1][j - 1], r = best[i - 1][j + 1];
      best[i][j] = cost[i][j] + (l < r ? l : r);
    }
}

static long with_sum(void) {
  long s = 0;
  for (int i = 1; i < H; i++)
    for (int j = 0; j < W; j++) {
      cost[i][j] = (cost[i - 1][j] + j) % 97;
      s += cost[i][j];
    }
  return s;
}

static void triangle(void) {
  for (int i = 1; i < H; i++)
    for (int j = 0; j < i && j < W; j++)
      best[i][j] = best[i - 1][j] / 2 + 1;
}

static int counter_after(void) {
  int i, j;
  for (i = 1; i < H; i++)
    for (j = 0; j < W; j++)
      cost[i][j] = cost[i - 1][j] % 50 + 1;
  return i;
}

static void checked(int n, int m, double *p, const double *q) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      p[i * m + j] = 0.5 * p[(i - 1) * m + j] + q[j];
}

static double fsum(const float *p, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s = s * 0.999 + p[k];
  return s;
}

static double dsum(const double *p, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s = s * 0.999 + p[k];
  return s;
}

static long isum(const int *p, int n) {
  long s = 0;
  for (int k = 0; k < n; k++)
    s = (s * 31 + p[k]) % 1000000007;
  return s;
}

int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      img[i][j] = (float)((i * 7 + j * 13) % 256);
      S[i][j] = (double)((i + 3 * j) % 17);
      cost[i][j] = (i * 31 + j * 17) % 100;
      best[i][j] = (i + j) % 7;
    }
  iir_down(0.75f, 0.25f);
  printf("iir %.17g\n", fsum(&out[0][0], H * W));
  static double P[H * W];
  for (int k = 0; k < H * W; k++)
    P[k] = (double)(k % 11) * 0.5;
  colsum(H, W, P);
  printf("colsum %.17g\n", dsum(P, H * W));
  integral();
  printf("integral %.17g\n", dsum(&S[0][0], H * W));
  costs();
  printf("costs %ld\n", isum(&best[0][0], H * W));
  pathfinder();
  printf("pathfinder %ld\n", isum(&best[0][0], H * W));
  long s = with_sum();
  printf("with_sum %ld %ld\n", s, isum(&cost[0][0], H * W));
  triangle();
  printf("triangle %ld\n", isum(&best[0][0], H * W));
  int i = counter_after();
  printf("counter_after %d %ld\n", i, isum(&cost[0][0], H * W));
  static double Q[W];
  for (int j = 0; j < W; j++)
    Q[j] = (double)j / W;
  checked(H, W, P, Q);
  printf("checked %.17g\n", dsum(P, H * W));
  // q overlaps p: the check fails, and the loop runs as written.
  checked(H / 2, W, P, P + 5);
  printf("checked overlapping %.17g\n", dsum(P, H * W));
  return 0;
}
