/*===- test_spmd.c - SPMD regions, the barrier, work-shared loops ---------===*
 *
 * Phases separated by barriers see each other's writes; spmd_for runs every
 * chunk once and ends with a barrier; nested regions run serially (their
 * barriers are no-ops, not the team's); a team of one works.
 *
 * Loops without their barrier (WEFT_FOR_NOWAIT) and loops that follow
 * another chunk by chunk (WEFT_FOR_CHUNKWISE): a chain of loops where each
 * iteration reads what the previous loop wrote at the same index sees it,
 * with chunks of uneven cost so that members steal, on teams of 1 to 6;
 * such a chain makes no barrier at all; a chunkwise loop whose trip count
 * differs from the previous loop's falls back to a barrier; an independent
 * loop after a chunkwise one, which members run ahead of it, must not hide
 * the completions the chunkwise loop waits for (it hung when one tag per
 * chunk recorded the last loop to complete it).
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
#include <string.h>

#define PHASES 200
#define MAXT 8
#define N 5000

typedef struct {
  int slot[MAXT];
  _Atomic int errors;
  _Atomic int members_seen;
  int data[N];
  _Atomic int hits[N];
  int size_seen;
} ctx_t;

static void count_body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  for (int64_t k = lo; k < hi; k++)
    atomic_fetch_add(&c->hits[k], 1);
}

static void inc_body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  for (int64_t k = lo; k < hi; k++)
    c->data[k] += 1;
}

static void check_body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  /* After the previous loop's barrier, every element is incremented. */
  for (int64_t k = lo; k < hi; k++)
    if (c->data[k] != 1)
      atomic_fetch_add(&c->errors, 1);
}

static void nested_spmd(void *p, int member, int size) {
  ctx_t *c = p;
  if (member != 0 || size != 1)
    atomic_fetch_add(&c->errors, 1);
  weft_barrier(); /* a no-op: must not wait for the outer team */
}

static void region(void *p, int member, int size) {
  ctx_t *c = p;
  atomic_fetch_add(&c->members_seen, 1);
  if (member == 0)
    c->size_seen = size;
  for (int ph = 0; ph < PHASES; ph++) {
    c->slot[member] = ph;
    weft_barrier();
    for (int t = 0; t < size; t++)
      if (c->slot[t] != ph)
        atomic_fetch_add(&c->errors, 1);
    weft_barrier();
  }
  weft_loop_t all = {.trip = N};
  weft_spmd_for(&all, count_body, c);
  weft_spmd_for(&all, inc_body, c);
  weft_spmd_for(&all, check_body, c);
  weft_loop_t empty = {.trip = 0};
  weft_spmd_for(&empty, count_body, c);
  /* Nested: serial, with member 0 of 1. */
  weft_spmd(NULL, nested_spmd, c);
  weft_loop_t small = {.trip = 10};
  weft_parallel_for(&small, count_body, c); /* adds 1 to hits[0..10) per member */
}

/* A chain of loops over the same iterations: x = k, y = x + 1, z = 2y. */
#define CHAIN 3000
static int64_t x[CHAIN + 1], y[CHAIN + 1], z[CHAIN + 1];
static _Atomic int chain_errors;

static void slow(int64_t k) {
  /* Uneven: a few iterations are slow, so that members steal chunks. */
  if (k % 97 == 0)
    for (volatile int s = 0; s < 20000; s++)
      ;
}
static void set_x(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++) {
    slow(k);
    x[k] = k;
  }
}
static void set_y(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++) {
    if (k < CHAIN && x[k] != k) /* x[CHAIN]: only when this loop is longer */
      atomic_fetch_add(&chain_errors, 1);
    y[k] = x[k] + 1;
  }
}
static void set_z(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++) {
    slow(k + 1);
    if (y[k] != k + 1)
      atomic_fetch_add(&chain_errors, 1);
    z[k] = 2 * y[k];
  }
}

static int64_t w[CHAIN + 1];
static void set_w(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++)
    w[k] = 3 * k;
}

/* x, slow in whole stretches: members wait in the chunkwise loop after it
   while others have gone on to the loop after that. */
static void set_x_stretches(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  for (int64_t k = lo; k < hi; k++) {
    if ((k / 64) % 3 == 0)
      for (volatile int s = 0; s < 2000; s++)
        ;
    x[k] = k;
  }
}

static void overtake(void *p, int member, int size) {
  weft_loop_t a = {.trip = CHAIN, .work_ns = 50000};
  weft_spmd_for_ex(&a, set_x_stretches, NULL, WEFT_FOR_NOWAIT);
  weft_spmd_for_ex(&a, set_y, NULL, WEFT_FOR_CHUNKWISE | WEFT_FOR_NOWAIT);
  weft_spmd_for_ex(&a, set_w, NULL, WEFT_FOR_NOWAIT); /* runs ahead */
}

static void check_overtake(int size) {
  weft_set_num_threads(size);
  for (int round = 0; round < 50; round++) {
    memset(x, 0xff, sizeof x);
    memset(y, 0xff, sizeof y);
    weft_spmd(NULL, overtake, NULL);
    CHECK_EQ(atomic_load(&chain_errors), 0);
    for (int k = 0; k < CHAIN; k++)
      CHECK_EQ(y[k], k + 1);
    for (int k = 0; k < CHAIN; k++)
      CHECK_EQ(w[k], 3 * k);
  }
}

static int chain_trip_b = CHAIN; /* the middle loop's trip count */

static void chain(void *p, int member, int size) {
  weft_loop_t a = {.trip = CHAIN, .work_ns = 50000};
  /* The same chunks as a when its trip count is a's; another grid (and
     so a barrier) when it is not. */
  weft_loop_t b = {.trip = chain_trip_b, .work_ns = 50000};
  weft_spmd_for_ex(&a, set_x, NULL, WEFT_FOR_NOWAIT);
  weft_spmd_for_ex(&b, set_y, NULL, WEFT_FOR_CHUNKWISE | WEFT_FOR_NOWAIT);
  weft_spmd_for_ex(&a, set_z, NULL, WEFT_FOR_CHUNKWISE | WEFT_FOR_NOWAIT);
}

static void check_chain(int size) {
  weft_set_num_threads(size);
  for (int round = 0; round < 30; round++) {
    memset(x, 0xff, sizeof x);
    memset(y, 0xff, sizeof y);
    memset(z, 0xff, sizeof z);
    weft_reset_stats();
    weft_spmd(NULL, chain, NULL);
    weft_stats_t st;
    weft_get_stats(&st);
    CHECK_EQ(atomic_load(&chain_errors), 0);
    for (int k = 0; k < CHAIN; k++)
      CHECK_EQ(z[k], 2 * (k + 1));
    if (chain_trip_b == CHAIN)
      CHECK_EQ(st.barriers, 0); /* no barrier in the whole chain */
    else if (size > 1)
      CHECK(st.barriers >= 1);
  }
}

int main(void) {
  static ctx_t c;
  for (int size = 1; size <= 6; size++)
    check_chain(size);
  for (int size = 2; size <= 6; size++)
    check_overtake(size);
  chain_trip_b = CHAIN + 1; /* not the same iterations: barriers */
  for (int size = 1; size <= 4; size++)
    check_chain(size);
  chain_trip_b = CHAIN;
  for (int size = 1; size <= 6; size++) {
    memset(&c, 0, sizeof c);
    weft_set_num_threads(size);
    weft_spmd(NULL, region, &c);
    CHECK_EQ(atomic_load(&c.errors), 0);
    CHECK_EQ(atomic_load(&c.members_seen), size);
    CHECK_EQ(c.size_seen, size);
    for (int k = 0; k < N; k++)
      CHECK_EQ(atomic_load(&c.hits[k]), 1 + (k < 10 ? size : 0));
  }
  /* Outside any region the barrier returns at once, spmd_for is a loop. */
  weft_barrier();
  memset(&c, 0, sizeof c);
  weft_loop_t all = {.trip = N};
  CHECK_EQ(weft_spmd_for(&all, count_body, &c), weft_chunk_count(&all));
  for (int k = 0; k < N; k++)
    CHECK_EQ(atomic_load(&c.hits[k]), 1);
  weft_stats_t st;
  weft_get_stats(&st);
  CHECK(st.barriers > 0);
  printf("test_spmd: ok (%llu barriers)\n", (unsigned long long)st.barriers);
  return 0;
}
