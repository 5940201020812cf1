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
 * A task that runs a parallel loop (weft_parallel_for) opens the loop in the
 * graph's loop slot: members with no task of their own ready take its chunks
 * beside the task's member, one at a time, and go back to their own tasks
 * as those become ready. The plan of a graph with such tasks (WEFT_TASK_LOOP)
 * replays the placement with that help to find when the graph ends. The plan
 * is weft_plan.h's, which the compiler's weft-task-graph runs too.
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
  /* Tasks not yet finished: members stay until none is (a task still
     running may open a loop for them). */
  _Atomic int32_t unfinished;
  /* Bumped when a task finishes: what idle members wait on. */
  WEFT_ALIGNED _Atomic uint32_t progress;
  _Atomic uint32_t sleepers;
  /* Whether each member is looking for a task (else it runs one, or is not
     in the region yet): only the tasks of a member that is not looking are
     stolen. Initialized for the plan's members, the only owners. */
  _Atomic unsigned char looking[WEFT_MAX_TEAM];
  /* The loop slot: a task's parallel loop that idle members help with.
     LOOP_OPEN publishes grid, body and ctx (release); a helper counts
     itself in `helpers` before it checks the state, and the task's member
     closes the slot, then waits for the helpers to leave. */
  WEFT_ALIGNED _Atomic uint32_t loop_state;
  _Atomic int32_t loop_helpers;
  _Atomic int64_t loop_next; /* the next chunk to take */
  weft_grid_t loop_grid;
  weft_body_fn loop_body;
  void *loop_ctx;
} graph_run_t;

enum { LOOP_FREE, LOOP_SETUP, LOOP_OPEN, LOOP_CLOSING };

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

static void run_task(graph_run_t *r, int t) {
  uint64_t t0 = weft_trace_on ? weft_now_ns() : 0;
  weft_tls.graph = r;
  r->g->tasks[t].fn(r->ctx);
  weft_tls.graph = NULL;
  if (weft_trace_on)
    weft_trace_task(r->g, t, r->owner[t], t0, weft_now_ns());
  for (int j = t + 1; j < r->n; ++j)
    if (r->g->tasks[j].preds >> t & 1)
      atomic_fetch_sub_explicit(&r->waiting[j], 1, memory_order_release);
  atomic_fetch_sub_explicit(&r->unfinished, 1, memory_order_release);
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

/* Does member `me` have a task of its own that is ready? */
static int own_ready(graph_run_t *r, int me) {
  for (int t = 0; t < r->n; ++t)
    if (r->owner[t] == me &&
        !atomic_load_explicit(&r->claimed[t], memory_order_relaxed) &&
        atomic_load_explicit(&r->waiting[t], memory_order_relaxed) == 0)
      return 1;
  return 0;
}

/* Chunks of the loop in the slot until there are none, or (a helper,
   `me` >= 0) until one of the member's own tasks is ready; how many it
   ran. */
static int64_t take_chunks(graph_run_t *r, int me) {
  uint64_t t0 = weft_trace_on ? weft_now_ns() : 0;
  int64_t ran = 0;
  for (;;) {
    int64_t c =
        atomic_fetch_add_explicit(&r->loop_next, 1, memory_order_relaxed);
    if (c >= r->loop_grid.chunks)
      break;
    int64_t lo, hi;
    weft_grid_bounds(&r->loop_grid, c, &lo, &hi);
    r->loop_body(r->loop_ctx, lo, hi, c);
    ++ran;
    if (me >= 0 && own_ready(r, me))
      break;
  }
  if (weft_trace_on && ran)
    weft_trace_work(t0, weft_now_ns(), ran, 0);
  return ran;
}

/* A helper's turn at the loop in the slot, if one is open. */
static int64_t help_loop(graph_run_t *r, int me) {
  if (atomic_load_explicit(&r->loop_state, memory_order_relaxed) != LOOP_OPEN)
    return 0;
  int64_t ran = 0;
  atomic_fetch_add(&r->loop_helpers, 1);
  if (atomic_load(&r->loop_state) == LOOP_OPEN)
    ran = take_chunks(r, me);
  atomic_fetch_sub(&r->loop_helpers, 1);
  return ran;
}

int64_t weft_graph_loop(const weft_loop_t *loop, weft_body_fn body, void *ctx) {
  graph_run_t *r = weft_tls.graph;
  uint32_t free_ = LOOP_FREE;
  if (!r || !atomic_compare_exchange_strong(&r->loop_state, &free_, LOOP_SETUP))
    return -1;
  weft_grid_init(&r->loop_grid, loop);
  r->loop_body = body;
  r->loop_ctx = ctx;
  atomic_store_explicit(&r->loop_next, 0, memory_order_relaxed);
  atomic_store(&r->loop_state, LOOP_OPEN);
  /* Idle members wait for progress: this is some. */
  atomic_fetch_add_explicit(&r->progress, 1, memory_order_release);
  weft_wake(&r->progress, &r->sleepers, INT_MAX);
  /* Loops inside the chunks run serially here, as on the helpers. */
  weft_tls.graph = NULL;
  int64_t chunks = r->loop_grid.chunks;
  take_chunks(r, -1);
  /* Close, then wait for the helpers' last chunks (each leaves after at
     most one more). */
  atomic_store(&r->loop_state, LOOP_CLOSING);
  while (atomic_load(&r->loop_helpers) != 0)
    weft_cpu_relax();
  atomic_store(&r->loop_state, LOOP_FREE);
  weft_tls.graph = r;
  return chunks;
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
    if (atomic_load_explicit(&r->unfinished, memory_order_acquire) == 0)
      break;
    int t = atomic_load_explicit(&r->unclaimed, memory_order_relaxed)
                ? pick(r, me)
                : -1;
    if (t < 0) {
      atomic_store_explicit(&r->looking[me], 0, memory_order_relaxed);
      if (help_loop(r, me))
        continue;
      atomic_store_explicit(&r->looking[me], 1, memory_order_relaxed);
      /* Nothing ready: wait until a task finishes or a loop opens (spin,
         then block). */
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
    total += weft_plan_work(g, i);
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

  /* A graph whose whole work is below the saving it must make runs in
     order without touching the team (a small graph in a hot loop pays no
     more than its calls). */
  int small = total < WEFT_GRAPH_MIN_SAVING_NS && !weft_schedule_eager();
  weft_team_t *team =
      n < 2 || small || weft_tls.in_region || weft_schedule_reversed()
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
    /* What running the tasks in program order costs: their own work, a
       parallel loop's on the whole team (as weft_parallel_for would run it
       outside the graph). */
    double capacity = (double)team->prefix[size] / 1024.0, in_order = 0;
    for (int i = 0; i < n; ++i)
      in_order += (g->tasks[i].flags & WEFT_TASK_LOOP) && capacity > 1
                      ? weft_plan_work(g, i) / capacity
                      : weft_plan_work(g, i);
    double span = weft_graph_plan(g, weights, members, r.owner, r.order);
    /* Not worth a fork: the plan saves less than the fork/join costs. */
    if (in_order - span < WEFT_GRAPH_MIN_SAVING_NS && !weft_schedule_eager())
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
  atomic_init(&r.unfinished, n);
  atomic_init(&r.loop_state, LOOP_FREE);
  atomic_init(&r.loop_helpers, 0);
  atomic_init(&r.loop_next, 0);
  atomic_init(&r.progress, 0);
  atomic_init(&r.sleepers, 0);
  /* Only owners' flags are read (pick); any member sets its own. */
  for (int m = 0; m < members; ++m)
    atomic_init(&r.looking[m], 0);
  weft_team_release();
  weft_spmd(&site, graph_member, &r);
  return size;
}
