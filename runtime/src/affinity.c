/*===- affinity.c - Keep team members on CPUs of their own -----------------===*
 *
 * Workers are pinned, one per CPU, to the CPUs of the process affinity mask
 * after the first (member t gets the t-th allowed CPU), leaving the first for
 * the team owner. The owner is a user's thread and is not pinned for good:
 * at each fork it looks up the CPU it runs on (sched_getcpu, a few ns with
 * rseq) and, only if the scheduler has put it on a worker's CPU, moves itself
 * to its own CPU and restores its own affinity mask at once. Without this a
 * woken worker is often placed on the owner's CPU (wake-affine), and the two
 * time-share one CPU while another sits idle (bench/runtime, "frame loop").
 *
 * A refused pin (cpusets, offline CPUs, Android) is never fatal: the member
 * runs unpinned and the refusal is counted. WEFT_BIND=0 turns pinning off.
 * When the team outnumbers the allowed CPUs nothing is pinned.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

static int pin_to(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return sched_setaffinity(0, sizeof one, &one);
}

void weft_affinity_plan(weft_team_t *team, int bind) {
  cpu_set_t allowed;
  int cpus[WEFT_MAX_TEAM], n = 0;
  team->bind = 0;
  CPU_ZERO(&team->worker_cpus);
  for (int t = 0; t < team->size; t++)
    team->members[t].cpu = -1;
  if (!bind || sched_getaffinity(0, sizeof allowed, &allowed) != 0)
    return;
  for (int c = 0; c < CPU_SETSIZE && n < WEFT_MAX_TEAM; c++)
    if (CPU_ISSET(c, &allowed))
      cpus[n++] = c;
  if (team->size > n)
    return; /* oversubscribed: let the scheduler share the CPUs */
  team->bind = 1;
  for (int t = 0; t < team->size; t++) {
    team->members[t].cpu = cpus[t];
    if (t > 0)
      CPU_SET(cpus[t], &team->worker_cpus);
  }
}

void weft_affinity_worker(weft_member_t *m) {
  if (m->cpu >= 0 && pin_to(m->cpu) != 0)
    weft_count(&m->counters->pin_failures, 1);
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
