// Inits of several expressions and decimation by a run-time factor, as
// signal code writes them: a Haar wavelet step over 8M samples in GSL's
// dwt shape (`for (ii = 0, i = 0; i < n - 1; i += 2, ii++)`), 6 times;
// and 8M samples decimated through a 16-tap filter by a factor read at run
// time (`for (i = 0, j = 0; i + 16 <= n; i += f, j++)`), 6 times.
#include "kernel.h"
#include <stdlib.h>

#define S (1 << 23)
#define TAPS 16

static void haar(const double *in, double *lo, double *hi, int n) {
  int i, ii;
  for (ii = 0, i = 0; i < n - 1; i += 2, ii++) {
    lo[ii] = (in[i] + in[i + 1]) * 0.7071067811865476;
    hi[ii] = (in[i] - in[i + 1]) * 0.7071067811865476;
  }
}

static int decimate(const float *x, float *y, int n, int f, const float *h) {
  int i, j;
  for (i = 0, j = 0; i + TAPS <= n; i += f, j++) {
    float s = 0;
    for (int t = 0; t < TAPS; t++)
      s += h[t] * x[i + t];
    y[j] = s;
  }
  return j;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : S, f = argc > 2 ? atoi(argv[2]) : 3;
  double *in = malloc(sizeof(double) * n);
  double *lo = malloc(sizeof(double) * (n / 2 + 1));
  double *hi = malloc(sizeof(double) * (n / 2 + 1));
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
  float h[TAPS];
  for (int t = 0; t < TAPS; t++)
    h[t] = (float)(t % 5 + 1) / 15.0f;
  for (int i = 0; i < n; i++) {
    in[i] = (double)((i * 31) % 101) * 0.125;
    x[i] = (float)((i * 17) % 97) * 0.01f;
  }
  int m = 0;
  KERNEL_BEGIN
  for (int r = 0; r < 6; r++) {
    KERNEL_FENCE();
    haar(in, lo, hi, n);
  }
  for (int r = 0; r < 6; r++) {
    KERNEL_FENCE();
    m = decimate(x, y, n, f, h);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < n / 2; i += 7)
    sum += lo[i] - 0.5 * hi[i];
  for (int i = 0; i < m; i += 5)
    sum += y[i];
  printf("%d %.6f\n", m, sum);
  return 0;
}
