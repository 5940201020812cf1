// RUN: %exec-check %s
// PARALLEL: 5
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fp-reductions --fork-join-ns=0
// TOLERANCE: 1e-3
// Floating-point array reductions with --fp-reductions (docs/analysis.md,
// "Array reductions"; docs/output.md): a weighted histogram of doubles,
// with a last value beside (the last band's), per-class sums of
// floats in a 2-D array, and products with an integer count in the same
// loop, each band of iterations on copies of its own,
// added up in band order; a few long iterations (ep's batches) are a band
// each (weft_copy_bands). The results agree with the sequential program
// within the tolerance (float sums round differently), and are the same on
// every team and in any chunk order (exec_check compares the teams' outputs
// bit for bit).
#include <stdio.h>

#define N 200000
static int keys[N];
static double w[N];

static double hist[64];
static float sums[8][4];

static int weighted(int n) {
  int last = -1;
  for (int i = 0; i < n; i++) {
    hist[keys[i] & 63] += w[i];
    last = i + keys[i];
  }
  return last;
}

static void classes(int n) {
  for (int i = 0; i < n; i++)
    sums[keys[i] >> 6 & 7][i & 3] += (float)w[i] * 0.5f;
}

static double products(int n) {
  double p[4] = {1.0, 1.0, 1.0, 1.0};
  int count[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; i++) {
    p[keys[i] & 3] *= 1.0 + w[i] * 1e-6;
    count[keys[i] & 3]++;
  }
  printf("counts %d %d %d %d\n", count[0], count[1], count[2], count[3]);
  return p[0] + 2.0 * p[1] + 3.0 * p[2] + 4.0 * p[3];
}

// Twelve batches of 3000 steps of a generator, counted in annuli: each
// batch pays for its copy alone.
static void annuli(int batches) {
  double q[10] = {0}, sx = 0.0;
  for (int k = 0; k < batches; k++) {
    unsigned g = 2654435761u * (unsigned)(k + 1);
    for (int i = 0; i < 3000; i++) {
      g = g * 1664525u + 1013904223u;
      double x = (double)(g >> 8) / 16777216.0 * 9.99;
      q[(int)x] += 1.0;
      sx += x;
    }
  }
  printf("annuli %.8g:", sx);
  for (int i = 0; i < 10; i++)
    printf(" %.0f", q[i]);
  printf("\n");
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    keys[i] = (int)(s >> 10) & 1023;
    w[i] = (double)(int)(s >> 16 & 0x7fff) / 4096.0 - 3.9;
  }
  int last = weighted(N);
  double t = 0;
  for (int b = 0; b < 64; b++)
    t += hist[b] * (b % 5 + 1);
  printf("weighted %.10g last %d\n", t, last);
  classes(N);
  classes(N / 3);
  for (int c = 0; c < 8; c++)
    printf("class %d %.6g %.6g %.6g %.6g\n", c, sums[c][0], sums[c][1],
           sums[c][2], sums[c][3]);
  printf("products %.10g\n", products(N));
  // Too few iterations for a band of its own: one band, one copy.
  printf("short %.10g\n", products(100));
  annuli(12);
  return 0;
}
