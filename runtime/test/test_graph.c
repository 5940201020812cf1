/*===- test_graph.c - Task graphs: the plan, order, exactly once, stress ----===*
 *
 * weft_run_graph must run every task once, each after all its predecessors,
 * on any team, nested or not; its plan must put independent tasks on
 * different members and the long chain on the big core. With the argument
 * `reverse` (WEFT_SCHEDULE=reverse) the tasks run serially, each time the
 * latest ready one.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "../src/internal.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const weft_graph_t *g;
  _Atomic int runs[WEFT_MAX_TASKS];
  _Atomic int done[WEFT_MAX_TASKS];
  _Atomic int clock;
  int stamp[WEFT_MAX_TASKS];
  volatile double sink[WEFT_MAX_TASKS];
  int spin; /* busy work per task, in iterations */
  /* A WEFT_TASK_LOOP task runs a parallel loop of LOOP_TRIP iterations:
     each must run once. */
  _Atomic int loop_hits[WEFT_MAX_TASKS][64];
} state_t;

#define LOOP_TRIP 64
typedef struct {
  state_t *s;
  int task;
} loop_ctx_t;
static void loop_body(void *c, int64_t lo, int64_t hi, int64_t chunk) {
  (void)chunk;
  loop_ctx_t *l = c;
  for (int64_t k = lo; k < hi; k++) {
    volatile double x = 0;
    for (int j = 0; j < l->s->spin / LOOP_TRIP; j++)
      x += j;
    atomic_fetch_add(&l->s->loop_hits[l->task][k], 1);
  }
}

static state_t *current;

/* Every task is this function through a trampoline that knows its index. */
static void task(int i, void *ctx) {
  state_t *s = ctx;
  CHECK(s == current);
  for (int p = 0; p < i; p++)
    if (s->g->tasks[i].preds >> p & 1)
      CHECK_EQ(atomic_load(&s->done[p]), 1);
  atomic_fetch_add(&s->runs[i], 1);
  if (s->g->tasks[i].flags & WEFT_TASK_LOOP) {
    loop_ctx_t l = {s, i};
    weft_loop_t loop = {.trip = LOOP_TRIP, .work_ns = s->g->tasks[i].work_ns};
    weft_parallel_for(&loop, loop_body, &l);
  }
  double x = 0;
  for (int k = 0; k < s->spin; k++)
    x += k * 0.5;
  s->sink[i] = x;
  s->stamp[i] = atomic_fetch_add(&s->clock, 1);
  atomic_store(&s->done[i], 1);
}

/* 64 tasks: t_ab runs task a * 8 + b. */
#define T2(a, b)                                                               \
  static void t_##a##b(void *c) { task(a * 8 + b, c); }
#define ROW(a)                                                                 \
  T2(a, 0) T2(a, 1) T2(a, 2) T2(a, 3) T2(a, 4) T2(a, 5) T2(a, 6) T2(a, 7)
ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7)
#define F(a, b) t_##a##b
#define FROW(a)                                                                \
  F(a, 0), F(a, 1), F(a, 2), F(a, 3), F(a, 4), F(a, 5), F(a, 6), F(a, 7)
static const weft_task_fn fns[WEFT_MAX_TASKS] = {
    FROW(0), FROW(1), FROW(2), FROW(3), FROW(4), FROW(5), FROW(6), FROW(7)};
#define task0 t_00
#define task1 t_01
#define task2 t_02
#define task3 t_03

/* A random graph of n tasks, each with one to four times `work`. */
static void random_graph(unsigned *seed, int n, weft_task_t *tasks,
                         double work) {
  for (int i = 0; i < n; i++) {
    tasks[i].fn = fns[i];
    tasks[i].work_ns = work * (1 + rand_r(seed) % 4);
    tasks[i].preds = 0;
    tasks[i].flags = rand_r(seed) % 4 == 0 ? WEFT_TASK_LOOP : 0;
    for (int p = 0; p < i; p++)
      if (rand_r(seed) % 5 == 0)
        tasks[i].preds |= UINT64_C(1) << p;
  }
}

/* Runs a graph, and checks each task ran once (each task checks that its
   predecessors were done when it started). */
static int run_checked(const weft_graph_t *g, int spin) {
  static state_t s;
  memset(&s, 0, sizeof s);
  s.g = g;
  s.spin = spin;
  current = &s;
  int r = weft_run_graph(g, &s);
  for (int i = 0; i < g->ntasks; i++) {
    CHECK_EQ(atomic_load(&s.runs[i]), 1);
    for (int k = 0; k < LOOP_TRIP; k++)
      CHECK_EQ(atomic_load(&s.loop_hits[i][k]),
               g->tasks[i].flags & WEFT_TASK_LOOP ? 1 : 0);
  }
  return r;
}

static void test_plan(void) {
  weft_task_t t[4] = {{task0, 1000, 0, 0}, {task1, 1000, 0, 0}};
  weft_graph_t g = {.ntasks = 2, .tasks = t};
  signed char owner[WEFT_MAX_TASKS], order[WEFT_MAX_TASKS];
  /* Two equal independent tasks: one each. */
  double span = weft_graph_plan(&g, NULL, 2, owner, order);
  CHECK(owner[0] != owner[1]);
  CHECK(span == 1000);
  /* On one member they follow each other. */
  CHECK(weft_graph_plan(&g, NULL, 1, owner, order) == 2000);
  /* A chain 0 -> 1 -> 2 of 3000 and a lone task 3 of 1000, on a big core
     (1024) and a little one (512): the chain on the big core. */
  weft_task_t c[4] = {{task0, 1000, 0, 0},
                      {task1, 1000, 1, 0},
                      {task2, 1000, 2, 0},
                      {task3, 1000, 0, 0}};
  weft_graph_t gc = {.ntasks = 4, .tasks = c};
  int weights[2] = {512, 1024};
  span = weft_graph_plan(&gc, weights, 2, owner, order);
  CHECK_EQ(owner[0], 1);
  CHECK_EQ(owner[1], 1);
  CHECK_EQ(owner[2], 1);
  CHECK_EQ(owner[3], 0);
  CHECK(span == 3000);
  CHECK_EQ(order[0], 0); /* the longest chain first */
  CHECK_EQ(order[3], 3);
  /* Zero and NaN work count as tiny, never as a reason to misorder. */
  weft_task_t z[3] = {
      {task0, 0, 0, 0}, {task1, 0.0 / 0.0, 1, 0}, {task2, -5, 2, 0}};
  weft_graph_t gz = {.ntasks = 3, .tasks = z};
  weft_graph_plan(&gz, NULL, 2, owner, order);
  CHECK_EQ(order[0], 0);
  CHECK_EQ(order[1], 1);
  CHECK_EQ(order[2], 2);
  /* A parallel loop of 2000 beside a task of 1000: the loop's member is
     helped once the other is free, at 1000; the rest (1000) on two. */
  weft_task_t l[2] = {{task0, 2000, 0, WEFT_TASK_LOOP}, {task1, 1000, 0, 0}};
  weft_graph_t gl = {.ntasks = 2, .tasks = l};
  span = weft_graph_plan(&gl, NULL, 2, owner, order);
  CHECK(owner[0] != owner[1]);
  CHECK(span == 1500);
  /* Without the flag the plan does not count on help. */
  l[0].flags = 0;
  CHECK(weft_graph_plan(&gl, NULL, 2, owner, order) == 2000);
  /* Two loops side by side: the slot helps one at a time; the one that
     starts first (member 0's) has it, but neither member is ever idle. */
  weft_task_t ll[2] = {{task0, 2000, 0, WEFT_TASK_LOOP},
                       {task1, 2000, 0, WEFT_TASK_LOOP}};
  weft_graph_t gll = {.ntasks = 2, .tasks = ll};
  CHECK(weft_graph_plan(&gll, NULL, 2, owner, order) == 2000);
  /* A loop after a chain on the other member: 1000 + 1000, then the loop's
     member takes the 3000 alone until 2000, the rest on two: 2000 + 500. */
  weft_task_t lc[3] = {{task0, 1000, 0, 0},
                       {task1, 1000, 1, 0},
                       {task2, 3000, 0, WEFT_TASK_LOOP}};
  weft_graph_t glc = {.ntasks = 3, .tasks = lc};
  span = weft_graph_plan(&glc, NULL, 2, owner, order);
  CHECK(owner[0] == owner[1] && owner[2] != owner[0]);
  CHECK(span == 2500);
}

static void busy_task(void *c) {
  volatile double x = 0;
  for (int k = 0; k < 200000; k++)
    x += k;
}

/* A task's parallel loop is shared with the members that have no task of
   their own ready: the chunks run once each, some on another thread (the
   graph saves a lot over the loop on the team, then busy_task: it runs on
   the team). */
static _Atomic int help_hits[4096];
static _Atomic int helped;
static pthread_t loop_thread;
static void help_body(void *c, int64_t lo, int64_t hi, int64_t chunk) {
  (void)c;
  (void)chunk;
  if (!pthread_equal(pthread_self(), loop_thread))
    atomic_store(&helped, 1);
  for (int64_t k = lo; k < hi; k++) {
    volatile double x = 0;
    for (int j = 0; j < 2000; j++)
      x += j;
    atomic_fetch_add(&help_hits[k], 1);
  }
}
static void loop_task(void *c) {
  (void)c;
  loop_thread = pthread_self();
  weft_loop_t l = {.trip = 4096, .work_ns = 4e6};
  CHECK(weft_parallel_for(&l, help_body, NULL) > 1);
}

static void test_loop_help(void) {
  weft_task_t t[2] = {{loop_task, 4e6, 0, WEFT_TASK_LOOP},
                      {busy_task, 1e6, 0, 0}};
  weft_graph_t g = {.ntasks = 2, .tasks = t};
  int any = 0;
  /* Until a helper is seen (a loaded machine may not run the other
     thread in time, now and then). */
  for (int r = 0; r < 500 && !any; r++) {
    memset(help_hits, 0, sizeof help_hits);
    atomic_store(&helped, 0);
    int got = weft_run_graph(&g, NULL);
    for (int k = 0; k < 4096; k++)
      CHECK_EQ(atomic_load(&help_hits[k]), 1);
    any |= got > 1 && atomic_load(&helped);
  }
  if (weft_num_threads() > 1)
    CHECK(any);
}

static void test_invalid(void) {
  weft_task_t t[2] = {{task0, 1e6, 2, 0},
                      {task1, 1e6, 0, 0}}; /* 0 waits for 1 */
  weft_graph_t g = {.ntasks = 2, .tasks = t};
  static state_t s;
  memset(&s, 0, sizeof s);
  current = &s;
  CHECK_EQ(weft_run_graph(&g, &s), -1);
  CHECK_EQ(atomic_load(&s.runs[0]) + atomic_load(&s.runs[1]), 0);
  weft_task_t self[1] = {{task0, 1e6, 1, 0}}; /* waits for itself */
  weft_graph_t gs = {.ntasks = 1, .tasks = self};
  CHECK_EQ(weft_run_graph(&gs, &s), -1);
  weft_graph_t big = {.ntasks = WEFT_MAX_TASKS + 1, .tasks = t};
  CHECK_EQ(weft_run_graph(&big, &s), -1);
  weft_task_t nofn[1] = {{NULL, 1, 0, 0}};
  weft_graph_t gn = {.ntasks = 1, .tasks = nofn};
  CHECK_EQ(weft_run_graph(&gn, &s), -1);
  weft_graph_t empty = {.ntasks = 0, .tasks = NULL};
  CHECK_EQ(weft_run_graph(&empty, &s), 1);
}

/* A task with a parallel loop and a graph inside: both run serially there,
   every iteration and task once. */
static _Atomic int inner_hits[1000];
static void inner_body(void *c, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++)
    atomic_fetch_add(&inner_hits[k], 1);
}
static _Atomic int inner_tasks;
static void inner_task(void *c) { atomic_fetch_add(&inner_tasks, 1); }
static void nesting_task(void *c) {
  weft_loop_t l = {.trip = 1000, .work_ns = 1e6};
  weft_parallel_for(&l, inner_body, NULL);
  weft_task_t t[2] = {{inner_task, 1e6, 0, 0}, {inner_task, 1e6, 0, 0}};
  weft_graph_t g = {.ntasks = 2, .tasks = t};
  CHECK_EQ(weft_run_graph(&g, NULL), 1);
  weft_barrier(); /* not the team's: a no-op in a task */
}

static void test_nested(void) {
  weft_task_t t[3] = {{nesting_task, 1e6, 0, 0},
                      {busy_task, 1e6, 0, 0},
                      {nesting_task, 1e6, 0, 0}};
  weft_graph_t g = {.ntasks = 3, .tasks = t};
  for (int r = 0; r < 50; r++) {
    memset(inner_hits, 0, sizeof inner_hits);
    atomic_store(&inner_tasks, 0);
    weft_run_graph(&g, NULL);
    for (int k = 0; k < 1000; k++)
      CHECK_EQ(atomic_load(&inner_hits[k]), 2);
    CHECK_EQ(atomic_load(&inner_tasks), 4);
  }
}

static void test_random(int reverse) {
  unsigned seed = 12345;
  weft_task_t tasks[WEFT_MAX_TASKS];
  int reps = 3000 / test_scale_down();
  int concurrent = 0;
  for (int r = 0; r < reps; r++) {
    int n = 1 + rand_r(&seed) % WEFT_MAX_TASKS;
    /* Mostly graphs worth running at the same time; some too small. */
    double work = r % 4 == 0 ? 10 : 1e5;
    random_graph(&seed, n, tasks, work);
    weft_graph_t g = {.ntasks = n, .tasks = tasks, .line = r};
    int got = run_checked(&g, r % 4 == 0 ? 0 : 200);
    CHECK(got >= 1);
    if (reverse || n < 2 || r % 4 == 0)
      CHECK_EQ(got, 1);
    concurrent += got > 1;
  }
  if (!reverse && weft_num_threads() > 1)
    CHECK(concurrent > 0);
}

/* WEFT_SCHEDULE=reverse: independent tasks run last first; a chain keeps
   its order. */
static void test_reverse_order(void) {
  static state_t s;
  weft_task_t t[3] = {
      {task0, 1e6, 0, 0}, {task1, 1e6, 0, 0}, {task2, 1e6, 1, 0}};
  weft_graph_t g = {.ntasks = 3, .tasks = t};
  memset(&s, 0, sizeof s);
  s.g = &g;
  current = &s;
  CHECK_EQ(weft_run_graph(&g, &s), 1);
  /* 2 (ready only after 0), so: 1 first, then 0, then 2. */
  CHECK_EQ(s.stamp[1], 0);
  CHECK_EQ(s.stamp[0], 1);
  CHECK_EQ(s.stamp[2], 2);
}

int main(int argc, char **argv) {
  int reverse = argc > 1 && strcmp(argv[1], "reverse") == 0;
  if (reverse)
    setenv("WEFT_SCHEDULE", "reverse", 1);
  test_plan();
  test_invalid();
  if (reverse) {
    test_reverse_order();
    test_random(1);
    return 0;
  }
  test_nested();
  test_loop_help();
  for (int size = 1; size <= 4; size++) {
    CHECK_EQ(weft_set_num_threads(size), 0);
    test_random(0);
  }
  /* Uneven weights: the plan changes, the results do not. */
  int w[3] = {1024, 300, 700};
  CHECK_EQ(weft_set_num_threads(3), 0);
  CHECK_EQ(weft_set_weights(w, 3), 0);
  test_random(0);
  return 0;
}
