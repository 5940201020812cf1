/*===- team.c - The persistent team: creation, workers, lifecycle ---------===*
 *
 * One team per process: N-1 worker threads plus whichever thread owns the
 * team for a region (member 0). Ownership is one atomic flag; a thread that
 * finds the team owned runs its region serially, so concurrent callers never
 * block each other and never deadlock.
 *
 * The team is created on first use, rebuilt when its configuration changes
 * (while idle), re-created after fork() in the child (whose workers do not
 * exist), and joined at exit and dlclose.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

_Thread_local weft_tls_t weft_tls;
_Atomic uint64_t weft_serial_regions;

static weft_team_t *g_team;
static _Atomic int g_owner;          /* 1 while a thread owns the team */
static unsigned g_team_generation;   /* config generation g_team was built at */
static int g_finalized;              /* after the destructor: serial only */
weft_counters_t weft_counters[WEFT_MAX_TEAM];

/*===--- Workers ---------------------------------------------------------===*/

/// Waits for a region after the one whose open epoch is `e` (cadence.c):
/// with a plan for it, a timed sleep until its wake_at, then a spin until
/// its `until`. Returns the epoch: a new region's, or e or e's close when
/// none came in time (the caller then waits as usual).
static uint32_t wait_ahead(weft_team_t *team, weft_member_t *m, uint32_t e,
                           uint64_t *blocks) {
  /* The plan, read as a seqlock: valid only if wake_epoch did not change. */
  uint32_t w = atomic_load_explicit(&team->fork.wake_epoch,
                                    memory_order_acquire);
  if (w != e)
    return atomic_load_explicit(&team->fork.epoch, memory_order_acquire);
  uint64_t at = atomic_load_explicit(&team->fork.wake_at, memory_order_relaxed);
  uint64_t until =
      atomic_load_explicit(&team->fork.wake_until, memory_order_relaxed);
  atomic_thread_fence(memory_order_acquire);
  if (atomic_load_explicit(&team->fork.wake_epoch, memory_order_relaxed) != w)
    return atomic_load_explicit(&team->fork.epoch, memory_order_acquire);
  _Atomic uint32_t *word = &team->fork.epoch;
  uint32_t closed = e & ~WEFT_EPOCH_OPEN, v;
  uint64_t t0 = weft_now_ns();
  if (at > t0) {
    /* A sleeper like any other: a region that comes early wakes it. */
    v = weft_wait_until(word, e, closed, at, &team->sleepers, blocks);
    uint64_t t1 = weft_now_ns();
    if (weft_trace_on)
      weft_trace_wait(1, t0, t1);
    if (v != e && v != closed)
      return v;
    weft_count(&m->counters->timed_sleeps, 1);
    atomic_fetch_add_explicit(&team->naps, 1, memory_order_relaxed);
    atomic_store_explicit(&team->wake_late_ns, (int64_t)(t1 - at),
                          memory_order_relaxed);
    if (weft_trace_on)
      weft_trace_wake("pre-wake", (int64_t)(t1 - at));
  }
  /* Spin into the region. */
  uint64_t s0 = weft_now_ns(), now = s0;
  while (now < until) {
    for (int i = 0; i < 64; i++) {
      weft_cpu_relax();
      v = atomic_load_explicit(word, memory_order_acquire);
      if (v != e && v != closed) {
        if (weft_trace_on)
          weft_trace_wait(0, s0, weft_now_ns());
        return v;
      }
    }
    now = weft_now_ns();
  }
  if (weft_trace_on)
    weft_trace_wait(0, s0, now);
  return atomic_load_explicit(word, memory_order_acquire);
}

/// A worker's wait for the next region after it saw epoch `seen`.
static uint32_t wait_region(weft_team_t *team, weft_member_t *m, uint32_t seen,
                            uint64_t *blocks) {
  if (atomic_load_explicit(&team->policy.wake_ahead, memory_order_relaxed)) {
    uint32_t e = seen | WEFT_EPOCH_OPEN;
    uint32_t v = wait_ahead(team, m, e, blocks);
    if (v != e && v != (e & ~WEFT_EPOCH_OPEN))
      return v;
    seen = v;
  }
  return weft_wait_change(&team->fork.epoch, seen, &team->sleepers,
                          &team->policy, blocks);
}

static void *worker_main(void *arg) {
  weft_member_t *m = arg;
  weft_team_t *team = m->team;
  uint32_t seen = m->first_epoch;
  atomic_store_explicit(&m->tid, (int)syscall(SYS_gettid),
                        memory_order_relaxed);
  weft_affinity_worker(m);
  /* Timed waits end on time (cadence.c): the default slack is 50 us. */
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  if (weft_trace_on)
    weft_trace_name_member(m->index, m->cpu);
  weft_tls.team = team;
  weft_tls.member = m->index;
  for (;;) {
    uint64_t blocks = 0;
    uint32_t e = wait_region(team, m, seen, &blocks);
    if (blocks)
      weft_count(&m->counters->blocks, blocks);
    seen = e;
    if (!(e & WEFT_EPOCH_OPEN))
      continue; /* a region closed before we looked: wait for the next */
    /* Enter, then check that the epoch is still the open one we saw; the
       owner closes a region by changing the epoch, and waits for `inside` to
       clear before it reuses the region's state (both sides seq_cst). */
    atomic_store_explicit(&m->inside, 1, memory_order_seq_cst);
    if (atomic_load_explicit(&team->fork.epoch, memory_order_seq_cst) != e) {
      atomic_store_explicit(&m->inside, 0, memory_order_release);
      continue;
    }
    int kind = team->fork.kind;
    if (kind == WEFT_KIND_EXIT) {
      atomic_store_explicit(&m->inside, 0, memory_order_release);
      break;
    }
    weft_fpenv_set(&team->fork.fpenv);
    weft_tls.in_region = 1;
    if (kind == WEFT_KIND_FOR) {
      int64_t done = weft_share_work(team, &team->fork.share, m->index);
      if (done)
        weft_team_finish(team, m, done);
    } else {
      weft_tls.spmd = 1;
      weft_tls.ws_seq = 0;
      weft_tls.region_epoch = e;
      team->fork.spmd_fn(team->fork.spmd_ctx, m->index, team->size);
      weft_tls.spmd = 0;
      weft_team_finish(team, m, 1);
    }
    weft_tls.in_region = 0;
    atomic_store_explicit(&m->inside, 0, memory_order_release);
  }
  return NULL;
}

void weft_team_finish(weft_team_t *team, weft_member_t *m, int64_t done) {
  int64_t left = atomic_fetch_sub_explicit(&team->pending, done,
                                           memory_order_acq_rel) -
                 done;
  if (left != 0)
    return;
  atomic_fetch_add_explicit(&team->join_word, 1, memory_order_seq_cst);
  if (weft_wake(&team->join_word, &team->join_sleepers, 1))
    weft_count(&m->counters->wakes, 1);
}

/*===--- Creation and destruction ----------------------------------------===*/

static int team_size(const weft_config_t *cfg) {
  return cfg->num_threads > 0 ? cfg->num_threads
                              : weft_team_cpus(cfg, NULL, 0);
}

static void apply_policy(weft_team_t *team, const weft_config_t *cfg) {
  int oversubscribed = team->size > weft_team_cpus(cfg, NULL, 0);
  atomic_store_explicit(&team->policy.spin_ns, (int64_t)cfg->spin_us * 1000,
                        memory_order_relaxed);
  atomic_store_explicit(&team->policy.oversubscribed, oversubscribed,
                        memory_order_relaxed);
  /* Spinning into a region helps only threads that have CPUs of their own. */
  atomic_store_explicit(&team->policy.wake_ahead,
                        cfg->wake_ahead && !oversubscribed,
                        memory_order_relaxed);
}

/// The split's weights: configured ones (WEFT_WEIGHTS, the API, --core-
/// weights); else, for a pinned team, the capacities of its members' CPUs
/// (topology.c); else equal.
static void set_weights(weft_team_t *team, const weft_config_t *cfg) {
  const weft_topology_t *topo =
      cfg->nweights == 0 && team->bind ? weft_topology_get() : NULL;
  team->prefix[0] = 0;
  for (int t = 0; t < team->size; t++) {
    int w = t < cfg->nweights ? cfg->weights[t] : WEFT_DEFAULT_WEIGHT;
    int cpu = team->members[t].cpu;
    if (topo && cpu >= 0 && cpu < WEFT_TOPO_MAX_CPUS &&
        topo->cpu[cpu].capacity > 0)
      w = topo->cpu[cpu].capacity;
    team->prefix[t + 1] = team->prefix[t] + (uint64_t)w;
  }
}

static weft_team_t *team_create(const weft_config_t *cfg) {
  int size = team_size(cfg);
  weft_team_t *team = aligned_alloc(WEFT_CACHE_LINE, sizeof *team);
  weft_member_t *members =
      aligned_alloc(WEFT_CACHE_LINE, sizeof *members * (size_t)size);
  if (!team || !members) {
    free(team);
    free(members);
    return NULL;
  }
  memset(team, 0, sizeof *team);
  memset(members, 0, sizeof *members * (size_t)size);
  weft_cadence_reset(&team->cadence);
  atomic_store_explicit(&team->wake_late_ns, -1, memory_order_relaxed);
  team->members = members;
  team->size = team->requested_size = size;
  team->stack_size = cfg->stack_size;
  team->bind_requested = cfg->bind;
  team->restrict_requested = cfg->restrict_cpus;
  memcpy(team->cpus_requested, cfg->cpus, sizeof cfg->cpus);
  for (int t = 0; t < size; t++) {
    members[t].team = team;
    members[t].index = t;
    members[t].counters = &weft_counters[t];
  }

  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (cfg->stack_size)
    pthread_attr_setstacksize(&attr, cfg->stack_size);
  /* Workers take no asynchronous signals: those belong to the program's own
     threads. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  weft_affinity_plan(team, cfg);
  int started = 1;
  for (int t = 1; t < size; t++) {
    members[t].first_epoch = 0;
    if (pthread_create(&members[t].thread, &attr, worker_main, &members[t]))
      break;
#if defined(__GLIBC__) || defined(__BIONIC__)
    char name[16];
    snprintf(name, sizeof name, "weft-%d", t);
    pthread_setname_np(members[t].thread, name);
#endif
    started++;
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&attr);
  if (started < size) {
    fprintf(stderr,
            "weft: could only start %d of %d threads; using a team of %d\n",
            started, size, started);
    team->size = started;
    CPU_ZERO(&team->worker_cpus);
    for (int t = 1; t < started; t++)
      if (members[t].cpu >= 0)
        CPU_SET(members[t].cpu, &team->worker_cpus);
  }
  set_weights(team, cfg);
  apply_policy(team, cfg);
  return team;
}

void weft_team_drain(weft_team_t *team) {
  /* Pairs with the worker's seq_cst store of `inside` and load of the epoch:
     either the worker sees the region closed, or we see it inside. */
  atomic_thread_fence(memory_order_seq_cst);
  /* Workers inside a closed region only look for chunks that are all taken
     and leave: a few instructions, unless one was preempted there, so yield
     rather than block. */
  for (int t = 1; t < team->size; t++)
    for (int spins = 0; atomic_load_explicit(&team->members[t].inside,
                                             memory_order_seq_cst) != 0;
         spins++) {
      if (spins < 256)
        weft_cpu_relax();
      else
        sched_yield();
    }
}

static void team_destroy(weft_team_t *team) {
  weft_team_drain(team);
  team->fork.kind = WEFT_KIND_EXIT;
  uint32_t e = atomic_load_explicit(&team->fork.epoch, memory_order_relaxed);
  atomic_store_explicit(&team->fork.epoch, weft_epoch_next(e),
                        memory_order_seq_cst);
  weft_futex_wake(&team->fork.epoch, INT_MAX);
  for (int t = 1; t < team->size; t++)
    pthread_join(team->members[t].thread, NULL);
  free(team->members);
  free(team);
}

/*===--- Ownership -------------------------------------------------------===*/

weft_team_t *weft_team_acquire(void) {
  int expected = 0;
  if (!atomic_compare_exchange_strong_explicit(
          &g_owner, &expected, 1, memory_order_acquire, memory_order_relaxed))
    return NULL;
  if (g_finalized) {
    atomic_store_explicit(&g_owner, 0, memory_order_release);
    return NULL;
  }
  unsigned gen =
      atomic_load_explicit(&weft_config_generation, memory_order_acquire);
  if (!g_team || gen != g_team_generation) {
    weft_config_t cfg;
    weft_config_snapshot(&cfg);
    if (g_team &&
        (team_size(&cfg) != g_team->requested_size ||
         cfg.stack_size != g_team->stack_size ||
         cfg.bind != g_team->bind_requested ||
         cfg.restrict_cpus != g_team->restrict_requested ||
         (cfg.restrict_cpus &&
          memcmp(cfg.cpus, g_team->cpus_requested, sizeof cfg.cpus) != 0))) {
      team_destroy(g_team);
      g_team = NULL;
    }
    if (!g_team)
      g_team = team_create(&cfg);
    if (g_team) {
      set_weights(g_team, &cfg);
      apply_policy(g_team, &cfg);
    }
    g_team_generation = gen;
  }
  if (!g_team)
    atomic_store_explicit(&g_owner, 0, memory_order_release);
  return g_team;
}

void weft_team_release(void) {
  atomic_store_explicit(&g_owner, 0, memory_order_release);
}

int weft_num_threads(void) {
  weft_config_t cfg;
  weft_config_snapshot(&cfg);
  return team_size(&cfg);
}

int weft_shutdown(void) {
  if (weft_tls.in_region)
    return -1;
  int expected = 0;
  while (!atomic_compare_exchange_weak_explicit(
      &g_owner, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
    expected = 0;
    sched_yield();
  }
  if (g_team) {
    team_destroy(g_team);
    g_team = NULL;
  }
  weft_copies_release();
  atomic_store_explicit(&g_owner, 0, memory_order_release);
  return 0;
}

/*===--- fork(), exit and dlclose ----------------------------------------===*/

/// Before fork(): every lock of the library, so that the child finds them
/// free whatever the parent's other threads were doing.
static void atfork_prepare(void) {
  weft_config_atfork(WEFT_FORK_PREPARE);
  weft_hint_atfork(WEFT_FORK_PREPARE);
  weft_trace_atfork(WEFT_FORK_PREPARE);
}

static void atfork_parent(void) {
  weft_trace_atfork(WEFT_FORK_PARENT);
  weft_hint_atfork(WEFT_FORK_PARENT);
  weft_config_atfork(WEFT_FORK_PARENT);
}

/// The child has only the thread that called fork(): the workers are gone.
/// Forget the team (its memory is the parent's state; leak it) so that the
/// next region builds a new one.
static void atfork_child(void) {
  g_team = NULL;
  g_team_generation = 0;
  atomic_store_explicit(&g_owner, 0, memory_order_relaxed);
  weft_tls.tid = 0; /* the calling thread has another id in the child */
  weft_trace_atfork(WEFT_FORK_CHILD);
  weft_hint_atfork(WEFT_FORK_CHILD);
  weft_config_atfork(WEFT_FORK_CHILD);
}

/// Registered when the library is loaded, before any thread can take one
/// of its locks (a fork then, before the first region, is covered too).
__attribute__((constructor)) static void weft_register_atfork(void) {
  pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
}

int weft_gettid(void) {
  if (!weft_tls.tid)
    weft_tls.tid = (int)syscall(SYS_gettid);
  return weft_tls.tid;
}

/// At exit and dlclose: join the workers, so that none runs library code
/// after it is unmapped. When another thread is inside a region, or exit() was
/// called from a body, the workers are left alone: the process is ending.
/// WEFT_STATS=1: the counters on stderr when the program ends.
static void print_stats(void) {
  const char *s = getenv("WEFT_STATS");
  if (!s || strcmp(s, "1") != 0)
    return;
  weft_stats_t st;
  weft_get_stats(&st);
  fprintf(stderr,
          "weft: stats: regions=%llu serial_regions=%llu chunks=%llu "
          "steals=%llu blocks=%llu wake_syscalls=%llu barriers=%llu "
          "migrations=%llu pin_failures=%llu\n",
          (unsigned long long)st.regions,
          (unsigned long long)st.serial_regions,
          (unsigned long long)st.chunks, (unsigned long long)st.steals,
          (unsigned long long)st.blocks, (unsigned long long)st.wake_syscalls,
          (unsigned long long)st.barriers, (unsigned long long)st.migrations,
          (unsigned long long)st.pin_failures);
  weft_wake_stats_t ws;
  weft_get_wake_stats(&ws);
  fprintf(stderr,
          "weft: wake ahead: predictions=%llu hits=%llu early=%llu late=%llu "
          "timed_sleeps=%llu\n",
          (unsigned long long)ws.predictions, (unsigned long long)ws.hits,
          (unsigned long long)ws.early, (unsigned long long)ws.late,
          (unsigned long long)ws.timed_sleeps);
}

__attribute__((destructor)) static void weft_fini(void) {
  print_stats();
  if (weft_tls.in_region)
    return;
  int expected = 0;
  if (!atomic_compare_exchange_strong_explicit(
          &g_owner, &expected, 1, memory_order_acquire, memory_order_relaxed))
    return;
  if (g_team) {
    team_destroy(g_team);
    g_team = NULL;
  }
  weft_copies_release();
  g_finalized = 1;
  atomic_store_explicit(&g_owner, 0, memory_order_release);
}

/*===--- ABI and statistics ----------------------------------------------===*/

int weft_abi_version(void) { return WEFT_ABI_VERSION; }

int weft_check_abi(int header_abi_version) {
  static _Atomic int reported;
  if (header_abi_version == WEFT_ABI_VERSION)
    return 1;
  if (!atomic_exchange(&reported, 1))
    fprintf(stderr,
            "weft: this program was compiled against weft.h ABI %d, but the "
            "libweft it runs with has ABI %d; its parallel loops run "
            "sequentially. Rebuild it against the installed weft.h.\n",
            header_abi_version, WEFT_ABI_VERSION);
  return 0;
}

void weft_get_stats(weft_stats_t *out) {
  memset(out, 0, sizeof *out);
  out->serial_regions = atomic_load(&weft_serial_regions);
  for (int t = 0; t < WEFT_MAX_TEAM; t++) {
    const weft_counters_t *c = &weft_counters[t];
    out->regions += atomic_load_explicit(&c->regions, memory_order_relaxed);
    out->chunks += atomic_load_explicit(&c->chunks, memory_order_relaxed);
    out->steals += atomic_load_explicit(&c->steals, memory_order_relaxed);
    out->blocks += atomic_load_explicit(&c->blocks, memory_order_relaxed);
    out->wake_syscalls +=
        atomic_load_explicit(&c->wakes, memory_order_relaxed);
    out->barriers += atomic_load_explicit(&c->barriers, memory_order_relaxed);
    out->migrations +=
        atomic_load_explicit(&c->migrations, memory_order_relaxed);
    out->pin_failures +=
        atomic_load_explicit(&c->pin_failures, memory_order_relaxed);
  }
}

_Atomic uint64_t weft_wake_counters[WEFT_WAKE_KINDS];

void weft_get_wake_stats(weft_wake_stats_t *out) {
  memset(out, 0, sizeof *out);
  out->predictions = atomic_load_explicit(
      &weft_wake_counters[WEFT_WAKE_PREDICTED], memory_order_relaxed);
  out->early = atomic_load_explicit(&weft_wake_counters[WEFT_WAKE_EARLY],
                                    memory_order_relaxed);
  out->hits = atomic_load_explicit(&weft_wake_counters[WEFT_WAKE_HIT],
                                   memory_order_relaxed);
  out->late = atomic_load_explicit(&weft_wake_counters[WEFT_WAKE_LATE],
                                   memory_order_relaxed);
  for (int t = 0; t < WEFT_MAX_TEAM; t++)
    out->timed_sleeps += atomic_load_explicit(&weft_counters[t].timed_sleeps,
                                              memory_order_relaxed);
}

void weft_reset_stats(void) {
  for (int k = 0; k < WEFT_WAKE_KINDS; k++)
    atomic_store_explicit(&weft_wake_counters[k], 0, memory_order_relaxed);
  atomic_store(&weft_serial_regions, 0);
  for (int t = 0; t < WEFT_MAX_TEAM; t++) {
    weft_counters_t *c = &weft_counters[t];
    atomic_store_explicit(&c->regions, 0, memory_order_relaxed);
    atomic_store_explicit(&c->chunks, 0, memory_order_relaxed);
    atomic_store_explicit(&c->steals, 0, memory_order_relaxed);
    atomic_store_explicit(&c->blocks, 0, memory_order_relaxed);
    atomic_store_explicit(&c->wakes, 0, memory_order_relaxed);
    atomic_store_explicit(&c->barriers, 0, memory_order_relaxed);
    atomic_store_explicit(&c->migrations, 0, memory_order_relaxed);
    atomic_store_explicit(&c->pin_failures, 0, memory_order_relaxed);
    atomic_store_explicit(&c->timed_sleeps, 0, memory_order_relaxed);
  }
}
