/* Wake-up latency of libweft, with the method of omp_wakeup.c: after an idle
   gap, a region of one ~100 us iteration per member; how long after the fork
   the last of the other members starts its iteration. The descriptor carries
   the work estimate, as weft's generated code does.
   Build: cc -O2 weft_wakeup.c -I../../runtime/include -lweft -o weft_wakeup */
#include "weft.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static volatile double sink;
static void spin_for(double s) { double e = now() + s; while (now() < e) sink += 1; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static double start[64];
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t i = lo; i < hi; i++) { start[i] = now(); spin_for(100e-6); }
}
int main(void) {
  int nt = weft_num_threads();
  weft_loop_t loop = {.trip = nt, .work_ns = 100e3 * nt};
  double gaps[] = {1e-4, 1e-3, 1e-2, 0.3};
  printf("threads=%d", nt);
  for (int g = 0; g < 4; g++) {
    enum { N = 21 };
    double lat[N];
    for (int k = 0; k < N; k++) {
      struct timespec ts = {0, (long)(gaps[g] * 1e9)};
      nanosleep(&ts, NULL);
      double fork = now();
      weft_parallel_for(&loop, body, NULL);
      /* The chunk of iteration i is started by whichever member takes it. */
      double last = 0;
      for (int i = 1; i < nt; i++) if (start[i] - fork > last) last = start[i] - fork;
      lat[k] = last;
    }
    qsort(lat, N, sizeof lat[0], cmp);
    printf(" wake_after_%gms_us=%.2f", gaps[g] * 1e3, lat[N / 2] * 1e6);
  }
  weft_stats_t st; weft_get_stats(&st);
  printf(" steals=%llu\n", (unsigned long long)st.steals);
  return 0;
}
