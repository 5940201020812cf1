/*===- graph.c - Task graphs: independent statements at the same time -------===*
 *
 * weft_run_graph() runs the tasks of one graph (docs/runtime.md, "Task
 * graphs"). The compiler gives each task its estimated work and the earlier
 * tasks it must wait for; program order is always a valid order.
 *
 * The placement is static: before the tasks start, a list schedule puts each
 * task, longest remaining chain first (its work plus the longest chain of
 * tasks that wait for it), on the member where it would finish first, at
 * that member's speed (the team's capacity weights): the long chain goes to
 * the big cores. Members then run their own tasks as those become ready. A
 * member whose own next tasks are not ready takes a ready task of a member
 * that is busy or not yet there (stealing), so a late member never holds up
 * the graph. Nothing is allocated: the graph's state is on the caller's
 * stack.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <limits.h>
#include <string.h>

/* The state of one run of a graph, shared by the team's members. */
typedef struct graph_run {
  const weft_graph_t *g;
  void *ctx;
  int n;
  signed char owner[WEFT_MAX_TASKS]; /* the member each task is placed on */
  signed char order[WEFT_MAX_TASKS]; /* the tasks, longest chain first */
  _Atomic int32_t waiting[WEFT_MAX_TASKS]; /* unfinished predecessors */
  _Atomic unsigned char claimed[WEFT_MAX_TASKS];
  _Atomic int32_t unclaimed;
  /* Bumped when a task finishes: what idle members wait on. */
  WEFT_ALIGNED _Atomic uint32_t progress;
  _Atomic uint32_t sleepers;
  /* Whether each member is looking for a task (else it runs one, or is not
     in the region yet): only the tasks of a member that is not looking are
     stolen. Initialized for the plan's members, the only owners. */
  _Atomic unsigned char looking[WEFT_MAX_TEAM];
} graph_run_t;

int weft_graph_valid(const weft_graph_t *g) {
  if (!g || g->ntasks < 0 || g->ntasks > WEFT_MAX_TASKS ||
      (g->ntasks && !g->tasks))
    return 0;
  for (int i = 0; i < g->ntasks; ++i) {
    if (!g->tasks[i].fn)
      return 0;
    /* Predecessors come earlier in program order. */
    uint64_t later = i == 63 ? 0 : ~((UINT64_C(1) << i) - 1);
    if (g->tasks[i].preds & later)
      return 0;
  }
  return 1;
}

/* A task's estimated work, made positive (so that a predecessor's chain is
   always longer than its successor's). */
static double work_of(const weft_graph_t *g, int i) {
  double w = g->tasks[i].work_ns;
  return w == w && w > 1.0 ? w : 1.0;
}

double weft_graph_plan(const weft_graph_t *g, const int *weights, int size,
                       signed char *owner, signed char *order) {
  int n = g->ntasks;
  double chain[WEFT_MAX_TASKS];
  /* The longest chain from each task to the end, last task first. */
  for (int i = n - 1; i >= 0; --i) {
    double after = 0;
    for (int j = i + 1; j < n; ++j)
      if ((g->tasks[j].preds >> i & 1) && chain[j] > after)
        after = chain[j];
    chain[i] = work_of(g, i) + after;
  }
  /* Longest chain first; ties in program order. A predecessor's chain is
     longer than any successor's, so this is an order the graph allows. */
  for (int i = 0; i < n; ++i)
    order[i] = (signed char)i;
  for (int i = 1; i < n; ++i) {
    signed char t = order[i];
    int k = i;
    while (k > 0 && chain[(int)order[k - 1]] < chain[(int)t]) {
      order[k] = order[k - 1];
      --k;
    }
    order[k] = t;
  }
  /* Each task on the member where it finishes first. */
  double free_at[WEFT_MAX_TEAM], done[WEFT_MAX_TASKS], span = 0;
  for (int m = 0; m < size; ++m)
    free_at[m] = 0;
  for (int k = 0; k < n; ++k) {
    int t = order[k];
    double ready = 0;
    for (int p = 0; p < t; ++p)
      if ((g->tasks[t].preds >> p & 1) && done[p] > ready)
        ready = done[p];
    int best = 0;
    double best_end = 0;
    for (int m = 0; m < size; ++m) {
      double speed = (weights && weights[m] > 0 ? weights[m] : 1024) / 1024.0;
      double start = free_at[m] > ready ? free_at[m] : ready;
      double end = start + work_of(g, t) / speed;
      if (m == 0 || end < best_end) {
        best = m;
        best_end = end;
      }
    }
    owner[t] = (signed char)best;
    free_at[best] = done[t] = best_end;
    if (best_end > span)
      span = best_end;
  }
  return span;
}

static void run_task(graph_run_t *r, int t) {
  r->g->tasks[t].fn(r->ctx);
  for (int j = t + 1; j < r->n; ++j)
    if (r->g->tasks[j].preds >> t & 1)
      atomic_fetch_sub_explicit(&r->waiting[j], 1, memory_order_release);
  atomic_fetch_add_explicit(&r->progress, 1, memory_order_release);
  weft_wake(&r->progress, &r->sleepers, INT_MAX);
}

static int try_claim(graph_run_t *r, int t) {
  if (atomic_load_explicit(&r->claimed[t], memory_order_relaxed) ||
      atomic_load_explicit(&r->waiting[t], memory_order_acquire) != 0)
    return 0;
  unsigned char no = 0;
  if (!atomic_compare_exchange_strong_explicit(&r->claimed[t], &no, 1,
                                               memory_order_acq_rel,
                                               memory_order_relaxed))
    return 0;
  atomic_fetch_sub_explicit(&r->unclaimed, 1, memory_order_relaxed);
  return 1;
}

/* A ready task for member `me`: its own first, else one of a member that is
   not looking; -1 if none. */
static int pick(graph_run_t *r, int me) {
  for (int k = 0; k < r->n; ++k) {
    int t = r->order[k];
    if (r->owner[t] == me && try_claim(r, t))
      return t;
  }
  for (int k = 0; k < r->n; ++k) {
    int t = r->order[k];
    if (r->owner[t] != me &&
        !atomic_load_explicit(&r->looking[(int)r->owner[t]],
                              memory_order_relaxed) &&
        try_claim(r, t))
      return t;
  }
  return -1;
}

static void graph_member(void *arg, int me, int size) {
  (void)size;
  graph_run_t *r = arg;
  weft_team_t *team = weft_tls.team;
  uint64_t blocks = 0;
  /* A task is not the team's SPMD code: a fused region or barrier inside a
     task (a call to translated code) runs as it does in any parallel body,
     serially on this member. */
  int outer_spmd = weft_tls.spmd;
  weft_tls.spmd = 0;
  for (;;) {
    uint32_t seen =
        atomic_load_explicit(&r->progress, memory_order_acquire);
    atomic_store_explicit(&r->looking[me], 1, memory_order_relaxed);
    if (atomic_load_explicit(&r->unclaimed, memory_order_relaxed) == 0)
      break;
    int t = pick(r, me);
    if (t < 0) {
      /* Nothing ready: wait until a task finishes (spin, then block). */
      weft_wait_change(&r->progress, seen, &r->sleepers, &team->policy,
                       &blocks);
      continue;
    }
    atomic_store_explicit(&r->looking[me], 0, memory_order_relaxed);
    run_task(r, t);
  }
  atomic_store_explicit(&r->looking[me], 0, memory_order_relaxed);
  weft_tls.spmd = outer_spmd;
  if (blocks)
    weft_count(&team->members[me].counters->blocks, blocks);
}

/* Program order, or (WEFT_SCHEDULE=reverse) the latest ready task first:
   an order the edges allow that moves every task as late as they let it. */
static void run_serial(const weft_graph_t *g, void *ctx, int reverse) {
  int n = g->ntasks;
  if (!reverse) {
    for (int i = 0; i < n; ++i)
      g->tasks[i].fn(ctx);
    return;
  }
  uint64_t done = 0;
  for (int k = 0; k < n; ++k)
    for (int i = n - 1; i >= 0; --i)
      if (!(done >> i & 1) && (g->tasks[i].preds & ~done) == 0) {
        g->tasks[i].fn(ctx);
        done |= UINT64_C(1) << i;
        break;
      }
}

int weft_run_graph(const weft_graph_t *g, void *ctx) {
  if (!weft_graph_valid(g))
    return -1;
  int n = g->ntasks;
  double total = 0;
  for (int i = 0; i < n; ++i)
    total += work_of(g, i);
  weft_loop_t site;
  memset(&site, 0, sizeof site);
  site.trip = n;
  site.intent = g->intent;
  /* A guessed total does not keep sleeping members asleep
     (WEFT_WAKE_WORTH_NS): 0 is "unknown" to weft_spmd. */
  site.work_ns = (g->flags & WEFT_GRAPH_ESTIMATED) ? 0 : total;
  site.region_id = g->region_id;
  site.line = g->line;
  site.file = g->file;

  weft_team_t *team = n < 2 || weft_tls.in_region || weft_schedule_reversed()
                          ? NULL
                          : weft_team_acquire();
  int size = team ? team->size : 1;
  graph_run_t r;
  r.g = g;
  r.ctx = ctx;
  r.n = n;
  /* The members the plan places tasks on (owners are below it). */
  int members = size < WEFT_MAX_TASKS ? size : WEFT_MAX_TASKS;
  if (size > 1) {
    int weights[WEFT_MAX_TASKS];
    for (int m = 0; m < members; ++m)
      weights[m] = (int)(team->prefix[m + 1] - team->prefix[m]);
    double span = weft_graph_plan(g, weights, members, r.owner, r.order);
    /* Not worth a fork: the plan saves less than the fork/join costs. */
    if (total - span < WEFT_GRAPH_MIN_SAVING_NS && !weft_schedule_eager())
      size = 1;
  }
  if (size == 1) {
    if (team)
      weft_team_release();
    /* As the program would: a parallel loop inside a task may still run
       on the team. */
    run_serial(g, ctx, weft_schedule_reversed());
    atomic_fetch_add_explicit(&weft_serial_regions, 1, memory_order_relaxed);
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    atomic_init(&r.waiting[i], (int32_t)__builtin_popcountll(g->tasks[i].preds));
    atomic_init(&r.claimed[i], 0);
  }
  atomic_init(&r.unclaimed, n);
  atomic_init(&r.progress, 0);
  atomic_init(&r.sleepers, 0);
  /* Only owners' flags are read (pick); any member sets its own. */
  for (int m = 0; m < members; ++m)
    atomic_init(&r.looking[m], 0);
  weft_team_release();
  weft_spmd(&site, graph_member, &r);
  return size;
}
