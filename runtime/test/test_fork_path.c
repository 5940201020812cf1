/*===- test_fork_path.c - A warm fork/join allocates nothing, locks nothing -===*
 *
 * docs/runtime.md promises no malloc, mutex or condition variable on the
 * fork/join path. This test links libweft with the allocator and the mutex
 * wrapped (-Wl,--wrap=...), warms every kind of region up (the team, the
 * trace buffers, the hint state are made on first use), then counts the
 * calls libweft makes during thousands of regions: parallel loops with
 * frequency hints and a trace, loops whose workers sleep in between, SPMD
 * regions with barriers and work-shared loops, and nested (serial) loops.
 * Every count must be 0.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

static _Atomic int counting;
static _Atomic long calls[5];
static const char *const names[5] = {"malloc", "calloc", "realloc",
                                     "aligned_alloc", "pthread_mutex_lock"};

#define COUNT(i)                                                               \
  do {                                                                         \
    if (atomic_load_explicit(&counting, memory_order_relaxed))                 \
      atomic_fetch_add(&calls[i], 1);                                          \
  } while (0)

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t a, size_t n);
int __real_pthread_mutex_lock(pthread_mutex_t *m);
void *__wrap_malloc(size_t n) {
  COUNT(0);
  return __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t s) {
  COUNT(1);
  return __real_calloc(n, s);
}
void *__wrap_realloc(void *p, size_t n) {
  COUNT(2);
  return __real_realloc(p, n);
}
void *__wrap_aligned_alloc(size_t a, size_t n) {
  COUNT(3);
  return __real_aligned_alloc(a, n);
}
int __wrap_pthread_mutex_lock(pthread_mutex_t *m) {
  COUNT(4);
  return __real_pthread_mutex_lock(m);
}

static _Atomic long sink;

static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  long s = 0;
  for (int64_t k = lo; k < hi; k++)
    s += k * (k ^ chunk);
  atomic_fetch_add_explicit(&sink, s, memory_order_relaxed);
}

static void nested(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  weft_loop_t inner = {.trip = 64};
  for (int64_t k = lo; k < hi; k++)
    weft_parallel_for(&inner, body, NULL); /* serial: inside a region */
}

static void spmd(void *ctx, int member, int size) {
  weft_loop_t l = {.trip = 4096};
  weft_spmd_for(&l, body, NULL);
  weft_barrier();
  weft_spmd_for(&l, body, NULL);
}

static void regions(int n) {
  /* A hinted loop: an intent and 2 ms of estimated work. */
  weft_loop_t hinted = {.trip = 20000,
                        .work_ns = 2e6,
                        .intent = WEFT_INTENT_COMPUTE,
                        .file = "test_fork_path.c",
                        .line = 1};
  weft_loop_t plain = {.trip = 5000};
  weft_loop_t outer = {.trip = 16};
  for (int r = 0; r < n; r++) {
    weft_parallel_for(&hinted, body, NULL);
    weft_parallel_for(&plain, body, NULL);
    weft_parallel_for(&outer, nested, NULL);
    weft_spmd(&plain, spmd, NULL);
    if (r % 50 == 0)
      usleep(2000); /* past the spin: the next fork wakes sleepers */
  }
}

int main(void) {
  char trace[] = "/tmp/weft-fork-path-XXXXXX";
  int fd = mkstemp(trace);
  CHECK(fd >= 0);
  close(fd);
  setenv("WEFT_TRACE", trace, 1);
  setenv("WEFT_HINTS", "0", 1); /* hints to the trace alone */
  weft_set_num_threads(4);
  weft_set_spin_us(500);
  regions(20); /* the team, every thread's trace buffers, the hint state */

  atomic_store(&counting, 1);
  regions(WEFT_TEST_SLOW ? 200 : 2000);
  atomic_store(&counting, 0);

  int bad = 0;
  for (int i = 0; i < 5; i++)
    if (atomic_load(&calls[i])) {
      fprintf(stderr, "test_fork_path: %ld calls to %s on the fork path\n",
              atomic_load(&calls[i]), names[i]);
      bad = 1;
    }
  weft_hint_stats_t hs;
  weft_get_hint_stats(&hs);
  CHECK(hs.requests > 0); /* the hinted loop did hint */
  weft_trace_flush();
  unlink(trace);
  CHECK(!bad);
  printf("test_fork_path: ok\n");
  return 0;
}
