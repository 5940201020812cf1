/*===- test_hint.c - Frequency hints reach each backend, held and rated --===*
 *
 *   test_hint           the decisions on an injected clock (hysteresis, rate
 *                       limit), uclamp through a recording sched_setattr
 *                       (per thread, by member work), the real system call
 *                       (EOPNOTSUPP here: counted, not retried), and a
 *                       writable fake cpufreq tree (raised, then put back)
 *   test_hint android   run with LD_LIBRARY_PATH on the stub libandroid.so:
 *                       a hinted loop opens a session over the team's
 *                       threads, sets its target from the loop's work
 *                       estimate and reports the actual durations
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static uint64_t clock_ns;
static uint64_t fake_now(void) { return clock_ns; }

/* sched_setattr that records what each thread was given. */
enum { MAX_CALLS = 64 };
static struct {
  int tid;
  uint32_t lo, hi;
  uint64_t flags;
} calls[MAX_CALLS];
static int ncalls, setattr_result;
static int record_setattr(int tid, const weft_sched_attr_t *a) {
  if (ncalls < MAX_CALLS) {
    calls[ncalls].tid = tid;
    calls[ncalls].lo = a->sched_util_min;
    calls[ncalls].hi = a->sched_util_max;
    calls[ncalls].flags = a->sched_flags;
    ncalls++;
  }
  CHECK_EQ(a->size, sizeof *a);
  return setattr_result;
}

/* Hints on the injected clock, with no libandroid.so to find: through
   `setattr` (NULL: the real system call) and cpufreq under `sysfs_root`. */
static void reset_offline(int (*setattr)(int, const weft_sched_attr_t *),
                          const char *sysfs_root) {
  weft_hint_seams_t seams = {.now_ns = fake_now,
                             .setattr = setattr,
                             .android_lib = "libweft-no-such-library.so",
                             .sysfs_root = sysfs_root};
  weft_hint_reset(&seams);
}

static int gettid_(void) { return (int)syscall(SYS_gettid); }

static void stats(weft_hint_stats_t *s) { weft_get_hint_stats(s); }

/* Hysteresis and rate limit: a change needs two requests in a row and 10 ms
   since the last one. */
static void check_decisions(void) {
  reset_offline(record_setattr, "/nonexistent");
  ncalls = 0;
  clock_ns = 1000000000ull;
  weft_hint_stats_t s;
  /* The first hint acts at once. */
  CHECK_EQ(weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0), WEFT_HINT_UCLAMP);
  CHECK_EQ(ncalls, 1);
  CHECK_EQ(calls[0].tid, gettid_());
  CHECK_EQ(calls[0].lo, 768);
  CHECK_EQ(calls[0].hi, 1024);
  CHECK(calls[0].flags & 0x60); /* both clamps */
  /* Once is not enough, and 10 ms have not passed. */
  clock_ns += 1000000;
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  clock_ns += 1000000;
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  CHECK_EQ(ncalls, 1);
  stats(&s);
  CHECK_EQ(s.held, 2);
  /* Asked again after the interval: applied. */
  clock_ns += 10000000;
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  CHECK_EQ(ncalls, 2);
  CHECK_EQ(calls[1].lo, 0);
  CHECK_EQ(calls[1].hi, 512);
  /* A lone request between two of the current intent resets the count. */
  clock_ns += 20000000;
  weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0);
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0);
  CHECK_EQ(ncalls, 2);
  weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0);
  CHECK_EQ(ncalls, 3);
  stats(&s);
  CHECK_EQ(s.requests, 8);
  CHECK_EQ(s.applied, 3);
  CHECK_EQ(s.held, 4);
  CHECK_EQ(s.failures, 0);
  CHECK_EQ(s.backend, WEFT_HINT_UCLAMP);
  /* Work expected to last 5 ms or more moves the hint at once (after the
     rate limit). */
  clock_ns += 20000000;
  weft_hint(WEFT_INTENT_SERIAL, 6e6, NULL, 0);
  CHECK_EQ(ncalls, 4);
  CHECK_EQ(calls[3].lo, 1024); /* the caller is the owner: fast */
  weft_hint(WEFT_INTENT_COMPUTE, 6e6, NULL, 0); /* too soon */
  CHECK_EQ(ncalls, 4);
  CHECK_EQ(weft_hint(WEFT_INTENT_COMPUTE, -1, NULL, 0), -1);
  /* Bad arguments. */
  CHECK_EQ(weft_hint(7, 0, NULL, 0), -1);
  CHECK_EQ(weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 2), -1);
}

/* A hinted loop: every team thread gets clamps in proportion to its
   member's capacity weight; a serial stretch parks the workers. */
static _Atomic int body_tids[8];
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  (void)ctx, (void)lo, (void)hi, (void)chunk;
  int me = weft_tls.member;
  if (me >= 0 && me < 8)
    atomic_store(&body_tids[me], gettid_());
}

static void check_team_clamps(void) {
  reset_offline(record_setattr, "/nonexistent");
  weft_set_num_threads(3);
  static const int weights[] = {1024, 1024, 512};
  weft_set_weights(weights, 3);
  weft_loop_t warm = {.trip = 3000, .cost0 = 1, .work_ns = 1e5};
  weft_parallel_for(&warm, body, NULL); /* the workers start */
  usleep(20000);
  ncalls = 0;
  weft_loop_t loop = {
      .trip = 3000, .cost0 = 1, .work_ns = 3e6, .intent = WEFT_INTENT_COMPUTE};
  weft_parallel_for(&loop, body, NULL);
  CHECK_EQ(ncalls, 3);
  CHECK_EQ(calls[0].tid, gettid_());
  CHECK(calls[1].tid != calls[0].tid && calls[2].tid != calls[1].tid);
  CHECK_EQ(calls[0].lo, 768);
  CHECK_EQ(calls[1].lo, 768);
  CHECK_EQ(calls[2].lo, 384); /* half the weight, half the floor */
  /* The workers' thread ids are the ones the hints went to. */
  for (int i = 1; i < 3; i++) {
    int tid = atomic_load(&body_tids[i]);
    if (tid)
      CHECK(tid == calls[1].tid || tid == calls[2].tid);
  }
  /* A loop below WEFT_HINT_MIN_NS hints nothing. */
  weft_loop_t brief = loop;
  brief.work_ns = 5e5;
  brief.intent = WEFT_INTENT_SERIAL;
  weft_parallel_for(&brief, body, NULL);
  CHECK_EQ(ncalls, 3);
  weft_set_weights(NULL, 0);
  weft_set_num_threads(0);
}

/* The real sched_setattr: this kernel may answer EOPNOTSUPP (no uclamp);
   either way nothing breaks, and a failure is counted once. */
static void check_real_setattr(void) {
  reset_offline(NULL, "/nonexistent");
  int b = weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  weft_hint_stats_t s;
  stats(&s);
  if (b == WEFT_HINT_UCLAMP) {
    CHECK_EQ(s.failures, 0);
    weft_hint(WEFT_INTENT_NONE, 0, NULL, 0); /* put the clamps back */
    clock_ns += 20000000;
    weft_hint(WEFT_INTENT_NONE, 0, NULL, 0);
  } else {
    CHECK_EQ(b, WEFT_HINT_TRACE);
    CHECK_EQ(s.failures, 1);
    clock_ns += 20000000;
    weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0);
    weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0);
    stats(&s);
    CHECK_EQ(s.failures, 1); /* not tried again */
    CHECK_EQ(s.applied, 2);
  }
  printf("test_hint: sched_setattr with uclamp: %s\n",
         b == WEFT_HINT_UCLAMP ? "works" : "refused (EOPNOTSUPP or EPERM)");
}

static void put(const char *dir, const char *file, const char *text) {
  char path[600];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  fputs(text, f);
  fclose(f);
}

static long get(const char *dir, const char *file) {
  char path[600], buf[64] = "";
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  CHECK(f != NULL);
  CHECK(fgets(buf, sizeof buf, f) != NULL);
  fclose(f);
  return strtol(buf, NULL, 10);
}

/* A writable fake cpufreq tree: one policy with scaling_min_freq, one with
   the userspace governor's scaling_setspeed. uclamp is refused. */
static void check_cpufreq(void) {
  char root[] = "/tmp/weft-cpufreq-XXXXXX";
  CHECK(mkdtemp(root) != NULL);
  char p0[400], p2[400], dir[300];
  snprintf(dir, sizeof dir, "%s/cpufreq", root);
  snprintf(p0, sizeof p0, "%s/policy0", dir);
  snprintf(p2, sizeof p2, "%s/policy2", dir);
  CHECK(mkdir(dir, 0755) == 0 && mkdir(p0, 0755) == 0 && mkdir(p2, 0755) == 0);
  put(p0, "related_cpus", "0-1\n");
  put(p0, "cpuinfo_max_freq", "2000000\n");
  put(p0, "cpuinfo_min_freq", "500000\n");
  put(p0, "scaling_min_freq", "500000\n");
  put(p2, "related_cpus", "2-3\n");
  put(p2, "cpuinfo_max_freq", "2600000\n");
  put(p2, "cpuinfo_min_freq", "700000\n");
  put(p2, "scaling_setspeed", "1000000\n");
  setattr_result = -EOPNOTSUPP;
  reset_offline(record_setattr, root);
  CHECK_EQ(weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0), WEFT_HINT_CPUFREQ);
  CHECK_EQ(get(p0, "scaling_min_freq"), 1600000);
  CHECK_EQ(get(p2, "scaling_setspeed"), 2080000);
  weft_hint_stats_t s;
  stats(&s);
  CHECK_EQ(s.failures, 1); /* uclamp, once */
  clock_ns += 20000000;
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  CHECK_EQ(get(p0, "scaling_min_freq"), 1600000); /* held: asked once */
  weft_hint(WEFT_INTENT_MEMORY, 0, NULL, 0);
  CHECK_EQ(get(p0, "scaling_min_freq"), 500000);
  CHECK_EQ(get(p2, "scaling_setspeed"), 1000000);
  setattr_result = 0;
  weft_hint_reset(NULL);
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  CHECK(system(cmd) == 0);
}

/* Through the real dlopen path: LD_LIBRARY_PATH names the stub's
   directory. */
static void check_android(void) {
  weft_hint_seams_t seams = {.now_ns = fake_now};
  weft_hint_reset(&seams);
  weft_set_num_threads(3);
  weft_loop_t warm = {.trip = 3000, .cost0 = 1, .work_ns = 1e5};
  weft_parallel_for(&warm, body, NULL);
  usleep(20000);
  weft_loop_t loop = {
      .trip = 3000, .cost0 = 1, .work_ns = 6e6, .intent = WEFT_INTENT_COMPUTE};
  weft_parallel_for(&loop, body, NULL);
  weft_parallel_for(&loop, body, NULL);
  weft_hint_stats_t s;
  stats(&s);
  CHECK_EQ(s.backend, WEFT_HINT_ANDROID);
  void *lib = dlopen("libandroid.so", RTLD_NOW | RTLD_NOLOAD);
  CHECK(lib != NULL);
  const char *(*log)(void) =
      (const char *(*)(void))dlsym(lib, "weft_stub_android_log");
  CHECK(log != NULL);
  const char *text = log();
  printf("%s", text);
  char want[64];
  snprintf(want, sizeof want, "tids=%d,", gettid_());
  CHECK(strstr(text, "manager\n"));
  CHECK(strstr(text, "create 1 threads=3 target=2000000 "));
  CHECK(strstr(text, want)); /* the owner is in the session */
  CHECK(strstr(text, "target 1 2000000\n"));
  /* Both regions reported how long they took. */
  const char *a = strstr(text, "actual 1 ");
  CHECK(a && strstr(a + 1, "actual 1 "));
  dlclose(lib);
  weft_set_num_threads(0);
}

/* WEFT_HINTS=0: no backend is touched, the trace alone holds the hints. */
static void check_disabled(void) {
  setenv("WEFT_HINTS", "0", 1);
  weft_hint_seams_t seams = {.now_ns = fake_now, .setattr = record_setattr};
  weft_hint_reset(&seams);
  ncalls = 0;
  CHECK_EQ(weft_hint(WEFT_INTENT_COMPUTE, 0, NULL, 0), WEFT_HINT_TRACE);
  CHECK_EQ(ncalls, 0);
  weft_hint_stats_t s;
  stats(&s);
  CHECK_EQ(s.applied, 1);
  CHECK_EQ(s.failures, 0);
  unsetenv("WEFT_HINTS");
  weft_hint_reset(NULL);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "android")) {
    check_android();
  } else {
    check_decisions();
    check_team_clamps();
    check_real_setattr();
    check_cpufreq();
    check_disabled();
  }
  printf("test_hint: ok\n");
  return 0;
}
