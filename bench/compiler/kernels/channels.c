// Four channels of audio, block by block, each through two biquads and a
// compressor (recurrences over the samples: no loop is parallel), the
// filter state kept per channel from block to block: the channels are
// independent until the mix. Task parallelism (weft-task-graph) or
// nothing.
#include "kernel.h"
#include <math.h>

#define CH 4
#define BLOCK 4096
#define BLOCKS 300

typedef struct {
  float b0, b1, b2, a1, a2, z1, z2;
} biquad_t;
typedef struct {
  float attack, release, threshold, ratio, env;
} comp_t;

static float x0[BLOCK], x1[BLOCK], x2[BLOCK], x3[BLOCK], mix[BLOCK];
static biquad_t lo[CH], pk[CH];
static comp_t cp[CH];

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

static void chain(int c, float *x, int n) {
  biquad(&lo[c], x, n);
  biquad(&pk[c], x, n);
  compress(&cp[c], x, n);
}

static void feed(int b) {
  for (int i = 0; i < BLOCK; i++) {
    int t = b * BLOCK + i;
    x0[i] = (float)(t % 97) / 97.0f - 0.5f;
    x1[i] = (float)(t % 89) / 89.0f - 0.5f;
    x2[i] = (float)(t % 83) / 83.0f - 0.5f;
    x3[i] = (t % 1024 < 64) ? (float)(t % 7) / 7.0f : 0.0f;
  }
}

int main(void) {
  for (int c = 0; c < CH; c++) {
    lo[c] = (biquad_t){0.2f, 0.3f, 0.1f, -0.6f, 0.2f, 0, 0};
    pk[c] = (biquad_t){1.1f, -1.6f, 0.7f, -1.55f, 0.7f, 0, 0};
    cp[c] = (comp_t){0.01f, 0.0005f, 0.3f + 0.05f * (float)c, 4.0f, 0};
  }
  double s = 0;
  KERNEL_BEGIN
  for (int b = 0; b < BLOCKS; b++) {
    feed(b);
    chain(0, x0, BLOCK);
    chain(1, x1, BLOCK);
    chain(2, x2, BLOCK);
    chain(3, x3, BLOCK);
    for (int i = 0; i < BLOCK; i++)
      mix[i] = x0[i] + x1[i] + x2[i] + x3[i];
    s += mix[b % BLOCK];
    KERNEL_FENCE();
  }
  KERNEL_END
  printf("%.6e %.6e %.6e\n", s, (double)cp[0].env, (double)lo[3].z1);
  return 0;
}
