// A frame of two stages that need nothing from each other: an envelope
// follower over an audio block (a recurrence: sequential) and a tone curve
// over an image (a parallel loop), then a loop that reads both. As loops
// alone, the recurrence leaves every other core idle while it runs; as a
// task graph (weft-task-graph), the parallel loop is a task whose chunks
// the members that are free run beside the recurrence.
#include "kernel.h"
#include <math.h>

#define N 65536
#define M (4 * N)
#define FRAMES 400

static float sig[N], env[N], img[M], out[M];

int main(void) {
  for (int i = 0; i < N; i++)
    sig[i] = (float)((i * 37) % 101) / 50.0f - 1.0f;
  for (int i = 0; i < M; i++)
    img[i] = (float)((i * 13) % 251) / 64.0f;
  double s = 0;
  KERNEL_BEGIN
  for (int f = 0; f < FRAMES; f++) {
    env[0] = env[N - 1] * 0.999f + fabsf(sig[0]) * 0.001f;
    for (int i = 1; i < N; i++)
      env[i] = env[i - 1] * 0.999f + fabsf(sig[i]) * 0.001f;
    for (int i = 0; i < M; i++)
      out[i] = img[i] / (1.0f + fabsf(img[i])) * (1.5f + 0.001f * (float)f);
    s += env[(f * 7919) % N] + out[(f * 104729) % M];
    KERNEL_FENCE();
  }
  KERNEL_END
  printf("%.6e %.6e\n", s, (double)env[N - 1]);
  return 0;
}
