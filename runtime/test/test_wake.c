/*===- test_wake.c - Loops too short to pay for a wake leave sleepers be ---===*
 *
 * With no spin, idle workers block at once. A loop whose work_ns estimate is
 * below WEFT_WAKE_WORTH_NS must then run without a futex wake (the caller
 * takes the sleepers' chunks), and so must a loop without an estimate whose
 * first chunk shows it is short; a loop whose estimate or first chunk says
 * it is long must wake them. All must run every iteration exactly once.
 *
 * The loops come every 20 ms, a beat that wake ahead would learn (the
 * workers would then be spinning, not asleep, at each fork): it is off here,
 * and test_wake_ahead.c tests it.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

static _Atomic int hits[1000];

static _Atomic int64_t chunk_ns; /* how long each chunk takes */

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t i = lo; i < hi; i++)
    atomic_fetch_add_explicit(&hits[i], 1, memory_order_relaxed);
  if (atomic_load(&chunk_ns) == 0)
    return;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if ((t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec) >=
        atomic_load(&chunk_ns))
      break;
  }
}

static void idle(void) {
  struct timespec ts = {0, 20 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/// Runs `rounds` loops after an idle gap each; returns the wake system calls.
static uint64_t run(double work_ns, int rounds, int64_t trip) {
  weft_stats_t st;
  weft_reset_stats();
  for (int r = 0; r < rounds; r++) {
    idle();
    weft_loop_t l = {.trip = trip, .work_ns = work_ns};
    for (int i = 0; i < trip; i++)
      atomic_store(&hits[i], 0);
    CHECK(weft_parallel_for(&l, body, NULL) > 1);
    for (int i = 0; i < trip; i++)
      CHECK_EQ(atomic_load(&hits[i]), 1);
  }
  weft_get_stats(&st);
  return st.wake_syscalls;
}

int main(void) {
  setenv("WEFT_WAKE_AHEAD", "0", 1);
  CHECK_EQ(weft_set_num_threads(2), 0);
  CHECK_EQ(weft_set_spin_us(0), 0);
  run(0, 1, 1000); /* start the team */
  CHECK_EQ(run(WEFT_WAKE_WORTH_NS / 4, 10, 1000), 0); /* short, by its estimate */
  CHECK(run(WEFT_WAKE_WORTH_NS * 100, 10, 1000) > 0); /* long, by its estimate */
  /* Without an estimate: 64 chunks of one iteration (tens of ns each, even
     with cold caches after the idle gap), then 64 chunks of 5 us. Under
     ThreadSanitizer or qemu a chunk of one iteration is slow enough that
     waking is right, so only correctness is checked there. */
  uint64_t short_wakes = run(0, 10, 64);
  /* The owner times its first chunk: on a loaded machine (CI runs two
     tests at once) it may be preempted in it and see a long chunk. Woken
     in every one of five rounds of ten loops is the logic, not the load. */
  for (int round = 1; round < 5 && short_wakes != 0; round++)
    short_wakes = run(0, 10, 64);
  if (!WEFT_TEST_SLOW && !getenv("WEFT_TEST_SCALE_DOWN"))
    CHECK_EQ(short_wakes, 0);
  atomic_store(&chunk_ns, 5000);
  CHECK(run(0, 10, 64) > 0);
  printf("test_wake: ok\n");
  return 0;
}
