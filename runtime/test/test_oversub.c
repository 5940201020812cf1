/*===- test_oversub.c - A team of 4 on one CPU finishes -------------------===*
 *
 * The process pins itself to one CPU (as `taskset -c 0` would) and asks for
 * four threads. Spinning would only delay the thread being waited for; the
 * runtime must yield and block instead, and finish. The cost is measured in
 * bench/runtime, not here; ctest's timeout only catches a deadlock.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <sched.h>
#include <stdatomic.h>

static _Atomic int64_t sum;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  atomic_fetch_add(&sum, hi - lo);
}

static void spmd(void *p, int member, int size) {
  for (int i = 0; i < 100; i++)
    weft_barrier();
  weft_loop_t l = {.trip = 1000};
  weft_spmd_for(&l, body, NULL);
}

int main(void) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(0, &one);
  CHECK_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  CHECK_EQ(weft_set_num_threads(4), 0);
  int64_t expect = 0;
  int reps = 20000 / test_scale_down();
  for (int r = 0; r < reps; r++) {
    weft_loop_t l = {.trip = 1 + r % 500};
    weft_parallel_for(&l, body, NULL);
    expect += l.trip;
  }
  for (int r = 0; r < 50; r++) {
    weft_spmd(NULL, spmd, NULL);
    expect += 1000;
  }
  CHECK_EQ(atomic_load(&sum), expect);
  printf("test_oversub: ok\n");
  return 0;
}
