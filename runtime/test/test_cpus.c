/*===- test_cpus.c - Big cores first, capacities as weights, WEFT_CPUS ----===*
 *
 * `test_cpus order`: a fake sysfs tree (WEFT_SYSFS_ROOT) gives the lowest
 * allowed CPU a capacity of 400 and the others 1024. The team owner (member
 * 0) gets a big CPU and the worker the little one, checked with
 * sched_getaffinity from inside the worker; the split's weights are the
 * capacities; WEFT_WEIGHTS-style API weights still win.
 *
 * `test_cpus restrict`: WEFT_CPUS names one CPU. The default team is then
 * one member; a team of two is oversubscribed, so not pinned, but its worker
 * keeps to that CPU.
 *
 * `test_cpus api`: weft_set_cpus() does the same at run time, and the team
 * is rebuilt, pinned again, when the list is dropped.
 *
 * `test_cpus graph`: a task graph on that team, a chain of three tasks and
 * one task beside it: the plan puts the chain on the big CPU's member and
 * the lone task on the little one, and the tasks run there (each records
 * the CPU it ran on; a task may be taken by the other member in the
 * instant its owner looks for its next one, so not every run: until 10
 * have).
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static cpu_set_t worker_mask;
static _Atomic int worker_seen;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  if (weft_tls.member == 1 && !atomic_load(&worker_seen)) {
    sched_getaffinity(0, sizeof worker_mask, &worker_mask);
    atomic_store(&worker_seen, 1);
  }
  uint64_t until = weft_now_ns() + 5000;
  while (weft_now_ns() < until)
    weft_cpu_relax();
}

static void run_until_worker_ran(void) {
  weft_loop_t l = {.trip = 4096, .work_ns = 1e6};
  for (int tries = 0; tries < 2000 && !atomic_load(&worker_seen); tries++)
    weft_parallel_for(&l, body, NULL);
  CHECK(atomic_load(&worker_seen));
}

/// Runs a team of two until its worker ran a chunk; checks that the worker
/// kept to `cpu` alone, and returns the team (held: weft_team_release()).
static weft_team_t *worker_on(int cpu) {
  atomic_store(&worker_seen, 0);
  CHECK(weft_set_num_threads(2) == 0);
  run_until_worker_ran();
  CHECK_EQ(CPU_COUNT(&worker_mask), 1);
  CHECK(CPU_ISSET(cpu, &worker_mask));
  weft_team_t *team = weft_team_acquire();
  CHECK(team != NULL);
  return team;
}

/// Graph tasks: each busy for 200 us, recording the CPU it ran on.
static int task_cpu[4];
static void graph_task(int t) {
  task_cpu[t] = sched_getcpu();
  uint64_t until = weft_now_ns() + 200000;
  while (weft_now_ns() < until)
    ;
}
static void g0(void *c) { graph_task(0); }
static void g1(void *c) { graph_task(1); }
static void g2(void *c) { graph_task(2); }
static void g3(void *c) { graph_task(3); }

/// Asks for the team size from another thread while the team is rebuilt
/// (weft_num_threads() counts the team's CPUs as team creation plans them;
/// ThreadSanitizer checks that they share nothing).
static _Atomic int asking = 1;
static void *ask_size(void *arg) {
  while (atomic_load(&asking))
    CHECK(weft_num_threads() >= 1);
  return arg;
}

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  fputs(text, f);
  fclose(f);
}

/// A tree in which `little` has capacity 400 and every other CPU 1024.
static void fake_tree(char *root, size_t size, int little, int maxcpu) {
  snprintf(root, size, "/tmp/weft-cpus-XXXXXX");
  CHECK(mkdtemp(root) != NULL);
  char path[512], text[32];
  snprintf(path, sizeof path, "%s/online", root);
  snprintf(text, sizeof text, "0-%d\n", maxcpu);
  put(path, text);
  for (int c = 0; c <= maxcpu; c++) {
    snprintf(path, sizeof path, "%s/cpu%d", root, c);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/cpu%d/cpu_capacity", root, c);
    put(path, c == little ? "400\n" : "1024\n");
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "order";
  cpu_set_t mask;
  CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
  int little = -1, big = -1, maxcpu = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &mask)) {
      if (little < 0)
        little = c;
      else if (big < 0)
        big = c;
      maxcpu = c;
    }
  if (big < 0) {
    fprintf(stderr, "test_cpus needs two CPUs in its affinity mask\n");
    return 1;
  }
  char root[64];
  fake_tree(root, sizeof root, little, maxcpu);
  setenv("WEFT_SYSFS_ROOT", root, 1);

  if (strcmp(mode, "order") == 0) {
    /* The worker is on the little CPU: the owner's is the big one. */
    weft_team_t *team = worker_on(little);
    CHECK_EQ(team->members[0].cpu, big);
    CHECK_EQ(team->members[1].cpu, little);
    CHECK_EQ(team->prefix[1], 1024);
    CHECK_EQ(team->prefix[2], 1024 + 400);
    weft_team_release();
    /* Configured weights win over capacities. */
    int w[2] = {100, 300};
    CHECK(weft_set_weights(w, 2) == 0);
    weft_loop_t l = {.trip = 16, .work_ns = 1e6};
    weft_parallel_for(&l, body, NULL);
    team = weft_team_acquire();
    CHECK(team != NULL);
    CHECK_EQ(team->prefix[2], 400);
    weft_team_release();
  } else if (strcmp(mode, "restrict") == 0) {
    char one[16];
    snprintf(one, sizeof one, "%d", little);
    setenv("WEFT_CPUS", one, 1);
    CHECK_EQ(weft_num_threads(), 1);
    weft_team_t *team = worker_on(little);
    CHECK_EQ(team->bind, 0); /* two members on one CPU: not pinned */
    CHECK_EQ(team->members[1].cpu, -1);
    weft_team_release();
  } else if (strcmp(mode, "api") == 0) {
    /* weft_set_cpus() does what WEFT_CPUS does, and rebuilds the team. */
    pthread_t asker;
    CHECK(pthread_create(&asker, NULL, ask_size, NULL) == 0);
    for (int round = 0; round < 5; round++) {
      CHECK(weft_set_num_threads(0) == 0); /* the default team size */
      CHECK(weft_set_cpus(&big, 1) == 0);
      CHECK_EQ(weft_num_threads(), 1);
      weft_team_t *team = worker_on(big);
      CHECK_EQ(team->bind, 0);
      weft_team_release();
      CHECK(weft_set_cpus(NULL, 0) == 0); /* back to the whole mask */
      team = worker_on(little);
      CHECK_EQ(team->bind, 1);
      CHECK_EQ(team->members[0].cpu, big);
      weft_team_release();
    }
    atomic_store(&asking, 0);
    pthread_join(asker, NULL);
    int bad = -1;
    CHECK(weft_set_cpus(&bad, 1) == -1);
    CHECK(weft_set_cpus(NULL, 1) == -1);
  } else if (strcmp(mode, "graph") == 0) {
    weft_team_t *team = worker_on(little);
    int weights[2] = {(int)(team->prefix[1] - team->prefix[0]),
                      (int)(team->prefix[2] - team->prefix[1])};
    CHECK_EQ(team->members[0].cpu, big);
    weft_team_release();
    /* 0 -> 1 -> 2, and 3 alone: 600 us of chain, 200 us beside it. */
    weft_task_t t[4] = {{g0, 2e5, 0, 0},
                        {g1, 2e5, 1, 0},
                        {g2, 2e5, 2, 0},
                        {g3, 2e5, 0, 0}};
    weft_graph_t g = {.ntasks = 4, .tasks = t};
    signed char owner[WEFT_MAX_TASKS], order[WEFT_MAX_TASKS];
    weft_graph_plan(&g, weights, 2, owner, order);
    CHECK(owner[0] == 0 && owner[1] == 0 && owner[2] == 0 && owner[3] == 1);
    /* The capacities decide: a long task and two short ones. At equal
       weights the short ones share member 1; with member 1 at 400/1024,
       the second would end later there than after the long task on the
       big one. (At run time member 1 may still take it: the cores of the
       machine are in fact equal.) */
    weft_task_t w3[3] = {{g0, 4e5, 0, 0}, {g1, 2e5, 0, 0}, {g2, 2e5, 0, 0}};
    weft_graph_t gw = {.ntasks = 3, .tasks = w3};
    weft_graph_plan(&gw, NULL, 2, owner, order);
    CHECK(owner[0] == 0 && owner[1] == 1 && owner[2] == 1);
    weft_graph_plan(&gw, weights, 2, owner, order);
    CHECK(owner[0] == 0 && owner[1] == 1 && owner[2] == 0);
    /* Until 10 runs ran as placed (a loaded machine may keep the worker
       away for a whole run now and then; a wrong placement never gets
       there). */
    int placed = 0;
    for (int r = 0; r < 400 && placed < 10; r++) {
      CHECK_EQ(weft_run_graph(&g, NULL), 2);
      placed += task_cpu[0] == big && task_cpu[1] == big &&
                task_cpu[2] == big && task_cpu[3] == little;
    }
    CHECK_EQ(placed, 10);
  } else {
    fprintf(stderr, "usage: test_cpus order|restrict|api|graph\n");
    return 2;
  }
  weft_shutdown();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  CHECK(system(cmd) == 0);
  printf("test_cpus %s: ok\n", mode);
  return 0;
}
