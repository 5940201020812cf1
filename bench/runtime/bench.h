/* What the runtime benchmarks share: a monotonic clock in seconds, a busy
   wait measured by it, a comparison for sorting times, and the wake-up
   measurement of omp_wakeup.c and weft_wakeup.c. (omp_forkjoin.c and
   omp_idleburn.c are the anchors of ../shared/bench, kept as they are.) */
#ifndef WEFT_BENCH_H
#define WEFT_BENCH_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Each benchmark uses some of these. */
#define BENCH_SHARED static __attribute__((unused))

BENCH_SHARED double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
BENCH_SHARED volatile double sink;
BENCH_SHARED void spin_for(double s) { double e = now() + s; while (now() < e) sink += 1; }
BENCH_SHARED int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

/* Wake-up latency: after each idle gap, fork_region(nt) runs a region of nt
   iterations of wakeup_iteration(); prints, per gap, the median over 21
   regions of how long after the fork the last of the other members started
   its iteration. */
BENCH_SHARED double wakeup_start[64];
BENCH_SHARED void wakeup_iteration(int64_t i) { wakeup_start[i] = now(); spin_for(100e-6); }
BENCH_SHARED void measure_wakeup(int nt, void (*fork_region)(int nt)) {
  double gaps[] = {1e-4, 1e-3, 1e-2, 0.3};
  printf("threads=%d", nt);
  for (int g = 0; g < 4; g++) {
    enum { N = 21 };
    double lat[N];
    for (int k = 0; k < N; k++) {
      struct timespec ts = {0, (long)(gaps[g] * 1e9)};
      nanosleep(&ts, NULL);
      memset(wakeup_start, 0, sizeof wakeup_start);
      double fork = now();
      fork_region(nt);
      double last = 0;
      for (int i = 1; i < nt; i++) if (wakeup_start[i] - fork > last) last = wakeup_start[i] - fork;
      lat[k] = last;
    }
    qsort(lat, N, sizeof lat[0], cmp);
    printf(" wake_after_%gms_us=%.2f", gaps[g] * 1e3, lat[N / 2] * 1e6);
  }
}
#endif
