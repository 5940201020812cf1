/* is.c - integer sort: ranking keys by counting.
 * Modeled on the NAS Parallel Benchmarks' IS (OpenMP version): keys from
 * the NPB generator, ten rankings, each a copy of the keys, a histogram of
 * the key values (key_buff1[key_buff2[i]]++), a prefix sum, and partial
 * verification; the expert's pragmas are on the copy and on the histogram
 * (the original gives each thread its own buckets; here the expert writes
 * OpenMP's array-section reduction).
 * Written for weft's benchmark; no code of the original.
 * bench: args= profile=
 */
#include <stdio.h>
#include <stdlib.h>

#define TOTAL_KEYS_LOG_2 23
#define MAX_KEY_LOG_2 17
#define NUM_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define MAX_ITERATIONS 10

static int key_array[NUM_KEYS], key_buff2[NUM_KEYS];
static int key_buff1[MAX_KEY];

static double randlc(double *x, double a) {
  const double r23 = 1.0 / 8388608.0, r46 = r23 * r23;
  const double t23 = 8388608.0, t46 = t23 * t23;
  double t1 = r23 * a, a1 = (int)t1, a2 = a - t23 * a1;
  t1 = r23 * *x;
  double x1 = (int)t1, x2 = *x - t23 * x1;
  t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(r23 * t1), z = t1 - t23 * t2;
  double t3 = t23 * z + a2 * x2, t4 = (int)(r46 * t3);
  *x = t3 - t46 * t4;
  return r46 * *x;
}

static void create_seq(double seed, double a) {
  int k = MAX_KEY / 4;
  for (int i = 0; i < NUM_KEYS; i++) {
    double x = randlc(&seed, a);
    x += randlc(&seed, a);
    x += randlc(&seed, a);
    x += randlc(&seed, a);
    key_array[i] = k * x;
  }
}

static long rank(int iteration) {
  key_array[iteration] = iteration;
  key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;
#pragma omp parallel for
  for (int i = 0; i < NUM_KEYS; i++)
    key_buff2[i] = key_array[i];
  for (int i = 0; i < MAX_KEY; i++)
    key_buff1[i] = 0;
#pragma omp parallel for reduction(+ : key_buff1[:MAX_KEY])
  for (int i = 0; i < NUM_KEYS; i++)
    key_buff1[key_buff2[i]]++;
  for (int i = 0; i < MAX_KEY - 1; i++)
    key_buff1[i + 1] += key_buff1[i];
  /* Partial verification: the ranks of a few keys. */
  long check = 0;
  for (int i = 0; i < 5; i++) {
    int k = key_array[i * 104729 % NUM_KEYS];
    check += k > 0 ? key_buff1[k - 1] : 0;
  }
  return check;
}

int main(void) {
  create_seq(314159265.00, 1220703125.00);
  long check = 0;
  for (int it = 1; it <= MAX_ITERATIONS; it++) {
    long c = rank(it);
    printf("iteration %d: ranks %ld\n", it, c);
    check += c;
  }
  /* Full verification: the keys in rank order are sorted. */
  long sorted = 0;
  for (int i = 0; i < MAX_KEY; i++)
    key_buff1[i] = 0;
  for (int i = 0; i < NUM_KEYS; i++)
    key_buff1[key_array[i]]++;
  int prev = 0;
  for (int i = 0; i < MAX_KEY; i++)
    if (key_buff1[i] > 0) {
      sorted += (i >= prev);
      prev = i;
    }
  printf("is: keys %d, checksum %ld, distinct keys %ld\n", NUM_KEYS, check,
         sorted);
  return 0;
}
