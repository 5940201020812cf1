/*===- test_lifecycle.c - Shutdown, resize, stack size --------------------===*
 *
 * The team can be shut down and comes back; it is resized when idle; workers
 * get the configured stack size; weft_shutdown() refuses to run inside a
 * body; the worker threads really go away on shutdown.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <dirent.h>
#include <time.h>
#include <string.h>
#include <pthread.h>
#include <stdatomic.h>

static void nap_us(long us) {
  struct timespec ts = {0, us * 1000};
  nanosleep(&ts, NULL);
}

/// Threads of this process named "weft-*": the team's workers. (Counting
/// all threads would also count a sanitizer's helper threads.)
static int thread_count(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  struct dirent *e;
  CHECK(d);
  while ((e = readdir(d))) {
    char path[300], comm[64] = {0};
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
    FILE *f = fopen(path, "r");
    if (f && fgets(comm, sizeof comm, f) && strncmp(comm, "weft-", 5) == 0)
      n++;
    if (f)
      fclose(f);
  }
  closedir(d);
  return n;
}

/// The worker count once it settles: a joined thread can linger in
/// /proc/self/task for a moment (under qemu-user especially).
static int settled_count(int want) {
  int n = thread_count();
  for (int i = 0; i < 200 && n != want; i++) {
    nap_us(5000);
    n = thread_count();
  }
  return n;
}

static _Atomic size_t worker_stack;
static _Atomic int shutdown_result = 1;
static _Atomic int64_t sum;
static _Atomic int owner_naps;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  atomic_fetch_add(&sum, hi - lo);
  if (weft_tls.member == 0 && atomic_load(&owner_naps))
    nap_us(20); /* leave the CPU to a worker on a loaded machine */
  if (weft_tls.member != 0) {
    pthread_attr_t a;
    size_t sz;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      pthread_attr_getstacksize(&a, &sz);
      atomic_store(&worker_stack, sz);
      pthread_attr_destroy(&a);
    }
  }
  atomic_store(&shutdown_result, weft_shutdown());
}

static void run_until_worker(void) {
  /* A loop that says it is long: sleeping workers are woken for it (a tiny
     loop without an estimate may be run by the caller alone). The owner
     takes the chunks of a worker that has not started yet, so on a loaded
     machine (CI runs suites side by side on 2 cores) it could finish every
     region alone: it naps in its chunks, and the test gives the workers up
     to 30 s of regions, not a count of them. */
  weft_loop_t l = {.trip = 64, .work_ns = 1e6};
  atomic_store(&worker_stack, 0);
  atomic_store(&owner_naps, 1);
  uint64_t t0 = weft_now_ns();
  while (!atomic_load(&worker_stack) && weft_now_ns() - t0 < 30000000000ull)
    weft_parallel_for(&l, body, NULL);
  atomic_store(&owner_naps, 0);
  CHECK(atomic_load(&worker_stack) != 0);
}

int main(void) {
  int base = thread_count();
  weft_set_num_threads(4);
  run_until_worker();
  CHECK_EQ(settled_count(base + 3), base + 3);
  CHECK_EQ(atomic_load(&shutdown_result), -1); /* refused inside a body */

  CHECK_EQ(weft_shutdown(), 0);
  CHECK_EQ(settled_count(base), base);
  run_until_worker(); /* comes back */
  CHECK_EQ(settled_count(base + 3), base + 3);

  weft_set_num_threads(2); /* resized at the next region */
  run_until_worker();
  CHECK_EQ(settled_count(base + 1), base + 1);

  /* Larger than glibc's default (8 MiB), whose cached stacks it would
     otherwise reuse for smaller requests. */
  CHECK_EQ(weft_set_stack_size(12u << 20), 0);
  run_until_worker();
  CHECK(atomic_load(&worker_stack) >= (12u << 20));

  weft_set_num_threads(1); /* no workers at all */
  weft_loop_t l = {.trip = 1000};
  atomic_store(&sum, 0);
  weft_parallel_for(&l, body, NULL);
  CHECK_EQ(atomic_load(&sum), 1000);
  CHECK_EQ(settled_count(base), base);
  printf("test_lifecycle: ok\n");
  return 0;
}
