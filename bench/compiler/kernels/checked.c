// Particles advanced with their inputs checked on the way, as real
// programs do: a particle whose mass is not positive, or whose position
// leaves the box, is an error that prints a message and ends the program.
// The check never fails here. Parallel only for a tool that runs a loop
// whose error path does I/O (docs/analysis.md, "Error paths"): the first
// failing particle, in order, must be the one reported.
#include "kernel.h"
#include <math.h>
#include <stdlib.h>

#define N (1 << 20)
static float px[N], py[N], vx[N], vy[N], mass[N];

static void advance(float dt, float box) {
  for (int i = 0; i < N; i++) {
    if (!(mass[i] > 0)) {
      fprintf(stderr, "particle %d: mass %g is not positive\n", i, mass[i]);
      exit(2);
    }
    float r2 = px[i] * px[i] + py[i] * py[i] + 0.01f;
    float f = expf(-r2) / (sqrtf(r2) * mass[i]);
    vx[i] -= dt * f * px[i];
    vy[i] -= dt * f * py[i];
    px[i] += dt * vx[i];
    py[i] += dt * vy[i];
    if (fabsf(px[i]) > box || fabsf(py[i]) > box) {
      fprintf(stderr, "particle %d left the box at (%g, %g)\n", i, px[i],
              py[i]);
      exit(3);
    }
  }
}

int main(void) {
  unsigned seed = 11;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    px[i] = (float)(seed >> 16) / 65536.0f - 0.5f;
    seed = seed * 1103515245u + 12345u;
    py[i] = (float)(seed >> 16) / 65536.0f - 0.5f;
    vx[i] = vy[i] = 0;
    mass[i] = 1.0f + (float)(i % 7);
  }
  KERNEL_BEGIN
  for (int r = 0; r < 40; r++) {
    KERNEL_FENCE();
    advance(0.001f, 100.0f);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < N; i += 13)
    s += px[i] * (double)(i % 5 + 1) + vy[i];
  printf("%.6e\n", s);
  return 0;
}
