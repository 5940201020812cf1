/*===- test_concurrent.c - Several user threads call at once --------------===*
 *
 * Four user threads each run thousands of loops. One of them owns the team at
 * a time; the others run their loops serially. Every loop must still run
 * every iteration once, and nothing may deadlock.
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define USERS 4
#define N 3000

typedef struct {
  _Atomic int hits[N];
} ctx_t;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  for (int64_t k = lo; k < hi; k++)
    atomic_fetch_add_explicit(&c->hits[k], 1, memory_order_relaxed);
}

static void spmd(void *p, int member, int size) {
  weft_barrier();
  weft_loop_t l = {.trip = N};
  weft_spmd_for(&l, body, p);
}

static void *user(void *arg) {
  ctx_t *c = arg;
  int reps = 4000 / test_scale_down();
  for (int r = 0; r < reps; r++) {
    int64_t trip = 1 + (r * 7919) % N;
    weft_loop_t l = {.trip = trip};
    memset(c, 0, sizeof *c);
    if (r % 5 == 0) {
      weft_spmd(NULL, spmd, c);
      trip = N;
    } else {
      weft_parallel_for(&l, body, c);
    }
    for (int64_t k = 0; k < N; k++)
      CHECK_EQ(atomic_load(&c->hits[k]), k < trip ? 1 : 0);
  }
  return NULL;
}

int main(void) {
  static ctx_t ctx[USERS];
  pthread_t th[USERS];
  weft_set_num_threads(3);
  for (int i = 0; i < USERS; i++)
    CHECK_EQ(pthread_create(&th[i], NULL, user, &ctx[i]), 0);
  for (int i = 0; i < USERS; i++)
    pthread_join(th[i], NULL);
  weft_stats_t st;
  weft_get_stats(&st);
  printf("test_concurrent: ok (team %llu, serial %llu)\n",
         (unsigned long long)st.regions, (unsigned long long)st.serial_regions);
  return 0;
}
