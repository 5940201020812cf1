// Loops that step a second variable with their counter (docs/analysis.md,
// "Other counters"): a spectrum packed into interleaved magnitude and phase
// (`out[j] = ...; out[j + 1] = ...; j += 2;`), an FFT's twiddle factors in
// stb_vorbis's style (`for (k = k2 = 0; k < n4; ++k, k2 += 2)`), and rows
// flattened through a running offset (`d[p++] = ...` in the inner loop).
#include "kernel.h"
#include <math.h>
#include <stdlib.h>

static int pack(int n, const double *re, const double *im, double *out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    out[j] = sqrt(re[i] * re[i] + im[i] * im[i]);
    out[j + 1] = atan2(im[i], re[i]);
    j += 2;
  }
  return j;
}

static void twiddles(int n, double *A, double *B) {
  int n4 = n >> 2, k, k2;
  for (k = k2 = 0; k < n4; ++k, k2 += 2) {
    A[k2] = cos(4 * k * M_PI / n);
    A[k2 + 1] = -sin(4 * k * M_PI / n);
    B[k2] = cos((k2 + 1) * M_PI / n / 2) * 0.5;
    B[k2 + 1] = sin((k2 + 1) * M_PI / n / 2) * 0.5;
  }
}

static int flatten(int rows, int cols, const double *s, double *d) {
  int p = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      d[p] = exp(-s[r * cols + c] * s[r * cols + c]);
      p++;
    }
  return p;
}

int main(void) {
  enum { N = 1 << 20, ROWS = 64 };
  double *re = malloc(sizeof(double) * N), *im = malloc(sizeof(double) * N);
  double *out = malloc(sizeof(double) * 2 * N);
  double *A = malloc(sizeof(double) * N), *B = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++) {
    re[i] = (double)(i % 1013) * 0.01 - 5.0;
    im[i] = (double)(i % 769) * 0.013 - 4.0;
  }
  long total = 0;
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    total += pack(N, re, im, out);
    KERNEL_FENCE();
    twiddles(2 * N, A, B);
    KERNEL_FENCE();
    total += flatten(ROWS, N / ROWS, re, A);
  }
  KERNEL_END
  double sum = 0;
  for (int i = 0; i < 2 * N; i += 97)
    sum += out[i];
  for (int i = 0; i < N; i += 89)
    sum += A[i] + B[i];
  printf("%ld %.9e\n", total, sum);
  return 0;
}
