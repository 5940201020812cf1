/* A four-channel mixer's effects chain, block by block: each channel goes
 * through two biquad filters (a low shelf and a presence peak) and a
 * compressor whose gain follows the channel's envelope; the four are then
 * summed into a stereo pair. Every stage is a recurrence over the samples
 * (a filter's state, the envelope), so no loop here can run in parallel:
 * what can is the channels, which share nothing until the mix.
 *
 * Plain sequential C, no pragmas. Prints checksums on stdout and its own
 * timing on stderr.
 */
#include <math.h>
#include <stdio.h>
#include <time.h>

#define CHANNELS 4
#define BLOCK 4096
#define BLOCKS 600

typedef struct {
  float b0, b1, b2, a1, a2; /* coefficients */
  float z1, z2;             /* state, kept from block to block */
} biquad_t;

typedef struct {
  float attack, release, threshold, ratio;
  float env; /* state */
} comp_t;

static float voice[BLOCK], guitar[BLOCK], bass[BLOCK], drums[BLOCK];
static float left[BLOCK], right[BLOCK];
static biquad_t shelf[CHANNELS], peak[CHANNELS];
static comp_t comp[CHANNELS];

/* Transposed direct form II: each output needs the state the previous
   sample left. */
static void biquad(biquad_t *f, float *x, int n) {
  float z1 = f->z1, z2 = f->z2;
  for (int i = 0; i < n; i++) {
    float y = f->b0 * x[i] + z1;
    z1 = f->b1 * x[i] - f->a1 * y + z2;
    z2 = f->b2 * x[i] - f->a2 * y;
    x[i] = y;
  }
  f->z1 = z1;
  f->z2 = z2;
}

/* A feed-forward compressor: the envelope follows |x| with an attack and a
   release, and above the threshold the gain falls by the ratio. */
static void compress(comp_t *c, float *x, int n) {
  float env = c->env;
  for (int i = 0; i < n; i++) {
    float a = fabsf(x[i]);
    env = a > env ? env + c->attack * (a - env) : env + c->release * (a - env);
    float over = env > c->threshold ? env / c->threshold : 1.0f;
    x[i] = x[i] / (1.0f + (c->ratio - 1.0f) * (over - 1.0f));
  }
  c->env = env;
}

/* One channel's chain. */
static void chain(int ch, float *x, int n) {
  biquad(&shelf[ch], x, n);
  biquad(&peak[ch], x, n);
  compress(&comp[ch], x, n);
}

/* The next block of each source: tones and noise, from the block number. */
static void synth(int b) {
  unsigned s = 12345u + (unsigned)b * 2654435761u;
  for (int i = 0; i < BLOCK; i++) {
    float t = (float)(b * BLOCK + i) / 48000.0f;
    s = s * 1664525u + 1013904223u;
    float noise = (float)(s >> 8) / 16777216.0f - 0.5f;
    voice[i] = 0.5f * sinf(6.2831853f * 220.0f * t) + 0.05f * noise;
    guitar[i] = 0.4f * sinf(6.2831853f * 330.0f * t + sinf(t));
    bass[i] = 0.7f * sinf(6.2831853f * 55.0f * t);
    drums[i] = (i % 1024 < 64 ? 0.9f : 0.0f) * noise;
  }
}

static void setup(void) {
  for (int c = 0; c < CHANNELS; c++) {
    float g = 1.0f + 0.1f * (float)c;
    shelf[c] = (biquad_t){0.2f * g, 0.3f, 0.1f, -0.6f, 0.2f, 0, 0};
    peak[c] = (biquad_t){1.1f, -1.6f, 0.7f, -1.55f, 0.7f, 0, 0};
    comp[c] = (comp_t){0.01f, 0.0005f, 0.3f + 0.05f * (float)c, 4.0f, 0};
  }
}

int main(void) {
  setup();
  double sum_l = 0, sum_r = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int b = 0; b < BLOCKS; b++) {
    synth(b);
    chain(0, voice, BLOCK);
    chain(1, guitar, BLOCK);
    chain(2, bass, BLOCK);
    chain(3, drums, BLOCK);
    for (int i = 0; i < BLOCK; i++) {
      left[i] = 0.6f * voice[i] + 0.7f * guitar[i] + 0.5f * bass[i] +
                0.5f * drums[i];
      right[i] = 0.6f * voice[i] + 0.3f * guitar[i] + 0.5f * bass[i] +
                 0.5f * drums[i];
    }
    for (int i = 0; i < BLOCK; i += 64) {
      sum_l += left[i];
      sum_r += right[i];
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("mix %.6f %.6f\n", sum_l, sum_r);
  for (int c = 0; c < CHANNELS; c++)
    printf("channel %d env %.6f state %.6f %.6f\n", c, comp[c].env,
           shelf[c].z1, peak[c].z2);
  fprintf(stderr, "mixer: %d blocks of %d samples x %d channels: %.1f ms\n",
          BLOCKS, BLOCK, CHANNELS,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  return 0;
}
