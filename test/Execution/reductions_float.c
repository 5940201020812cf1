// RUN: %exec-check %s
// PARALLEL: 5
// WEFT-ARGS: --fp-reductions
// TOLERANCE: 1e-5
// Floating-point reductions allowed to reorder with --fp-reductions: the
// results agree with the sequential program within the tolerance (float
// sums of 200000 terms round differently in the 6th digit), and are
// bit-identical across teams (the chunk grid does not depend on the team).
// min and max by comparison are exact anyway.
#include <stdio.h>

#define N 200000
static double x[N];
static float f[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (1.0 + i) - (i % 3) * 1e-7;
    f[i] = (float)((i * 37) % 1001) / 1000.0f - 0.5f;
  }
  double s = 0, s2 = 0;
  for (int i = 0; i < N; i++) {
    s += x[i];
    s2 += x[i] * x[i];
  }
  double p = 1;
  for (int i = 0; i < N; i++)
    p *= 1.0 + x[i] * 1e-6;
  float fmx = -1e30f, fmn = 1e30f;
  for (int i = 0; i < N; i++) {
    if (f[i] > fmx)
      fmx = f[i];
    fmn = f[i] < fmn ? f[i] : fmn;
  }
  float fs = 0;
  for (int i = 0; i < N; i++)
    fs -= f[i] + 0.5f;
  printf("%.17g %.17g %.17g %.9g %.9g %.9g\n", s, s2, p, fmx, fmn, fs);
  return 0;
}
