// RUN: %exec-check %s
// PARALLEL: 3
// A 33-tap FIR filter over a long signal (out[i] depends on in[i-32..i]),
// then a decimation by 4 with a downward loop. The buffers come from
// distinct malloc calls: no run-time check.
#include <stdio.h>
#include <stdlib.h>

#define TAPS 33

int main(void) {
  int n = 100000;
  float *in = malloc(sizeof *in * (size_t)n), *out = malloc(sizeof *out * (size_t)n);
  float *dec = malloc(sizeof *dec * (size_t)(n / 4));
  float h[TAPS];
  for (int k = 0; k < TAPS; k++)
    h[k] = 1.0f / (1 + (k - 16) * (k - 16));
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 13) % 29) - 14.0f;
  for (int i = TAPS - 1; i < n; i++) {
    float s = 0;
    for (int k = 0; k < TAPS; k++)
      s += h[k] * in[i - k];
    out[i] = s;
  }
  for (int j = n / 4 - 1; j >= 8; j--)
    dec[j] = out[4 * j];
  double t = 0;
  for (int j = 8; j < n / 4; j += 5)
    t += dec[j];
  printf("%.9g %.9g %.9g\n", t, out[TAPS], dec[n / 4 - 1]);
  free(in);
  free(out);
  free(dec);
  return 0;
}
