/*===- test_sites.c - Measured sites: short regions on the calling thread -===*
 *
 * sites.c's decisions on given times (the internal API):
 *   - a site whose estimate says it is short runs on the team, timed, on
 *     its first call, and on the calling thread, timed, on its second;
 *   - a site whose estimate is long, or missing, runs as compiled, untimed;
 *   - on the caller when the time it saves on a team is below what the
 *     last timed parallel call spent beyond its share (WEFT_SERIAL_BELOW_NS
 *     before one), for teams of two and four; on the team otherwise, timed
 *     on the caller once in WEFT_REPROBE_EVERY calls, and on the caller
 *     timed on the team at calls WEFT_REPROBE_PARALLEL, twice that, four
 *     times that, ...; never timed when its
 *     loop alone is above WEFT_PROBE_MAX_NS;
 *   - more sites than the table holds: the rest run as compiled.
 * And through weft_parallel_for and weft_spmd on a team of two:
 *   - a loop far shorter than a fork runs on the team once, then on the
 *     caller (weft_stats' regions and serial_regions), with the same
 *     chunks and results;
 *   - a loop whose estimate is short but whose iterations are long goes
 *     back to the team after its one timed run;
 *   - `off` (WEFT_MEASURE=0): every call uses the team.
 * Under ThreadSanitizer and qemu (test_scale_down()), where the short loop
 * may measure long, the counts are checked only for what they must sum to.
 *
 *===----------------------------------------------------------------------===*/
#include "../src/internal.h"
#include "check.h"

#include <string.h>

#define TEAM WEFT_SITE_TEAM
#define TIMED WEFT_SITE_TEAM_TIMED
#define CALLER WEFT_SITE_CALLER

/* How `calls` calls of trip `trip` ran: counts[mode]. */
static void modes(weft_site_stat_t *s, int64_t trip, unsigned calls,
                  int counts[3]) {
  memset(counts, 0, 3 * sizeof counts[0]);
  for (unsigned i = 0; i < calls; i++)
    counts[weft_site_mode(s, trip, 5000)]++;
}

/* Eight calls of trip `trip` run so, all but at most one of them (a call
   timed the other way: one in WEFT_REPROBE_EVERY calls at most). */
static int runs(weft_site_stat_t *s, int64_t trip, int mode) {
  int counts[3];
  modes(s, trip, 8, counts);
  return counts[mode] >= 7;
}

static void decisions(void) {
  weft_sites_reset();
  weft_site_stat_t *s = weft_site_lookup(0x1000);
  CHECK(s != NULL);
  CHECK(weft_site_lookup(0x1000) == s);
  CHECK(weft_site_lookup(0x2000) != s);
  CHECK(weft_site_lookup(0) == NULL);
  /* Not measured: the first call on the team, timed; the second on the
     caller. */
  CHECK_EQ(weft_site_mode(s, 1000, 5000), TIMED);
  CHECK_EQ(weft_site_mode(s, 1000, 5000), CALLER);
  CHECK(weft_site_ns_per_iter(s) == 0);
  /* 0.3 ns per iteration: 300 ns for 1000, below the fork/join assumed
     before any parallel call is timed: on the caller, on the team at calls
     WEFT_REPROBE_PARALLEL, twice that, four times that, .... */
  weft_site_record(s, 1000, 300);
  CHECK(weft_site_ns_per_iter(s) > 0.29 && weft_site_ns_per_iter(s) < 0.31);
  int counts[3];
  modes(s, 1000, 4 * WEFT_REPROBE_PARALLEL, counts);
  /* Calls 2 .. 4 * WEFT_REPROBE_PARALLEL + 1: the team at 256, 512, 1024. */
  CHECK_EQ(counts[TIMED], 3);
  CHECK_EQ(counts[CALLER], 4 * WEFT_REPROBE_PARALLEL - 3);
  /* A timed parallel call of 1000 iterations that took 1150 ns on two: 1000
     ns beyond its share. 4000 iterations (1200 ns alone, 600 saved) stay on
     the caller; 10000 (3000 ns alone, 1500 saved) go to the team, timed on
     the caller once in WEFT_REPROBE_EVERY calls. */
  weft_site_record_team(s, 1000, 1150, 2);
  CHECK(runs(s, 4000, CALLER));
  modes(s, 10000, 4 * WEFT_REPROBE_EVERY, counts);
  CHECK_EQ(counts[CALLER], 4);
  CHECK_EQ(counts[TIMED], 4 * WEFT_REPROBE_EVERY - 4);
  /* A team of four saves more: 4000 iterations, 900 ns saved of 1200, less
     than a fork that costs 1150 - 75 ns: still the caller. 8000: 1800 ns
     saved, the team. */
  weft_site_record_team(s, 1000, 1150, 4);
  CHECK(runs(s, 4000, CALLER));
  CHECK(runs(s, 8000, TIMED));
  /* A timed call on a team of one (the team was busy) says nothing. */
  weft_site_record_team(s, 1000, 1000000, 1);
  CHECK(runs(s, 8000, TIMED));
  /* 10 million iterations: 3 ms alone, on the team, never timed. */
  modes(s, 10000000, 4 * WEFT_REPROBE_EVERY, counts);
  CHECK_EQ(counts[TEAM], 4 * WEFT_REPROBE_EVERY);

  /* A long estimate, or none: as compiled, never timed. */
  weft_site_stat_t *big = weft_site_lookup(0x3000);
  weft_site_stat_t *none = weft_site_lookup(0x4000);
  for (int i = 0; i < 100; i++) {
    CHECK_EQ(weft_site_mode(big, 1000, 1e6), TEAM);
    CHECK_EQ(weft_site_mode(none, 1000, 0), TEAM);
  }
  /* No site: as compiled. */
  CHECK_EQ(weft_site_mode(NULL, 1000, 100), TEAM);

  /* More sites than slots: lookups fail, none crashes. */
  weft_sites_reset();
  int found = 0;
  for (uintptr_t k = 1; k <= 4 * WEFT_SITE_SLOTS; k++)
    found += weft_site_lookup(k * 64) != NULL;
  CHECK(found <= WEFT_SITE_SLOTS);
  CHECK(found >= WEFT_SITE_SLOTS / 2);
  weft_sites_reset();
}

/* A short loop: each iteration adds one to its element. */
typedef struct {
  int *a;
  _Atomic int64_t chunks;
} short_ctx;

static void short_body(void *arg, int64_t lo, int64_t hi, int64_t chunk) {
  short_ctx *c = arg;
  for (int64_t k = lo; k < hi; k++)
    c->a[k]++;
  atomic_fetch_add(&c->chunks, 1);
}

/* A loop whose iterations take 20 us each, estimated at 10 ns. */
static void slow_body(void *arg, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++) {
    uint64_t t0 = weft_now_ns();
    while (weft_now_ns() - t0 < 20000)
      ;
  }
}

static void spmd_body(void *arg, int member, int size) {
  weft_spmd_for((const weft_loop_t *)arg, short_body,
                (short_ctx *)((const weft_loop_t *)arg + 1));
}

typedef struct {
  weft_loop_t loop;
  short_ctx ctx;
} spmd_site;

static void through_the_api(int measure) {
  enum { N = 256, CALLS = 100 };
  /* Under ThreadSanitizer or qemu the short loop may take longer than a
     fork is worth: then only the sums are sure. */
  int exact = test_scale_down() == 1;
  static int a[N];
  memset(a, 0, sizeof a);
  weft_set_num_threads(2);
  weft_reset_stats();
  short_ctx c = {.a = a};
  weft_loop_t l = {.trip = N, .work_ns = 4.0 * N, .region_id = 1};
  int64_t chunks0 = -1;
  for (int i = 0; i < CALLS; i++) {
    int64_t chunks = weft_parallel_for(&l, short_body, &c);
    if (chunks0 < 0)
      chunks0 = chunks;
    CHECK_EQ(chunks, chunks0); /* the same chunks, on a team or not */
  }
  for (int k = 0; k < N; k++)
    CHECK_EQ(a[k], CALLS);
  CHECK_EQ(atomic_load(&c.chunks), chunks0 * CALLS);
  weft_stats_t st;
  weft_get_stats(&st);
  if (measure && exact) {
    CHECK_EQ(st.regions, 1);
    CHECK_EQ(st.serial_regions, CALLS - 1);
  } else if (measure) {
    CHECK(st.regions >= 1);
    CHECK_EQ(st.regions + st.serial_regions, CALLS);
  } else {
    CHECK_EQ(st.regions, CALLS);
  }

  /* Estimated short, measured long: after its one timed run, the team. */
  weft_reset_stats();
  weft_loop_t slow = {.trip = 64, .work_ns = 640, .region_id = 2};
  for (int i = 0; i < 10; i++)
    weft_parallel_for(&slow, slow_body, NULL);
  weft_get_stats(&st);
  CHECK_EQ(st.regions, measure ? 9 : 10);
  CHECK_EQ(st.serial_regions, measure ? 1 : 0);

  /* An SPMD region around a short loop. */
  weft_reset_stats();
  memset(a, 0, sizeof a);
  static spmd_site site;
  site.loop = (weft_loop_t){.trip = N, .work_ns = 4.0 * N, .region_id = 3};
  site.ctx.a = a;
  atomic_store(&site.ctx.chunks, 0);
  for (int i = 0; i < CALLS; i++)
    weft_spmd(&site.loop, spmd_body, &site);
  for (int k = 0; k < N; k++)
    CHECK_EQ(a[k], CALLS);
  weft_get_stats(&st);
  if (measure && exact) {
    /* Each call on the caller counts twice: the region and its loop. */
    CHECK_EQ(st.regions, 1);
    CHECK_EQ(st.serial_regions, 2 * (CALLS - 1));
  } else if (measure) {
    CHECK(st.regions >= 1);
    CHECK_EQ(2 * st.regions + st.serial_regions, 2 * CALLS);
  } else {
    CHECK_EQ(st.regions, CALLS);
  }
}

int main(int argc, char **argv) {
  int measure = !(argc > 1 && strcmp(argv[1], "off") == 0);
  if (measure) {
    decisions();
    CHECK_EQ(weft_measure_sites(), 1);
  } else {
    CHECK_EQ(weft_measure_sites(), 0);
  }
  through_the_api(measure);
  printf("test_sites %s: ok\n", measure ? "on" : "off");
  return 0;
}
