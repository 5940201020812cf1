/*===- weft.h - libweft: the runtime that weft's parallel C links against --===*
 *
 * This header is the whole public C API of libweft, and the contract between
 * the C that weft-translate writes and the runtime. It can also be used by
 * hand. C11 (or C++), pthreads and libc only.
 *
 * The contract, in short (docs/runtime.md has the long form):
 *
 *  - Loops are normalized by the compiler to a unit-step iteration space
 *    [0, trip) with 64-bit signed indices; the body maps k back to the C
 *    counter itself (i = start + k * step). The runtime never sees C loops.
 *
 *  - A body is `void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk)`
 *    and runs iterations [lo, hi). The runtime cuts [0, trip) into a fixed
 *    sequence of chunks. The chunk grid depends only on the loop descriptor
 *    (trip count, cost shape, work estimate), never on the team size, the
 *    core weights, or which thread runs what. Every chunk c in
 *    [0, weft_chunk_count(loop)) is called exactly once, possibly with
 *    lo == hi, and `chunk` is that stable index, not a thread or CPU id.
 *
 *  - Reductions and lastprivate values are kept per chunk by the generated
 *    code (an array of WEFT_MAX_CHUNKS slots) and combined in chunk order
 *    after the call returns. Because the grid is fixed, a floating-point
 *    reduction gives bit-identical results on any team size, with any
 *    weights, with work stealing, and when the loop runs serially (nested
 *    calls, a busy team).
 *
 *  - The team is resolved at run time: the process affinity mask (within
 *    WEFT_CPUS) or WEFT_NUM_THREADS, pinned biggest cores first, with
 *    capacity weights from WEFT_WEIGHTS or else the cores' capacities in
 *    sysfs. Team member 0
 *    is the calling thread. The split over the team is capacity-weighted and
 *    contiguous; members that finish early take whole chunks from the tail
 *    of a late member's run.
 *
 *  - A mismatch between this header and the library is detected once by
 *    weft_ready() and reported on stderr; generated code then runs its
 *    sequential fallback instead of crashing.
 *
 * Environment variables (all documented in docs/runtime.md):
 *   WEFT_NUM_THREADS, WEFT_SPIN_US, WEFT_WEIGHTS, WEFT_CPUS, WEFT_STACK_SIZE,
 *   WEFT_BIND, WEFT_STATS, WEFT_SYSFS_ROOT (testing: a fake sysfs tree),
 *   WEFT_CACHE_BYTES,
 *   WEFT_WAKE_AHEAD, WEFT_HINTS, WEFT_TRACE, and WEFT_SCHEDULE=reverse
 *   (testing: chunks run serially, last first) or eager (testing: task
 *   graphs run on the team however little they save).
 *
 *===----------------------------------------------------------------------===*/
#ifndef WEFT_H
#define WEFT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(WEFT_BUILDING_LIBRARY) && defined(__GNUC__)
#define WEFT_API __attribute__((visibility("default")))
#else
#define WEFT_API
#endif

/// The ABI of this header. Bumped on any incompatible change to a type or a
/// function below; weft_ready() compares it with the library's.
#define WEFT_ABI_VERSION 3

/// The most chunks any loop is cut into. Generated code sizes its per-chunk
/// partial arrays with it.
#define WEFT_MAX_CHUNKS 256

/// How the cost of one iteration varies with k (the normalized index).
typedef enum weft_shape {
  /// Every iteration costs the same: chunks have equal iteration counts.
  WEFT_SHAPE_UNIFORM = 0,
  /// Iteration k costs cost0 + cost1 * k (a triangular nest): chunks have
  /// equal work, so a split by chunk count is a split by work.
  WEFT_SHAPE_LINEAR = 1
} weft_shape_t;

/// What a region asks of the cores it runs on (frequency hints).
typedef enum weft_intent {
  WEFT_INTENT_NONE = 0,    ///< no preference, or unknown
  WEFT_INTENT_COMPUTE = 1, ///< compute-bound: ask for speed
  WEFT_INTENT_MEMORY = 2,  ///< memory-bound: a faster clock buys little
  WEFT_INTENT_SERIAL = 3   ///< a serial stretch: main core fast, team parked
} weft_intent_t;

/// The descriptor of one parallel loop. The compiler emits one as a static
/// const object per loop; only `trip` usually varies at run time.
typedef struct weft_loop {
  int64_t trip;      ///< iterations: the body covers [0, trip); <= 0 is empty
  int32_t shape;     ///< a weft_shape_t
  int32_t intent;    ///< a weft_intent_t
  double cost0;      ///< cost of iteration k is cost0 + cost1 * k (linear
  double cost1;      ///<   shape only; any unit, only ratios matter)
  double work_ns;    ///< estimated sequential time of the whole loop in ns,
                     ///<   0 if unknown; sets the chunk count, a loop
                     ///<   known to be shorter than waking a sleeping member
                     ///<   (WEFT_WAKE_WORTH_NS) does not wake one, and a
                     ///<   short one is measured (docs/runtime.md,
                     ///<   "Measured sites")
  uint32_t region_id;///< stable id of the loop in its file (traces)
  int32_t line;      ///< source line of the loop (traces)
  const char *file;  ///< source file of the loop (traces), may be NULL
} weft_loop_t;

/// Loops whose work is below this many nanoseconds do not wake sleeping
/// team members: a futex wake of an idle CPU costs the forking thread ~10 us on
/// the 2-vCPU KVM machine of bench/runtime (a region after 10 ms of idle takes
/// 11-14 us with a sleeping worker, 1.2 us with a spinning one), and more on a
/// phone waking a core from a deep idle state. The work is work_ns when the
/// descriptor has it. Without it, a loop cut into at least 8 chunks per
/// member is measured by the caller's first chunk (sleepers are then woken
/// one chunk late); any other loop wakes them at once. Members that are
/// still spinning take part as usual; the caller takes the chunks of the
/// others.
#define WEFT_WAKE_WORTH_NS 20000.0

/// Frequency hints (a loop descriptor's intent) are for regions whose work is
/// at least this many ns. A CPU frequency change takes effect in about a
/// millisecond (cpufreq's schedutil acts every 0.5-10 ms on phones), so a
/// shorter region is over before a hint could help it. weft-translate
/// leaves the intent of loops it knows to be shorter at WEFT_INTENT_NONE;
/// for the others, work_ns says at run time.
#define WEFT_HINT_MIN_NS 1000000.0

/// A loop body: runs normalized iterations [lo, hi) as chunk `chunk`.
typedef void (*weft_body_fn)(void *ctx, int64_t lo, int64_t hi, int64_t chunk);

/// An SPMD body: runs once on every team member.
typedef void (*weft_spmd_fn)(void *ctx, int member, int team_size);

/*===--- Topology --------------------------------------------------------===*/

/// The class of a core, from its cluster's place among the clusters sorted
/// by capacity: the slowest cluster is little, the fastest prime when there
/// are three or more clusters (else big), the others big. One cluster: big.
typedef enum weft_core_class {
  WEFT_CORE_LITTLE = 0,
  WEFT_CORE_BIG = 1,
  WEFT_CORE_PRIME = 2
} weft_core_class_t;

/// One CPU the process may run on.
typedef struct weft_cpu_info {
  int cpu;        ///< the CPU number
  int capacity;   ///< cpu_capacity (1024 for the fastest core), or 1024
                  ///<   scaled by its top frequency, or 1024
  int cluster;    ///< its cluster (a cpufreq policy), slowest first
  int core_class; ///< a weft_core_class_t
  int max_khz;    ///< its top frequency, 0 if unknown
} weft_cpu_info_t;

/// The online CPUs of the process affinity mask, read once from sysfs
/// (WEFT_SYSFS_ROOT replaces /sys/devices/system/cpu, for tests). Fills up
/// to `max` entries of `out` (which may be NULL) and returns how many CPUs
/// there are. Missing files never fail: the CPUs then form one cluster of
/// capacity 1024.
WEFT_API int weft_topology(weft_cpu_info_t *out, int max);

/// The bytes of the smallest level-`level` data cache (1: L1 data, 2: L2)
/// of the online CPUs, read once from sysfs (cpuN/cache/indexK); the
/// environment's WEFT_CACHE_BYTES ("48K,2M") overrides it, and without
/// either it is WEFT_L1_BYTES or WEFT_L2_BYTES (weft_checks.h). 0 for
/// another level. Generated code sizes its loop tiles with it.
WEFT_API int64_t weft_cache_bytes(int level);

/*===--- ABI check -------------------------------------------------------===*/

/// The ABI version the library was built with.
WEFT_API int weft_abi_version(void);

/// Compares a header's ABI version with the library's. Returns 1 when they
/// match; otherwise prints one clear message on stderr (once per process) and
/// returns 0.
WEFT_API int weft_check_abi(int header_abi_version);

/// Compile-time defaults of the team (weft-translate --cores and
/// --core-weights): used only where neither the environment
/// (WEFT_NUM_THREADS, WEFT_WEIGHTS) nor weft_set_num_threads() and
/// weft_set_weights() chose. `cores` 0 and `nweights` 0 keep the runtime's
/// own defaults. Returns 0, or -1 for an invalid value.
WEFT_API int weft_set_default_team(int cores, const int *weights,
                                   int nweights);

/// True when the library matches this header. Generated code guards every
/// parallel loop with it and runs the original loop otherwise. The check runs
/// once per translation unit.
static inline int weft_ready(void) {
  static int weft_ready_state; /* 0 unknown, 1 ok, -1 mismatch */
  int s = __atomic_load_n(&weft_ready_state, __ATOMIC_RELAXED);
  if (s == 0) {
    s = weft_check_abi(WEFT_ABI_VERSION) ? 1 : -1;
    __atomic_store_n(&weft_ready_state, s, __ATOMIC_RELAXED);
  }
  return s > 0;
}

/// weft_ready() for a translation unit translated with --cores or
/// --core-weights: also passes that default team to the runtime, once.
static inline int weft_ready_team(int cores, const int *weights,
                                  int nweights) {
  static int weft_team_state; /* 0 not yet, 1 done */
  if (!weft_ready())
    return 0;
  if (!__atomic_load_n(&weft_team_state, __ATOMIC_RELAXED)) {
    weft_set_default_team(cores, weights, nweights);
    __atomic_store_n(&weft_team_state, 1, __ATOMIC_RELAXED);
  }
  return 1;
}

/* The helpers of the trip counts and run-time checks in generated code. */
#include "weft_checks.h"

/*===--- Loops -----------------------------------------------------------===*/

/// Runs every chunk of `loop` on the team and returns when all are done.
/// Implements a parallel version of:
///
///     int64_t n = weft_chunk_count(loop);
///     for (int64_t c = 0; c < n; c++) {
///       int64_t lo, hi;
///       weft_chunk_bounds(loop, c, &lo, &hi);
///       body(ctx, lo, hi, c);
///     }
///
/// Returns the number of chunks, n. A call from inside a body, a call while
/// another thread owns the team, and a team of one run the loop above on the
/// calling thread: same chunks, same results, never a deadlock. Writes made
/// by the chunks are visible to the caller when the call returns.
WEFT_API int64_t weft_parallel_for(const weft_loop_t *loop, weft_body_fn body,
                          void *ctx);

/// The number of chunks `loop` is cut into: 0 for an empty loop, otherwise
/// between 1 and WEFT_MAX_CHUNKS. A pure function of the descriptor.
WEFT_API int64_t weft_chunk_count(const weft_loop_t *loop);

/// The iterations [*lo, *hi) of chunk `chunk` of `loop`. Chunks are in
/// order, contiguous, and cover [0, trip) exactly once. A pure function.
WEFT_API void weft_chunk_bounds(const weft_loop_t *loop, int64_t chunk, int64_t *lo,
                       int64_t *hi);

/*===--- Error paths -----------------------------------------------------===*/

/// The state of a parallel loop whose iterations may take an error path: a
/// branch that ends the program (I/O, then exit or abort), which weft runs
/// in parallel as the sequential loop would run it (docs/output.md, "Error
/// paths"). Only the first iteration, in loop order, that takes one does:
/// after every earlier iteration is done, and before the program ends; the
/// others stop their chunks. weft_parallel_for_exits() sets it up; fields
/// are the runtime's.
typedef struct weft_exits {
  int64_t first; ///< lowest iteration that took an error path, or INT64_MAX
  unsigned char done[WEFT_MAX_CHUNKS]; ///< chunk c has returned
} weft_exits_t;

/// weft_parallel_for for a loop with error paths: chunks are started in
/// order wherever they run on one thread (also under WEFT_SCHEDULE=reverse),
/// and `x` learns when each returns. Returns when every chunk has returned,
/// which is never when an error path ran (it ends the program).
WEFT_API int64_t weft_parallel_for_exits(const weft_loop_t *loop,
                                         weft_body_fn body, void *ctx,
                                         weft_exits_t *x);

/// Called by iteration `k` of chunk `chunk` where it takes an error path.
/// Returns 1 when that iteration is the first to take one and every
/// earlier iteration is done: it goes on down the path (which ends the
/// program). Returns 0 when an earlier iteration took one: the chunk
/// returns at once, and runs nothing more.
WEFT_API int weft_exit_first(weft_exits_t *x, int64_t k, int64_t chunk);

/// __PRETTY_FUNCTION__ of the function that a loop was outlined from, in an
/// error path that a macro writes (assert): as this compiler names it. In C,
/// GCC's is the name, as __func__; clang's is the signature. The outlined
/// body, in a function of another name, passes both, as literals.
#if defined(__clang__)
#define WEFT_PRETTY_FUNCTION(name, signature) signature
#else
#define WEFT_PRETTY_FUNCTION(name, signature) name
#endif

/*===--- SPMD regions ----------------------------------------------------===*/

/// Runs fn(ctx, member, team_size) once on every team member (member 0 is the
/// calling thread) and returns when all have returned. `site` may be NULL; when
/// given, only its region_id, line, file and intent are used. Nested calls,
/// and calls while another thread owns the team, run fn(ctx, 0, 1).
WEFT_API void weft_spmd(const weft_loop_t *site, weft_spmd_fn fn, void *ctx);

/// weft_for_inline(memo, body, region_id, trip): whether this call of a
/// parallel loop's site (`body` and the region_id of its descriptor, with
/// the descriptor's trip count) should run the loop as written on the
/// calling thread instead of calling weft_parallel_for:
/// 1 only for a site that the runtime has measured to save less than its
/// fork and join on the team (docs/runtime.md, "Measured sites"), on calls
/// that need not be timed. On 0 the caller goes on to weft_parallel_for
/// (or weft_parallel_for_exits) with that descriptor (or runs the loop as
/// written when one of its own checks fails). Generated code asks only
/// where the loop as written and its chunks give the same results (no
/// floating-point sum reduction). weft_spmd_inline() is the same for a
/// weft_spmd region. weft_for_ask() and weft_spmd_ask() are the questions
/// to libweft, which these ask when the memo holds no answer.
///
/// `memo`, when not NULL, is the site's memo: a static of the function that
/// holds the site, zero-initialized, which only these functions touch. When
/// the answer is 1, libweft also writes there how many of the site's next
/// calls would get the same answer, and up to which trip count (this
/// call's or more: weft_site_inline_run() in weft_checks.h), and
/// weft_for_inline() and weft_spmd_inline() give those calls their 1
/// from the memo without calling libweft (a relaxed load and store of one
/// word: two threads that call the site at once may take one call each of
/// the same grant; either runs the loop as written, which is always right).
/// A short site then costs its calls a few ns, where asking costs tens (a
/// stencil row of 0.5 us, 500 times per kernel: bench/polybench/README.md).
typedef struct weft_memo {
  uint32_t word; /* weft_memo_word(): the calls left and the trip count up
                    to which they hold; 0: none */
} weft_memo_t;
WEFT_API int weft_for_ask(weft_memo_t *memo, weft_body_fn body,
                          uint32_t region_id, int64_t trip);
WEFT_API int weft_spmd_ask(weft_memo_t *memo, weft_spmd_fn fn,
                           uint32_t region_id, int64_t trip);

/// Takes one call of the memo's grant for a call of `trip` iterations: 1
/// when there was one to take.
static inline int weft_memo_take(weft_memo_t *memo, int64_t trip) {
  uint32_t w = __atomic_load_n(&memo->word, __ATOMIC_RELAXED);
  if (!weft_memo_holds(w, trip))
    return 0;
  __atomic_store_n(&memo->word, w - 1, __ATOMIC_RELAXED);
  return 1;
}

static inline int weft_for_inline(weft_memo_t *memo, weft_body_fn body,
                                  uint32_t region_id, int64_t trip) {
  return (memo && weft_memo_take(memo, trip)) ||
         weft_for_ask(memo, body, region_id, trip);
}

static inline int weft_spmd_inline(weft_memo_t *memo, weft_spmd_fn fn,
                                   uint32_t region_id, int64_t trip) {
  return (memo && weft_memo_take(memo, trip)) ||
         weft_spmd_ask(memo, fn, region_id, trip);
}

/// A barrier over the team of the enclosing weft_spmd region: returns on every
/// member once all have reached it. Outside an SPMD region, and in a team of
/// one, it returns at once.
WEFT_API void weft_barrier(void);

/// A work-shared loop inside an SPMD region: every member must call it with
/// the same loop, in the same order. Runs every chunk exactly once over the
/// team (with stealing) and ends with a team barrier. Outside an SPMD region
/// it behaves as weft_parallel_for. Returns the number of chunks.
WEFT_API int64_t weft_spmd_for(const weft_loop_t *loop, weft_body_fn body, void *ctx);

/// weft_spmd_for without its closing barrier: a member goes on as soon as
/// no chunk of the loop is left to take (some may still be running on
/// other members). For a loop nothing after it depends on before the next
/// barrier or the end of the region.
#define WEFT_FOR_NOWAIT 1
/// Chunk c of this loop runs only once chunk c of the previous work-shared
/// loop of the region has completed: for a loop whose iteration k depends
/// only on iteration k of the previous one, which then needs no barrier
/// (give it WEFT_FOR_NOWAIT). The two loops must be cut into the same
/// chunks (their descriptors' trip, shape, costs and work estimate give the
/// same grid); if they are not, a barrier is made first, always safe.
#define WEFT_FOR_CHUNKWISE 2

/// weft_spmd_for with flags (WEFT_FOR_NOWAIT, WEFT_FOR_CHUNKWISE). Every
/// member must give the same flags. ctx may differ from member to member: a
/// chunk runs with the ctx of the member that runs it, also a chunk it takes
/// from another member (an array reduction gives each member a context that
/// points at its own copy of the array).
WEFT_API int64_t weft_spmd_for_ex(const weft_loop_t *loop, weft_body_fn body,
                                  void *ctx, int flags);

/*===--- Task graphs -----------------------------------------------------===*/

/// The most tasks in one graph (a task's predecessors are a bit mask).
#define WEFT_MAX_TASKS 64

/// A graph runs its tasks at the same time only when its plan (below) saves
/// at least this many ns over running them one after the other: twice a
/// fork/join after idle on the bench machine (bench/runtime).
#define WEFT_GRAPH_MIN_SAVING_NS 2000.0

/// A task: runs once, with the graph's context.
typedef void (*weft_task_fn)(void *ctx);

typedef struct weft_task {
  weft_task_fn fn;
  double work_ns;  ///< estimated time of the task alone, in ns (the plan's
                   ///<   cost; any value > 0, only ratios and sums matter)
  uint64_t preds;  ///< bit p: task p must finish before this one starts;
                   ///<   only earlier tasks (p < this task's index)
  int32_t flags;   ///< WEFT_TASK_* below
} weft_task_t;

/// The task runs a parallel loop (weft_parallel_for). Whatever the flag, a
/// weft_parallel_for inside a task shares its chunks with the members that
/// have no task of their own ready (one such loop at a time per graph; a
/// second runs on its task's member alone); the flag tells the plan to
/// count on that help.
#define WEFT_TASK_LOOP 1

/// The tasks of a graph in program order (an order the graph allows: the
/// order in which they run serially).
typedef struct weft_graph {
  int32_t ntasks;  ///< at most WEFT_MAX_TASKS
  int32_t intent;  ///< a weft_intent_t, as a loop's (frequency hints)
  const weft_task_t *tasks;
  uint32_t region_id; ///< stable id of the graph in its file (traces)
  int32_t line;       ///< source line of its first statement (traces)
  const char *file;   ///< source file (traces), may be NULL
  int32_t flags;      ///< WEFT_GRAPH_* below
} weft_graph_t;

/// The tasks' work is a compile-time guess (a trip count the compiler did
/// not know): sleeping members are woken at once, as for a loop without
/// work_ns, rather than left asleep for a graph that looks short.
#define WEFT_GRAPH_ESTIMATED 1

/// Runs every task of `g` once, each after its predecessors, and returns
/// when all are done. The tasks are placed on the team before they start
/// (longest chain first, each where it finishes first, at the members'
/// capacity weights); a member with nothing ready takes a ready task of a
/// busy member, or helps the parallel loop a task runs (WEFT_TASK_LOOP).
/// Serially, in program order, when there is one member, when called inside
/// a parallel region or task, when the tasks' whole work is below
/// WEFT_GRAPH_MIN_SAVING_NS (without touching the team), or when the plan
/// saves less than that over running the tasks in program order (their
/// parallel loops on the whole team); WEFT_SCHEDULE=reverse runs them serially,
/// each time the latest task that is ready. Inside a task, loops and graphs
/// run serially. WEFT_SCHEDULE=eager (testing) runs every graph of two tasks
/// or more on the team. Returns the number of members that took part (1:
/// serial), or -1 for an invalid graph (nothing runs).
WEFT_API int weft_run_graph(const weft_graph_t *g, void *ctx);

/*===--- Copies: array reductions, large private arrays ------------------===*/

/// Memory for the copies of an array reduction, or of a private array too
/// large for a thread's stack: `members` blocks of `bytes_per_member` bytes
/// each, the first at the returned address, each aligned to 64 bytes when
/// bytes_per_member is a multiple of 64 (so no two members share a cache
/// line). Its contents are unspecified. NULL when the size overflows or
/// memory is short; the generated code then runs the loop as written. Free
/// it with weft_copies_free. (weft's own functions, so that generated code
/// needs no <stdlib.h> in the user's file.)
WEFT_API void *weft_copies_alloc(size_t bytes_per_member, int members);

/// Gives back what weft_copies_alloc returned; NULL does nothing. The team's
/// scratch: the largest recent block, up to 64 MiB, is kept for the next
/// weft_copies_alloc that fits in it (a loop that runs every frame finds
/// its copies' pages already mapped), and freed by weft_shutdown and at exit.
WEFT_API void weft_copies_free(void *copies);

/*===--- Configuration ---------------------------------------------------===*/

/// The team size the next region will use.
WEFT_API int weft_num_threads(void);

/// Sets the team size (1 to 1024; 0 returns to the default: WEFT_NUM_THREADS,
/// else the CPUs in the process affinity mask). A running team is resized
/// when it is next idle. Returns 0, or -1 for an invalid value.
WEFT_API int weft_set_num_threads(int n);

/// How long an idle team member spins before it blocks, in microseconds
/// (0 to 1000000). Returns 0, or -1 for an invalid value.
WEFT_API int weft_set_spin_us(int us);

/// The current spin time in microseconds.
WEFT_API int weft_spin_us(void);

/// Keeps the team on these CPUs (numbers below 1024), as WEFT_CPUS does: for
/// example off the core the UI thread uses. CPUs outside the process
/// affinity mask are dropped. NULL or n == 0 returns to WEFT_CPUS (or the
/// whole mask). The team is rebuilt at its next region. Returns 0, or -1 for
/// an invalid value.
WEFT_API int weft_set_cpus(const int *cpus, int n);

/// Capacity weights of team members 0..n-1 (positive, at most 1048576);
/// members past n get 1024. NULL or n == 0 returns to the default. Returns
/// 0, or -1 for an invalid value.
WEFT_API int weft_set_weights(const int *weights, int n);

/// Pins team members to CPUs of their own (1, the default, or WEFT_BIND) or
/// leaves placement to the system (0). Takes effect when the team is next
/// idle. Returns 0, or -1 for an invalid value.
WEFT_API int weft_set_bind(int on);

/// Stack size of worker threads in bytes (at least 65536). Takes effect when
/// the team is next created. Returns 0, or -1 for an invalid value.
WEFT_API int weft_set_stack_size(size_t bytes);

/// Stops and joins the team's workers. The next region creates a new team.
/// Returns -1 (and does nothing) when called from inside a region.
WEFT_API int weft_shutdown(void);

/*===--- Frequency hints -------------------------------------------------===*/

/// Where frequency hints go, first available first.
typedef enum weft_hint_backend {
  WEFT_HINT_TRACE = 0,   ///< nowhere but the trace (WEFT_TRACE)
  WEFT_HINT_ANDROID = 1, ///< an APerformanceHint session (libandroid.so)
  WEFT_HINT_UCLAMP = 2,  ///< util_min/util_max of the team's threads
  WEFT_HINT_CPUFREQ = 3  ///< writable cpufreq sysfs (scaling_min_freq)
} weft_hint_backend_t;

/// Tells the platform what the coming work needs: `intent` (a
/// weft_intent_t: compute-bound, memory-bound, a serial stretch, or none to
/// let go), how long it is expected to last in ns (0 if unknown), and the
/// relative work of team members 0..n-1 (NULL or n == 0: by their capacity
/// weights). libweft passes a parallel loop's own intent and work estimate
/// (its descriptor) the same way for regions of at least WEFT_HINT_MIN_NS,
/// and weft-translate's output hints long serial stretches. A new intent
/// takes effect at once when it is expected to last WEFT_HINT_LONG_NS or
/// more, else once asked for twice in a row (hysteresis: short flips do not
/// move the clock); and at most once per 10 ms (rate limit). It never needs
/// root; a backend that fails is counted, traced and not tried again.
/// Returns the weft_hint_backend_t that holds the hints now, or -1 for an
/// invalid argument.
WEFT_API int weft_hint(int intent, double expected_ns,
                       const double *member_work, int n);

/// Work expected to last this long changes the hint at its first request.
#define WEFT_HINT_LONG_NS 5000000.0

/// What the hints did: requests, how many changed the platform's state,
/// were held back (hysteresis, rate limit), failed; the backend now used.
typedef struct weft_hint_stats {
  uint64_t requests, applied, held, failures;
  int backend; ///< a weft_hint_backend_t
} weft_hint_stats_t;

WEFT_API void weft_get_hint_stats(weft_hint_stats_t *out);

/*===--- Box filter ------------------------------------------------------===*/

/// Which code a box filter ran (the return value of the filters below).
typedef enum weft_box_impl {
  WEFT_BOX_SCALAR = 0,     ///< portable C: any radius
  WEFT_BOX_NEON = 1,       ///< NEON intrinsics on AArch64
  WEFT_BOX_NEON_SIMDE = 2  ///< the same NEON code through SIMDe (x86)
} weft_box_impl_t;

/// Errors of the box filters. On any of them nothing is written.
#define WEFT_BOX_EINVAL (-1)  ///< a null pointer, a zero or negative size, a
                              ///<   stride below the width, a negative radius
#define WEFT_BOX_EOVERLAP (-2) ///< src and dst overlap (in place is refused)
#define WEFT_BOX_ENOMEM (-3)  ///< no memory for the column sums

/// The mean over the (2r+1) x (2r+1) window around each pixel of a
/// width x height image, the border replicating the edge pixels (OpenCV's
/// BORDER_REPLICATE); any radius >= 0, also one larger than the image.
/// Strides are in elements. uint8: the exact mean rounded to the nearest
/// integer (sum + area/2) / area, bit for bit what cv::blur gives; float:
/// within a few units in the last place of it, for finite input (an Inf or
/// NaN spreads along the running sums). Rows are split over libweft's team
/// by capacity. Returns the weft_box_impl_t that ran (NEON for radii up to
/// 7, portable C for larger ones), or a negative WEFT_BOX_ error.
WEFT_API int weft_box_filter_u8(const uint8_t *src, size_t src_stride,
                                uint8_t *dst, size_t dst_stride, int width,
                                int height, int radius);
WEFT_API int weft_box_filter_f32(const float *src, size_t src_stride,
                                 float *dst, size_t dst_stride, int width,
                                 int height, int radius);

/// The name of a weft_box_impl_t ("scalar", "neon", "neon-simde").
WEFT_API const char *weft_box_impl_name(int impl);

/*===--- Statistics ------------------------------------------------------===*/

/// Counters since start or the last weft_reset_stats().
typedef struct weft_stats {
  uint64_t regions;        ///< parallel regions that used the team
  uint64_t serial_regions; ///< calls run on the caller alone (nested, busy
                           ///<   team, team of one, a single chunk)
  uint64_t chunks;         ///< chunks run
  uint64_t steals;         ///< chunks taken from another member's run
  uint64_t blocks;         ///< times a thread blocked in the kernel
  uint64_t wake_syscalls;  ///< futex wake system calls made
  uint64_t barriers;       ///< weft_barrier() episodes completed
  uint64_t migrations;     ///< times an owner moved off a worker's CPU
  uint64_t pin_failures;   ///< pins the system refused (never fatal)
} weft_stats_t;

/// Copies the counters into *out.
WEFT_API void weft_get_stats(weft_stats_t *out);

/// Sets all counters to zero (those of weft_get_wake_stats too).
WEFT_API void weft_reset_stats(void);

/// Wake ahead (WEFT_WAKE_AHEAD, on by default): regions that start on a
/// beat after an idle gap (a frame loop) are predicted, and the workers
/// sleep with a timed wait that ends a short lead before the next start,
/// then spin into it. Counters since start or weft_reset_stats().
typedef struct weft_wake_stats {
  uint64_t predictions;  ///< regions after which the next start was predicted
  uint64_t hits;         ///< the next region came while the workers spun
  uint64_t early;        ///< it came before they woke (it woke them)
  uint64_t late;         ///< it came after they had given up (a miss)
  uint64_t timed_sleeps; ///< timed waits that ended on their time
} weft_wake_stats_t;

WEFT_API void weft_get_wake_stats(weft_wake_stats_t *out);

#ifdef __cplusplus
}
#endif

#endif /* WEFT_H */
