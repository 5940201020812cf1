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
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
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
  printf("test_fork: ok\n");
  return 0;
}
