/* audio.c - the analysis half of an audio encoder, in sequential C.
 *
 * Like OSCAR's AAC case: a signal cut into overlapping frames, and for each
 * frame a sine window, an MDCT-like transform (N/2 coefficients, each a sum
 * over the N windowed samples) and a quantization against a per-band
 * threshold, counting the bits the coefficients would take. The transform
 * dominates; weft runs its coefficient loop and the windowing over the
 * team, and says why the others stay sequential. Prints the bit count and a checksum of the quantized frames.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1024, HOP = N / 2, FRAMES = 600, BANDS = 16 };

/* A test signal: two tones, a chirp, and a little deterministic noise. */
static void make_signal(float *s, int n) {
  for (int i = 0; i < n; i++) {
    double t = (double)i / 48000.0;
    unsigned r = (unsigned)i * 2654435761u;
    s[i] = (float)(0.5 * sin(2 * M_PI * 440 * t) +
                   0.25 * sin(2 * M_PI * 3520 * t) +
                   0.2 * sin(2 * M_PI * (200 + 4000 * t) * t) +
                   0.02 * ((double)(r >> 16) / 65536.0 - 0.5));
  }
}

static void window(const float *in, const float *win, float *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] * win[i];
}

/* X[k] = sum_i x[i] cos(pi/N (i + 1/2 + N/4)(2k + 1)), from a table.
 * restrict, as DSP code declares its buffers: without it weft would need a
 * run-time check that coef is apart from x and table, and it cannot yet
 * write one for a loop bounded by n / 2 (see README.md). */
static void transform(const float *restrict x, const float *restrict table,
                      float *restrict coef, int n) {
  for (int k = 0; k < n / 2; k++) {
    float acc = 0;
    for (int i = 0; i < n; i++)
      acc += x[i] * table[k * n + i];
    coef[k] = acc;
  }
}

/* Rounds each coefficient to its band's step; returns the bits it takes. */
static long quantize(const float *coef, const float *step, int *q, int n) {
  long bits = 0;
  for (int k = 0; k < n; k++) {
    int v = (int)lrintf(coef[k] / step[k * BANDS / n]);
    q[k] = v;
    int mag = v < 0 ? -v : v;
    int b = 0;
    while (mag) {
      b++;
      mag >>= 1;
    }
    bits += b + (v != 0);
  }
  return bits;
}

int main(void) {
  int len = HOP * (FRAMES + 1);
  float *signal = malloc(sizeof(float) * len);
  float *win = malloc(sizeof(float) * N), *frame = malloc(sizeof(float) * N);
  float *table = malloc(sizeof(float) * N / 2 * N);
  float *coef = malloc(sizeof(float) * N / 2);
  float step[BANDS];
  int *q = malloc(sizeof(int) * N / 2);
  make_signal(signal, len);
  for (int i = 0; i < N; i++)
    win[i] = (float)sin(M_PI * (i + 0.5) / N);
  for (int k = 0; k < N / 2; k++)
    for (int i = 0; i < N; i++)
      table[k * N + i] =
          (float)cos(M_PI / N * (i + 0.5 + N / 4.0) * (2 * k + 1));
  for (int b = 0; b < BANDS; b++)
    step[b] = 0.05f * (1 + b);

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  long bits = 0;
  unsigned long check = 0;
  for (int f = 0; f < FRAMES; f++) {
    window(signal + f * HOP, win, frame, N);
    transform(frame, table, coef, N);
    bits += quantize(coef, step, q, N / 2);
    for (int k = 0; k < N / 2; k++)
      check = check * 31 + (unsigned)q[k];
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("frames %d bits %ld checksum %lu\n", FRAMES, bits, check);
  fprintf(stderr, "audio: %d frames of %d: %.1f ms\n", FRAMES, N,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  free(signal);
  free(win);
  free(frame);
  free(table);
  free(coef);
  free(q);
  return 0;
}
