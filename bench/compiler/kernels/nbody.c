// N-body forces: every body against every other, 3000 bodies, 4 steps
// (compute-bound, a sqrt and a division per pair).
#include "kernel.h"
#include <math.h>

#define NB 3000
static double px[NB], py[NB], pz[NB], vx[NB], vy[NB], vz[NB], m[NB];

static void forces(double dt) {
  for (int i = 0; i < NB; i++) {
    double ax = 0, ay = 0, az = 0;
    for (int j = 0; j < NB; j++) {
      double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
      double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
      double inv = m[j] / (d2 * sqrt(d2));
      ax += dx * inv;
      ay += dy * inv;
      az += dz * inv;
    }
    vx[i] += dt * ax;
    vy[i] += dt * ay;
    vz[i] += dt * az;
  }
  for (int i = 0; i < NB; i++) {
    px[i] += dt * vx[i];
    py[i] += dt * vy[i];
    pz[i] += dt * vz[i];
  }
}

int main(void) {
  for (int i = 0; i < NB; i++) {
    px[i] = (double)(i % 100);
    py[i] = (double)((i * 7) % 100);
    pz[i] = (double)((i * 13) % 100);
    m[i] = 1.0 + (double)(i % 5);
  }
  KERNEL_BEGIN
  for (int t = 0; t < 4; t++) {
    KERNEL_FENCE();
    forces(0.01);
  }
  KERNEL_END
  printf("%.12e %.12e\n", px[17] + py[42] + pz[999], vx[5] + vy[6] + vz[7]);
  return 0;
}
