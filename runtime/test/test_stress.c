/*===- test_stress.c - A million regions of random sizes ------------------===*
 *
 * Random trip counts (including 0 and 1), shapes and occasional SPMD regions
 * with barriers, with team sizes changing now and then. Every iteration is
 * counted; the total must match, and the run must not deadlock (ctest's
 * timeout catches that).
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
#include <string.h>

static _Atomic int64_t total;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  int64_t *sum = p;
  sum[chunk] = hi - lo;
}

static void spmd(void *p, int member, int size) {
  weft_barrier();
  atomic_fetch_add(&total, 1);
  weft_barrier();
}

int main(int argc, char **argv) {
  long regions = argc > 1 ? atol(argv[1]) : 1000000;
  regions /= test_scale_down();
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  int64_t expect = 0, got = 0, spmd_expect = 0;
  static int64_t part[WEFT_MAX_CHUNKS];
  for (long r = 0; r < regions; r++) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    if (r % 100000 == 0)
      weft_set_num_threads(1 + (int)(seed % 4));
    if (seed % 97 == 0) {
      weft_spmd(NULL, spmd, NULL);
      spmd_expect += weft_num_threads();
      continue;
    }
    int64_t trip = (int64_t)(seed >> 20) % 3000 - 2;
    weft_loop_t l = {.trip = trip, .shape = (int)(seed >> 60) & 1,
                     .cost0 = 3, .cost1 = 1};
    int64_t n = weft_parallel_for(&l, body, part);
    for (int64_t c = 0; c < n; c++)
      got += part[c];
    expect += trip > 0 ? trip : 0;
  }
  CHECK_EQ(got, expect);
  CHECK_EQ(atomic_load(&total), spmd_expect);
  weft_stats_t st;
  weft_get_stats(&st);
  printf("test_stress: ok (%ld regions: team %llu, serial %llu, steals %llu, "
         "blocks %llu, wakes %llu)\n",
         regions, (unsigned long long)st.regions,
         (unsigned long long)st.serial_regions, (unsigned long long)st.steals,
         (unsigned long long)st.blocks, (unsigned long long)st.wake_syscalls);
  return 0;
}
