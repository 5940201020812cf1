/*===- test_reduction.c - Float reductions are bit-identical --------------===*
 *
 * A float sum with per-chunk partials combined in chunk order gives the same
 * bits on every run, every team size, every weight set, with stealing forced
 * (one member sleeps in its first chunk, so others take its chunks), and when
 * the loop runs serially because it is nested.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <string.h>
#include <time.h>

#define N 100003

static float data[N];

typedef struct {
  float partial[WEFT_MAX_CHUNKS];
  int slow_member; /* -1: nobody sleeps */
  _Atomic int slept;
} ctx_t;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *ctx = p;
  if (ctx->slow_member >= 0 && weft_tls.member == ctx->slow_member &&
      !atomic_exchange(&ctx->slept, 1)) {
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  float s = 0; /* identity */
  for (int64_t k = lo; k < hi; k++)
    s += data[k] * (1.0f + 1e-3f * (float)(k % 7));
  ctx->partial[chunk] = s;
}

static float reduce(int slow_member) {
  weft_loop_t loop = {.trip = N};
  ctx_t ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.slow_member = slow_member;
  int64_t n = weft_parallel_for(&loop, body, &ctx);
  float sum = 0.5f; /* the sequential initial value */
  for (int64_t c = 0; c < n; c++)
    sum += ctx.partial[c];
  return sum;
}

static void nested(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  float *out = p;
  if (chunk == 0)
    *out = reduce(-1); /* runs serially inside a body */
}

int main(void) {
  unsigned seed = 12345;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    data[i] = (float)((seed >> 8) & 0xffff) / 977.0f - 30.0f;
  }
  CHECK_EQ(weft_set_num_threads(1), 0);
  float ref = reduce(-1);
  uint32_t refbits;
  memcpy(&refbits, &ref, 4);

  static const int weights[][4] = {{1024, 1024, 1024, 1024},
                                   {1024, 1024, 512, 512},
                                   {100, 1024, 7, 3000}};
  weft_stats_t before, after;
  weft_get_stats(&before);
  for (int size = 1; size <= 5; size++)
    for (int w = 0; w < 3; w++) {
      weft_set_num_threads(size);
      weft_set_weights(weights[w], 4);
      for (int rep = 0; rep < 20; rep++) {
        int slow = rep % 2 ? (rep / 2) % size : -1;
        float r = reduce(slow);
        uint32_t bits;
        memcpy(&bits, &r, 4);
        CHECK_EQ(bits, refbits);
      }
    }
  weft_get_stats(&after);
  CHECK(after.steals > before.steals); /* stealing did happen */

  weft_set_num_threads(3);
  float inner = 0;
  weft_loop_t outer = {.trip = 3};
  weft_parallel_for(&outer, nested, &inner);
  uint32_t bits;
  memcpy(&bits, &inner, 4);
  CHECK_EQ(bits, refbits);
  printf("test_reduction: ok (sum %.9g, %llu steals)\n", ref,
         (unsigned long long)(after.steals - before.steals));
  return 0;
}
