/*===- hint.c - Frequency hints: Android sessions, uclamp, cpufreq -------===*
 *
 * A hint is an intent (compute-bound, memory-bound, a serial stretch, or
 * none) and the relative work of each team member. It goes to the first
 * backend that works, in this order:
 *
 *   1. an Android performance-hint session (APerformanceHint_*, API 33),
 *      found by dlopen("libandroid.so"), over the team's threads: its
 *      target work duration comes from the loop's work estimate, and each
 *      hinted region reports its actual duration back;
 *   2. Linux uclamp: util_min and util_max of the team's own threads through
 *      sched_setattr (no privilege needed to lower or, within the cgroup's
 *      limits, raise them; kernels without uclamp answer EOPNOTSUPP);
 *   3. cpufreq sysfs: scaling_setspeed (userspace governor) or
 *      scaling_min_freq of the team's policies, only where writable, and put
 *      back at exit;
 *   4. the trace alone.
 *
 * The state is guarded by one atomic flag, not a mutex: a region only tries
 * it, and goes unhinted when another thread holds it (a hint is advice), so
 * that the fork/join path never waits; the API and exit wait for it.
 *
 * A backend that fails once is counted, traced and not tried again. A new
 * intent must be asked for WEFT_HINT_HOLD times in a row, unless it is
 * expected to last WEFT_HINT_LONG_NS or more (hysteresis: one short odd
 * loop does not flip the clock), and takes effect at most once per
 * WEFT_HINT_INTERVAL_NS (rate limit: a change takes about a millisecond to
 * act, and costs system calls). Tests replace the clock, sched_setattr,
 * the library's name and the sysfs root (weft_hint_reset).
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define WEFT_HINT_HOLD 2
#define WEFT_HINT_INTERVAL_NS 10000000ull
#define WEFT_HINT_MAX_POLICIES 16
/* A frame at 60 Hz: the target of a hint that comes with no work estimate. */
#define WEFT_HINT_DEFAULT_TARGET_NS 16666667ll

/* sched_setattr's flags (linux/sched.h). */
#define SCHED_FLAG_KEEP_POLICY 0x08
#define SCHED_FLAG_KEEP_PARAMS 0x10
#define SCHED_FLAG_UTIL_CLAMP_MIN 0x20
#define SCHED_FLAG_UTIL_CLAMP_MAX 0x40

typedef void *(*get_manager_fn)(void);
typedef void *(*create_session_fn)(void *, const int32_t *, size_t, int64_t);
typedef int (*update_target_fn)(void *, int64_t);
typedef int (*report_actual_fn)(void *, int64_t);
typedef void (*close_session_fn)(void *);

typedef struct cpufreq_policy {
  char dir[900];
  unsigned char cpus[WEFT_TOPO_MAX_CPUS];
  long max_khz, orig_khz;
  /* The file written: scaling_setspeed (the userspace governor), else
     scaling_min_freq. */
  const char *file;
  int changed;
} cpufreq_policy_t;

/* 1 while a thread reads or changes H. */
static _Atomic int hint_busy;
static int restore_registered;

static int hint_try(void) {
  return !atomic_exchange_explicit(&hint_busy, 1, memory_order_acquire);
}

/* The API's and exit's way in: a holder is making at most a few system
   calls, so yield until it is done. */
static void hint_acquire(void) {
  while (!hint_try())
    sched_yield();
}

static void hint_release(void) {
  atomic_store_explicit(&hint_busy, 0, memory_order_release);
}
static struct {
  int ready;
  weft_hint_seams_t seams;
  /* Decision state. */
  int applied; /* the intent in effect, -1 before the first */
  int pending, pending_count;
  uint64_t last_change;
  /* Threads: the team's workers and the last owner. */
  int tids[WEFT_MAX_TEAM];
  int ntids;
  double work[WEFT_MAX_TEAM];
  int nwork;
  /* Backends. */
  int android_tried, android_ok, uclamp_ok, cpufreq_tried, cpufreq_ok;
  void *lib, *session;
  int session_tids[WEFT_MAX_TEAM], session_ntids;
  create_session_fn create_session;
  update_target_fn update_target;
  report_actual_fn report_actual;
  close_session_fn close_session;
  get_manager_fn get_manager;
  int64_t target_ns;
  cpufreq_policy_t policies[WEFT_HINT_MAX_POLICIES];
  int npolicies;
  weft_hint_stats_t stats;
} H;

static int real_setattr(int tid, const weft_sched_attr_t *attr) {
  return syscall(SYS_sched_setattr, tid, attr, 0) == 0 ? 0 : -errno;
}

static void init_locked(void) {
  if (H.ready)
    return;
  if (!H.seams.now_ns)
    H.seams.now_ns = weft_now_ns;
  if (!H.seams.setattr)
    H.seams.setattr = real_setattr;
  if (!H.seams.android_lib)
    H.seams.android_lib = "libandroid.so";
  if (!H.seams.sysfs_root) {
    const char *r = getenv("WEFT_SYSFS_ROOT");
    H.seams.sysfs_root = r && *r ? r : "/sys/devices/system/cpu";
  }
  H.applied = -1;
  H.uclamp_ok = 1;
  /* WEFT_HINTS=0: the trace alone (nothing outside the process changes). */
  const char *e = getenv("WEFT_HINTS");
  if (e && !strcmp(e, "0")) {
    H.android_tried = 1; /* and not available */
    H.uclamp_ok = 0;
    H.cpufreq_tried = 1;
  }
  H.ready = 1;
}

/*===--- Android ---------------------------------------------------------===*/

static int android_open(void) {
  if (H.android_tried)
    return H.android_ok;
  H.android_tried = 1;
  H.lib = dlopen(H.seams.android_lib, RTLD_NOW | RTLD_LOCAL);
  if (!H.lib)
    return 0;
  H.get_manager = (get_manager_fn)dlsym(H.lib, "APerformanceHint_getManager");
  H.create_session =
      (create_session_fn)dlsym(H.lib, "APerformanceHint_createSession");
  H.update_target = (update_target_fn)dlsym(
      H.lib, "APerformanceHint_updateTargetWorkDuration");
  H.report_actual = (report_actual_fn)dlsym(
      H.lib, "APerformanceHint_reportActualWorkDuration");
  H.close_session =
      (close_session_fn)dlsym(H.lib, "APerformanceHint_closeSession");
  H.android_ok = H.get_manager && H.create_session && H.update_target &&
                 H.report_actual && H.close_session;
  return H.android_ok;
}

/* A session over the current threads, made anew when they changed. */
static int android_session(void) {
  if (H.session && H.session_ntids == H.ntids &&
      !memcmp(H.session_tids, H.tids, sizeof(int) * (size_t)H.ntids))
    return 1;
  if (H.session)
    H.close_session(H.session);
  H.session = NULL;
  void *manager = H.get_manager();
  if (!manager)
    return 0;
  int32_t tids[WEFT_MAX_TEAM];
  for (int i = 0; i < H.ntids; i++)
    tids[i] = H.tids[i];
  H.session = H.create_session(manager, tids, (size_t)H.ntids, H.target_ns);
  if (!H.session)
    return 0;
  memcpy(H.session_tids, H.tids, sizeof(int) * (size_t)H.ntids);
  H.session_ntids = H.ntids;
  return 1;
}

/* The target for an intent: memory-bound work may run slower than its
   estimate without loss; a serial stretch must be quick. */
static int64_t android_target(int intent, int64_t base) {
  switch (intent) {
  case WEFT_INTENT_MEMORY:
    return base + base / 2;
  case WEFT_INTENT_NONE:
    return base * 4;
  default:
    return base;
  }
}

static int android_apply(int intent) {
  if (!android_open() || !android_session())
    return 0;
  return H.update_target(H.session, android_target(intent, H.target_ns)) == 0;
}

/*===--- uclamp ----------------------------------------------------------===*/

static void clamps(int intent, int member, uint32_t *lo, uint32_t *hi) {
  double most = 0;
  for (int i = 0; i < H.nwork; i++)
    most = H.work[i] > most ? H.work[i] : most;
  double share = member < H.nwork && most > 0 ? H.work[member] / most : 1;
  *lo = 0;
  *hi = 1024;
  switch (intent) {
  case WEFT_INTENT_COMPUTE: /* in proportion to the member's work */
    *lo = (uint32_t)(768 * share + 0.5);
    break;
  case WEFT_INTENT_MEMORY: /* a faster clock buys little */
    *hi = 512;
    break;
  case WEFT_INTENT_SERIAL: /* the owner fast, the team parked */
    if (member == 0)
      *lo = 1024;
    else
      *hi = 256;
    break;
  default:
    break;
  }
}

static int uclamp_apply(int intent) {
  if (!H.uclamp_ok)
    return 0;
  for (int i = 0; i < H.ntids; i++) {
    weft_sched_attr_t a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.sched_flags = SCHED_FLAG_KEEP_POLICY | SCHED_FLAG_KEEP_PARAMS |
                    SCHED_FLAG_UTIL_CLAMP_MIN | SCHED_FLAG_UTIL_CLAMP_MAX;
    clamps(intent, i, &a.sched_util_min, &a.sched_util_max);
    if (H.seams.setattr(H.tids[i], &a) != 0) {
      H.uclamp_ok = 0;
      return 0;
    }
  }
  return 1;
}

/*===--- cpufreq ---------------------------------------------------------===*/

static int write_long(const char *dir, const char *file, long v) {
  char path[1000];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "w");
  if (!f)
    return 0;
  int ok = fprintf(f, "%ld\n", v) > 0;
  return fclose(f) == 0 && ok;
}

static void cpufreq_restore(void) {
  hint_acquire();
  for (int i = 0; i < H.npolicies; i++)
    if (H.policies[i].changed) {
      cpufreq_policy_t *p = &H.policies[i];
      write_long(p->dir, p->file, p->orig_khz);
      p->changed = 0;
    }
  hint_release();
}

/* The policies whose frequency this process may set. */
static int cpufreq_open(void) {
  if (H.cpufreq_tried)
    return H.cpufreq_ok;
  H.cpufreq_tried = 1;
  char base[600];
  snprintf(base, sizeof base, "%s/cpufreq", H.seams.sysfs_root);
  DIR *d = opendir(base);
  if (!d)
    return 0;
  struct dirent *de;
  while ((de = readdir(d)) && H.npolicies < WEFT_HINT_MAX_POLICIES) {
    if (strncmp(de->d_name, "policy", 6))
      continue;
    cpufreq_policy_t *p = &H.policies[H.npolicies];
    memset(p, 0, sizeof *p);
    snprintf(p->dir, sizeof p->dir, "%s/%s", base, de->d_name);
    p->max_khz = weft_sysfs_long(p->dir, "cpuinfo_max_freq");
    char list[256];
    if (p->max_khz <= 0 ||
        weft_sysfs_read(p->dir, "related_cpus", list, sizeof list) ||
        weft_parse_cpulist(list, p->cpus, WEFT_TOPO_MAX_CPUS))
      continue;
    /* The userspace governor's speed when it has one, else the floor;
       either only when this process may write it. */
    static const char *const files[] = {"scaling_setspeed", "scaling_min_freq"};
    for (int k = 0; k < 2 && !p->file; k++) {
      char path[1024];
      snprintf(path, sizeof path, "%s/%s", p->dir, files[k]);
      long v = weft_sysfs_long(p->dir, files[k]);
      if (v > 0 && access(path, W_OK) == 0) {
        p->file = files[k];
        p->orig_khz = v;
      }
    }
    if (!p->file)
      continue;
    H.npolicies++;
  }
  closedir(d);
  H.cpufreq_ok = H.npolicies > 0;
  if (H.cpufreq_ok && !restore_registered) {
    restore_registered = 1;
    atexit(cpufreq_restore);
  }
  return H.cpufreq_ok;
}

/* Compute-bound and serial work raise the floor of the policies to 80% of
   their top frequency; memory-bound work and no intent put it back. */
static int cpufreq_apply(int intent) {
  if (!cpufreq_open())
    return 0;
  int raise = intent == WEFT_INTENT_COMPUTE || intent == WEFT_INTENT_SERIAL;
  for (int i = 0; i < H.npolicies; i++) {
    cpufreq_policy_t *p = &H.policies[i];
    long want = raise ? p->max_khz * 8 / 10 : p->orig_khz;
    if (want < p->orig_khz && strcmp(p->file, "scaling_setspeed"))
      want = p->orig_khz;
    if (!write_long(p->dir, p->file, want)) {
      H.cpufreq_ok = 0;
      return 0;
    }
    p->changed = raise;
  }
  return 1;
}

/*===--- Decisions -------------------------------------------------------===*/

static const char *backend_names[] = {"trace", "android", "uclamp", "cpufreq"};

/* A backend that failed: counted, traced, and not tried again. */
static void failed(int intent, const char *backend) {
  H.stats.failures++;
  if (weft_trace_on)
    weft_trace_hint(intent, backend, 0);
}

/* Applies `intent` through the first backend that takes it. */
static void apply_locked(int intent) {
  int backend = WEFT_HINT_TRACE;
  if (android_open()) {
    if (android_apply(intent)) {
      backend = WEFT_HINT_ANDROID;
    } else {
      H.android_ok = 0;
      failed(intent, "android");
    }
  }
  if (backend == WEFT_HINT_TRACE && H.uclamp_ok) {
    if (uclamp_apply(intent))
      backend = WEFT_HINT_UCLAMP;
    else
      failed(intent, "uclamp");
  }
  if (backend == WEFT_HINT_TRACE && (!H.cpufreq_tried || H.cpufreq_ok)) {
    if (cpufreq_apply(intent))
      backend = WEFT_HINT_CPUFREQ;
    else if (H.npolicies > 0)
      failed(intent, "cpufreq");
  }
  H.stats.backend = backend;
  H.stats.applied++;
  if (weft_trace_on)
    weft_trace_hint(intent, backend_names[backend], 1);
}

static void request_locked(int intent, double expected_ns) {
  H.stats.requests++;
  if (intent == H.applied) {
    H.pending_count = 0;
    return;
  }
  if (intent == H.pending)
    H.pending_count++;
  else
    H.pending = intent, H.pending_count = 1;
  uint64_t now = H.seams.now_ns();
  int settled =
      H.pending_count >= WEFT_HINT_HOLD || expected_ns >= WEFT_HINT_LONG_NS;
  if (H.applied >= 0 &&
      (!settled || now - H.last_change < WEFT_HINT_INTERVAL_NS)) {
    H.stats.held++;
    return;
  }
  apply_locked(intent);
  H.applied = intent;
  H.pending_count = 0;
  H.last_change = now;
}

/* The relative work of members: given, or the team's capacity weights. */
static void set_work(const double *work, int n, const weft_team_t *team) {
  H.nwork = 0;
  if (work && n > 0) {
    for (int i = 0; i < n && i < WEFT_MAX_TEAM; i++)
      H.work[H.nwork++] = work[i] > 0 ? work[i] : 0;
  } else if (team) {
    for (int i = 0; i < team->size; i++)
      H.work[H.nwork++] = (double)(team->prefix[i + 1] - team->prefix[i]);
  }
}

/* The threads hints apply to: the caller (the owner), then the workers. */
static void set_tids(const weft_team_t *team) {
  H.ntids = 0;
  H.tids[H.ntids++] = weft_gettid();
  if (team)
    for (int i = 1; i < team->size; i++) {
      int tid =
          atomic_load_explicit(&team->members[i].tid, memory_order_relaxed);
      if (tid > 0)
        H.tids[H.ntids++] = tid;
    }
}

int weft_hint(int intent, double expected_ns, const double *member_work,
              int n) {
  if (intent < WEFT_INTENT_NONE || intent > WEFT_INTENT_SERIAL || n < 0 ||
      (n > 0 && !member_work) || !(expected_ns >= 0))
    return -1;
  weft_trace_init();
  hint_acquire();
  init_locked();
  if (H.ntids == 0)
    set_tids(NULL);
  if (H.target_ns == 0)
    H.target_ns = WEFT_HINT_DEFAULT_TARGET_NS;
  set_work(member_work, n, NULL);
  if (expected_ns > 0)
    H.target_ns = (int64_t)expected_ns;
  request_locked(intent, expected_ns);
  int backend = H.stats.backend;
  hint_release();
  return backend;
}

int weft_hint_region_begin(const weft_team_t *team, const weft_loop_t *loop) {
  if (!hint_try())
    return 0; /* another thread is hinting: this region goes without */
  init_locked();
  set_tids(team);
  set_work(NULL, 0, team);
  int64_t target = (int64_t)(loop->work_ns / (team ? team->size : 1));
  H.target_ns = target > 0 ? target : WEFT_HINT_DEFAULT_TARGET_NS;
  request_locked(loop->intent, (double)target);
  int report = H.stats.backend == WEFT_HINT_ANDROID;
  hint_release();
  return report;
}

void weft_hint_region_end(uint64_t actual_ns) {
  if (!hint_try())
    return; /* the report is advice too */
  if (H.session && H.report_actual(H.session, (int64_t)actual_ns))
    H.stats.failures++;
  hint_release();
}

void weft_get_hint_stats(weft_hint_stats_t *out) {
  if (!out)
    return;
  hint_acquire();
  *out = H.stats;
  hint_release();
}

void weft_hint_reset(const weft_hint_seams_t *seams) {
  hint_acquire();
  if (H.session)
    H.close_session(H.session);
  if (H.lib)
    dlclose(H.lib);
  memset(&H, 0, sizeof H);
  if (seams)
    H.seams = *seams;
  hint_release();
}

void weft_hint_atfork(enum weft_fork_phase phase) {
  if (phase == WEFT_FORK_PREPARE) {
    hint_acquire();
    return;
  }
  if (phase == WEFT_FORK_CHILD) {
    /* The session and the clamped threads are the parent's; so are the
       cpufreq floors it raised, which the child's exit must not put back. */
    H.session = NULL;
    H.session_ntids = 0;
    H.ntids = 0;
    for (int i = 0; i < H.npolicies; i++)
      H.policies[i].changed = 0;
  }
  hint_release();
}
