// RUN: %exec-check %s
// PARALLEL: 8
// GRAPHS: 1
// Private arrays too large for a thread's stack (docs/analysis.md, "Private
// arrays": over 16 KiB in all): each team member runs its share of the loop
// on its own copy, in memory libweft keeps for the team (weft_copies_alloc),
// or each OpenMP thread on its own. A line buffer of symbolic length, a
// tile of rows, three work arrays of which two stay on the stack, a work
// array a call fills, one beside an array reduction, and a loop run again
// and again (every frame) on the kept copies, whose old contents the next
// frame overwrites before it reads them. The results equal the sequential
// ones bit for bit.
#include <stdio.h>

#define N 3000
#define W 4096
static double src[N], out1[N], out2[N], out3[N], out4[N], out5[N];

static void lines(int n, int w) {
  double line[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < w; j++)
      line[j] = src[i] * (j + 1) - j;
    double s = 0;
    for (int j = 0; j < w; j++)
      s += line[j] * line[w - 1 - j];
    out1[i] = s;
  }
}

static void tiles(int n) {
  float t[64][128];
  for (int i = 0; i < n; i++) {
    for (int r = 0; r < 64; r++)
      for (int c = 0; c < 128; c++)
        t[r][c] = (float)src[i] + (float)(r * c);
    float m = 0;
    for (int r = 0; r < 64; r++)
      m += t[r][r + 7];
    out2[i] = m;
  }
}

static void three(int n) {
  double a[1024], b[1024], c[1024];
  int j;
  for (int i = 0; i < n; i++) {
    for (j = 0; j < 1024; j++) {
      a[j] = src[i] + j;
      b[j] = src[i] * j;
      c[j] = src[(i + j) % n] - j;
    }
    out3[i] = a[5] + b[1000] * c[77];
  }
}

/* Writes every element of w it reads. */
static void fill(int m, double *w, double x) {
  for (int k = 0; k < m; k++)
    w[k] = x / (k + 1);
  for (int k = 1; k < m; k++)
    w[k] += w[k - 1];
}

static void filled(int n) {
  double w[W];
  for (int i = 0; i < n; i++) {
    fill(W, w, src[i]);
    out4[i] = w[W - 1] - w[99];
  }
}

static long hist[64];

static void counted(int n) {
  int scratch[W * 2];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W * 2; j++)
      scratch[j] = ((int)src[i] * 31) ^ j;
    hist[scratch[1000] & 63]++;
  }
}

static void frame(int n, int f) {
  double acc[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W; j++)
      acc[j] = src[(i + f) % n] + j * f;
    double s = 0;
    for (int j = 0; j < W; j += 512)
      s += acc[j];
    out5[i] += s;
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    src[i] = (double)((i * 37) % 101) / 7.0;
  lines(N, W - 5);
  tiles(N);
  three(N);
  filled(N);
  counted(N);
  for (int f = 1; f <= 30; f++)
    frame(N / 10, f);
  double s[5] = {0};
  for (int i = 0; i < N; i++) {
    s[0] += out1[i];
    s[1] += out2[i];
    s[2] += out3[i];
    s[3] += out4[i];
    s[4] += out5[i];
  }
  for (int k = 0; k < 5; k++)
    printf("%.17g\n", s[k]);
  for (int b = 0; b < 64; b++)
    printf("%ld ", hist[b]);
  printf("\n");
  return 0;
}
