/*===- test_schedule.c - WEFT_SCHEDULE=reverse, the testing schedule ------===*
 *
 * With WEFT_SCHEDULE=reverse every parallel loop runs on its calling thread,
 * its chunks from the last to the first (the grid is unchanged), so that a
 * loop whose iterations depend on each other gives a different result every
 * time instead of sometimes. Reductions combined in chunk order are
 * unaffected. A bad value prints one message and keeps the normal schedule.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 10000
static int64_t order[WEFT_MAX_CHUNKS];
static int64_t seen;
static int hits[N];
static pthread_t caller;
static int foreign; /* chunks run by a thread other than the caller */

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  double *partial = p;
  if (!pthread_equal(pthread_self(), caller))
    __atomic_add_fetch(&foreign, 1, __ATOMIC_RELAXED);
  order[__atomic_fetch_add(&seen, 1, __ATOMIC_RELAXED)] = chunk;
  for (int64_t i = lo; i < hi; i++) {
    hits[i]++;
    partial[chunk] += 1.0 / (double)(i + 1);
  }
}

/// Runs one loop; returns its chunk count and checks what the schedule
/// promises. Returns the reduction (partials combined in chunk order).
static double run(int64_t *chunks, int reversed) {
  static double partial[WEFT_MAX_CHUNKS];
  memset(partial, 0, sizeof partial);
  memset(hits, 0, sizeof hits);
  seen = 0;
  foreign = 0;
  weft_loop_t l = {.trip = N, .work_ns = 1e6};
  *chunks = weft_parallel_for(&l, body, partial);
  CHECK(*chunks >= 4);
  CHECK_EQ(seen, *chunks);
  for (int i = 0; i < N; i++)
    CHECK_EQ(hits[i], 1);
  if (reversed) {
    CHECK_EQ(foreign, 0);
    for (int64_t k = 0; k < *chunks; k++)
      CHECK_EQ(order[k], *chunks - 1 - k);
  }
  double s = 0;
  for (int64_t c = 0; c < *chunks; c++)
    s += partial[c];
  return s;
}

/// In a child, so that the environment is read afresh.
static int child(const char *schedule, double *sum) {
  int fd[2];
  CHECK(pipe(fd) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    close(fd[0]);
    setenv("WEFT_SCHEDULE", schedule, 1);
    setenv("WEFT_NUM_THREADS", "4", 1);
    caller = pthread_self();
    int64_t chunks;
    double s = run(&chunks, strcmp(schedule, "reverse") == 0);
    CHECK(write(fd[1], &s, sizeof s) == (ssize_t)sizeof s);
    _exit(0);
  }
  close(fd[1]);
  CHECK(read(fd[0], sum, sizeof *sum) == (ssize_t)sizeof *sum);
  close(fd[0]);
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(void) {
  double normal, reverse, bad;
  CHECK_EQ(child("normal", &normal), 0);
  CHECK_EQ(child("reverse", &reverse), 0);
  CHECK_EQ(child("sideways", &bad), 0); /* warns, runs normally */
  /* Same grid, same partials, same combination order: the same bits. */
  CHECK(memcmp(&normal, &reverse, sizeof normal) == 0);
  CHECK(memcmp(&normal, &bad, sizeof normal) == 0);
  return 0;
}
