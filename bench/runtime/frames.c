/* frames.c - the frame-loop scenario: a frame of 2 to 4 short parallel
   loops, then idle until the next tick, as a camera preview or a game runs.

   Each frame takes a W x H float image through up to four loops:
     1. a horizontal 5-tap blur   (img -> tmp)
     2. a vertical 5-tap blur     (tmp -> out: reads rows y-2..y+2 of tmp)
     3. a tone map, pixel by pixel (out -> out)
     4. the mean brightness        (a + reduction over out)
   and the next frame starts from out. The loops are plain C: weft-translate
   parallelizes (and fuses) them; -DUSE_OMP puts hand-written OpenMP pragmas
   on them, one `parallel for` per loop, as a programmer would.

   Usage: frames FPS REGIONS ROWS FRAMES [JITTER_US]
   Ticks are 1/FPS apart; with JITTER_US each frame starts a pseudo-random
   0..JITTER_US later than its tick. Prints the frame time (from the frame's
   start to its end) at the median, 90th and 99th percentiles in us, the CPU
   time used per second of wall time, and a checksum of every frame's mean,
   which every build must print alike. The first 20 frames are not timed. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#ifdef USE_OMP
#define PARALLEL_FOR _Pragma("omp parallel for schedule(static)")
#define PARALLEL_SUM                                                           \
  _Pragma("omp parallel for schedule(static) reduction(+:sum)")
#else
#define PARALLEL_FOR
#define PARALLEL_SUM
#endif

enum { W = 640, WARMUP = 20 };

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static double cpu_us(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + u.ru_utime.tv_usec +
         u.ru_stime.tv_usec;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The frames, written as an application writes its frame function: the
   loops one after the other (weft-translate puts each frame's loops in one
   parallel region). frame2 blurs; frame3 also tone-maps; frame4 also takes
   the mean brightness, its result. */
static double frame2(int h, const float *restrict img, float *restrict tmp,
                     float *restrict out) {
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int x0 = x < 2 ? 0 : x - 2, x1 = x < 1 ? 0 : x - 1;
      int x3 = x > W - 2 ? W - 1 : x + 1, x4 = x > W - 3 ? W - 1 : x + 2;
      tmp[y * W + x] = (img[y * W + x0] + img[y * W + x1] + img[y * W + x] +
                        img[y * W + x3] + img[y * W + x4]) *
                       0.2f;
    }
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int y0 = y < 2 ? 0 : y - 2, y1 = y < 1 ? 0 : y - 1;
      int y3 = y > h - 2 ? h - 1 : y + 1, y4 = y > h - 3 ? h - 1 : y + 2;
      out[y * W + x] = (tmp[y0 * W + x] + tmp[y1 * W + x] + tmp[y * W + x] +
                        tmp[y3 * W + x] + tmp[y4 * W + x]) *
                       0.2f;
    }
  return out[0];
}

static double frame3(int h, const float *restrict img, float *restrict tmp,
                     float *restrict out) {
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int x0 = x < 2 ? 0 : x - 2, x1 = x < 1 ? 0 : x - 1;
      int x3 = x > W - 2 ? W - 1 : x + 1, x4 = x > W - 3 ? W - 1 : x + 2;
      tmp[y * W + x] = (img[y * W + x0] + img[y * W + x1] + img[y * W + x] +
                        img[y * W + x3] + img[y * W + x4]) *
                       0.2f;
    }
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int y0 = y < 2 ? 0 : y - 2, y1 = y < 1 ? 0 : y - 1;
      int y3 = y > h - 2 ? h - 1 : y + 1, y4 = y > h - 3 ? h - 1 : y + 2;
      out[y * W + x] = (tmp[y0 * W + x] + tmp[y1 * W + x] + tmp[y * W + x] +
                        tmp[y3 * W + x] + tmp[y4 * W + x]) *
                       0.2f;
    }
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      float v = out[y * W + x];
      out[y * W + x] = v * (1.5f - v * (0.5f / 256.0f)) + 0.25f;
    }
  return out[0];
}

static double frame4(int h, const float *restrict img, float *restrict tmp,
                     float *restrict out) {
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int x0 = x < 2 ? 0 : x - 2, x1 = x < 1 ? 0 : x - 1;
      int x3 = x > W - 2 ? W - 1 : x + 1, x4 = x > W - 3 ? W - 1 : x + 2;
      tmp[y * W + x] = (img[y * W + x0] + img[y * W + x1] + img[y * W + x] +
                        img[y * W + x3] + img[y * W + x4]) *
                       0.2f;
    }
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int y0 = y < 2 ? 0 : y - 2, y1 = y < 1 ? 0 : y - 1;
      int y3 = y > h - 2 ? h - 1 : y + 1, y4 = y > h - 3 ? h - 1 : y + 2;
      out[y * W + x] = (tmp[y0 * W + x] + tmp[y1 * W + x] + tmp[y * W + x] +
                        tmp[y3 * W + x] + tmp[y4 * W + x]) *
                       0.2f;
    }
  PARALLEL_FOR
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      float v = out[y * W + x];
      out[y * W + x] = v * (1.5f - v * (0.5f / 256.0f)) + 0.25f;
    }
  double sum = 0;
  PARALLEL_SUM
  for (int y = 0; y < h; y++) {
    float row = 0;
    for (int x = 0; x < W; x++)
      row += out[y * W + x];
    sum += row;
  }
  return sum / ((double)W * h);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s FPS REGIONS ROWS FRAMES [JITTER_US]\n", argv[0]);
    return 2;
  }
  double fps = atof(argv[1]);
  int regions = atoi(argv[2]), h = atoi(argv[3]), frames = atoi(argv[4]);
  double jitter = argc > 5 ? atof(argv[5]) : 0;
  if (fps <= 0 || regions < 2 || regions > 4 || h < 8 || frames <= WARMUP) {
    fprintf(stderr, "frames: bad arguments\n");
    return 2;
  }
  float *img = malloc(sizeof(float) * W * h),
        *tmp = malloc(sizeof(float) * W * h),
        *out = malloc(sizeof(float) * W * h);
  double *t = malloc(sizeof(double) * frames);
  if (!img || !tmp || !out || !t)
    return 1;
  for (int i = 0; i < W * h; i++)
    img[i] = (float)(((unsigned)i * 7919u) % 256u);

  double period = 1e6 / fps, tick = now_us(), check = 0;
  double cpu0 = 0, wall0 = 0;
  uint32_t rng = 12345;
  for (int f = 0; f < frames; f++) {
    if (f == WARMUP) {
      cpu0 = cpu_us();
      wall0 = now_us();
    }
    tick += period;
    double start_at = tick;
    if (jitter > 0) {
      rng = rng * 1664525u + 1013904223u;
      start_at += jitter * (rng >> 8) / 16777216.0;
    }
    double wait = start_at - now_us();
    if (wait > 0) {
      struct timespec ts = {(time_t)(wait / 1e6),
                            (long)((wait - (time_t)(wait / 1e6) * 1e6) * 1e3)};
      nanosleep(&ts, NULL);
    }
    double a = now_us();
    double m = regions == 2   ? frame2(h, img, tmp, out)
               : regions == 3 ? frame3(h, img, tmp, out)
                              : frame4(h, img, tmp, out);
    t[f] = now_us() - a;
    check = check * 0.5 + m;
    float *swap = img; /* the next frame starts from this one's output */
    img = out;
    out = swap;
  }
  double wall = now_us() - wall0, used = cpu_us() - cpu0;
  int n = frames - WARMUP;
  qsort(t + WARMUP, n, sizeof *t, by_value);
  printf("frame_us_median=%.1f frame_us_p90=%.1f frame_us_p99=%.1f "
         "cpu_ms_per_s=%.2f checksum=%.9g\n",
         t[WARMUP + n / 2], t[WARMUP + n * 9 / 10], t[WARMUP + n * 99 / 100],
         used / wall * 1e3, check);
  free(t);
  free(out);
  free(tmp);
  free(img);
  return 0;
}
