// RUN: %exec-check %s
// Loops that call functions defined in a header the file includes
// (docs/analysis.md, "Functions of included files"): weft imports those
// definitions for their summaries, so a pure helper (to_byte, through
// clampi), a header function with a loop that reads a row (row_mean) or
// writes one (center_row) no longer keep a loop sequential; pixel, which
// reads through the image's pointer while the loop writes memory it may
// reach, is expanded at its call (weft-expand-calls), and the loop runs
// on a run-time check that out and a->px are apart. The parallel build
// must print what the sequential one prints.
// PARALLEL: 4
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
// CFLAGS: -I%S
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/image.h"

enum { W = 257, H = 130 };

static float rows[H][W];
static float means[H];
static unsigned char bytes[H * W];
static float blend[H * W];

static void quantize(const float *restrict in, unsigned char *restrict out,
                     int n) {
  for (int i = 0; i < n; i++)
    out[i] = to_byte(in[i]);
}

static void normalize(void) {
  for (int r = 0; r < H; r++) {
    means[r] = row_mean(rows[r], W);
    center_row(rows[r], W, means[r], 0.5f);
  }
}

static void mix(const image *a, float *out, float t) {
  for (int y = 0; y < a->h; y++)
    for (int x = 0; x < a->w; x++)
      out[y * a->w + x] = lerp(pixel(a, x, y), 0.25f, t);
}

int main(void) {
  for (int r = 0; r < H; r++)
    for (int j = 0; j < W; j++)
      rows[r][j] = (float)((r * 31 + j * 7) % 101) / 100.0f;
  normalize();
  quantize(&rows[0][0], bytes, H * W);
  image a = {W, H, &rows[0][0]};
  mix(&a, blend, 0.3f);
  unsigned long sum = 0;
  double fsum = 0;
  for (int i = 0; i < H * W; i++) {
    sum = sum * 31 + bytes[i];
    fsum += blend[i];
  }
  for (int r = 0; r < H; r += 13)
    printf("mean[%d] = %.6f\n", r, means[r]);
  printf("bytes %lu, blend %.6f\n", sum, fsum);
  return 0;
}
