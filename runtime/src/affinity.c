/*===- affinity.c - Keep team members on CPUs of their own -----------------===*
 *
 * Workers are pinned, one per CPU, to the CPUs of the process affinity mask
 * (within WEFT_CPUS, when given), biggest cores first by the topology's
 * capacity: member t gets the t-th, and the first is the team owner's, so
 * that the serial code between regions runs on the fastest core. The owner
 * is a user's thread and is not pinned for good: at each fork it looks up
 * the CPU it runs on (sched_getcpu, a few ns with rseq) and, only if the
 * scheduler has put it on a worker's CPU, moves itself to its own CPU and
 * restores its own affinity mask at once. Without this a woken worker is
 * often placed on the owner's CPU (wake-affine), and the two time-share one
 * CPU while another sits idle (bench/runtime, "frame loop").
 *
 * A refused pin (cpusets, offline CPUs, Android) is never fatal: the member
 * runs unpinned and the refusal is counted. WEFT_BIND=0 turns pinning off.
 * When the team outnumbers the allowed CPUs nothing is pinned. Unpinned
 * workers of a team restricted by WEFT_CPUS keep to those CPUs.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pin_to(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return sched_setaffinity(0, sizeof one, &one);
}

/// A CPU and its capacity, to sort the biggest first.
typedef struct {
  int capacity, cpu;
} ranked_cpu_t;

static int bigger_first(const void *a, const void *b) {
  const ranked_cpu_t *x = a, *y = b;
  if (x->capacity != y->capacity)
    return x->capacity > y->capacity ? -1 : 1;
  return x->cpu - y->cpu;
}

/// Is CPU c one the team may use, given the affinity mask?
static int usable(const weft_config_t *cfg, const cpu_set_t *allowed, int c,
                  int restrict_cpus) {
  return CPU_ISSET(c, allowed) &&
         (!restrict_cpus || (c < WEFT_TOPO_MAX_CPUS && cfg->cpus[c]));
}

int weft_team_cpus(const weft_config_t *cfg, int *out, int max) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
    return 1;
  int restrict_cpus = cfg->restrict_cpus, n = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    n += usable(cfg, &allowed, c, restrict_cpus);
  if (n == 0 && restrict_cpus) {
    /* WEFT_CPUS names none of the CPUs we may use: ignore it. */
    static atomic_int told;
    if (!atomic_exchange(&told, 1))
      fprintf(stderr, "weft: ignoring WEFT_CPUS: none of its CPUs is in the "
                      "process affinity mask\n");
    restrict_cpus = 0;
    n = CPU_COUNT(&allowed);
  }
  if (n == 0)
    return 1;
  if (!out)
    return n;
  /* Biggest first; CPUs beyond the topology's range count as capacity 0,
     so they come last, in order. */
  const weft_topology_t *t = weft_topology_get();
  ranked_cpu_t ranked[CPU_SETSIZE];
  int k = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (usable(cfg, &allowed, c, restrict_cpus))
      ranked[k++] =
          (ranked_cpu_t){c < WEFT_TOPO_MAX_CPUS ? t->cpu[c].capacity : 0, c};
  qsort(ranked, (size_t)k, sizeof ranked[0], bigger_first);
  for (int i = 0; i < k && i < max; i++)
    out[i] = ranked[i].cpu;
  return n;
}

void weft_affinity_plan(weft_team_t *team, const weft_config_t *cfg) {
  int cpus[WEFT_MAX_TEAM], n;
  team->bind = 0;
  team->restricted = 0;
  CPU_ZERO(&team->worker_cpus);
  CPU_ZERO(&team->team_cpus);
  for (int t = 0; t < team->size; t++)
    team->members[t].cpu = -1;
  n = weft_team_cpus(cfg, cpus, WEFT_MAX_TEAM);
  if (n > WEFT_MAX_TEAM)
    n = WEFT_MAX_TEAM;
  if (cfg->restrict_cpus) {
    team->restricted = 1;
    for (int i = 0; i < n; i++)
      CPU_SET(cpus[i], &team->team_cpus);
  }
  if (!cfg->bind || team->size > n)
    return; /* oversubscribed: let the scheduler share the CPUs */
  team->bind = 1;
  for (int t = 0; t < team->size; t++) {
    team->members[t].cpu = cpus[t];
    if (t > 0)
      CPU_SET(cpus[t], &team->worker_cpus);
  }
}

void weft_affinity_worker(weft_member_t *m) {
  if (m->cpu >= 0) {
    if (pin_to(m->cpu) != 0)
      weft_count(&m->counters->pin_failures, 1);
  } else if (m->team->restricted &&
             sched_setaffinity(0, sizeof m->team->team_cpus,
                               &m->team->team_cpus) != 0) {
    weft_count(&m->counters->pin_failures, 1);
  }
}

void weft_affinity_owner(weft_team_t *team) {
  if (!team->bind)
    return;
  int cpu = sched_getcpu();
  if (cpu < 0 || !CPU_ISSET(cpu, &team->worker_cpus))
    return;
  /* Move to the owner's CPU, then give the thread its own mask back: it stays
     where it is until the scheduler has a reason to move it. */
  cpu_set_t mine;
  if (sched_getaffinity(0, sizeof mine, &mine) != 0)
    return;
  weft_counters_t *c = team->members[0].counters;
  if (pin_to(team->members[0].cpu) != 0) {
    weft_count(&c->pin_failures, 1);
    return;
  }
  weft_count(&c->migrations, 1);
  sched_setaffinity(0, sizeof mine, &mine);
}
