#include "demo.h"

void make_image(unsigned char *img, int w, int h, unsigned seed) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      img[y * w + x] = (unsigned char)((x * 7 + y * 13 + seed * (x ^ y)) & 255);
}

/* A horizontal 1x5 box blur; the edges are copied. */
void blur_rows(const unsigned char *in, unsigned char *out, int w, int h) {
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      if (x < 2 || x >= w - 2) {
        out[y * w + x] = in[y * w + x];
        continue;
      }
      int s = 0;
      for (int k = -2; k <= 2; k++)
        s += in[y * w + x + k];
      out[y * w + x] = (unsigned char)((s + 2) / 5);
    }
  }
}
