// RUN: %exec-check %s
// PARALLEL: 6
// An audio-encoder-like pipeline over frames of a synthetic signal: a
// windowing table, per-frame windowing, a naive DCT-like transform per
// frame (the costly part), band energies with a log, and a quantizer
// that counts the bits a frame needs. Frames are independent; the bit
// total is an integer reduction.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define FRAME 256
#define BANDS 16

static float window[FRAME];

static int bits_for(int q) {
  int b = 0;
  if (q < 0)
    q = -q;
  while (q > 0) {
    b++;
    q >>= 1;
  }
  return b + 1;
}

int main(void) {
  int frames = 96, n = frames * FRAME;
  float *pcm = malloc(sizeof *pcm * (size_t)n);
  float *win = malloc(sizeof *win * (size_t)n);
  float *coef = malloc(sizeof *coef * (size_t)n);
  float *energy = malloc(sizeof *energy * (size_t)(frames * BANDS));
  int *q = malloc(sizeof *q * (size_t)n);
  for (int i = 0; i < n; i++)
    pcm[i] = sinf((float)i * 0.031f) * 0.6f + sinf((float)i * 0.0071f) * 0.3f;
  for (int k = 0; k < FRAME; k++)
    window[k] = 0.5f - 0.5f * cosf(6.2831853f * (float)k / FRAME);
  for (int f = 0; f < frames; f++)
    for (int k = 0; k < FRAME; k++)
      win[f * FRAME + k] = pcm[f * FRAME + k] * window[k];
  for (int f = 0; f < frames; f++)
    for (int u = 0; u < FRAME; u++) {
      float s = 0;
      for (int k = 0; k < FRAME; k++)
        s += win[f * FRAME + k] * cosf(3.14159265f / FRAME * (k + 0.5f) * u);
      coef[f * FRAME + u] = s;
    }
  for (int f = 0; f < frames; f++)
    for (int b = 0; b < BANDS; b++) {
      float e = 1e-9f;
      for (int k = 0; k < FRAME / BANDS; k++) {
        float c = coef[f * FRAME + b * (FRAME / BANDS) + k];
        e += c * c;
      }
      energy[f * BANDS + b] = 10.0f * log10f(e);
    }
  long total = 0;
  for (int i = 0; i < n; i++) {
    q[i] = (int)lrintf(coef[i] * 8.0f);
    total += bits_for(q[i]);
  }
  double es = 0;
  for (int i = 0; i < frames * BANDS; i++)
    es += energy[i];
  printf("%ld %.9g %.9g %d\n", total, es, coef[FRAME + 3], q[n / 2]);
  free(pcm);
  free(win);
  free(coef);
  free(energy);
  free(q);
  return 0;
}
