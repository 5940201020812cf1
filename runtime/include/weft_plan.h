/*===- weft_plan.h - The static plan of a task graph ----------------------===*
 *
 * Where each task of a graph runs and when the graph ends (runtime.md, "Task
 * graphs"): libweft plans every graph it runs with it (graph.c), and
 * weft-task-graph estimates a graph's span with the same code (equal
 * weights, two members), so that the compiler's decision and the runtime's
 * plan cannot drift apart. Header-only, C11 or C++, no library; not
 * installed (generated code does not include it).
 *
 *===----------------------------------------------------------------------===*/
#ifndef WEFT_PLAN_H
#define WEFT_PLAN_H

#include "weft.h"

/* A task's estimated work, made positive (so that a predecessor's chain is
   always longer than its successor's). */
WEFT_HELPER double weft_plan_work(const weft_graph_t *g, int i) {
  double w = g->tasks[i].work_ns;
  return w == w && w > 1.0 ? w : 1.0;
}

/* When the graph ends if each member runs its own tasks as they become
   ready (in plan order), and members with none ready help the loop task in
   the loop slot: the first loop task to start takes it until it ends, a
   loop task that starts while it is taken runs alone. */
WEFT_HELPER double weft_plan_replay(const weft_graph_t *g, const double *speed,
                                    int size, const signed char *owner,
                                    const signed char *order) {
  int n = g->ntasks, slot = -1;
  double left[WEFT_MAX_TASKS], rate[WEFT_MAX_TASKS], now = 0;
  int runner[WEFT_MAX_TASKS]; /* the task each member runs, or -1 */
  uint64_t started = 0, done = 0,
           all = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
  for (int t = 0; t < n; ++t)
    left[t] = weft_plan_work(g, t);
  for (int m = 0; m < size; ++m)
    runner[m] = -1;
  while (done != all) {
    for (int m = 0; m < size; ++m)
      for (int k = 0; runner[m] < 0 && k < n; ++k) {
        int t = order[k];
        if (owner[t] == m && !(started >> t & 1) &&
            (g->tasks[t].preds & ~done) == 0) {
          runner[m] = t;
          started |= UINT64_C(1) << t;
          if (slot < 0 && (g->tasks[t].flags & WEFT_TASK_LOOP))
            slot = t;
        }
      }
    for (int t = 0; t < n; ++t)
      rate[t] = 0;
    for (int m = 0; m < size; ++m)
      if (runner[m] >= 0)
        rate[runner[m]] += speed[m];
      else if (slot >= 0)
        rate[slot] += speed[m];
    double dt = -1;
    for (int t = 0; t < n; ++t)
      if (rate[t] > 0 && (dt < 0 || left[t] / rate[t] < dt))
        dt = left[t] / rate[t];
    if (dt < 0)
      break; /* cannot happen: some member owns each ready task */
    now += dt;
    for (int t = 0; t < n; ++t) {
      if (rate[t] <= 0)
        continue;
      left[t] -= rate[t] * dt;
      if (left[t] > 1e-9 * weft_plan_work(g, t))
        continue;
      done |= UINT64_C(1) << t;
      if (slot == t)
        slot = -1;
      for (int m = 0; m < size; ++m)
        if (runner[m] == t)
          runner[m] = -1;
    }
  }
  return now;
}

/// The static plan of a graph on `size` members with capacity `weights`
/// (NULL: equal; the first WEFT_MAX_TASKS of them, a graph having no more
/// tasks than that): owner[t] is the
/// member of task t, order[] the tasks longest chain first. Returns the
/// plan's finishing time, in ns of work (with loop tasks, as replayed).
WEFT_HELPER double weft_graph_plan(const weft_graph_t *g, const int *weights,
                                   int size, signed char *owner,
                                   signed char *order) {
  int n = g->ntasks;
  if (size > WEFT_MAX_TASKS)
    size = WEFT_MAX_TASKS;
  double chain[WEFT_MAX_TASKS];
  /* The longest chain from each task to the end, last task first. */
  for (int i = n - 1; i >= 0; --i) {
    double after = 0;
    for (int j = i + 1; j < n; ++j)
      if ((g->tasks[j].preds >> i & 1) && chain[j] > after)
        after = chain[j];
    chain[i] = weft_plan_work(g, i) + after;
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
  double free_at[WEFT_MAX_TASKS], done[WEFT_MAX_TASKS], span = 0;
  double speed[WEFT_MAX_TASKS];
  int loops = 0;
  for (int i = 0; i < n; ++i)
    loops |= g->tasks[i].flags & WEFT_TASK_LOOP;
  for (int m = 0; m < size; ++m) {
    free_at[m] = 0;
    speed[m] = (weights && weights[m] > 0 ? weights[m] : 1024) / 1024.0;
  }
  for (int k = 0; k < n; ++k) {
    int t = order[k];
    double ready = 0;
    for (int p = 0; p < t; ++p)
      if ((g->tasks[t].preds >> p & 1) && done[p] > ready)
        ready = done[p];
    int best = 0;
    double best_end = 0;
    for (int m = 0; m < size; ++m) {
      double start = free_at[m] > ready ? free_at[m] : ready;
      double end = start + weft_plan_work(g, t) / speed[m];
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
  return loops ? weft_plan_replay(g, speed, size, owner, order) : span;
}

#endif /* WEFT_PLAN_H */
