/*===- region.c - Fork/join: parallel loops, SPMD regions, the barrier ----===*
 *
 * A region is forked by writing its descriptor and bumping the team's epoch;
 * a futex wake follows only when some worker sleeps. The owner then works
 * like any member. Workers are "floating": a loop does not wait for a worker
 * that is still waking up, because members that finish take whole chunks
 * from the tail of the others' runs, so the owner alone can finish a short
 * region while a sleeping worker is still on its way. The join waits for the
 * chunks (not for the members), then closes the region and waits only for
 * the workers that are inside it.
 *
 * Wake ahead (cadence.c): each fork tells the cadence what started when,
 * and publishes, with the region, when the workers should wake after it if
 * the next region is predictable. A fork wakes sleeping workers only after
 * the owner has started its own chunks.
 *
 * No mutex, condition variable or allocation on this path.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

/// Without a work estimate, sleepers are woken after the owner's first
/// chunk (and only if the loop looks long enough) when every member has at
/// least this many chunks: a sleeper then starts at most 1/8 of its run late.
#define WEFT_DEFER_CHUNKS_PER_MEMBER 8

/// Are a loop's chunks small enough for the owner to run its first one
/// before it wakes the sleepers (a system call it then pays off its critical
/// path)? Only when each member has several chunks: with one or two big
/// ones, the sleeper would start a whole chunk late (bench/runtime's
/// wake-up latency: 112 us after 1 ms idle with 100 us chunks).
static int wake_after_first_chunk(const weft_grid_t *grid, int size) {
  return grid->chunks >= (int64_t)WEFT_DEFER_CHUNKS_PER_MEMBER * size;
}

static void run_chunk(const weft_share_t *share, int64_t c) {
  int64_t lo, hi;
  weft_grid_bounds(&share->grid, c, &lo, &hi);
  _Atomic uint64_t *done = share->index >= 0 ? &weft_tls.team->chunk_done[c]
                                             : NULL;
  uint64_t region = (uint64_t)share->epoch << 32;
  if (share->after >= 0) {
    /* WEFT_FOR_CHUNKWISE: the previous loop's chunk c first. It is taken:
       whoever waits here has found every chunk of that loop taken. */
    uint64_t bit = 1ull << share->after;
    for (int spins = 0;; spins++) {
      uint64_t w = atomic_load_explicit(done, memory_order_acquire);
      if ((w & ~0xffffffffull) == region && (w & bit))
        break;
      if (spins < 1024)
        weft_cpu_relax();
      else
        sched_yield();
    }
  }
  share->body(share->ctx, lo, hi, c);
  if (done && share->index < 32) {
    uint64_t w = atomic_load_explicit(done, memory_order_relaxed), n;
    do
      n = ((w & ~0xffffffffull) == region ? w : region) |
          (1ull << share->index);
    while (!atomic_compare_exchange_weak_explicit(
        done, &w, n, memory_order_release, memory_order_relaxed));
  }
}

int64_t weft_share_work(weft_team_t *team, const weft_share_t *share, int me) {
  weft_member_t *members = team->members;
  const uint32_t tag = share->tag;
  int64_t done = 0, steals = 0;
  uint64_t t0 = weft_trace_on ? weft_now_ns() : 0;

  /* Own run, from the front. */
  _Atomic uint64_t *own = &members[me].run;
  uint64_t w = atomic_load_explicit(own, memory_order_acquire);
  while (weft_run_tag(w) == tag && weft_run_begin(w) < weft_run_end(w)) {
    uint32_t b = weft_run_begin(w);
    if (atomic_compare_exchange_weak_explicit(
            own, &w, weft_run_pack(tag, b + 1, weft_run_end(w)),
            memory_order_acq_rel, memory_order_acquire)) {
      run_chunk(share, b);
      done++;
      w = atomic_load_explicit(own, memory_order_acquire);
    }
  }

  /* Then whole chunks from the tail of the member with the most left. */
  for (;;) {
    int victim = -1;
    uint32_t most = 0;
    for (int i = 1; i < team->size; i++) {
      int v = me + i < team->size ? me + i : me + i - team->size;
      uint64_t vw = atomic_load_explicit(&members[v].run, memory_order_acquire);
      uint32_t left = weft_run_end(vw) - weft_run_begin(vw);
      if (weft_run_tag(vw) == tag && weft_run_begin(vw) < weft_run_end(vw) &&
          left > most) {
        most = left;
        victim = v;
      }
    }
    if (victim < 0)
      break;
    _Atomic uint64_t *run = &members[victim].run;
    uint64_t vw = atomic_load_explicit(run, memory_order_acquire);
    while (weft_run_tag(vw) == tag && weft_run_begin(vw) < weft_run_end(vw)) {
      uint32_t e = weft_run_end(vw) - 1;
      if (atomic_compare_exchange_weak_explicit(
              run, &vw, weft_run_pack(tag, weft_run_begin(vw), e),
              memory_order_acq_rel, memory_order_acquire)) {
        if (weft_trace_on)
          weft_trace_steal(victim);
        run_chunk(share, e);
        done++;
        steals++;
        break;
      }
    }
  }
  if (weft_trace_on && done)
    weft_trace_work(t0, weft_now_ns(), done, steals);
  weft_counters_t *c = members[me].counters;
  weft_count(&c->chunks, (uint64_t)done);
  if (steals)
    weft_count(&c->steals, (uint64_t)steals);
  return done;
}

/// Takes the next chunk from the front of the owner's own run, or -1.
static int64_t take_own_front(weft_team_t *team, const weft_share_t *share) {
  _Atomic uint64_t *own = &team->members[0].run;
  uint64_t w = atomic_load_explicit(own, memory_order_acquire);
  while (weft_run_tag(w) == share->tag &&
         weft_run_begin(w) < weft_run_end(w)) {
    uint32_t b = weft_run_begin(w);
    if (atomic_compare_exchange_weak_explicit(
            own, &w, weft_run_pack(share->tag, b + 1, weft_run_end(w)),
            memory_order_acq_rel, memory_order_acquire))
      return b;
  }
  return -1;
}

/// Every chunk of `loop` on the calling thread, last first when `reverse`.
static int64_t run_serial(const weft_loop_t *loop, weft_body_fn body,
                          void *ctx, int reverse) {
  weft_grid_t g;
  weft_grid_init(&g, loop);
  uint64_t t0 = weft_trace_on ? weft_now_ns() : 0;
  for (int64_t i = 0; i < g.chunks; i++) {
    int64_t c = reverse ? g.chunks - 1 - i : i, lo, hi;
    weft_grid_bounds(&g, c, &lo, &hi);
    body(ctx, lo, hi, c);
  }
  atomic_fetch_add_explicit(&weft_serial_regions, 1, memory_order_relaxed);
  if (weft_trace_on) {
    uint64_t t1 = weft_now_ns();
    weft_trace_region(loop, t0, t1, g.chunks);
    weft_trace_work(t0, t1, g.chunks, 0);
  }
  return g.chunks;
}

int64_t weft_run_serial(const weft_loop_t *loop, weft_body_fn body,
                        void *ctx) {
  return run_serial(loop, body, ctx, weft_schedule_reversed());
}

/// Sets every member's run for a loop with this tag, except that the
/// owner's first chunk is taken out of its run and returned in *first (-1
/// if it has none): the owner runs it without an atomic operation, while
/// the store that opens the region is still on its way to the other cores.
/// Returns how many workers have a non-empty run.
static int assign_runs(weft_team_t *team, const weft_share_t *share,
                       int64_t *first) {
  int busy = 0;
  *first = -1;
  for (int t = 0; t < team->size; t++) {
    int64_t b = weft_split_start(share->grid.chunks, team->prefix, team->size,
                                 t);
    int64_t e = weft_split_start(share->grid.chunks, team->prefix, team->size,
                                 t + 1);
    if (t == 0 && e > b)
      *first = b++;
    atomic_store_explicit(&team->members[t].run,
                          weft_run_pack(share->tag, (uint32_t)b, (uint32_t)e),
                          memory_order_relaxed);
    busy += t != 0 && e > b;
  }
  return busy;
}

/// The cadence's view of a fork of site `key` whose open epoch will be `e`:
/// what became of the last prediction, and the plan for after this region,
/// published in the fork line as a seqlock (wake_epoch 0 while it changes).
static void plan_wake(weft_team_t *team, uintptr_t key, uint32_t e) {
  if (!atomic_load_explicit(&team->policy.wake_ahead, memory_order_relaxed))
    return;
  /* A plain load first: the exchange would take the line from the workers
     on every fork, and a report comes once per timed sleep. */
  if (atomic_load_explicit(&team->wake_late_ns, memory_order_relaxed) >= 0) {
    int64_t late =
        atomic_exchange_explicit(&team->wake_late_ns, -1, memory_order_relaxed);
    if (late >= 0)
      weft_cadence_late(&team->cadence, late);
  }
  /* The team idled since the last join if a worker sleeps, or slept in a
     planned timed wait and woke (it spins now): a worker sleeps only after
     its spin (300 us by default), so the gaps between a frame's loops are
     not idle and the gap before a frame is. No clock read for that. */
  int idle = atomic_load_explicit(&team->sleepers, memory_order_relaxed) != 0 ||
             atomic_load_explicit(&team->naps, memory_order_relaxed) !=
                 team->naps_at_join;
  weft_wake_plan_t plan;
  int64_t off;
  int outcome =
      weft_cadence_fork(&team->cadence, key, idle, weft_now_ns, &plan, &off);
  if (outcome != WEFT_WAKE_NONE) {
    atomic_fetch_add_explicit(&weft_wake_counters[outcome], 1,
                              memory_order_relaxed);
    if (weft_trace_on)
      weft_trace_wake(outcome == WEFT_WAKE_HIT     ? "hit"
                      : outcome == WEFT_WAKE_EARLY ? "early"
                                                   : "late",
                      off);
  }
  /* Withdraw the last plan before this one is written (a hot fork has
     none to withdraw, and pays no fence). */
  if (atomic_load_explicit(&team->fork.wake_epoch, memory_order_relaxed)) {
    atomic_store_explicit(&team->fork.wake_epoch, 0, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
  }
  if (!plan.wake_at)
    return;
  atomic_store_explicit(&team->fork.wake_at, plan.wake_at,
                        memory_order_relaxed);
  atomic_store_explicit(&team->fork.wake_until, plan.until,
                        memory_order_relaxed);
  atomic_store_explicit(&team->fork.wake_epoch, e, memory_order_release);
  atomic_fetch_add_explicit(&weft_wake_counters[WEFT_WAKE_PREDICTED], 1,
                            memory_order_relaxed);
  if (weft_trace_on)
    weft_trace_wake("predict", (int64_t)(plan.start - weft_now_ns()));
}

/// Publishes the region written into team->fork (and its share) for the
/// site `key`. It wakes no one: the owner does, with wake_workers(), once
/// it has started its own chunks.
static void fork_region(weft_team_t *team, int kind, int64_t pending,
                        uintptr_t key) {
  team->fork.kind = kind;
  weft_fpenv_get(&team->fork.fpenv);
  atomic_store_explicit(&team->pending, pending, memory_order_relaxed);
  uint32_t e = atomic_load_explicit(&team->fork.epoch, memory_order_relaxed);
  plan_wake(team, key, weft_epoch_next(e));
  atomic_store_explicit(&team->fork.epoch, weft_epoch_next(e),
                        kind == WEFT_KIND_FOR ? memory_order_release
                                              : memory_order_seq_cst);
  weft_count(&team->members[0].counters->regions, 1);
}

/// Wakes up to `wake` sleeping workers of the region just forked.
///
/// A loop (kind FOR) was published with a release store, and the sleeper
/// count is read without a store-load fence, so that the owner does not
/// stall until the spinning workers have given up the fork line: its store
/// drains while it runs its own chunks (bench/runtime: the fence was most of
/// a hot fork). The price is that a worker going to sleep at that very
/// moment may miss this wake-up. A loop does not need it: members that
/// finish take whole chunks from the others, so the owner alone finishes
/// the region, and the next fork sees the sleeper and wakes it. An SPMD
/// region needs every member, and keeps the full handshake.
static void wake_workers(weft_team_t *team, int kind, int wake) {
  int woke;
  if (kind == WEFT_KIND_FOR)
    woke = wake > 0 &&
           atomic_load_explicit(&team->sleepers, memory_order_relaxed) != 0 &&
           weft_futex_wake(&team->fork.epoch, wake) >= 0;
  else
    woke = wake > 0 && weft_wake(&team->fork.epoch, &team->sleepers, wake);
  if (woke)
    weft_count(&team->members[0].counters->wakes, 1);
}

/// The site of a region, for the cadence: its body and region id.
static uintptr_t site_of(const void *fn, const weft_loop_t *loop) {
  return (uintptr_t)fn + (loop ? loop->region_id : 0);
}

/// Waits until nothing is pending and closes the region. Workers that are
/// still inside it have found nothing left to run (every chunk is done) and
/// are on their way out; the next fork waits for them (weft_team_drain)
/// before it reuses the region's state, so the owner returns at once.
static void join_region(weft_team_t *team) {
  uint64_t blocks = 0;
  uint32_t jw = atomic_load_explicit(&team->join_word, memory_order_seq_cst);
  while (atomic_load_explicit(&team->pending, memory_order_acquire) != 0)
    jw = weft_wait_change(&team->join_word, jw, &team->join_sleepers,
                          &team->policy, &blocks);
  /* Close. The store-load fence that orders this store before the owner
     looks at the members' `inside` flags is in weft_team_drain(), at the
     next fork: by then the store has usually drained and the fence is
     cheap. */
  uint32_t e = atomic_load_explicit(&team->fork.epoch, memory_order_relaxed);
  atomic_store_explicit(&team->fork.epoch, e & ~WEFT_EPOCH_OPEN,
                        memory_order_release);
  if (blocks)
    weft_count(&team->members[0].counters->blocks, blocks);
  if (atomic_load_explicit(&team->policy.wake_ahead, memory_order_relaxed)) {
    weft_cadence_join(&team->cadence);
    team->naps_at_join =
        atomic_load_explicit(&team->naps, memory_order_relaxed);
  }
}

static void enter_owner(weft_team_t *team) {
  weft_affinity_owner(team);
  weft_tls.team = team;
  weft_tls.member = 0;
  weft_tls.in_region = 1;
}

static void leave_owner(void) {
  weft_tls.team = NULL;
  weft_tls.in_region = 0;
  weft_tls.spmd = 0;
  weft_team_release();
}

/* A parallel loop; `graph_help`: inside a task of a graph, its chunks may
   run on the graph's idle members with the same ctx (weft_parallel_for's
   contract, but not weft_spmd_for's, whose ctx may be the member's own). */
static int64_t parallel_for(const weft_loop_t *loop, weft_body_fn body,
                            void *ctx, int graph_help, int *size) {
  if (!loop || !body || loop->trip <= 0)
    return 0;
  weft_trace_init();
  if (weft_tls.in_region || weft_schedule_reversed()) {
    int64_t chunks = -1;
    if (graph_help && weft_tls.graph && !weft_schedule_reversed())
      chunks = weft_graph_loop(loop, body, ctx);
    return chunks >= 0 ? chunks : weft_run_serial(loop, body, ctx);
  }
  weft_team_t *team = weft_team_acquire();
  if (!team)
    return weft_run_serial(loop, body, ctx);
  uint64_t t_region = weft_trace_on ? weft_now_ns() : 0;
  weft_team_drain(team);
  weft_share_t *share = &team->fork.share;
  weft_grid_init(&share->grid, loop);
  if (team->size == 1 || share->grid.chunks == 1) {
    weft_team_release();
    return weft_run_serial(loop, body, ctx);
  }
  share->body = body;
  share->ctx = ctx;
  share->tag = ++team->seq;
  share->index = -1;
  share->after = -1;
  int64_t first;
  int wake = assign_runs(team, share, &first);
  if (weft_trace_on)
    weft_trace_split(team, share->grid.chunks);
  /* A sleeping worker costs the owner a system call to wake (~10 us on the
     bench machine, more on a phone's idle core). Wake sleepers only for a
     loop worth that: by its work estimate, or without one, when the loop
     has enough chunks that a sleeper starting one chunk late loses little,
     by how long the owner's first chunk takes. Meanwhile the sleepers'
     chunks stay stealable, so the owner alone can finish a short loop. */
  int defer = 0;
  if (wake > 0 &&
      atomic_load_explicit(&team->sleepers, memory_order_relaxed) != 0) {
    if (loop->work_ns > 0)
      wake = loop->work_ns < WEFT_WAKE_WORTH_NS ? 0 : wake;
    else
      defer = first >= 0 && share->grid.chunks >=
                                (int64_t)WEFT_DEFER_CHUNKS_PER_MEMBER *
                                    team->size;
  }
  /* Frequency hints for regions long enough for a clock change to act. */
  int hinted = loop->intent != WEFT_INTENT_NONE &&
               loop->work_ns >= WEFT_HINT_MIN_NS;
  uint64_t t_hint = 0;
  if (hinted && (hinted = weft_hint_region_begin(team, loop)))
    t_hint = weft_now_ns();
  fork_region(team, WEFT_KIND_FOR, share->grid.chunks, site_of(body, loop));
  if (size)
    *size = team->size;

  enter_owner(team);
  int64_t done = 0;
  int wake_late = first >= 0 && wake_after_first_chunk(&share->grid, team->size);
  if (!defer && !wake_late)
    wake_workers(team, WEFT_KIND_FOR, wake); /* before a big chunk, or none */
  if (first >= 0) {
    uint64_t t0 = defer ? weft_now_ns() : 0;
    run_chunk(share, first);
    weft_count(&team->members[0].counters->chunks, 1);
    done = 1;
    if (!defer && wake_late)
      wake_workers(team, WEFT_KIND_FOR, wake);
    if (defer) {
      /* The first chunk after an idle gap runs on cold caches and often
         looks several times longer than it is: when it says "long", time
         one more before paying for the wake. */
      double left = (double)(share->grid.chunks - 1);
      uint64_t dt = weft_now_ns() - t0;
      int64_t next;
      if ((double)dt * left >= WEFT_WAKE_WORTH_NS &&
          (next = take_own_front(team, share)) >= 0) {
        uint64_t t1 = weft_now_ns();
        run_chunk(share, next);
        weft_count(&team->members[0].counters->chunks, 1);
        done++;
        uint64_t dt2 = weft_now_ns() - t1;
        dt = dt2 < dt ? dt2 : dt;
      }
      if ((double)dt * left >= WEFT_WAKE_WORTH_NS) {
        weft_futex_wake(&team->fork.epoch, wake);
        weft_count(&team->members[0].counters->wakes, 1);
      }
    }
  }
  done += weft_share_work(team, share, 0);
  if (done)
    atomic_fetch_sub_explicit(&team->pending, done, memory_order_acq_rel);
  join_region(team);
  if (hinted)
    weft_hint_region_end(weft_now_ns() - t_hint);
  int64_t chunks = share->grid.chunks;
  if (weft_trace_on) {
    if (first >= 0)
      weft_trace_work(t_region, weft_now_ns(), 1, 0);
    weft_trace_region(loop, t_region, weft_now_ns(), chunks);
  }
  leave_owner();
  return chunks;
}

/// Whether sites are measured for a call with this trip count here: not
/// in a region (nested calls run serially), not with WEFT_MEASURE=0, nor
/// under WEFT_SCHEDULE=reverse (whose point is to run on the team).
static int measured_here(int64_t trip) {
  return trip > 0 && !weft_tls.in_region && weft_measure_sites() &&
         !weft_schedule_reversed();
}

/// How this call of a site runs (sites.c, WEFT_SITE_*); *s is its entry,
/// for the time, when the call is timed. Only calls that would fork a team
/// are measured.
static int site_mode(const void *fn, const weft_loop_t *loop,
                     weft_site_stat_t **s) {
  *s = NULL;
  if (!loop || !measured_here(loop->trip))
    return WEFT_SITE_TEAM;
  uintptr_t key = site_of(fn, loop);
  if (weft_tls.next_key) {
    /* Decided (and counted) by weft_for_inline/weft_spmd_inline. */
    int decided = weft_tls.next_key == key;
    weft_tls.next_key = 0;
    if (decided) {
      *s = weft_tls.next_stat;
      return weft_tls.next_mode;
    }
  }
  if (!(loop->work_ns > 0))
    return WEFT_SITE_TEAM; /* no estimate: never measured, no lookup */
  *s = weft_site_lookup(key);
  return weft_site_mode(*s, loop->trip, loop->work_ns, 0);
}

static int site_inline(uintptr_t key, int64_t trip, weft_memo_t *memo) {
  weft_tls.next_key = 0;
  if (!measured_here(trip))
    return 0;
  weft_site_stat_t *s = weft_site_lookup(key);
  if (!s || weft_site_ns_per_iter(s) <= 0)
    return 0; /* not measured yet: the call decides, from its estimate */
  int mode = weft_site_inline_mode(s, trip, memo);
  if (mode == WEFT_SITE_INLINE)
    return 1;
  weft_tls.next_key = key;
  weft_tls.next_mode = mode;
  weft_tls.next_stat = s;
  return 0;
}

int weft_for_ask(weft_memo_t *memo, weft_body_fn body, uint32_t region_id,
                 int64_t trip) {
  return site_inline((uintptr_t)body + region_id, trip, memo);
}

int weft_spmd_ask(weft_memo_t *memo, weft_spmd_fn fn, uint32_t region_id,
                  int64_t trip) {
  return site_inline((uintptr_t)fn + region_id, trip, memo);
}

/// A loop of the site `site` (its body as compiled) run as that site's
/// measurement says: on the team as compiled, on the team timed, or on the
/// calling thread timed (its chunks in order). `run` and `ctx` run the
/// chunks; `graph_help` is parallel_for's.
static int64_t measured_for(const weft_loop_t *loop, const void *site,
                            weft_body_fn run, void *ctx, int graph_help) {
  weft_site_stat_t *s;
  int mode = site ? site_mode(site, loop, &s) : WEFT_SITE_TEAM;
  if (mode == WEFT_SITE_TEAM)
    return parallel_for(loop, run, ctx, graph_help, NULL);
  uint64_t t0 = weft_now_ns();
  if (mode != WEFT_SITE_TEAM_TIMED) {
    int64_t chunks = run_serial(loop, run, ctx, 0);
    weft_site_record(s, loop->trip, weft_now_ns() - t0);
    return chunks;
  }
  int size = 0;
  int64_t chunks = parallel_for(loop, run, ctx, graph_help, &size);
  weft_site_record_team(s, loop->trip, weft_now_ns() - t0, size);
  return chunks;
}

int64_t weft_parallel_for(const weft_loop_t *loop, weft_body_fn body,
                          void *ctx) {
  return measured_for(loop, (const void *)body, body, ctx, 1);
}

/*===--- Error paths -----------------------------------------------------===*/

/* A chunk that takes an error path at iteration k waits, in
   weft_exit_first(), for every earlier chunk to return. That never
   deadlocks: the waiter is the lowest iteration on an error path so far
   (a higher one returns at once), so no chunk it waits for waits on it; a
   member runs its own chunks in order, and a thief takes the last chunk of
   a run, never one before a chunk its owner has yet to start; chunks that
   only a sleeping member would start get it woken; and a loop run on one
   thread runs its chunks in order. */

typedef struct exits_run {
  weft_body_fn body;
  void *ctx;
  weft_exits_t *x;
} exits_run_t;

static void exits_chunk(void *arg, int64_t lo, int64_t hi, int64_t c) {
  exits_run_t *r = arg;
  r->body(r->ctx, lo, hi, c);
  __atomic_store_n(&r->x->done[c], 1, __ATOMIC_RELEASE);
}

int64_t weft_parallel_for_exits(const weft_loop_t *loop, weft_body_fn body,
                                void *ctx, weft_exits_t *x) {
  x->first = INT64_MAX;
  memset(x->done, 0, sizeof x->done);
  if (!loop || !body || loop->trip <= 0)
    return 0;
  exits_run_t r = {body, ctx, x};
  /* In order under WEFT_SCHEDULE=reverse, where the last chunk would wait
     for the first on the same thread; and no help from a graph's idle
     members (a nested call then runs serially, in order). */
  if (weft_schedule_reversed())
    return run_serial(loop, exits_chunk, &r, 0);
  /* A measured site, as weft_parallel_for's (on the caller its chunks run
     in order). */
  return measured_for(loop, (const void *)body, exits_chunk, &r, 0);
}

int weft_exit_first(weft_exits_t *x, int64_t k, int64_t chunk) {
  int64_t f = __atomic_load_n(&x->first, __ATOMIC_ACQUIRE);
  while (k < f && !__atomic_compare_exchange_n(
                      &x->first, &f, k, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    ;
  for (unsigned spins = 0;; spins++) {
    if (__atomic_load_n(&x->first, __ATOMIC_ACQUIRE) < k)
      return 0;
    int64_t c = 0;
    while (c < chunk && __atomic_load_n(&x->done[c], __ATOMIC_ACQUIRE))
      c++;
    if (c == chunk)
      return 1;
    if (spins < 1024) {
      weft_cpu_relax();
      continue;
    }
    /* Earlier chunks not yet started may be a sleeping member's. */
    weft_team_t *team = weft_tls.team;
    if (team && spins % 1024 == 0)
      weft_wake(&team->fork.epoch, &team->sleepers, team->size);
    sched_yield();
  }
}

/*===--- SPMD ------------------------------------------------------------===*/

/// The owner of an SPMD region wakes its sleeping members, if not yet done.
static void spmd_wake_now(weft_team_t *team) {
  if (!team->spmd_wake)
    return;
  team->spmd_wake = 0;
  wake_workers(team, WEFT_KIND_SPMD, INT_MAX);
}

void weft_spmd(const weft_loop_t *site, weft_spmd_fn fn, void *ctx) {
  if (!fn)
    return;
  weft_trace_init();
  /* WEFT_SCHEDULE=reverse runs it serially too: its loops then run their
     chunks last first, as weft_parallel_for's do. */
  weft_site_stat_t *measured;
  int mode = site_mode((const void *)fn, site, &measured);
  uint64_t t0 = mode != WEFT_SITE_TEAM ? weft_now_ns() : 0;
  weft_team_t *team =
      mode == WEFT_SITE_CALLER || weft_tls.in_region || weft_schedule_reversed()
          ? NULL
          : weft_team_acquire();
  if (!team || team->size == 1) {
    /* Serial: barriers are no-ops and spmd_for runs the whole loop here. */
    int outer = weft_tls.in_region, outer_spmd = weft_tls.spmd;
    if (team)
      weft_team_release();
    atomic_fetch_add_explicit(&weft_serial_regions, 1, memory_order_relaxed);
    weft_tls.in_region = 1;
    weft_tls.spmd = 0; /* a nested region's barriers are not the team's */
    fn(ctx, 0, 1);
    if (mode == WEFT_SITE_CALLER)
      weft_site_record(measured, site->trip, weft_now_ns() - t0);
    weft_tls.in_region = outer;
    weft_tls.spmd = outer_spmd;
    return;
  }
  uint64_t t_region = weft_trace_on ? weft_now_ns() : 0;
  weft_team_drain(team);
  team->fork.spmd_fn = fn;
  team->fork.spmd_ctx = ctx;
  team->ws_base = team->seq + 1;
  /* Frequency hints, as for a loop: the site carries the intent and the
     region's work. */
  int hinted = site && site->intent != WEFT_INTENT_NONE &&
               site->work_ns >= WEFT_HINT_MIN_NS;
  uint64_t t_hint = 0;
  if (hinted && (hinted = weft_hint_region_begin(team, site)))
    t_hint = weft_now_ns();
  fork_region(team, WEFT_KIND_SPMD, team->size - 1, site_of((void *)fn, site));

  enter_owner(team);
  weft_tls.spmd = 1;
  weft_tls.ws_seq = 0;
  weft_tls.region_epoch =
      atomic_load_explicit(&team->fork.epoch, memory_order_relaxed);
  /* The sleepers are woken once the owner has started its first chunk (or
     before it waits at a barrier): spmd_wake tells weft_spmd_for. */
  team->spmd_wake = 1;
  fn(ctx, 0, team->size);
  spmd_wake_now(team);
  /* Every member made the same spmd_for calls; skip their tags. */
  team->seq += weft_tls.ws_seq;
  join_region(team);
  if (hinted)
    weft_hint_region_end(weft_now_ns() - t_hint);
  if (weft_trace_on)
    weft_trace_region(site, t_region, weft_now_ns(), team->size);
  if (mode == WEFT_SITE_TEAM_TIMED)
    weft_site_record_team(measured, site->trip, weft_now_ns() - t0, team->size);
  leave_owner();
}

void weft_barrier(void) {
  weft_team_t *team = weft_tls.team;
  if (!team || !weft_tls.spmd)
    return;
  if (weft_tls.member == 0)
    spmd_wake_now(team); /* before the owner waits for them */
  weft_counters_t *c = team->members[weft_tls.member].counters;
  uint32_t gen = atomic_load_explicit(&team->bar_gen, memory_order_acquire);
  uint32_t arrived =
      atomic_fetch_add_explicit(&team->bar_count, 1, memory_order_acq_rel);
  if (arrived == (uint32_t)team->size - 1) {
    atomic_store_explicit(&team->bar_count, 0, memory_order_relaxed);
    atomic_store_explicit(&team->bar_gen, gen + 1, memory_order_seq_cst);
    if (weft_wake(&team->bar_gen, &team->bar_sleepers, INT_MAX))
      weft_count(&c->wakes, 1);
    weft_count(&c->barriers, 1);
    return;
  }
  uint64_t blocks = 0;
  weft_wait_change(&team->bar_gen, gen, &team->bar_sleepers, &team->policy,
                   &blocks);
  if (blocks)
    weft_count(&c->blocks, blocks);
}

int64_t weft_spmd_for(const weft_loop_t *loop, weft_body_fn body, void *ctx) {
  return weft_spmd_for_ex(loop, body, ctx, 0);
}

int64_t weft_spmd_for_ex(const weft_loop_t *loop, weft_body_fn body,
                         void *ctx, int flags) {
  weft_team_t *team = weft_tls.team;
  if (!team || !weft_tls.spmd)
    return parallel_for(loop, body, ctx, 0, NULL);
  /* Every member computes the same grid and split from the same descriptor;
     the first to arrive at each run word initializes it for this loop's
     tag, so members that are late still have their chunks taken. */
  weft_share_t share;
  weft_grid_init(&share.grid, loop);
  share.body = body;
  share.ctx = ctx;
  share.index = (int)weft_tls.ws_seq;
  share.tag = team->ws_base + weft_tls.ws_seq++;
  share.epoch = weft_tls.region_epoch;
  share.after = -1;
  if (flags & WEFT_FOR_CHUNKWISE) {
    /* The previous loop of the region must have marked its chunks (the
       first 32 do) and been cut into the same ones. */
    const weft_grid_t *p = &weft_tls.prev_grid, *g = &share.grid;
    if (share.index >= 1 && share.index <= 32 && p->trip == g->trip &&
        p->chunks == g->chunks && p->linear == g->linear &&
        p->reversed == g->reversed && p->a == g->a && p->b == g->b &&
        p->per_chunk == g->per_chunk)
      share.after = share.index - 1;
    else
      weft_barrier(); /* not the same chunks: order by a barrier */
  }
  weft_tls.prev_grid = share.grid;
  for (int t = 0; t < team->size; t++) {
    _Atomic uint64_t *run = &team->members[t].run;
    uint64_t w = atomic_load_explicit(run, memory_order_acquire);
    /* Set by another member already, for this loop or (a member that is
       ahead, past a WEFT_FOR_NOWAIT loop) for a later one: never move a
       run word back, which would run this loop's chunks again. */
    if ((int32_t)(weft_run_tag(w) - share.tag) >= 0)
      continue;
    int64_t b = weft_split_start(share.grid.chunks, team->prefix, team->size,
                                 t);
    int64_t e = weft_split_start(share.grid.chunks, team->prefix, team->size,
                                 t + 1);
    atomic_compare_exchange_strong_explicit(
        run, &w, weft_run_pack(share.tag, (uint32_t)b, (uint32_t)e),
        memory_order_acq_rel, memory_order_acquire);
  }
  if (share.grid.chunks > 0) {
    if (weft_tls.member == 0 && team->spmd_wake) {
      /* The owner's first chunk, when small, then the wake-up of the
         sleepers. */
      int64_t c = wake_after_first_chunk(&share.grid, team->size)
                      ? take_own_front(team, &share)
                      : -1;
      if (c >= 0) {
        run_chunk(&share, c);
        weft_count(&team->members[0].counters->chunks, 1);
      }
      spmd_wake_now(team);
    }
    weft_share_work(team, &share, weft_tls.member);
  }
  if (!(flags & WEFT_FOR_NOWAIT))
    weft_barrier();
  return share.grid.chunks;
}

/*===--- Copies: array reductions, large private arrays ------------------===*/

/* The team's scratch: the last block weft_copies_free gave back, up to
   WEFT_KEPT_COPIES_MAX bytes, is kept for the next weft_copies_alloc it is
   large enough for. A loop of a frame, or inside a sequential loop, then
   finds its copies' pages mapped and warm instead of faulting in a new
   mapping every time. Each block starts with a 64-byte header that holds
   its size; the copies follow it. */
#define KEPT_HEADER 64
static _Atomic(char *) g_kept_copies;

void *weft_copies_alloc(size_t bytes_per_member, int members) {
  if (members < 1 || bytes_per_member == 0 ||
      bytes_per_member > SIZE_MAX / (size_t)members)
    return NULL;
  size_t bytes = bytes_per_member * (size_t)members;
  /* aligned_alloc wants a multiple of the alignment. */
  if (bytes > SIZE_MAX - 63 - KEPT_HEADER)
    return NULL;
  bytes = (bytes + 63) / 64 * 64 + KEPT_HEADER;
  char *b =
      atomic_exchange_explicit(&g_kept_copies, NULL, memory_order_acquire);
  if (b && *(size_t *)b >= bytes)
    return b + KEPT_HEADER;
  free(b);
  b = aligned_alloc(64, bytes);
  if (!b)
    return NULL;
  *(size_t *)b = bytes;
  return b + KEPT_HEADER;
}

void weft_copies_free(void *copies) {
  if (!copies)
    return;
  char *b = (char *)copies - KEPT_HEADER;
  size_t size = *(size_t *)b; /* b is another thread's once it is kept */
  if (size > WEFT_KEPT_COPIES_MAX) {
    free(b);
    return;
  }
  /* Keep the larger of this block and the one kept before. */
  char *old = atomic_exchange_explicit(&g_kept_copies, b, memory_order_acq_rel);
  if (old && *(size_t *)old > size)
    old = atomic_exchange_explicit(&g_kept_copies, old, memory_order_acq_rel);
  free(old);
}

void weft_copies_release(void) {
  free(atomic_exchange_explicit(&g_kept_copies, NULL, memory_order_acquire));
}
