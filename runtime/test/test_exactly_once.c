/*===- test_exactly_once.c - Every iteration runs exactly once ------------===*
 *
 * parallel_for over many trip counts, team sizes, weights and shapes: each
 * iteration increments its own counter, each chunk records itself, and every
 * counter must be exactly 1 afterwards.
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <stdatomic.h>
#include <string.h>

#define MAXTRIP 20000

static _Atomic unsigned char hits[MAXTRIP];
static _Atomic int chunk_hits[WEFT_MAX_CHUNKS];

typedef struct {
  const weft_loop_t *loop;
  _Atomic int bad;
} ctx_t;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *ctx = p;
  int64_t elo, ehi;
  weft_chunk_bounds(ctx->loop, chunk, &elo, &ehi);
  if (elo != lo || ehi != hi)
    atomic_store(&ctx->bad, 1); /* chunk ids are stable */
  atomic_fetch_add(&chunk_hits[chunk], 1);
  for (int64_t k = lo; k < hi; k++)
    atomic_fetch_add_explicit(&hits[k], 1, memory_order_relaxed);
}

static void run(int64_t trip, int shape, double work) {
  weft_loop_t loop = {.trip = trip, .shape = shape, .cost0 = 1, .cost1 = 2,
                      .work_ns = work};
  ctx_t ctx = {.loop = &loop};
  memset(hits, 0, sizeof hits);
  memset(chunk_hits, 0, sizeof chunk_hits);
  int64_t n = weft_parallel_for(&loop, body, &ctx);
  CHECK_EQ(n, weft_chunk_count(&loop));
  CHECK(!atomic_load(&ctx.bad));
  for (int64_t c = 0; c < n; c++)
    CHECK_EQ(atomic_load(&chunk_hits[c]), 1);
  for (int64_t k = 0; k < trip; k++)
    CHECK_EQ(atomic_load(&hits[k]), 1);
  for (int64_t k = trip > 0 ? trip : 0; k < MAXTRIP; k++)
    CHECK_EQ(atomic_load(&hits[k]), 0);
}

int main(void) {
  static const int64_t trips[] = {0, 1, 2, 3, 5, 7, 13, 64, 65, 255, 256, 257,
                                  997, 4096, 19997, -3};
  static const int weights[][4] = {
      {1024, 1024, 1024, 1024}, {1024, 512, 1024, 512}, {1, 1000, 1, 1000}};
  for (int size = 1; size <= 6; size++)
    for (int w = 0; w < 3; w++) {
      CHECK_EQ(weft_set_num_threads(size), 0);
      CHECK_EQ(weft_set_weights(weights[w], 4), 0);
      CHECK_EQ(weft_num_threads(), size);
      for (size_t i = 0; i < sizeof trips / sizeof trips[0]; i++) {
        run(trips[i], WEFT_SHAPE_UNIFORM, 0);
        run(trips[i], WEFT_SHAPE_LINEAR, 0);
        run(trips[i], WEFT_SHAPE_UNIFORM, 1e9);
      }
    }
  weft_stats_t st;
  weft_get_stats(&st);
  CHECK(st.regions > 0);
  CHECK(st.serial_regions > 0); /* team of one, single chunks */
  printf("test_exactly_once: ok (regions %llu, serial %llu, steals %llu)\n",
         (unsigned long long)st.regions, (unsigned long long)st.serial_regions,
         (unsigned long long)st.steals);
  return 0;
}
