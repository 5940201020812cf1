/* denoise.c - a small image pipeline in plain sequential C.
 *
 * Makes a noisy 2048x1536 grayscale image, smooths it with 200 passes of a
 * 5-point filter, finds edges with a Sobel operator, and counts the edge
 * pixels. No threads, no pragmas: weft-translate finds the loops that can
 * run in parallel and writes the parallel C (see examples/README.md).
 *
 * Prints a checksum of the result, so that the sequential and the parallel
 * program can be compared bit for bit.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { W = 2048, H = 1536, PASSES = 200 };

/* A deterministic noisy test image: soft gradients, a few squares, noise. */
static void make_image(float *img, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      uint32_t r = (uint32_t)(y * w + x) * 2654435761u;
      float noise = (float)(r >> 24) / 255.0f - 0.5f;
      float square = ((x / 256 + y / 256) % 3 == 0) ? 0.6f : 0.0f;
      img[y * w + x] = 0.2f + 0.3f * (float)x / (float)w + square + 0.25f * noise;
    }
}

/* One pass of a 5-point smoothing filter from src into dst (edges copied). */
static void smooth(const float *src, float *dst, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      dst[y * w + x] = 0.5f * src[y * w + x] +
                       0.125f * (src[(y - 1) * w + x] + src[(y + 1) * w + x] +
                                 src[y * w + x - 1] + src[y * w + x + 1]);
  for (int x = 0; x < w; x++) {
    dst[x] = src[x];
    dst[(h - 1) * w + x] = src[(h - 1) * w + x];
  }
  for (int y = 0; y < h; y++) {
    dst[y * w] = src[y * w];
    dst[y * w + w - 1] = src[y * w + w - 1];
  }
}

/* Gradient magnitude of the Sobel operator. */
static void sobel(const float *img, float *mag, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float gx = img[(y - 1) * w + x + 1] + 2 * img[y * w + x + 1] +
                 img[(y + 1) * w + x + 1] - img[(y - 1) * w + x - 1] -
                 2 * img[y * w + x - 1] - img[(y + 1) * w + x - 1];
      float gy = img[(y + 1) * w + x - 1] + 2 * img[(y + 1) * w + x] +
                 img[(y + 1) * w + x + 1] - img[(y - 1) * w + x - 1] -
                 2 * img[(y - 1) * w + x] - img[(y - 1) * w + x + 1];
      mag[y * w + x] = sqrtf(gx * gx + gy * gy);
    }
}

int main(void) {
  float *a = malloc(sizeof(float) * W * H), *b = malloc(sizeof(float) * W * H);
  float *edges = calloc((size_t)W * H, sizeof(float));
  if (!a || !b || !edges)
    return 1;
  make_image(a, W, H);
  for (int p = 0; p < PASSES; p++) {
    smooth(a, b, W, H);
    float *t = a;
    a = b;
    b = t;
  }
  sobel(a, edges, W, H);
  long count = 0;
  for (int i = 0; i < W * H; i++)
    if (edges[i] > 0.05f)
      count++;
  uint64_t sum = 0;
  for (int i = 0; i < W * H; i += 7)
    sum = sum * 31 + (uint64_t)(a[i] * 65536.0f);
  printf("edge pixels: %ld\nchecksum: %016llx\n", count,
         (unsigned long long)sum);
  free(a);
  free(b);
  free(edges);
  return 0;
}
