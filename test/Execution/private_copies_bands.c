// RUN: %exec-check %s
// WEFT-ARGS: --fp-reductions
// PARALLEL: 2
// TOLERANCE: 1e-9
// A private array too large for a thread's stack beside a floating-point
// array reduction, whose copies are made per band of iterations and added
// up in band order (docs/output.md, "Array reductions"): the private array
// gets a copy per band too, never filled, never combined. The sums round
// otherwise than the sequential ones (--fp-reductions), the same on every
// team.
#include <stdio.h>

#define N 2000
#define W 3000
static double src[N];

static void summed(int n, double *acc) {
  double line[W];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < W; j++)
      line[j] = src[i] * j + 1.0 / (j + 1);
    double s = 0;
    for (int j = 0; j < W; j += 7)
      s += line[j];
    acc[i & 15] += s;
  }
}

int main(void) {
  static double acc[16];
  for (int i = 0; i < N; i++)
    src[i] = (double)((i * 37) % 101) / 7.0;
  summed(N, acc);
  for (int b = 0; b < 16; b++)
    printf("%.17g\n", acc[b]);
  return 0;
}
