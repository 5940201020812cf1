/* stats.c - statistics of a large data set: reductions, in sequential C.
 *
 * 40 million readings of a simulated sensor: their sum, sum of squares,
 * minimum, maximum, the count above a threshold, and a 64-bin histogram.
 * weft runs the reductions over the team (each thread keeps its own partial
 * sums, combined in a fixed order: integers exactly). The histogram's
 * increments go to bins that depend on the data: weft runs it as an array
 * reduction, each thread counting into its own copy of the bins, which are
 * then added up. Prints every statistic.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 40000000, BINS = 64 };

/* Readings in [0, 4096): a slow wave, steps, and hashed noise. */
static void make_readings(int32_t *v, int n) {
  for (int i = 0; i < n; i++) {
    uint32_t r = (uint32_t)i * 2654435761u;
    v[i] = (int32_t)((i / 1000) % 2048 + (r >> 22) + ((i / 500000) % 3) * 300) %
           4096;
  }
}

int main(void) {
  int32_t *v = malloc(sizeof(int32_t) * N);
  make_readings(v, N);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int64_t sum = 0, sumsq = 0;
  int32_t lo = v[0], hi = v[0];
  long above = 0;
  for (int i = 0; i < N; i++) {
    sum += v[i];
    sumsq += (int64_t)v[i] * v[i];
    if (v[i] < lo)
      lo = v[i];
    if (v[i] > hi)
      hi = v[i];
    above += v[i] > 3000;
  }
  long hist[BINS] = {0};
  for (int i = 0; i < N; i++)
    hist[v[i] / (4096 / BINS)]++;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double mean = (double)sum / N;
  double var = (double)sumsq / N - mean * mean;
  printf("sum %lld sumsq %lld mean %.6f var %.6f min %d max %d above %ld\n",
         (long long)sum, (long long)sumsq, mean, var, lo, hi, above);
  for (int b = 0; b < BINS; b++)
    printf("%ld%c", hist[b], b + 1 < BINS ? ' ' : '\n');
  fprintf(stderr, "stats over %d readings: %.1f ms\n", N,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  free(v);
  return 0;
}
