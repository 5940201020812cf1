// A first-order recurrence down the columns of a 1024-wide float image
// (each row from the one before, through sqrtf and a division: compute-
// bound), as a vertical pass of a filter or a dynamic program does it: the
// rows are sequential, the columns of a row independent.
#include "kernel.h"
#include <math.h>

#define H 3000
#define W 1024
static float img[H][W], out[H][W];

static void recurrence(float a, float b) {
  for (int j = 0; j < W; j++)
    out[0][j] = img[0][j];
  for (int i = 1; i < H; i++)
    for (int j = 0; j < W; j++)
      out[i][j] = sqrtf(a * out[i - 1][j] * out[i - 1][j] + b * img[i][j]) +
                  0.5f / (1.0f + out[i - 1][j]);
}

int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      img[i][j] = (float)((i * 7 + j * 13) % 256);
  KERNEL_BEGIN
  for (int r = 0; r < 3; r++) {
    recurrence(0.75f, 0.25f);
    KERNEL_FENCE();
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < H; i++)
    s += out[i][(i * 7) % W];
  printf("%.6e\n", s);
  return 0;
}
