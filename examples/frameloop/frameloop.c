/* frameloop.c - an image convolution run as a 60 fps frame loop.
 *
 * Each frame: render a 1280x720 test frame, sharpen it with a 5x5
 * convolution, take its mean brightness, then sleep until the next 1/60 s
 * deadline, as a camera preview or a game would. weft runs the render, the
 * convolution and the mean over the team; between frames the team's
 * threads go idle and must wake up fast for the next one. Prints a
 * checksum of every frame's mean on stdout, and on stderr the work per
 * frame (median, 95th percentile, worst) and the deadlines missed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { W = 1280, H = 720, FRAMES = 120 };
static const long PERIOD_NS = 1000000000L / 60;

static const float K[5][5] = {{0, 0, -1, 0, 0},
                              {0, -1, -2, -1, 0},
                              {-1, -2, 17, -2, -1},
                              {0, -1, -2, -1, 0},
                              {0, 0, -1, 0, 0}};

static void render(uint8_t *img, int w, int h, int frame) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int v = ((x + frame * 4) ^ (y + frame)) & 255;
      img[y * w + x] = (uint8_t)((v * 3 + x / 5 + y / 3) & 255);
    }
}

/* The 5x5 kernel on the interior; the 2-pixel border is copied. */
static void convolve(const uint8_t *src, uint8_t *dst, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (y < 2 || y >= h - 2 || x < 2 || x >= w - 2) {
        dst[y * w + x] = src[y * w + x];
        continue;
      }
      float acc = 0;
      for (int j = -2; j <= 2; j++)
        for (int i = -2; i <= 2; i++)
          acc += K[j + 2][i + 2] * src[(y + j) * w + x + i];
      int v = (int)(acc * 0.2f + 0.5f);
      dst[y * w + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
}

static long brightness(const uint8_t *img, int n) {
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += img[i];
  return sum;
}

static double ms_between(struct timespec a, struct timespec b) {
  return (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  uint8_t *frame = malloc(W * H), *out = malloc(W * H);
  double work[FRAMES];
  unsigned long check = 0;
  int missed = 0;
  struct timespec next, t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &next);
  for (int f = 0; f < FRAMES; f++) {
    clock_gettime(CLOCK_MONOTONIC, &t0);
    render(frame, W, H, f);
    convolve(frame, out, W, H);
    check = check * 1000003 + (unsigned long)brightness(out, W * H);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    work[f] = ms_between(t0, t1);
    next.tv_nsec += PERIOD_NS;
    if (next.tv_nsec >= 1000000000L) {
      next.tv_nsec -= 1000000000L;
      next.tv_sec++;
    }
    if (t1.tv_sec > next.tv_sec ||
        (t1.tv_sec == next.tv_sec && t1.tv_nsec > next.tv_nsec)) {
      missed++;
      next = t1; /* start again from now */
    } else {
      clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
  }
  double total = 0;
  for (int f = 0; f < FRAMES; f++)
    total += work[f];
  qsort(work, FRAMES, sizeof *work, by_value);
  printf("frames %d checksum %lu\n", FRAMES, check);
  fprintf(stderr,
          "per frame: median %.2f ms, 95th %.2f ms, worst %.2f ms; %d of %d "
          "deadlines missed\n",
          work[FRAMES / 2], work[FRAMES * 95 / 100], work[FRAMES - 1], missed,
          FRAMES);
  fprintf(stderr, "work of %d frames at 60 fps: %.1f ms\n", FRAMES, total);
  free(frame);
  free(out);
  return 0;
}
