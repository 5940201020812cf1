/*===- test_wake.c - Loops too short to pay for a wake leave sleepers be ---===*
 *
 * With no spin, idle workers block at once. A loop whose work_ns estimate is
 * below WEFT_WAKE_WORTH_NS must then run without a futex wake (the caller
 * takes the sleepers' chunks); a loop with no estimate must wake them. Both
 * must run every iteration exactly once.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
#include <time.h>

static _Atomic int hits[1000];

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t i = lo; i < hi; i++)
    atomic_fetch_add_explicit(&hits[i], 1, memory_order_relaxed);
}

static void idle(void) {
  struct timespec ts = {0, 20 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/// Runs `rounds` loops after an idle gap each; returns the wake system calls.
static uint64_t run(double work_ns, int rounds) {
  weft_stats_t st;
  weft_reset_stats();
  for (int r = 0; r < rounds; r++) {
    idle();
    weft_loop_t l = {.trip = 1000, .work_ns = work_ns};
    for (int i = 0; i < 1000; i++)
      atomic_store(&hits[i], 0);
    CHECK(weft_parallel_for(&l, body, NULL) > 1);
    for (int i = 0; i < 1000; i++)
      CHECK_EQ(atomic_load(&hits[i]), 1);
  }
  weft_get_stats(&st);
  return st.wake_syscalls;
}

int main(void) {
  CHECK_EQ(weft_set_num_threads(2), 0);
  CHECK_EQ(weft_set_spin_us(0), 0);
  run(0, 1); /* start the team */
  CHECK_EQ(run(WEFT_WAKE_WORTH_NS / 4, 10), 0);
  CHECK(run(0, 10) > 0);
  CHECK(run(WEFT_WAKE_WORTH_NS * 100, 10) > 0);
  printf("test_wake: ok\n");
  return 0;
}
