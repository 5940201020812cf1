/* Wake-up latency of libweft, with the method of omp_wakeup.c: after an idle
   gap, a region of one ~100 us iteration per member; how long after the fork
   the last of the other members starts its iteration. The descriptor carries
   the work estimate, as weft's generated code does.
   Build: cc -O2 weft_wakeup.c -I../../runtime/include -lweft -o weft_wakeup */
#include "weft.h"
#include "bench.h"
static weft_loop_t loop;
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  /* The chunk of iteration i is started by whichever member takes it. */
  for (int64_t i = lo; i < hi; i++) wakeup_iteration(i);
}
static void fork_region(int nt) { weft_parallel_for(&loop, body, NULL); }
int main(void) {
  int nt = weft_num_threads();
  loop = (weft_loop_t){.trip = nt, .work_ns = 100e3 * nt};
  measure_wakeup(nt, fork_region);
  weft_stats_t st; weft_get_stats(&st);
  printf(" steals=%llu\n", (unsigned long long)st.steals);
  return 0;
}
