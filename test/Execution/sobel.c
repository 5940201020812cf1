// RUN: %exec-check %s
// PARALLEL: 3
// Sobel edge magnitude on a float image (sqrtf from libm), then a threshold
// that counts edge pixels (an integer reduction).
#include <math.h>
#include <stdio.h>

#define W 512
#define H 384
static float img[H][W], mag[H][W];

int main(void) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      img[y][x] = (float)(((x / 16) + (y / 16)) % 2) * 100.0f + (float)(x % 7);
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++) {
      float gx = img[y - 1][x + 1] + 2 * img[y][x + 1] + img[y + 1][x + 1] -
                 img[y - 1][x - 1] - 2 * img[y][x - 1] - img[y + 1][x - 1];
      float gy = img[y + 1][x - 1] + 2 * img[y + 1][x] + img[y + 1][x + 1] -
                 img[y - 1][x - 1] - 2 * img[y - 1][x] - img[y - 1][x + 1];
      mag[y][x] = sqrtf(gx * gx + gy * gy);
    }
  long edges = 0;
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++)
      if (mag[y][x] > 150.0f)
        edges++;
  printf("%ld %.9g %.9g\n", edges, mag[16][16], mag[H / 2][W / 3]);
  return 0;
}
