/* Wake-up latency of an OpenMP runtime: after an idle gap, a region whose
   iterations are long enough that every thread is needed (~100 us each).
   Reports how long after the fork the second thread starts its iteration.
   Build: cc -O2 -fopenmp omp_wakeup.c -o omp_wakeup */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static volatile double sink;
static void spin_for(double s) { double e = now() + s; while (now() < e) sink += 1; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(void) {
  int nt = omp_get_max_threads();
  double gaps[] = {1e-4, 1e-3, 1e-2, 0.3};
  printf("threads=%d", nt);
  for (int g = 0; g < 4; g++) {
    enum { N = 21 };
    double lat[N];
    for (int k = 0; k < N; k++) {
      struct timespec ts = {0, (long)(gaps[g] * 1e9)};
      nanosleep(&ts, NULL);
      double start[64] = {0};
      double fork = now();
#pragma omp parallel for schedule(static)
      for (int i = 0; i < nt; i++) { start[i] = now(); spin_for(100e-6); }
      double last = 0;
      for (int i = 1; i < nt; i++) if (start[i] - fork > last) last = start[i] - fork;
      lat[k] = last;
    }
    qsort(lat, N, sizeof lat[0], cmp);
    printf(" wake_after_%gms_us=%.2f", gaps[g] * 1e3, lat[N / 2] * 1e6);
  }
  printf("\n");
  return 0;
}
