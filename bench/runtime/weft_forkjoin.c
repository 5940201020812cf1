/* Fork/join and barrier cost of libweft, with the method of omp_forkjoin.c
   (EPCC syncbench style): the same body (a tiny delay per iteration, one
   iteration per team member), the same repetitions, the same idle gaps, and
   the same output format, so the two can be read side by side.
   Build: cc -O2 weft_forkjoin.c -I../../runtime/include -lweft -o weft_forkjoin */
#define _GNU_SOURCE
#include "weft.h"
#include "bench.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static void delay(int n) { double a = 0; for (int i = 0; i < n; i++) a += i * 0.5; sink = a; }
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t i = lo; i < hi; i++) delay(10);
}
static int reps;
static void barrier_region(void *ctx, int member, int size) {
  for (int r = 0; r < reps; r++) { delay(10); weft_barrier(); }
}
int main(int argc, char **argv) {
  reps = argc > 1 ? atoi(argv[1]) : 100000;
  int nt = weft_num_threads();
  weft_loop_t loop = {.trip = nt};
  for (int r = 0; r < 1000; r++) weft_parallel_for(&loop, body, NULL); /* warm up */
  double t0 = now();
  for (int r = 0; r < reps; r++) weft_parallel_for(&loop, body, NULL);
  double fj = (now() - t0) / reps;
  double t1 = now();
  for (int r = 0; r < reps; r++) delay(10);
  double base = (now() - t1) / reps;
  double t2 = now();
  weft_spmd(NULL, barrier_region, NULL);
  double bar = (now() - t2) / reps;
  double gaps[] = {1e-4, 1e-3, 1e-2, 0.3};
  printf("threads=%d parallel_for_us=%.3f barrier_us=%.3f", nt, (fj - base) * 1e6, (bar - base) * 1e6);
  /* Twice: as a hand-written call (no work estimate, like the OpenMP
     version), and as weft's generated code calls it, with the compiler's
     estimate of the loop's work in the descriptor (here the measured serial
     time of the body). */
  weft_loop_t est = {.trip = nt, .work_ns = base * nt * 1e9};
  const weft_loop_t *variants[2] = {&loop, &est};
  const char *prefix[2] = {"", "est_"};
  for (int v = 0; v < 2; v++)
    for (int g = 0; g < 4; g++) {
      double tot = 0; int n = 20;
      for (int k = 0; k < n; k++) {
        struct timespec ts = {0, (long)(gaps[g] * 1e9)}; if (gaps[g] >= 1) { ts.tv_sec = 1; ts.tv_nsec = 0; }
        nanosleep(&ts, NULL);
        double a = now();
        weft_parallel_for(variants[v], body, NULL);
        tot += now() - a;
      }
      printf(" %safter_idle_%gms_us=%.2f", prefix[v], gaps[g] * 1e3, tot / n * 1e6);
    }
  weft_stats_t st; weft_get_stats(&st);
  printf(" wake_syscalls=%llu blocks=%llu\n", (unsigned long long)st.wake_syscalls, (unsigned long long)st.blocks);
  return 0;
}
