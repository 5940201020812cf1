// RUN: %exec-check %s
// PARALLEL: 3
// All-pairs gravity: the force on each body sums over all others (a private
// accumulation per body), so the loop over bodies is parallel; positions
// are then advanced in a second parallel loop.
#include <math.h>
#include <stdio.h>

#define N 700
static double px[N], py[N], vx[N], vy[N], ax[N], ay[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    px[i] = cos(i * 0.1) * (1 + i % 13);
    py[i] = sin(i * 0.1) * (1 + i % 11);
    vx[i] = vy[i] = 0;
  }
  for (int step = 0; step < 4; step++) {
    for (int i = 0; i < N; i++) {
      double fx = 0, fy = 0;
      for (int j = 0; j < N; j++) {
        double dx = px[j] - px[i], dy = py[j] - py[i];
        double d2 = dx * dx + dy * dy + 1e-3;
        double inv = 1.0 / (d2 * sqrt(d2));
        fx += dx * inv;
        fy += dy * inv;
      }
      ax[i] = fx;
      ay[i] = fy;
    }
    for (int i = 0; i < N; i++) {
      vx[i] += ax[i] * 1e-3;
      vy[i] += ay[i] * 1e-3;
      px[i] += vx[i] * 1e-3;
      py[i] += vy[i] * 1e-3;
    }
  }
  printf("%.17g %.17g %.17g\n", px[0], py[N / 2], vx[N - 1]);
  return 0;
}
