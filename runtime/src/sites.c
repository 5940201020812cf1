/*===- sites.c - Measured sites: short regions run on the calling thread --===*
 *
 * weft-translate decides that a loop runs in parallel from an estimate of
 * its work, made from weights that cannot know what the C compiler and the
 * core make of the body: a stencil row that clang vectorizes runs 10-20
 * times faster than its estimate (PolyBench's jacobi-1d: 0.3 ns per
 * iteration against an estimated 5), and a region that short costs more to
 * fork and join than it saves (bench/polybench/README.md). So the runtime
 * measures both ways of running a site (a parallel loop or SPMD region, by
 * its body and region id) whose estimate says it is short, and runs each
 * call the way weft_site_decide() (weft_checks.h, shared with the output
 * of --emit=openmp) says: its first two calls on the calling thread, timed
 * (a call on the team first would pay for waking it, 10-60 us, which is
 * the whole loop many times over for the sites this is for), then on the
 * caller where the team would save less than its last timed call cost
 * beyond its share of the work, with a timed call on the team now and
 * then where a warm team could gain, and on the caller once in
 * WEFT_REPROBE_EVERY calls where it runs on the team.
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
  /* An entry to a cache line: a call of a site reads one line. */
  _Alignas(64) _Atomic uintptr_t key; /* 0: free */
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

/// weft_site_mode(), and with `memo` the grant of an answer to run as
/// written (weft_site_inline_mode).
static int site_mode(weft_site_stat_t *s, int64_t trip, double work_ns,
                     int inline_ok, weft_memo_t *memo) {
  if (!s || trip <= 0)
    return WEFT_SITE_TEAM;
  /* Counted by a read and a write, not a locked add (which costs a short
     site's call more than the rest of its question): two threads that call
     the site at once may count one call. */
  uint32_t calls = atomic_load_explicit(&s->calls, memory_order_relaxed);
  if (memo) {
    /* A grant the memo still holds was counted in full: its calls not
       taken go back (the call asks when its loop is longer than the grant
       says), and the memo holds none until this call's answer. */
    uint32_t w = __atomic_load_n(&memo->word, __ATOMIC_RELAXED);
    if (w) {
      __atomic_store_n(&memo->word, 0, __ATOMIC_RELAXED);
      calls -= weft_memo_left(w);
    }
  }
  atomic_store_explicit(&s->calls, calls + 1, memory_order_relaxed);
  weft_site_facts_t f = {
      .serial = load_double(&s->serial),
      .par_ns = (double)atomic_load_explicit(&s->par_ns, memory_order_relaxed),
      .par_trip = atomic_load_explicit(&s->par_trip, memory_order_relaxed),
      .par_size = atomic_load_explicit(&s->par_size, memory_order_relaxed),
      .team_call = atomic_load_explicit(&s->team_call, memory_order_relaxed)};
  /* Until a call on the team is timed, the decisions assume the team it
     would run on, when they need it (weft_site_wants_size). */
  if (weft_site_wants_size(&f, trip)) {
    f.par_size = weft_num_threads();
    atomic_store_explicit(&s->par_size, f.par_size, memory_order_relaxed);
  }
  int mode = weft_site_decide(&f, calls, trip, work_ns, inline_ok);
  if (mode == WEFT_SITE_TEAM_TIMED)
    atomic_store_explicit(&s->team_call, calls, memory_order_relaxed);
  if (mode == WEFT_SITE_INLINE && memo) {
    /* The calls granted are counted now: the call after them is the one
       that would have been timed. */
    uint32_t grant = weft_memo_word(weft_site_inline_run(&f, calls, trip));
    if (grant) {
      atomic_store_explicit(&s->calls, calls + 1 + weft_memo_left(grant),
                            memory_order_relaxed);
      __atomic_store_n(&memo->word, grant, __ATOMIC_RELAXED);
    }
  }
  return mode;
}

int weft_site_mode(weft_site_stat_t *s, int64_t trip, double work_ns,
                   int inline_ok) {
  return site_mode(s, trip, work_ns, inline_ok, NULL);
}

int weft_site_inline_mode(weft_site_stat_t *s, int64_t trip,
                          weft_memo_t *memo) {
  return site_mode(s, trip, 0, 1, memo);
}

void weft_site_record(weft_site_stat_t *s, int64_t trip, uint64_t ns) {
  if (!s || trip <= 0)
    return;
  store_double(&s->serial, weft_site_filter(load_double(&s->serial),
                                            (double)ns / (double)trip));
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
