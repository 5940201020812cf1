/*===- test_fork.c - fork() and then use the team in the child ------------===*
 *
 * The child of a fork() has none of the parent's workers. Its first region
 * must build a new team and work; the parent's team must keep working.
 *
 * With --shutdown-first the team is stopped before each fork. Only that
 * variant runs under qemu-user, whose fork() of a multi-threaded guest
 * aborts inside qemu itself (Debian 12's qemu 7.2: "qemu_plugin_vcpu_init_hook:
 * assertion failed"); the native run covers a live team.
 *
 * The native run also forks while another thread keeps taking libweft's
 * locks (the configuration's, the hints' and the trace's, through the API):
 * the child must find them free. Before the atfork handlers took them, a
 * child that forked while one was held hung in its first call.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 10000
static _Atomic int hits[N];

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++)
    atomic_fetch_add(&hits[k], 1);
}

static int run_and_check(void) {
  weft_loop_t l = {.trip = N};
  memset(hits, 0, sizeof hits);
  for (int r = 0; r < 100; r++)
    weft_parallel_for(&l, body, NULL);
  for (int k = 0; k < N; k++)
    if (atomic_load(&hits[k]) != 100)
      return 1;
  return 0;
}

static _Atomic int stop_api;

/// Calls that take libweft's locks, as fast as it can.
static void *api_caller(void *arg) {
  (void)arg;
  for (unsigned k = 0; !atomic_load(&stop_api); k++) {
    weft_set_spin_us(100 + (int)(k % 100));
    weft_hint(k % 2 ? WEFT_INTENT_COMPUTE : WEFT_INTENT_NONE, 1e6, NULL, 0);
    weft_hint_stats_t hs;
    weft_get_hint_stats(&hs);
    weft_stats_t st;
    weft_get_stats(&st);
  }
  return NULL;
}

/// Forks while api_caller runs; each child uses the same calls and a region
/// under a time limit (a child blocked on a lock its parent's other thread
/// held dies of SIGALRM).
static void fork_while_locking(int forks) {
  pthread_t t;
  CHECK_EQ(pthread_create(&t, NULL, api_caller, NULL), 0);
  for (int i = 0; i < forks; i++) {
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
      alarm(20);
      weft_set_spin_us(50);
      weft_hint(WEFT_INTENT_SERIAL, 1e6, NULL, 0);
      weft_hint_stats_t hs;
      weft_get_hint_stats(&hs);
      _exit(run_and_check());
    }
    int status;
    CHECK_EQ(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "test_fork: child %d of %d %s %d\n", i, forks,
              WIFSIGNALED(status) ? "killed by signal" : "exited with",
              WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
      exit(1);
    }
  }
  atomic_store(&stop_api, 1);
  pthread_join(t, NULL);
}

int main(int argc, char **argv) {
  int shutdown_first = argc > 1 && strcmp(argv[1], "--shutdown-first") == 0;
  weft_set_num_threads(4);
  CHECK_EQ(run_and_check(), 0); /* the parent's team exists now */
  for (int gen = 0; gen < 3; gen++) {
    if (shutdown_first)
      CHECK_EQ(weft_shutdown(), 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
      int bad = run_and_check();
      weft_stats_t st;
      weft_get_stats(&st);
      _exit(bad ? 1 : st.regions > 0 ? 0 : 2);
    }
    int status;
    CHECK_EQ(waitpid(pid, &status, 0), pid);
    CHECK(WIFEXITED(status));
    CHECK_EQ(WEXITSTATUS(status), 0);
    CHECK_EQ(run_and_check(), 0);
  }
  if (!shutdown_first) {
    setenv("WEFT_HINTS", "0", 1); /* hints to the trace alone */
    fork_while_locking(WEFT_TEST_SLOW ? 50 : 300);
  }
  printf("test_fork: ok\n");
  return 0;
}
