// RUN: %exec-check %s
// PARALLEL: 1
// The Mandelbrot set: an escape-time while loop per pixel, whose trip count
// varies a lot between rows (imbalanced work, which stealing evens out).
#include <stdio.h>

#define W 320
#define H 240
static unsigned char img[H][W];

int main(void) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      double cr = -2.2 + 3.0 * x / W, ci = -1.2 + 2.4 * y / H;
      double zr = 0, zi = 0;
      int n = 0;
      while (n < 255 && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        n++;
      }
      img[y][x] = (unsigned char)n;
    }
  unsigned long h = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      h = h * 33 + img[y][x];
  printf("%lu %d %d\n", h, img[H / 2][W / 2], img[10][10]);
  return 0;
}
