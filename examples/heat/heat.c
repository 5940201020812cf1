/* heat.c - heat diffusion on a plate: a 2D Jacobi stencil, sequential C.
 *
 * A 1024x1024 plate with a hot edge and a cold spot; 1500 Jacobi steps
 * between two buffers, each point the mean of its four neighbours. weft
 * runs each step's row loop over the team (a run-time check shows that the
 * two buffers do not overlap); the step loop stays sequential, since each
 * step reads what the last one wrote. Prints the temperature at a few
 * points and the total heat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { W = 1024, H = 1024, STEPS = 1500 };

static void init(float *t, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float v = 20.0f;
      if (y == 0)
        v = 100.0f; /* the hot edge */
      int dx = x - w / 3, dy = y - h / 2;
      if (dx * dx + dy * dy < 40 * 40)
        v = 0.0f; /* the cold spot */
      t[y * w + x] = v;
    }
}

/* One step: interior points from their neighbours; edges stay fixed. */
static void step(const float *src, float *dst, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      dst[y * w + x] = 0.25f * (src[(y - 1) * w + x] + src[(y + 1) * w + x] +
                                src[y * w + x - 1] + src[y * w + x + 1]);
}

int main(void) {
  float *a = malloc(sizeof(float) * W * H), *b = malloc(sizeof(float) * W * H);
  init(a, W, H);
  init(b, W, H);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int s = 0; s < STEPS; s++) {
    step(a, b, W, H);
    float *t = a;
    a = b;
    b = t;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double total = 0;
  for (int i = 0; i < W * H; i++)
    total += a[i];
  printf("t(10,512) %.6f t(512,512) %.6f t(%d,40) %.6f total %.6e\n",
         a[512 * W + 10], a[512 * W + 512], W / 3, a[40 * W + W / 3], total);
  fprintf(stderr, "heat %dx%d, %d steps: %.1f ms\n", W, H, STEPS,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  free(a);
  free(b);
  return 0;
}
