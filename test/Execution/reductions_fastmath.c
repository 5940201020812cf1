// RUN: %exec-check %s
// PARALLEL: 3
// CFLAGS: -ffast-math
// TOLERANCE: 1e-4
// With -ffast-math the file allows reassociation: float sums and fmin/fmax
// reductions run in parallel without any weft option. A float sum of 300000
// terms rounds differently in every order (vector lanes, chunks, threads):
// by a few 1e-6 between the sequential build and OpenMP on one thread.
#include <math.h>
#include <stdio.h>

#define N 300000
static float a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = sinf((float)i * 0.001f) * 10.0f;
  float s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * a[i];
  float mx = -1000.0f, mn = 1000.0f;
  for (int i = 0; i < N; i++) {
    mx = fmaxf(mx, a[i]);
    mn = fminf(mn, a[i]);
  }
  printf("%.6g %.6g %.6g\n", s, mx, mn);
  return 0;
}
