// RUN: %exec-check %s
// PARALLEL: 4
// SWEPT: 2
// Loops with fewer iterations than cores (3 colour planes, 2 passes) give
// way to the parallel loops inside them: the rows of each plane run in
// parallel; with one fork for all three planes where the plane loop holds
// nothing else (a sweep: each chunk runs its rows of every plane), one fork
// per pass where a pass has two loops.
#include <stdio.h>

#define H 300
#define W 200
static float img[3][H][W], out[3][H][W];

static void blur_planes(void) {
  for (int c = 0; c < 3; c++)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++)
        out[c][y][x] = (img[c][y - 1][x] + img[c][y + 1][x] +
                        img[c][y][x - 1] + img[c][y][x + 1]) * 0.25f +
                       (float)c;
}

static void two_passes(int n, float *a, float *b) {
  for (int p = 0; p < 2; p++) {
    for (int i = 0; i < n; i++)
      a[p * n + i] = (float)(i % 17) * (float)(p + 1);
    for (int i = 1; i < n; i++)
      b[p * n + i] = a[p * n + i] - a[p * n + i - 1];
  }
}

int main(void) {
  for (int c = 0; c < 3; c++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        img[c][y][x] = (float)((c * 7 + y * 3 + x) % 23);
  blur_planes();
  static float a[2 * 50000], b[2 * 50000];
  two_passes(50000, a, b);
  double s = 0;
  for (int c = 0; c < 3; c++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        s += out[c][y][x] * (float)((x + y) % 5);
  double t = 0;
  for (int i = 0; i < 2 * 50000; i++)
    t += b[i] * (float)(i % 3);
  printf("%.3f %.3f\n", s, t);
  return 0;
}
