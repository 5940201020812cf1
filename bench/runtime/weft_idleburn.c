/* CPU time libweft burns after a parallel region ends, while the program
   idles: the method of omp_idleburn.c (energy proxy: spinning workers).
   Build: cc -O2 weft_idleburn.c -I../../runtime/include -lweft -o weft_idleburn */
#define _GNU_SOURCE
#include "weft.h"
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
static double cpu(void) { struct rusage u; getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6; }
static volatile double s;
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t i = lo; i < hi; i++) s += i;
}
int main(void) {
  int nt = weft_num_threads();
  weft_loop_t loop = {.trip = nt};
  weft_parallel_for(&loop, body, NULL);
  double c0 = cpu();
  for (int k = 0; k < 5; k++) {
    weft_parallel_for(&loop, body, NULL);
    struct timespec ts = {1, 0}; nanosleep(&ts, NULL);   /* idle 1 s after the region */
  }
  printf("threads=%d cpu_ms_burned_per_idle_second=%.1f\n", nt, (cpu() - c0) / 5 * 1e3);
  return 0;
}
