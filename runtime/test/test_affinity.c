/*===- test_affinity.c - Workers are pinned, one per CPU -------------------===*
 *
 * Checked from inside the workers with sched_getaffinity: with a team as
 * large as the allowed CPUs, each worker is pinned to one CPU of its own, not
 * the owner's; with binding off (weft_set_bind(0), as WEFT_BIND=0) and when
 * oversubscribed, nobody is pinned.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64

static cpu_set_t seen_mask[MAXT];
static _Atomic int seen[MAXT];

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  int m = weft_tls.member;
  if (m < MAXT && !atomic_load(&seen[m])) {
    sched_getaffinity(0, sizeof seen_mask[m], &seen_mask[m]);
    atomic_store(&seen[m], 1);
  }
  /* A few microseconds per chunk, so that workers that were asleep arrive
     before the owner has taken every chunk. */
  uint64_t until = weft_now_ns() + 5000;
  while (weft_now_ns() < until)
    weft_cpu_relax();
}

/// Runs regions until every worker has run a chunk.
static void run_all(int size) {
  memset(seen, 0, sizeof seen);
  /* Long by its estimate, so that sleeping workers are woken at the fork. */
  weft_loop_t l = {.trip = 4096, .work_ns = 1e6};
  for (int tries = 0; tries < 2000; tries++) {
    weft_parallel_for(&l, body, NULL);
    int all = 1;
    for (int t = 1; t < size; t++)
      all &= atomic_load(&seen[t]);
    if (all)
      return;
  }
  fprintf(stderr, "some worker never ran a chunk\n");
  exit(1);
}

static int check_pinned(int size, int expect_pinned) {
  cpu_set_t process;
  CHECK(sched_getaffinity(0, sizeof process, &process) == 0);
  run_all(size);
  cpu_set_t used;
  CPU_ZERO(&used);
  for (int t = 1; t < size; t++) {
    int count = CPU_COUNT(&seen_mask[t]);
    if (!expect_pinned) {
      CHECK(CPU_EQUAL(&seen_mask[t], &process));
      continue;
    }
    CHECK_EQ(count, 1);
    cpu_set_t both;
    CPU_AND(&both, &used, &seen_mask[t]);
    CHECK_EQ(CPU_COUNT(&both), 0); /* one CPU per worker */
    CPU_OR(&used, &used, &seen_mask[t]);
  }
  /* The owner's own mask is left as it was. */
  cpu_set_t now;
  CHECK(sched_getaffinity(0, sizeof now, &now) == 0);
  CHECK(CPU_EQUAL(&now, &process));
  return 0;
}

int main(void) {
  cpu_set_t process;
  CHECK(sched_getaffinity(0, sizeof process, &process) == 0);
  int ncpu = CPU_COUNT(&process);
  if (ncpu >= 2) {
    weft_set_num_threads(ncpu);
    check_pinned(ncpu, 1);
  }
  /* Oversubscribed: more members than CPUs, nobody pinned. */
  weft_set_num_threads(ncpu + 2);
  check_pinned(ncpu + 2, 0);
  /* Binding off: nobody pinned, and an existing team is rebuilt unpinned. */
  weft_set_num_threads(ncpu);
  run_all(ncpu);
  CHECK_EQ(weft_set_bind(0), 0);
  check_pinned(ncpu, 0);
  CHECK_EQ(weft_set_bind(2), -1);
  weft_stats_t st;
  weft_get_stats(&st);
  printf("test_affinity: ok (%d CPUs, %llu owner migrations, %llu refused "
         "pins)\n",
         ncpu, (unsigned long long)st.migrations,
         (unsigned long long)st.pin_failures);
  return 0;
}
