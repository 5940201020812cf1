/*===- test_copies.c - Array reductions: copies and per-member contexts ---===*
 *
 * What the generated code of an array reduction relies on (docs/output.md):
 * weft_copies_alloc gives one block of 64-byte aligned per-member copies,
 * and NULL for a size that overflows; in weft_spmd_for every chunk runs
 * with the ctx of the member that runs it, also a chunk it steals. A
 * histogram made that way, each member counting into its own copy and the
 * copies combined by share after the barrier, equals the sequential one on
 * teams of 1 to 6, with chunks of uneven cost so that members steal. The
 * team's scratch: a block given back is kept for the next allocation it
 * fits (the larger of two), blocks out at once are distinct, also when
 * threads take and give them back at the same time.
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#define N 200000
#define BINS 97
#define BYTES (((BINS * sizeof(unsigned) + 63) / 64) * 64)

static unsigned keys[N];

typedef struct {
  unsigned *bins; /* this member's copy */
  int member;
  _Atomic int *owner; /* per chunk: which member's ctx ran it, + 1 */
} body_ctx_t;

static void count(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  body_ctx_t *c = p;
  CHECK_EQ(atomic_exchange(&c->owner[chunk], c->member + 1), 0);
  for (int64_t k = lo; k < hi; k++) {
    c->bins[keys[k] % BINS]++;
    if (k % 1024 == 0 && keys[k] % 7 == 0) /* uneven chunks: stealing */
      for (volatile int spin = 0; spin < 2000; spin++)
        ;
  }
}

typedef struct {
  const weft_loop_t *l;
  int n;
  char *copies;
  unsigned *hist;
  _Atomic int *owner;
} region_t;

static void region(void *p, int member, int size) {
  region_t *r = p;
  CHECK(size <= r->n);
  body_ctx_t c = {(unsigned *)(r->copies + (size_t)member * BYTES), member,
                  r->owner};
  memset(c.bins, 0, BINS * sizeof(unsigned));
  weft_spmd_for(r->l, count, &c);
  int64_t lo = (int64_t)BINS * member / size,
          hi = (int64_t)BINS * (member + 1) / size;
  for (int64_t e = lo; e < hi; e++) {
    unsigned v = r->hist[e];
    for (int m = 0; m < size; m++)
      v += ((unsigned *)(r->copies + (size_t)m * BYTES))[e];
    r->hist[e] = v;
  }
}

/* Takes and gives back blocks of its own size, filling each with its id and
   checking that nobody else wrote it while it held it. */
static void *churn(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int rep = 0; rep < 2000; rep++) {
    size_t bytes = 64 * (size_t)(1 + (rep * 7 + id) % 40);
    unsigned char *b = weft_copies_alloc(bytes, 2);
    CHECK(b != NULL);
    memset(b, id, 2 * bytes);
    for (size_t k = 0; k < 2 * bytes; k += 61)
      CHECK_EQ(b[k], (unsigned char)id);
    weft_copies_free(b);
  }
  return NULL;
}

static void kept_blocks(void) {
  /* A block given back is taken again by an allocation it fits. */
  char *a = weft_copies_alloc(4096, 3);
  CHECK(a != NULL);
  weft_copies_free(a);
  char *b = weft_copies_alloc(1000, 2);
  CHECK(b == a);
  /* Two blocks out at once are distinct; of two given back, the larger
     is kept. */
  char *c = weft_copies_alloc(1 << 16, 2);
  CHECK(c != NULL && c != b);
  memset(b, 1, 2000);
  memset(c, 2, (size_t)2 << 16);
  CHECK_EQ(b[1999], 1);
  weft_copies_free(c);
  weft_copies_free(b);
  char *d = weft_copies_alloc(100, 1);
  CHECK(d == c);
  CHECK_EQ((uintptr_t)d % 64, 0);
  /* One that does not fit gets a new block of its size. */
  char *e = weft_copies_alloc(1 << 20, 4);
  CHECK(e != NULL);
  memset(e, 3, (size_t)4 << 20);
  weft_copies_free(d);
  weft_copies_free(e);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    CHECK_EQ(pthread_create(&t[i], NULL, churn, (void *)(intptr_t)(i + 1)), 0);
  for (int i = 0; i < 4; i++)
    CHECK_EQ(pthread_join(t[i], NULL), 0);
  CHECK_EQ(weft_shutdown(), 0); /* frees the kept block */
}

int main(void) {
  kept_blocks();
  /* The block: aligned per member, NULL when the size does not fit. */
  for (int members = 1; members <= 5; members++) {
    char *b = weft_copies_alloc(BYTES, members);
    CHECK(b != NULL);
    CHECK_EQ((uintptr_t)b % 64, 0);
    memset(b, 0xab, BYTES * (size_t)members); /* all of it is ours */
    weft_copies_free(b);
  }
  CHECK(weft_copies_alloc(SIZE_MAX / 2, 3) == NULL);
  CHECK(weft_copies_alloc(SIZE_MAX - 10, 1) == NULL);
  CHECK(weft_copies_alloc(64, 0) == NULL);
  CHECK(weft_copies_alloc(0, 2) == NULL);
  weft_copies_free(NULL);

  uint32_t s = 7;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    keys[i] = s >> 9;
  }
  unsigned want[BINS] = {0};
  for (int i = 0; i < N; i++)
    want[keys[i] % BINS]++;

  weft_loop_t l = {.trip = N, .work_ns = 4.0 * N};
  int64_t chunks = weft_chunk_count(&l);
  static _Atomic int owner[WEFT_MAX_CHUNKS];
  int stolen = 0;
  for (int size = 1; size <= 6; size++) {
    weft_set_num_threads(size);
    for (int rep = 0; rep < 20; rep++) {
      unsigned hist[BINS] = {0};
      for (int64_t c = 0; c < chunks; c++)
        atomic_store(&owner[c], 0);
      region_t r = {&l, size, weft_copies_alloc(BYTES, size), hist, owner};
      CHECK(r.copies != NULL);
      weft_spmd(&l, region, &r);
      weft_copies_free(r.copies);
      for (int b = 0; b < BINS; b++)
        CHECK_EQ(hist[b], want[b]);
      /* Every chunk ran once, with some member's ctx. (How many ran out
         of member order, taken by another member, is printed: it depends
         on the timing, so it is not asserted.) */
      for (int64_t c = 0; c < chunks; c++)
        CHECK(atomic_load(&owner[c]) >= 1);
      for (int64_t c = 1; c < chunks; c++)
        stolen += atomic_load(&owner[c]) < atomic_load(&owner[c - 1]);
    }
  }
  printf("test_copies: ok (%lld chunks, %d out of order)\n", (long long)chunks,
         stolen);
  return 0;
}
