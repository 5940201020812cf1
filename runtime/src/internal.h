/*===- internal.h - libweft's private declarations ---------------------------===*
 *
 * Shared by the runtime's source files, and by its unit tests (which link the
 * static library and test the chunk plan and the parsers directly).
 *
 *===----------------------------------------------------------------------===*/
#ifndef WEFT_INTERNAL_H
#define WEFT_INTERNAL_H

#include "weft.h"
#include "weft_plan.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#if !defined(__linux__)
#error "libweft blocks on futexes: it needs Linux or Android"
#endif

#define WEFT_CACHE_LINE 128 /* two 64-byte lines: adjacent-line prefetch */
#define WEFT_ALIGNED __attribute__((aligned(WEFT_CACHE_LINE)))
#define WEFT_MAX_TEAM 1024
#define WEFT_DEFAULT_WEIGHT 1024

/*===--- Chunk plan (plan.c) ---------------------------------------------===*/

/// The chunk grid of a loop, computed once per region from its descriptor.
typedef struct weft_grid {
  int64_t trip;
  int64_t chunks;
  int linear;        /* 0: uniform split; 1: equal-work split (see plan.c) */
  int reversed;      /* linear with a decreasing cost: solved on k' = trip-1-k */
  double a, b;       /* linear: cost(k') = a + b * k', with b > 0 */
  double per_chunk;  /* linear: work of one chunk */
} weft_grid_t;

void weft_grid_init(weft_grid_t *g, const weft_loop_t *loop);
void weft_grid_bounds(const weft_grid_t *g, int64_t chunk, int64_t *lo,
                      int64_t *hi);
/// First chunk of member t when `chunks` chunks are split over members with
/// the given weight prefix sums (prefix[0] = 0, prefix[size] = total).
int64_t weft_split_start(int64_t chunks, const uint64_t *prefix, int size,
                         int t);

/*===--- Topology (topology.c) -------------------------------------------===*/

#define WEFT_TOPO_MAX_CPUS 1024
#define WEFT_TOPO_MAX_CLUSTERS 16

typedef struct weft_cluster {
  int id;         /* index, slowest first */
  int capacity;   /* 1..1024-ish: cpu_capacity, or scaled max frequency */
  int core_class; /* a weft_core_class_t */
  int max_khz;    /* 0 if unknown */
  int first_cpu;
  int ncpus;
} weft_cluster_t;

typedef struct weft_topology {
  int ncpus;   /* online CPUs */
  int max_cpu; /* the highest online CPU */
  int nclusters;
  int has_cpufreq; /* clusters came from cpufreq policies */
  weft_cluster_t clusters[WEFT_TOPO_MAX_CLUSTERS];
  struct {
    int online, capacity, cluster, core_class, max_khz;
  } cpu[WEFT_TOPO_MAX_CPUS];
} weft_topology_t;

/// Reads the topology under a sysfs cpu directory (see topology.c).
void weft_topology_read(const char *root, weft_topology_t *out);
/// The process's topology (WEFT_SYSFS_ROOT or /sys/devices/system/cpu),
/// read once.
const weft_topology_t *weft_topology_get(void);
/// The smallest L1 data (out[1]) and L2 (out[2]) cache of the online CPUs
/// of `t` under a sysfs cpu directory, in bytes; 0 when none says.
void weft_cache_read(const char *root, const weft_topology_t *t,
                     int64_t out[3]);
/// Reads the small file root/rel into buf (NUL-terminated); 0 on success.
int weft_sysfs_read(const char *root, const char *rel, char *buf,
                    size_t size);
/// The non-negative integer in root/rel; -1 when missing or malformed.
long weft_sysfs_long(const char *root, const char *rel);
/// Parses a cpulist ("0-3,6" or "4 5") into set[0..max); 0 on success.
int weft_parse_cpulist(const char *s, unsigned char *set, int max);

/*===--- fork() (team.c) -------------------------------------------------===*/

/// The phases of fork(). team.c registers atfork handlers when the library
/// is loaded; each module that has a lock takes it at PREPARE (so that no
/// other thread holds it when the process is copied) and releases it at
/// PARENT and CHILD; CHILD also forgets what belonged to the parent's
/// threads. Locks are taken in this order: configuration, hints, trace.
enum weft_fork_phase {
  WEFT_FORK_PREPARE,
  WEFT_FORK_PARENT,
  WEFT_FORK_CHILD
};
void weft_config_atfork(enum weft_fork_phase phase);
void weft_hint_atfork(enum weft_fork_phase phase);
void weft_trace_atfork(enum weft_fork_phase phase);

/*===--- Measured sites (sites.c) ----------------------------------------===*/

/* The policy and its constants are weft_checks.h's (weft_site_decide). */
#define WEFT_SITE_SLOTS 1024 /* a power of two */
#define WEFT_SITE_PROBES 16

typedef struct weft_site_stat weft_site_stat_t;
/// The entry of the site `key` (site_of() in region.c), made on first use;
/// NULL when the table has no room for it.
weft_site_stat_t *weft_site_lookup(uintptr_t key);
/// How this call of the site runs; counts the call. `work_ns` is the
/// compiler's estimate for it. With `inline_ok`, a call of a measured site
/// that would run on the caller and need not be timed is WEFT_SITE_INLINE.
int weft_site_mode(weft_site_stat_t *s, int64_t trip, double work_ns,
                   int inline_ok);
/// weft_site_mode() for a call that may run as written (inline_ok), whose
/// generated code keeps `memo` (NULL: none): when the answer is
/// WEFT_SITE_INLINE, the site's next calls that would be told the same
/// (weft_site_inline_run) are granted there and counted now; the calls of
/// an earlier grant that the memo still holds (this call asked because
/// its loop is longer) are taken back first.
int weft_site_inline_mode(weft_site_stat_t *s, int64_t trip, weft_memo_t *memo);
/// The time a call of `trip` iterations took on the calling thread: taken
/// as it is when shorter than the site's time so far, a quarter of the way
/// when longer (a preempted sample is only ever too long).
void weft_site_record(weft_site_stat_t *s, int64_t trip, uint64_t ns);
/// The wall time of a call of `trip` iterations on a team of `size`.
void weft_site_record_team(weft_site_stat_t *s, int64_t trip, uint64_t ns,
                           int size);
/// The last measured time per iteration on the caller, 0 when none (tests).
double weft_site_ns_per_iter(weft_site_stat_t *s);
/// Forgets every site (tests).
void weft_sites_reset(void);
/// WEFT_MEASURE: measure sites (the default), or 0: never.
int weft_measure_sites(void);

/*===--- Configuration (config.c) ----------------------------------------===*/

typedef struct weft_config {
  int num_threads;       /* 0: from the affinity mask */
  int bind;              /* pin members to CPUs (WEFT_BIND) */
  int spin_us;
  size_t stack_size;     /* 0: the system default */
  int nweights;          /* 0: uniform */
  int weights[WEFT_MAX_TEAM];
  int reverse;           /* WEFT_SCHEDULE=reverse */
  int eager;             /* WEFT_SCHEDULE=eager */
  int wake_ahead;        /* WEFT_WAKE_AHEAD: learn cadences (cadence.c) */
  int measure;           /* WEFT_MEASURE: measured sites (sites.c) */
  int restrict_cpus;     /* WEFT_CPUS was given: only the CPUs in `cpus` */
  unsigned char cpus[WEFT_TOPO_MAX_CPUS];
} weft_config_t;

/// The effective configuration: environment once, then API overrides.
/// Called by the team owner only.
void weft_config_snapshot(weft_config_t *out);
/// WEFT_SCHEDULE=reverse, a testing aid: every parallel loop runs on its
/// calling thread, its chunks from the last to the first. Any thread.
int weft_schedule_reversed(void);
/// WEFT_SCHEDULE=eager, a testing aid: task graphs run on the team whatever
/// their plan saves (weft_run_graph). Any thread.
int weft_schedule_eager(void);
/// Bumped by every setter; the team owner re-reads the configuration when it
/// changes.
extern _Atomic unsigned weft_config_generation;

/// Parsers shared by the environment and the tests. Each returns 0 and stores
/// the value, or -1 for an invalid string.
int weft_parse_int(const char *s, long min, long max, long *out);
int weft_parse_size(const char *s, size_t min, size_t *out);
int weft_parse_weights(const char *s, int *out, int max, int *count);

/// The default spin time, in microseconds (see config.c for its source).
extern const int weft_default_spin_us;

/*===--- Waiting (wait.c) ------------------------------------------------===*/

uint64_t weft_now_ns(void);
void weft_cpu_relax(void);
long weft_futex_wait(_Atomic uint32_t *addr, uint32_t expected);
long weft_futex_wake(_Atomic uint32_t *addr, int count);

/// How a thread waits: spin for spin_ns, then (when the team outnumbers its
/// CPUs) yield a few times, then block.
typedef struct weft_wait_policy {
  _Atomic int64_t spin_ns;    /* may change while members wait */
  _Atomic int oversubscribed;
  _Atomic int wake_ahead;     /* WEFT_WAKE_AHEAD (cadence.c) */
} weft_wait_policy_t;

/// Waits until *word != old and returns the new value. Counts itself in
/// *sleepers while blocked, so wakers can skip the system call when nobody
/// sleeps; *blocks is incremented per block.
uint32_t weft_wait_change(_Atomic uint32_t *word, uint32_t old,
                          _Atomic uint32_t *sleepers,
                          const weft_wait_policy_t *policy,
                          uint64_t *blocks);

/// Publishes a change made to *word: wakes up to `count` sleepers if any.
/// Returns 1 if a system call was made.
int weft_wake(_Atomic uint32_t *word, _Atomic uint32_t *sleepers, int count);

/// Waits until *word is neither `a` nor `b`, or the clock reaches
/// `deadline_ns` (weft_now_ns()), counted in *sleepers. Returns the word.
uint32_t weft_wait_until(_Atomic uint32_t *word, uint32_t a, uint32_t b,
                         uint64_t deadline_ns, _Atomic uint32_t *sleepers,
                         uint64_t *blocks);

/*===--- Wake ahead (cadence.c) ------------------------------------------===*/

#define WEFT_CADENCE_SITES 16
/// Periods that make a beat, and how steady it must be: every one within
/// period / WEFT_CADENCE_TOL of their median (520 us at 60 fps).
#define WEFT_CADENCE_PERIODS 4
#define WEFT_CADENCE_TOL 32

/// What became of a prediction when the next region started: before the
/// workers woke (EARLY: the fork wakes them), while they spun (HIT), or
/// after they had given up (LATE: a miss). PREDICTED counts predictions.
enum {
  WEFT_WAKE_NONE = -1,
  WEFT_WAKE_PREDICTED = 0,
  WEFT_WAKE_EARLY,
  WEFT_WAKE_HIT,
  WEFT_WAKE_LATE,
  WEFT_WAKE_KINDS
};

typedef struct weft_cadence_site {
  uintptr_t key;      /* the site: body or SPMD function ^ region id; 0 free */
  uintptr_t next_key; /* the site that forked after this one, last time */
  uint64_t last_use;  /* the cadence's fork count when last seen (LRU) */
  int long_gaps;      /* the last gaps after this site were idle (up to 8) */
  uint64_t last_start; /* its last start after an idle gap */
  int64_t periods[WEFT_CADENCE_PERIODS];
  int nperiods, next_period;
} weft_cadence_site_t;

/// What the owner learned of the team's forks (owner only).
typedef struct weft_cadence {
  weft_cadence_site_t sites[WEFT_CADENCE_SITES];
  uintptr_t current_key, last_key; /* the running and the last region */
  int joined;                      /* a region has ended */
  uint64_t forks;                  /* forks seen */
  int pending;                     /* a prediction awaits the next fork */
  uint64_t pending_at, pending_until, pending_start;
  int64_t late_ns; /* how late workers wake from timed waits (recent) */
} weft_cadence_t;

/// When the workers should wake after a region: sleep until wake_at, spin
/// until `until`; both 0 when there is no prediction.
typedef struct weft_wake_plan {
  uint64_t wake_at, until;
  uint64_t start; /* the predicted start */
} weft_wake_plan_t;

void weft_cadence_reset(weft_cadence_t *c);
/// A region of site `key` starts. `idle` says whether the team idled since
/// the last region ended: its workers slept (a worker spins 300 us before it
/// sleeps, so a gap between the loops of a frame is not idle, and the gap
/// before a frame is). Learns from it, and fills *plan for the idle time
/// after it. Reads the clock, now(), only when it needs the time: after
/// idle, when a prediction awaits its outcome, and when the site is one that
/// idle follows; a hot fork reads none. Returns the outcome of the last
/// prediction (a WEFT_WAKE_ kind, or WEFT_WAKE_NONE); *from_predicted gets
/// how far from the predicted start this one is.
int weft_cadence_fork(weft_cadence_t *c, uintptr_t key, int idle,
                      uint64_t (*now)(void), weft_wake_plan_t *plan,
                      int64_t *from_predicted);
/// The running region ends.
void weft_cadence_join(weft_cadence_t *c);
/// A worker woke from a timed wait late_ns after its plan's wake_at.
void weft_cadence_late(weft_cadence_t *c, int64_t late_ns);

/*===--- Floating-point environment (fpenv.c) ----------------------------===*/

typedef struct weft_fpenv {
  uint64_t a, b; /* x86: MXCSR and x87 control word; AArch64: FPCR; else
                    the rounding mode */
} weft_fpenv_t;

void weft_fpenv_get(weft_fpenv_t *env);
void weft_fpenv_set(const weft_fpenv_t *env);

/*===--- Team (team.c, region.c) -----------------------------------------===*/

enum weft_kind { WEFT_KIND_FOR = 0, WEFT_KIND_SPMD = 1, WEFT_KIND_EXIT = 2 };

#define WEFT_EPOCH_OPEN 1u
/// The epoch value that opens the region after `e`.
static inline uint32_t weft_epoch_next(uint32_t e) {
  return ((e >> 1) + 1) << 1 | WEFT_EPOCH_OPEN;
}

/// Run words pack a member's remaining chunks with the sequence number of the
/// loop they belong to: [tag:32 | begin:16 | end:16]. WEFT_MAX_CHUNKS fits in
/// 16 bits.
static inline uint64_t weft_run_pack(uint32_t tag, uint32_t begin,
                                     uint32_t end) {
  return ((uint64_t)tag << 32) | ((uint64_t)begin << 16) | end;
}
static inline uint32_t weft_run_tag(uint64_t w) { return (uint32_t)(w >> 32); }
static inline uint32_t weft_run_begin(uint64_t w) {
  return (uint32_t)(w >> 16) & 0xffffu;
}
static inline uint32_t weft_run_end(uint64_t w) { return (uint32_t)w & 0xffffu; }

/// Per-member counters. They live in a static array indexed by member, so
/// they outlive team rebuilds and can be read at any time without the team.
typedef struct WEFT_ALIGNED weft_counters {
  _Atomic uint64_t regions, chunks, steals, blocks, wakes, barriers;
  _Atomic uint64_t migrations, pin_failures;
  _Atomic uint64_t timed_sleeps; /* wake ahead: sleeps that ended by time */
} weft_counters_t;

extern weft_counters_t weft_counters[WEFT_MAX_TEAM];
/// Predictions and their outcomes (WEFT_WAKE_ kinds), counted by owners.
extern _Atomic uint64_t weft_wake_counters[WEFT_WAKE_KINDS];

/// Adds to one of a member's own counters. Only the thread that is that
/// member writes them (ownership of member 0 passes with acquire and
/// release), so a load and a store do: a locked add would, on x86, also wait
/// for the store that opened the region to reach the other cores.
static inline void weft_count(_Atomic uint64_t *c, uint64_t n) {
  atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
                        memory_order_relaxed);
}

/// One team member. Member 0 is whichever thread owns the team.
typedef struct WEFT_ALIGNED weft_member {
  _Atomic uint64_t run; /* this member's chunks; others steal from its end */
  /* 1 while this worker is inside a region. In the member's own line, which
     it touches anyway to take its run, so entering costs no extra miss. */
  _Atomic uint32_t inside;
  weft_counters_t *counters;
  struct weft_team *team;
  pthread_t thread;
  int index;
  int cpu;              /* the CPU this member is pinned to, or -1 */
  _Atomic int tid;      /* the worker's thread id (0 until it runs) */
  uint32_t first_epoch; /* the epoch a new worker starts waiting from */
} weft_member_t;

/// The state of a work-shared loop: the grid and its split over the team.
typedef struct weft_share {
  weft_grid_t grid;
  weft_body_fn body;
  void *ctx;
  uint32_t tag;
  /* SPMD loops: the loop's index in its region (its spmd_for call), whose
     bit each chunk sets in team->chunk_done[c] for the region's epoch once
     done; and, when `after` is not -1, chunk c runs only once bit `after`
     is set. -1 and -1 for other loops. */
  int index, after;
  uint32_t epoch;
} weft_share_t;

typedef struct weft_team {
  /* Fork line: written by the owner at each fork, read by every worker. */
  struct WEFT_ALIGNED {
    /* The futex word workers wait on: (region number << 1) | open. One word
       names the region and says whether it still admits workers, so a late
       worker can never mistake the next region for the one it saw. */
    _Atomic uint32_t epoch;
    int kind;
    weft_spmd_fn spmd_fn;
    void *spmd_ctx;
    weft_fpenv_t fpenv;
    /* The region's loop (kind FOR), in the same line: a worker reads one
       line to learn everything about the region. */
    weft_share_t share;
    /* Wake ahead: after the region whose open epoch is wake_epoch, sleep
       until wake_at, then spin until wake_until (cadence.c). A seqlock:
       wake_epoch is 0 while the owner rewrites the times. */
    _Atomic uint32_t wake_epoch;
    _Atomic uint64_t wake_at, wake_until;
  } fork;
  /* The latest lateness of a timed wake-up a worker saw, or -1. */
  WEFT_ALIGNED _Atomic int64_t wake_late_ns;
  weft_cadence_t cadence; /* owner only */
  uint32_t naps_at_join;  /* owner only: `naps` when the last region ended */
  /* Workers blocked on epoch. */
  WEFT_ALIGNED _Atomic uint32_t sleepers;
  /* Timed sleeps of wake ahead that ended on time (the worker then spins
     into the predicted region): with `sleepers`, whether the team idled
     before a fork (region.c). */
  _Atomic uint32_t naps;
  /* Join line: chunks or members still pending. */
  WEFT_ALIGNED _Atomic int64_t pending;
  _Atomic uint32_t join_word;     /* futex word the owner waits on */
  _Atomic uint32_t join_sleepers; /* 1 while the owner blocks on join_word */
  /* Barrier line. */
  WEFT_ALIGNED _Atomic uint32_t bar_count;
  _Atomic uint32_t bar_gen;
  _Atomic uint32_t bar_sleepers;
  /* Run tags of the spmd_for loops of the current SPMD region start here;
     each member counts its own calls in weft_tls.ws_seq. */
  uint32_t ws_base;
  /* The owner of an SPMD region has yet to wake the sleepers (owner only). */
  int spmd_wake;
  /* For each chunk index c, the SPMD region (its epoch, high 32 bits) and
     which of its loops (a bit per spmd_for call, low 32 bits) have
     completed chunk c (WEFT_FOR_CHUNKWISE). Bits only accumulate within a
     region: a loop that runs ahead never hides another's completion. */
  WEFT_ALIGNED _Atomic uint64_t chunk_done[WEFT_MAX_CHUNKS];
  /* Read-mostly configuration of this team. */
  WEFT_ALIGNED int size;
  int requested_size; /* size asked for; fewer threads may have started */
  size_t stack_size;
  int bind_requested;    /* the configuration asked for pinning */
  int bind;              /* members are pinned (affinity.c) */
  cpu_set_t worker_cpus; /* CPUs that workers are pinned to */
  int restricted;        /* WEFT_CPUS: unpinned workers keep to team_cpus */
  int restrict_requested; /* the configuration's CPU list, as built */
  unsigned char cpus_requested[WEFT_TOPO_MAX_CPUS];
  cpu_set_t team_cpus;   /* the CPUs the team may use */
  weft_wait_policy_t policy;
  uint64_t prefix[WEFT_MAX_TEAM + 1]; /* weight prefix sums */
  uint32_t seq;                       /* loop sequence numbers (owner) */
  weft_member_t *members;
} weft_team_t;

/// Per-thread state: which team and member this thread is, if any.
typedef struct weft_tls {
  weft_team_t *team; /* set while the thread runs a region body */
  int member;
  int in_region;     /* inside a body: nested calls run serially */
  int spmd;          /* inside an SPMD body of a real team */
  uint32_t ws_seq;   /* spmd_for calls made by this member in this region */
  int tid;           /* the thread's id, once asked (weft_gettid) */
  /* The SPMD region this member is in (its open epoch), and its previous
     spmd_for there (WEFT_FOR_CHUNKWISE). */
  uint32_t region_epoch;
  weft_grid_t prev_grid;
  /* The graph whose task this member runs (graph.c), else NULL: a
     weft_parallel_for there shares its chunks with the graph's idle
     members. */
  struct graph_run *graph;
  /* The mode weft_for_inline()/weft_spmd_inline() decided for the call of
     site `next_key` that follows it (0: none), and its entry. */
  uintptr_t next_key;
  int next_mode;
  weft_site_stat_t *next_stat;
} weft_tls_t;

extern _Thread_local weft_tls_t weft_tls;

/// The calling thread's id, without a system call after the first.
int weft_gettid(void);

/// Waits until no worker is inside a region (the owner calls it before it
/// rewrites the fork line and the share for a new region).
void weft_team_drain(weft_team_t *team);

/// Runs one work-shared loop as member `me` of `team`: its own run first,
/// then whole chunks stolen from the tail of the others'. Returns the number
/// of chunks this member completed.
int64_t weft_share_work(weft_team_t *team, const weft_share_t *share, int me);

/// Runs every chunk of `loop` on the calling thread.
int64_t weft_run_serial(const weft_loop_t *loop, weft_body_fn body, void *ctx);

/// Takes the team for one region, creating or reconfiguring it first when
/// needed. Returns NULL when another thread owns it (the caller then runs
/// the region serially).
weft_team_t *weft_team_acquire(void);
void weft_team_release(void);

/// The largest block of copies weft_copies_free keeps for the next
/// weft_copies_alloc (region.c): 64 MiB.
#define WEFT_KEPT_COPIES_MAX ((size_t)64 << 20)
/// Frees the kept block of copies, if any (weft_shutdown, exit).
void weft_copies_release(void);

/// Called by a member that has completed `done` chunks (or SPMD members):
/// wakes the owner when it was the last.
void weft_team_finish(weft_team_t *team, weft_member_t *m, int64_t done);

/*===--- Affinity (affinity.c) -------------------------------------------===*/

/// The CPUs a team may use: the process affinity mask, within WEFT_CPUS
/// when given, the biggest cores first (topology capacity, then CPU number).
/// Writes up to `max` of them to `out` (NULL: only counts them) and returns
/// how many there are (at least 1). Any thread may call it.
int weft_team_cpus(const weft_config_t *cfg, int *out, int max);
/// Chooses a CPU per member (before the workers start).
void weft_affinity_plan(weft_team_t *team, const weft_config_t *cfg);
/// Pins the calling worker to its CPU.
void weft_affinity_worker(weft_member_t *m);
/// Moves the owner off a worker's CPU, if the scheduler put it there.
void weft_affinity_owner(weft_team_t *team);

/// Serial-path counters, shared by all threads.
extern _Atomic uint64_t weft_serial_regions;

/*===--- Task graphs (graph.c) -------------------------------------------===*/

/// Is the graph well formed: at most WEFT_MAX_TASKS tasks, each with a
/// function, its predecessors all earlier?
int weft_graph_valid(const weft_graph_t *g);
/// A weft_parallel_for called in a task of a graph run (weft_tls.graph):
/// runs its chunks here and on the graph's idle members. Returns the
/// number of chunks, or -1 when the graph's loop slot is taken (the caller
/// then runs the loop serially).
int64_t weft_graph_loop(const weft_loop_t *loop, weft_body_fn body, void *ctx);

/*===--- Trace (trace.c) -------------------------------------------------===*/

/// 1 when WEFT_TRACE names a file (set by weft_trace_init, before any team
/// thread starts).
extern int weft_trace_on;
/// Reads WEFT_TRACE, once.
void weft_trace_init(void);
/// Names the calling worker's trace thread: member, CPU, cluster, class.
void weft_trace_name_member(int member, int cpu);
/// Events of the calling thread; times are weft_now_ns() values.
void weft_trace_region(const weft_loop_t *loop, uint64_t t0, uint64_t t1,
                       int64_t chunks);
void weft_trace_work(uint64_t t0, uint64_t t1, int64_t chunks,
                     int64_t steals);
void weft_trace_wait(int blocked, uint64_t t0, uint64_t t1);
void weft_trace_steal(int victim);
/// A task of a graph: its index, the member the plan gave it, the graph.
void weft_trace_task(const weft_graph_t *g, int task, int planned, uint64_t t0,
                     uint64_t t1);
void weft_trace_split(const struct weft_team *team, int64_t chunks);
void weft_trace_hint(int intent, const char *backend, int ok);
/// Wake ahead: a prediction ("predict", us until the start), its outcome at
/// the fork ("hit", "early", "late": us from the predicted start), a
/// worker's end of a timed sleep ("pre-wake": us after its wake time).
void weft_trace_wake(const char *what, int64_t ns);
/// Writes the trace now (it is also written at exit).
void weft_trace_flush(void);

/*===--- Frequency hints (hint.c) ----------------------------------------===*/

/// struct sched_attr of sched_setattr(2), with uclamp's fields.
typedef struct weft_sched_attr {
  uint32_t size, sched_policy;
  uint64_t sched_flags;
  int32_t sched_nice;
  uint32_t sched_priority;
  uint64_t sched_runtime, sched_deadline, sched_period;
  uint32_t sched_util_min, sched_util_max;
} weft_sched_attr_t;

/// What tests replace (a NULL field keeps the real one).
typedef struct weft_hint_seams {
  uint64_t (*now_ns)(void);
  /// Returns 0 or -errno, as the system call.
  int (*setattr)(int tid, const weft_sched_attr_t *attr);
  const char *android_lib; /* dlopen's name: libandroid.so */
  const char *sysfs_root;  /* WEFT_SYSFS_ROOT or /sys/devices/system/cpu */
} weft_hint_seams_t;

/// Forgets every decision and backend, and sets the seams (tests).
void weft_hint_reset(const weft_hint_seams_t *seams);
/// Around a region whose descriptor carries an intent and enough work:
/// the hint (its target from the work estimate), then the actual duration.
/// Neither waits: when another thread holds the hint state, the region goes
/// unhinted. begin returns 1 when end must report the duration (a session).
int weft_hint_region_begin(const weft_team_t *team, const weft_loop_t *loop);
void weft_hint_region_end(uint64_t actual_ns);

/*===--- Box filter (box.c) ---------------------------------------------===*/

/// The box filters on the portable path only, whatever the radius: the
/// reference the tests hold the vector path to.
int weft_box_filter_u8_scalar(const uint8_t *src, size_t src_stride,
                              uint8_t *dst, size_t dst_stride, int width,
                              int height, int radius);
int weft_box_filter_f32_scalar(const float *src, size_t src_stride, float *dst,
                               size_t dst_stride, int width, int height,
                               int radius);

#endif /* WEFT_INTERNAL_H */
