// Samples mapped through a table and a gain, each iteration asserting its
// input in range, as real programs do (assert is on: no NDEBUG). The
// assertion never fails here. Parallel only for a tool that runs a loop
// whose assert may fail (docs/analysis.md, "Error paths"): the first
// failing sample, in order, must be the one reported.
#include "kernel.h"
#include <assert.h>
#include <math.h>

#define N (1 << 20)
static unsigned short in[N];
static float gain[N], out[N];
static float table[4096];

static void apply(float bias) {
  for (int i = 0; i < N; i++) {
    assert(in[i] < 4096 && gain[i] > 0);
    float v = table[in[i]] * gain[i] + bias;
    out[i] = v / (1.0f + fabsf(v)) + 0.25f * expf(-v * v);
  }
}

int main(void) {
  unsigned seed = 5;
  for (int k = 0; k < 4096; k++)
    table[k] = sinf((float)k * 0.0015f) * 3.0f;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    in[i] = (unsigned short)((seed >> 16) % 4096);
    gain[i] = 0.5f + (float)(i % 9) * 0.125f;
  }
  KERNEL_BEGIN
  for (int r = 0; r < 40; r++) {
    KERNEL_FENCE();
    apply((float)r * 0.01f);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i += 13)
    s += out[i] * (double)(i % 5 + 1);
  printf("%.6e\n", s);
  return 0;
}
