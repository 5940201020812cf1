// RUN: %exec-check %s
// PARALLEL: 5
// GRAPHS: 1
// Private arrays (docs/analysis.md): work arrays declared at the top of a
// function, as older C does, written before they are read in every
// iteration: a 3-vector per point, a small matrix by rows, and a window
// filled by an inner loop of symbolic length. Each chunk has its own (the
// two set-up loops in main run in parallel too); the results equal the
// sequential ones bit for bit.
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

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++)
      pts[i][j] = (double)((i * 7 + j * 13) % 101) / 8.0;
  for (int i = 0; i < N + 16; i++)
    sig[i] = (float)((i * 31) % 97) / 16.0f;
  norms(N);
  window(N, 12);
  matrices(N);
  double a = 0, b = 0;
  long c = 0;
  for (int i = 0; i < N; i++) {
    a += out1[i] * (i % 5);
    b += out2[i] * (i % 3);
    c += out3[i] % 1000;
  }
  printf("%.17g %.9g %ld %.17g %.9g %ld\n", a, b, c, out1[N / 2], out2[N / 3],
         out3[N - 1]);
  return 0;
}
