/* The motivating case: a 60 fps frame loop. Each frame blurs a
   640x480 float image (3x3 box, 4 passes) and then idles until the next
   16.7 ms tick. Reports the median and 90th-percentile compute time per frame
   and the CPU time burned per wall-clock second.

   One source, four builds (run.py): sequential (-DSEQ), OpenMP with libgomp
   (gcc -fopenmp) and libomp (clang-19 -fopenmp), and libweft (-DWEFT). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "bench.h"
#ifdef WEFT
#include "weft.h"
#endif

#define W 640
#define H 480
#define FRAMES 180
#define PASSES 4

static float img[2][H][W];

static double cpu(void) { struct rusage u; getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6; }

static void blur_rows(int src, int y0, int y1) {
  for (int y = y0; y < y1; y++) {
    int ya = y > 0 ? y - 1 : 0, yb = y < H - 1 ? y + 1 : H - 1;
    for (int x = 0; x < W; x++) {
      int xa = x > 0 ? x - 1 : 0, xb = x < W - 1 ? x + 1 : W - 1;
      img[!src][y][x] = (img[src][ya][xa] + img[src][ya][x] + img[src][ya][xb] +
                         img[src][y][xa] + img[src][y][x] + img[src][y][xb] +
                         img[src][yb][xa] + img[src][yb][x] + img[src][yb][xb]) * (1.0f / 9);
    }
  }
}

#ifdef WEFT
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  blur_rows(*(int *)ctx, (int)lo, (int)hi);
}
#endif

static void frame(void) {
  for (int p = 0; p < PASSES; p++) {
    int src = p & 1;
#if defined(WEFT)
    weft_loop_t l = {.trip = H};
    weft_parallel_for(&l, body, &src);
#elif defined(_OPENMP)
#pragma omp parallel for schedule(static)
    for (int y = 0; y < H; y++) blur_rows(src, y, y + 1);
#else
    blur_rows(src, 0, H);
#endif
  }
}


int main(void) {
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) img[0][y][x] = (float)((x * 7 + y * 13) % 256);
  frame(); /* warm up (creates the team) */
  static double t[FRAMES];
  double start = now(), c0 = cpu(), tick = start;
  for (int f = 0; f < FRAMES; f++) {
    double a = now();
    frame();
    t[f] = now() - a;
    tick += 1.0 / 60;
    double left = tick - now();
    if (left > 0) { struct timespec ts = {0, (long)(left * 1e9)}; nanosleep(&ts, NULL); }
  }
  double wall = now() - start, used = cpu() - c0;
  qsort(t, FRAMES, sizeof t[0], cmp);
  double check = 0;
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) check += img[0][y][x];
  printf("frame_ms_median=%.3f frame_ms_p90=%.3f cpu_ms_per_s=%.1f checksum=%.6g\n",
         t[FRAMES / 2] * 1e3, t[FRAMES * 9 / 10] * 1e3, used / wall * 1e3, check);
  return 0;
}
