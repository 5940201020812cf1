/*===- sites.c - Measured sites: short regions run on the calling thread --===*
 *
 * weft-translate decides that a loop runs in parallel from an estimate of
 * its work, made from weights that cannot know what the C compiler and the
 * core make of the body: a stencil row that clang vectorizes runs 10-20
 * times faster than its estimate (PolyBench's jacobi-1d: 0.3 ns per
 * iteration against an estimated 5), and a region that short costs more to
 * fork and join than it saves (bench/polybench/README.md). So the runtime
 * measures both ways of running a site (a parallel loop or SPMD region, by
 * its body and region id) whose estimate says it is short:
 *   - its first two calls run on the calling thread, timed: the time per
 *     iteration of the loop alone, from the second, warm, call (a call on
 *     the team first would pay for waking it, 10-60 us, which is the whole
 *     loop many times over for the sites this is for);
 *   - from then on a call runs on the calling thread when that time for
 *     its trip count, less the share the team would take off it, is below
 *     what the last timed parallel call spent beyond its share of the work
 *     (its fork, join and waits): serial when S(1 - 1/P) < T_par - S_par/P;
 *     before any parallel call is timed, when S(1 - 1/P) is below half
 *     of WEFT_SERIAL_BELOW_NS (P: the configured team); otherwise on the
 *     team, timed;
 *   - a site that runs on the caller runs on the team again, timed, only
 *     where a warm team could save anything (S(1 - 1/P) at least half of
 *     WEFT_SERIAL_BELOW_NS), and once the calls on the caller since its
 *     last team call have run WEFT_REPROBE_RATIO times what that call cost
 *     beyond its share (each pays for waking a team that has gone to sleep
 *     meanwhile: so at most 1/WEFT_REPROBE_RATIO of the time is spent
 *     probing); one that runs on the team is timed on the caller once in
 *     WEFT_REPROBE_EVERY calls while its loop alone is below
 *     WEFT_PROBE_MAX_NS: a sample spoiled by preemption, or work per
 *     iteration that grows or shrinks (a triangular nest's inner loop),
 *     moves the site back.
 * A site on the caller costs the outlined loop's chunk calls and two clock
 * reads over the loop as written: where the generated code can run the
 * loop as written (its result is the same as its chunks'), it asks first,
 * weft_for_inline() or weft_spmd_inline(), and a call that says so runs
 * it there, untimed (WEFT_SITE_INLINE), except once in WEFT_RETIME_INLINE
 * calls (a timed call through the runtime costs a few times the loop). Any
 * other answer is the mode of the call of the site that follows
 * (weft_tls.next_key), so that the call is counted once.
 * Sites whose estimate is above WEFT_PROBE_MAX_NS, or that have none, run
 * as compiled, untimed: their one timed run on the caller could cost more
 * than every fork it might save.
 *
 * The table has a fixed size; sites past it run as compiled. Entries are
 * shared by all threads: each field is an atomic, and a race between two
 * callers of one site costs at most one decision made on a stale time.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <string.h>

struct weft_site_stat {
  _Atomic uintptr_t key;    /* 0: free */
  _Atomic uint64_t serial;  /* ns per iteration on the caller (a double's
                               bits); 0: not measured yet */
  _Atomic uint64_t par_ns;  /* the last timed parallel call: its wall time */
  _Atomic int64_t par_trip; /*   its trip count (0: none timed yet) */
  _Atomic int32_t par_size; /*   and its team's size (before one: the
                                 configured team's) */
  _Atomic uint32_t calls;
  _Atomic uint32_t team_call; /* the call that last ran on the team */
};

static weft_site_stat_t sites[WEFT_SITE_SLOTS];

static double load_double(_Atomic uint64_t *a) {
  uint64_t bits = atomic_load_explicit(a, memory_order_relaxed);
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static void store_double(_Atomic uint64_t *a, double d) {
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  atomic_store_explicit(a, bits, memory_order_relaxed);
}

weft_site_stat_t *weft_site_lookup(uintptr_t key) {
  if (key == 0)
    return NULL;
  size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32);
  for (size_t i = 0; i < WEFT_SITE_PROBES; i++) {
    weft_site_stat_t *s = &sites[(h + i) & (WEFT_SITE_SLOTS - 1)];
    uintptr_t k = atomic_load_explicit(&s->key, memory_order_acquire);
    if (k == key)
      return s;
    if (k == 0) {
      uintptr_t expected = 0;
      if (atomic_compare_exchange_strong_explicit(&s->key, &expected, key,
                                                  memory_order_acq_rel,
                                                  memory_order_acquire) ||
          expected == key)
        return s;
    }
  }
  return NULL;
}

int weft_site_mode(weft_site_stat_t *s, int64_t trip, double work_ns,
                   int inline_ok) {
  if (!s || trip <= 0)
    return WEFT_SITE_TEAM;
  uint32_t calls =
      atomic_fetch_add_explicit(&s->calls, 1, memory_order_relaxed);
  double per = load_double(&s->serial);
  if (per <= 0) {
    /* Not measured: timed on the caller, if the estimate says the site is
       short; the team it would run on, for the decisions until a call on
       the team is timed. */
    if (!(work_ns > 0 && work_ns <= WEFT_PROBE_MAX_NS))
      return WEFT_SITE_TEAM;
    if (atomic_load_explicit(&s->par_size, memory_order_relaxed) == 0)
      atomic_store_explicit(&s->par_size, weft_num_threads(),
                            memory_order_relaxed);
    return WEFT_SITE_CALLER;
  }
  double alone = per * (double)trip;
  if (alone >= WEFT_PROBE_MAX_NS)
    return WEFT_SITE_TEAM;
  /* The first call ran cold (its data, and the code, not yet in cache):
     the second is timed on the caller too. */
  if (calls < 2)
    return WEFT_SITE_CALLER;
  /* What the team costs beyond its share of the work: from the last timed
     parallel call, or the compiler's fork/join before one. */
  const double floor = WEFT_SERIAL_BELOW_NS / 2;
  double over = floor;
  double size = atomic_load_explicit(&s->par_size, memory_order_relaxed);
  if (size < 2)
    size = 2;
  int64_t ptrip = atomic_load_explicit(&s->par_trip, memory_order_relaxed);
  if (ptrip > 0)
    over = (double)atomic_load_explicit(&s->par_ns, memory_order_relaxed) -
           per * (double)ptrip / size;
  double gain = alone * (1 - 1 / size);
  if (gain < over) {
    /* On the team again where a warm team could gain, once the calls
       since its last team call ran WEFT_REPROBE_RATIO times that call's
       cost: a team call after a run of calls on the caller pays for
       waking the team. */
    uint32_t last = atomic_load_explicit(&s->team_call, memory_order_relaxed);
    if (gain >= floor &&
        (double)(calls - last) * alone >= WEFT_REPROBE_RATIO * over) {
      atomic_store_explicit(&s->team_call, calls, memory_order_relaxed);
      return WEFT_SITE_TEAM_TIMED;
    }
    /* The loop as written, where the generated code can run it: timed on
       the caller once in WEFT_RETIME_INLINE calls, so that a change in its
       time per iteration is seen. */
    return inline_ok && calls % WEFT_RETIME_INLINE != 0 ? WEFT_SITE_INLINE
                                                        : WEFT_SITE_CALLER;
  }
  if (calls % WEFT_REPROBE_EVERY == 0)
    return WEFT_SITE_CALLER;
  atomic_store_explicit(&s->team_call, calls, memory_order_relaxed);
  return WEFT_SITE_TEAM_TIMED;
}

void weft_site_record(weft_site_stat_t *s, int64_t trip, uint64_t ns) {
  if (!s || trip <= 0)
    return;
  double per = (double)ns / (double)trip;
  if (per <= 0)
    per = 1e-3; /* 0 means unmeasured */
  /* A sample is too long, never too short, when the thread was preempted
     or interrupted: a shorter one is taken as it is, a longer one moves
     the time a quarter of the way (several in a row, a loop that did get
     slower, move it all the way). */
  double old = load_double(&s->serial);
  store_double(&s->serial, old <= 0 || per < old ? per : old + (per - old) / 4);
}

void weft_site_record_team(weft_site_stat_t *s, int64_t trip, uint64_t ns,
                           int size) {
  if (!s || trip <= 0 || size < 2)
    return;
  atomic_store_explicit(&s->par_ns, ns, memory_order_relaxed);
  atomic_store_explicit(&s->par_size, size, memory_order_relaxed);
  atomic_store_explicit(&s->par_trip, trip, memory_order_relaxed);
}

double weft_site_ns_per_iter(weft_site_stat_t *s) {
  return s ? load_double(&s->serial) : 0;
}

void weft_sites_reset(void) {
  for (size_t i = 0; i < WEFT_SITE_SLOTS; i++) {
    atomic_store_explicit(&sites[i].serial, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].par_ns, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].par_trip, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].par_size, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].calls, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].team_call, 0, memory_order_relaxed);
    atomic_store_explicit(&sites[i].key, 0, memory_order_release);
  }
}
