/* The timing harness of bench/compiler's kernels: each program sets up its
 * data, then times its kernel between KERNEL_BEGIN and KERNEL_END, which
 * prints the wall and CPU seconds on stderr (CPU above wall means the kernel
 * ran on more than one core); the checksum goes to stdout. No loops here:
 * nothing of the harness is for a parallelizer to find. */
#ifndef BENCH_KERNEL_H
#define BENCH_KERNEL_H
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

static double kernel_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double kernel_cpu(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/* Between repetitions of a kernel: the compiler may not move memory
 * accesses across it, so no tool can fuse or interchange the repetitions
 * (a program repeats a kernel once per frame, with other work between). */
#define KERNEL_FENCE() __asm__ __volatile__("" ::: "memory")

#define KERNEL_BEGIN double kernel_t0 = kernel_now(), kernel_c0 = kernel_cpu();
#define KERNEL_END                                                             \
  fprintf(stderr, "kernel: seconds=%.6f cpu=%.6f\n", kernel_now() - kernel_t0, \
          kernel_cpu() - kernel_c0);
#endif
