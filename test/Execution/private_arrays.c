// RUN: %exec-check %s
// PARALLEL: 8
// SWEPT: 1
// GRAPHS: 2
// OPENMP-GRAPHS: 1
// Private arrays (docs/analysis.md): work arrays declared at the top of a
// function, as older C does, written before they are read in every
// iteration: a 3-vector per point, a small matrix by rows, and a window
// filled by an inner loop of symbolic length, and md's separation vector
// that a call fills (dist(nd, r1, r2, rij), through a callee's callee),
// also in a loop that runs in bands through every frame (a sweep).
// Each chunk has its own (the two set-up loops in main run in parallel
// too); the results equal the sequential ones bit for bit.
#include <stdio.h>

#define N 60000
static double pts[N][3], out1[N];
static float sig[N + 16], out2[N];
static long out3[N];

static void norms(int n) {
  double d[3];
  int j;
  for (int i = 0; i < n; i++) {
    for (j = 0; j < 3; j++)
      d[j] = pts[i][j] - pts[(i + 1) % n][j];
    out1[i] = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  }
}

static void window(int n, int w) {
  float win[16];
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < w; k++)
      win[k] = sig[i + k] * (float)(k + 1);
    float s = 0;
    for (int k = 0; k < w; k++)
      s += win[k];
    out2[i] = s;
  }
}

static void matrices(int n) {
  long m[2][2];
  for (int i = 0; i < n; i++) {
    m[0][0] = i;
    m[0][1] = i + 1;
    m[1][0] = 2 * i;
    if (i & 1)
      m[1][1] = -i;
    else
      m[1][1] = i * 3;
    out3[i] = m[0][0] * m[1][1] - m[0][1] * m[1][0];
  }
}

static double out4[N];

static void diff(int nd, const double *r1, const double *r2, double *dr) {
  for (int i = 0; i < nd; i++)
    dr[i] = r1[i] - r2[i];
}
static double dist(int nd, const double *r1, const double *r2, double *dr) {
  diff(nd, r1, r2, dr);
  double d = 0.0;
  for (int i = 0; i < nd; i++)
    d = d + dr[i] * dr[i];
  return d;
}

// Pairs with a few neighbours, md-style: the work array rij is the
// function's, filled by every call before the loop reads it.
static void pairs(int n, int nd) {
  double rij[3], d;
  int j, k;
  for (k = 0; k < n; k++) {
    double e = 0.0;
    for (j = k + 1; j < k + 8 && j < n; j++) {
      d = dist(nd, pts[k], pts[j], rij);
      for (int i = 0; i < nd; i++)
        e = e + rij[i] * (double)(i + 1) / (1.0 + d);
    }
    out4[k] = e;
  }
}

// Frames of the same pairs: the loop over the points runs in bands, each
// chunk through every frame (a sweep), with its own rec.
static double out5[N];
static void frames(int reps, int n) {
  double rec[3];
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      diff(3, pts[i], pts[n - 1 - i], rec);
      out5[i] = out5[i] * 0.5 + rec[0] * r + rec[2];
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++)
      pts[i][j] = (double)((i * 7 + j * 13) % 101) / 8.0;
  for (int i = 0; i < N + 16; i++)
    sig[i] = (float)((i * 31) % 97) / 16.0f;
  norms(N);
  window(N, 12);
  matrices(N);
  double a = 0, b = 0, e = 0;
  long c = 0;
  pairs(N, 3);
  frames(6, N);
  for (int i = 0; i < N; i++) {
    a += out1[i] * (i % 5);
    b += out2[i] * (i % 3);
    c += out3[i] % 1000;
    e += out4[i] * (i % 7) + out5[i];
  }
  printf("%.17g %.9g %ld %.17g %.9g %ld\n", a, b, c, out1[N / 2], out2[N / 3],
         out3[N - 1]);
  printf("%.17g %.17g\n", e, out4[N / 2]);
  return 0;
}
