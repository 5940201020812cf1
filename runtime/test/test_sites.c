/*===- test_sites.c - Measured sites: short regions on the calling thread -===*
 *
 * sites.c's decisions on given times (the internal API):
 *   - a site whose estimate says it is short runs on the calling thread,
 *     timed, on its first two calls;
 *   - a site whose estimate is long, or missing, runs as compiled, untimed;
 *   - on the caller when the time it saves on a team is below what the
 *     last timed parallel call spent beyond its share (half of
 *     WEFT_SERIAL_BELOW_NS before one), for teams of two and four; on the
 *     team otherwise, timed on the caller once in WEFT_REPROBE_EVERY calls;
 *     never timed when its loop alone is above WEFT_PROBE_MAX_NS;
 *   - a site on the caller goes back to the team, timed, only where a warm
 *     team could gain, once its calls on the caller have run
 *     WEFT_REPROBE_RATIO times what its last team call cost; asked by the
 *     generated code, it runs as written but once in WEFT_RETIME_INLINE;
 *   - more sites than the table holds: the rest run as compiled;
 *   - a memo's grants (weft_site_inline_run) are answers the site would
 *     give, up to the first it would not.
 * And through weft_parallel_for and weft_spmd on a team of two:
 *   - a loop far shorter than a fork never runs on the team (weft_stats'
 *     regions and serial_regions), with the same chunks and results;
 *   - a loop whose estimate is short but whose iterations are long goes
 *     to the team after its one timed run;
 *   - the same through weft_parallel_for_exits (a loop with error paths);
 *   - generated code that asks weft_for_inline/weft_spmd_inline first
 *     runs the loop as written on all calls but those the runtime times,
 *     and each call is counted once, with a memo or without;
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
                  int counts[4]) {
  memset(counts, 0, 4 * sizeof counts[0]);
  for (unsigned i = 0; i < calls; i++)
    counts[weft_site_mode(s, trip, 5000, 0)]++;
}

/* Eight calls of trip `trip` run so, all but at most one of them (a call
   timed the other way: one in WEFT_REPROBE_EVERY calls at most). */
static int runs(weft_site_stat_t *s, int64_t trip, int mode) {
  int counts[4];
  modes(s, trip, 8, counts);
  return counts[mode] >= 7;
}

static void decisions(void) {
  weft_set_num_threads(2); /* the team a site assumes before one is timed */
  weft_sites_reset();
  weft_site_stat_t *s = weft_site_lookup(0x1000);
  CHECK(s != NULL);
  CHECK(weft_site_lookup(0x1000) == s);
  CHECK(weft_site_lookup(0x2000) != s);
  CHECK(weft_site_lookup(0) == NULL);
  /* Not measured: on the caller, timed, and the next call too (the first
     ran cold), however long the loop seems. */
  CHECK_EQ(weft_site_mode(s, 1000, 5000, 0), CALLER);
  CHECK(weft_site_ns_per_iter(s) == 0);
  weft_site_record(s, 1000, 100000);
  CHECK_EQ(weft_site_mode(s, 1000, 5000, 0), CALLER);
  /* 0.3 ns per iteration: 300 ns for 1000, of which a team of two would
     save 150, less than the least a warm team costs (half of
     WEFT_SERIAL_BELOW_NS): on the caller, never on the team; asked by the
     generated code, as written, but timed on the caller once in
     WEFT_RETIME_INLINE calls. */
  weft_site_record(s, 1000, 300);
  CHECK(weft_site_ns_per_iter(s) > 0.29 && weft_site_ns_per_iter(s) < 0.31);
  int counts[4];
  modes(s, 1000, 4096, counts);
  CHECK_EQ(counts[CALLER], 4096);
  memset(counts, 0, sizeof counts);
  for (int i = 0; i < 4096; i++)
    counts[weft_site_mode(s, 1000, 5000, 1)]++;
  CHECK_EQ(counts[CALLER], 4096 / WEFT_RETIME_INLINE);
  CHECK_EQ(counts[WEFT_SITE_INLINE], 4096 - 4096 / WEFT_RETIME_INLINE);
  /* 10000 iterations: 3000 ns alone, 1500 saved on two. Before any
     parallel call is timed, that beats the least a team costs: the team,
     timed. */
  CHECK(runs(s, 10000, TIMED));
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

  /* A parallel call that cost 20000 ns beyond its share (a team woken from
     sleep): 10000 iterations (1500 ns saved on two) run on the caller, and
     on the team again, timed, once the calls on the caller since its last
     call there have run WEFT_REPROBE_RATIO times 20000 ns: every 214 calls
     of 3000 ns. 4000 iterations (600 ns saved, less than a warm team
     costs) never go back. */
  weft_site_stat_t *woken = weft_site_lookup(0x5000);
  CHECK_EQ(weft_site_mode(woken, 1000, 5000, 0), CALLER);
  weft_site_record(woken, 1000, 300);
  weft_site_record_team(woken, 1000, 20150, 2);
  modes(woken, 10000, 1000, counts);
  CHECK_EQ(counts[TIMED], 4); /* calls 214, 428, 642 and 856 */
  CHECK_EQ(counts[CALLER], 1000 - 4);
  modes(woken, 4000, 100000, counts);
  CHECK_EQ(counts[CALLER], 100000);

  /* A team of one (WEFT_NUM_THREADS=1) saves nothing: a measured site
     runs on the caller, as written when asked, however long its loop
     (below WEFT_PROBE_MAX_NS), and never goes to the team. */
  weft_set_num_threads(1);
  weft_site_stat_t *one = weft_site_lookup(0x6000);
  CHECK_EQ(weft_site_mode(one, 1000, 5000, 0), CALLER);
  weft_site_record(one, 1000, 10000); /* 10 ns an iteration */
  modes(one, 10000, 1000, counts);    /* 100 us alone */
  CHECK_EQ(counts[CALLER], 1000);
  memset(counts, 0, sizeof counts);
  for (int i = 0; i < 1024; i++)
    counts[weft_site_mode(one, 10000, 5000, 1)]++;
  CHECK_EQ(counts[WEFT_SITE_INLINE], 1024 - 1024 / WEFT_RETIME_INLINE);
  CHECK_EQ(counts[TIMED] + counts[TEAM], 0);
  weft_set_num_threads(2);

  /* A long estimate, or none: as compiled, never timed. */
  weft_site_stat_t *big = weft_site_lookup(0x3000);
  weft_site_stat_t *none = weft_site_lookup(0x4000);
  for (int i = 0; i < 100; i++) {
    CHECK_EQ(weft_site_mode(big, 1000, 1e6, 0), TEAM);
    CHECK_EQ(weft_site_mode(none, 1000, 0, 0), TEAM);
  }
  /* No site: as compiled. */
  CHECK_EQ(weft_site_mode(NULL, 1000, 100, 0), TEAM);

  /* More sites than slots: lookups fail, none crashes. */
  weft_sites_reset();
  int found = 0;
  for (uintptr_t k = 1; k <= 4 * WEFT_SITE_SLOTS; k++)
    found += weft_site_lookup(k * 64) != NULL;
  CHECK(found <= WEFT_SITE_SLOTS);
  CHECK(found >= WEFT_SITE_SLOTS / 2);
  weft_sites_reset();
}

/* The memo's grants (weft_site_inline_run): after a call told to run as
   written, the calls granted would each be told the same, for any trip
   count up to the grant's (this call's, or more when the loop is too short
   for any team to gain), and the one after them would not, on facts of
   every kind: teams of 1, 2, 4 timed or not, warm or woken, loops short and
   long. */
static void grants(void) {
  const double serial[] = {0.05, 0.3, 1, 4, 20};
  const int64_t trips[] = {1, 37, 1000, 4000, 20000};
  const double par_ns[] = {0, 600, 1150, 20150, 300000};
  const int sizes[] = {0, 1, 2, 4};
  const uint32_t team_calls[] = {0, 5, 300, 70000};
  int granted = 0, capped = 0, longer = 0, checked = 0;
  for (size_t a = 0; a < sizeof serial / sizeof serial[0]; a++)
    for (size_t b = 0; b < sizeof par_ns / sizeof par_ns[0]; b++)
      for (size_t c = 0; c < sizeof sizes / sizeof sizes[0]; c++)
        for (size_t d = 0; d < sizeof team_calls / sizeof team_calls[0]; d++)
          for (size_t t = 0; t < sizeof trips / sizeof trips[0]; t++)
            for (uint32_t calls = team_calls[d] + 2;
                 calls < team_calls[d] + 2 + 3 * WEFT_RETIME_INLINE;
                 calls += 7) {
              weft_site_facts_t f = {.serial = serial[a],
                                     .par_ns = par_ns[b],
                                     .par_trip = par_ns[b] > 0 ? 1000 : 0,
                                     .par_size = sizes[c],
                                     .team_call = team_calls[d]};
              int64_t trip = trips[t];
              if (weft_site_decide(&f, calls, trip, 0, 1) != WEFT_SITE_INLINE)
                continue;
              weft_site_grant_t g = weft_site_inline_run(&f, calls, trip);
              CHECK(g.calls < WEFT_RETIME_INLINE);
              CHECK(g.trip >= trip && g.trip <= WEFT_MEMO_MAX_TRIP);
              const int64_t ts[] = {1, (trip + 1) / 2, trip,
                                    trip + (g.trip - trip) / 2, g.trip};
              for (uint32_t j = 1; j <= g.calls; j++)
                for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++)
                  CHECK_EQ(weft_site_decide(&f, calls + j, ts[k], 0, 1),
                           WEFT_SITE_INLINE);
              CHECK(weft_site_decide(&f, calls + g.calls + 1, trip, 0, 1) !=
                    WEFT_SITE_INLINE);
              granted += g.calls > 0;
              capped +=
                  g.calls + 1 < WEFT_RETIME_INLINE - calls % WEFT_RETIME_INLINE;
              longer += g.trip > trip;
              checked++;
            }
  /* Every kind was seen: grants up to the timed call, grants cut short by
     a reprobe on the team, grants for longer loops. */
  CHECK(checked > 1000);
  CHECK(granted > 1000);
  CHECK(capped > 10);
  CHECK(longer > 1000);

  /* Through the table: a site told to run as written grants the calls up to
     the one timed, and counts them; that call is then timed. 0.3 ns an
     iteration and no team timed: the grant holds for loops up to 6666
     iterations (1000 ns alone on two saves less than half of
     WEFT_SERIAL_BELOW_NS). */
  weft_sites_reset();
  weft_site_stat_t *s = weft_site_lookup(0x7000);
  CHECK_EQ(weft_site_mode(s, 1000, 5000, 0), CALLER);
  weft_site_record(s, 1000, 300);
  CHECK_EQ(weft_site_mode(s, 1000, 5000, 0), CALLER);
  weft_memo_t memo = {0};
  CHECK_EQ(weft_site_inline_mode(s, 1000, &memo), WEFT_SITE_INLINE); /* 2 */
  CHECK_EQ(memo.word & 0xff, WEFT_RETIME_INLINE - 3);
  CHECK_EQ(memo.word >> 8, 6666);
  int taken = 0;
  while (weft_memo_take(&memo, 1000))
    taken++;
  CHECK_EQ(taken, WEFT_RETIME_INLINE - 3);
  CHECK_EQ(weft_site_inline_mode(s, 1000, &memo), CALLER); /* the timed */
  CHECK_EQ(memo.word & 0xff, 0);
  CHECK_EQ(weft_site_inline_mode(s, 1000, &memo), WEFT_SITE_INLINE); /* 257 */
  CHECK_EQ(memo.word & 0xff, WEFT_RETIME_INLINE - 2);
  /* A longer call is not the memo's: it asks, and the calls of the grant
     it did not take go back. Ten taken (258-267), then 7000 iterations
     (1050 ns saved on two: the team, timed) is call 268: the next grant
     runs to call 511. */
  CHECK_EQ(weft_memo_take(&memo, 6667), 0);
  for (int i = 0; i < 10; i++)
    CHECK_EQ(weft_memo_take(&memo, 6666), 1);
  CHECK_EQ(weft_site_inline_mode(s, 7000, &memo), TIMED); /* 268 */
  CHECK_EQ(memo.word, 0);
  CHECK_EQ(weft_site_inline_mode(s, 1000, &memo), WEFT_SITE_INLINE); /* 269 */
  CHECK_EQ(memo.word & 0xff, 511 - 269);
  /* Trip counts past the memo's 24 bits get no grant. */
  weft_memo_t none = {0};
  weft_site_record(s, 1000, 1);               /* 0.001 ns per iteration */
  weft_site_record_team(s, 1000, 1000000, 2); /* a team woken: 1 ms */
  memo.word = 0;
  while (weft_site_inline_mode(s, 1000, NULL) != CALLER) /* 512: timed */
    ;
  CHECK_EQ(weft_site_inline_mode(s, WEFT_MEMO_MAX_TRIP + 1, &none),
           WEFT_SITE_INLINE);
  CHECK_EQ(none.word, 0);
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

/* Since the stats were reset, `calls` calls of a short site ran: measured,
   the first on the caller, whatever its time, and the rest as the times
   say (decisions() checks which way, on given times: here the
   machine may be loaded, by ctest's other tests too, and a loaded caller
   measures long); unmeasured, every one on the team. */
static void short_calls(int measure, int exact, int calls) {
  weft_stats_t st;
  weft_get_stats(&st);
  if (measure && exact) {
    CHECK(st.serial_regions >= 1);
    CHECK_EQ(st.regions + st.serial_regions, calls);
  } else if (measure) {
    CHECK_EQ(st.regions + st.serial_regions, calls);
  } else {
    CHECK_EQ(st.regions, calls);
  }
}

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
  short_calls(measure, exact, CALLS);
  weft_stats_t st;

  /* Estimated short, measured long: after its one timed run on the
     caller, the team. */
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
    CHECK(st.serial_regions >= 2);
    CHECK_EQ(2 * st.regions + st.serial_regions, 2 * CALLS);
  } else if (measure) {
    CHECK_EQ(2 * st.regions + st.serial_regions, 2 * CALLS);
  } else {
    CHECK_EQ(st.regions, CALLS);
  }

  /* A short loop with error paths (none taken): measured too, its chunks
     in order on the caller. */
  weft_reset_stats();
  memset(a, 0, sizeof a);
  weft_loop_t ex = {.trip = N, .work_ns = 4.0 * N, .region_id = 6};
  short_ctx ec = {.a = a};
  weft_exits_t x;
  for (int i = 0; i < CALLS; i++) {
    CHECK_EQ(weft_parallel_for_exits(&ex, short_body, &ec, &x), chunks0);
    CHECK_EQ(x.first, INT64_MAX);
  }
  for (int k = 0; k < N; k++)
    CHECK_EQ(a[k], CALLS);
  short_calls(measure, exact, CALLS);

  /* Generated code that asks first (weft_for_inline, weft_spmd_inline)
     and runs the loop as written when told to: the first two calls timed
     on the caller through the runtime, then as written (until call
     WEFT_RETIME_INLINE, timed on the caller through the runtime). Each
     call is counted once: a second count would move that call. */
  /* With a memo (the generated code's static) or without, the same: the
     memo's grants are the runtime's answers, counted when granted. The
     loop without a memo comes last: the check after them goes on with its
     site's calls. */
  enum { ASKED = 200 };
  int quiet = 1; /* no timing was spoiled: the calls are numbered as said */
  for (int variant = 0; variant < 4; variant++) {
    int spmd = !(variant & 1);
    weft_memo_t memo = {0}, *m = variant < 2 ? &memo : NULL;
    weft_sites_reset();
    weft_reset_stats();
    memset(a, 0, sizeof a);
    site.loop = (weft_loop_t){.trip = N, .work_ns = 4.0 * N, .region_id = 4};
    site.ctx.a = a;
    int inlined = 0;
    for (int i = 0; i < ASKED; i++) {
      if (spmd ? weft_spmd_inline(m, spmd_body, 4, N)
               : weft_for_inline(m, short_body, 4, N)) {
        for (int k = 0; k < N; k++)
          a[k]++;
        inlined++;
      } else if (spmd) {
        weft_spmd(&site.loop, spmd_body, &site);
      } else {
        weft_parallel_for(&site.loop, short_body, &site.ctx);
      }
    }
    for (int k = 0; k < N; k++)
      CHECK_EQ(a[k], ASKED);
    weft_get_stats(&st);
    if (measure && exact) {
      /* The first call timed on the caller, through the runtime; the
         rest as written, unless a loaded machine made the loop measure
         long (then on the team). */
      CHECK(st.serial_regions / (spmd ? 2 : 1) >= 1);
      CHECK_EQ(inlined + st.regions + st.serial_regions / (spmd ? 2 : 1),
               ASKED);
      quiet = quiet && inlined == ASKED - 2;
    } else if (!measure) {
      CHECK_EQ(inlined, 0);
      CHECK_EQ(st.regions, ASKED);
    }
  }
  /* An answer for one site is not taken by a call of another: site 5's
     call is its own (its estimate is long: on the team), whatever site 4
     was told (call WEFT_RETIME_INLINE: timed on the caller). */
  if (measure && exact && quiet) {
    CHECK_EQ(weft_for_inline(NULL, short_body, 4, N), 1);
    weft_reset_stats();
    for (int i = 0; i < (int)WEFT_RETIME_INLINE - ASKED - 1; i++)
      CHECK_EQ(weft_for_inline(NULL, short_body, 4, N), 1);
    CHECK_EQ(weft_for_inline(NULL, short_body, 4, N), 0);
    site.loop.region_id = 5;
    site.loop.work_ns = 1e9;
    weft_parallel_for(&site.loop, short_body, &site.ctx);
    weft_get_stats(&st);
    CHECK_EQ(st.regions, 1);
    site.loop.region_id = 4;
    site.loop.work_ns = 4.0 * N;
    weft_parallel_for(&site.loop, short_body, &site.ctx); /* the next */
    weft_get_stats(&st);
    CHECK_EQ(st.regions, 1);
    CHECK_EQ(st.serial_regions, 1);
  }
}

int main(int argc, char **argv) {
  int measure = !(argc > 1 && strcmp(argv[1], "off") == 0);
  if (measure) {
    decisions();
    grants();
    CHECK_EQ(weft_measure_sites(), 1);
  } else {
    CHECK_EQ(weft_measure_sites(), 0);
  }
  through_the_api(measure);
  printf("test_sites %s: ok\n", measure ? "on" : "off");
  return 0;
}
