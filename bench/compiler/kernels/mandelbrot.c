// The Mandelbrot set, 1280x960 pixels of up to 400 iterations: compute-bound,
// and rows near the set take far longer than the others.
#include "kernel.h"

#define W 1280
#define H 960
static unsigned short img[H][W];

static void mandel(void) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      double cr = -2.2 + 3.0 * x / W, ci = -1.2 + 2.4 * y / H;
      double zr = 0, zi = 0;
      int n = 0;
      while (n < 400 && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        n++;
      }
      img[y][x] = (unsigned short)n;
    }
}

int main(void) {
  KERNEL_BEGIN
  mandel();
  KERNEL_END
  unsigned long h = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      h = h * 31 + img[y][x];
  printf("%lu\n", h);
  return 0;
}
