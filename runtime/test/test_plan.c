/*===- test_plan.c - The chunk grid and the weighted split are exact ------===*
 *
 * For many trip counts (0, 1, fewer than a team, primes, huge), shapes and
 * weights: chunks are in order, contiguous, cover [0, trip) exactly once;
 * linear shapes give chunks of equal work; the split gives every member a
 * contiguous run in proportion to its weight.
 *
 *===----------------------------------------------------------------------===*/
#include "../src/internal.h"
#include "check.h"

#include <math.h>

static const int64_t trips[] = {0,  1,   2,   3,   4,    5,      7,       8,
                                31, 63,  64,  65,  97,   255,    256,     257,
                                1000, 1009, 65537, 1000003, 123456789,
                                (int64_t)1 << 40, INT64_MAX / 4, INT64_MAX};

static void check_grid(const weft_loop_t *loop) {
  int64_t n = weft_chunk_count(loop);
  if (loop->trip <= 0) {
    CHECK_EQ(n, 0);
    return;
  }
  CHECK(n >= 1 && n <= WEFT_MAX_CHUNKS);
  CHECK(n <= loop->trip);
  int64_t expect = 0;
  for (int64_t c = 0; c < n; c++) {
    int64_t lo, hi;
    weft_chunk_bounds(loop, c, &lo, &hi);
    CHECK_EQ(lo, expect); /* contiguous, in order, no gap or overlap */
    CHECK(hi >= lo);
    expect = hi;
  }
  CHECK_EQ(expect, loop->trip);
  /* Out-of-range chunks are empty. */
  int64_t lo, hi;
  weft_chunk_bounds(loop, n, &lo, &hi);
  CHECK_EQ(hi - lo, 0);
  weft_chunk_bounds(loop, -1, &lo, &hi);
  CHECK_EQ(hi - lo, 0);
}

/// Work of iterations [lo, hi) when iteration k costs c0 + c1*k.
static double work(double c0, double c1, int64_t lo, int64_t hi) {
  double n = (double)(hi - lo);
  return c0 * n + c1 * ((double)lo * n + n * (n - 1) / 2);
}

static void check_linear_balance(double c0, double c1, int64_t trip) {
  weft_loop_t loop = {.trip = trip, .shape = WEFT_SHAPE_LINEAR, .cost0 = c0,
                      .cost1 = c1};
  check_grid(&loop);
  int64_t n = weft_chunk_count(&loop);
  double total = work(c0, c1, 0, trip), per = total / (double)n;
  double maxit = fmax(c0, c0 + c1 * (double)(trip - 1));
  for (int64_t c = 0; c < n; c++) {
    int64_t lo, hi;
    weft_chunk_bounds(&loop, c, &lo, &hi);
    /* Each boundary is rounded to the nearest iteration: a chunk is off by
       at most one iteration at each end. */
    CHECK(fabs(work(c0, c1, lo, hi) - per) <= 2 * maxit + 1e-6 * per);
  }
}

int main(void) {
  /* Uniform grids: every trip, with and without a work estimate. */
  for (size_t i = 0; i < sizeof trips / sizeof trips[0]; i++) {
    double works[] = {0, 1, 1e3, 5e4, 1e6, 1e12, -5, NAN, INFINITY};
    for (size_t w = 0; w < sizeof works / sizeof works[0]; w++) {
      weft_loop_t loop = {.trip = trips[i], .work_ns = works[w]};
      check_grid(&loop);
    }
    /* Uniform chunks differ by at most one iteration. */
    weft_loop_t loop = {.trip = trips[i]};
    int64_t n = weft_chunk_count(&loop), mn = INT64_MAX, mx = 0;
    for (int64_t c = 0; c < n; c++) {
      int64_t lo, hi;
      weft_chunk_bounds(&loop, c, &lo, &hi);
      mn = hi - lo < mn ? hi - lo : mn;
      mx = hi - lo > mx ? hi - lo : mx;
    }
    if (n)
      CHECK(mx - mn <= 1);
  }
  /* Negative trips are empty. */
  weft_loop_t neg = {.trip = -7};
  CHECK_EQ(weft_chunk_count(&neg), 0);
  CHECK_EQ(weft_chunk_count(NULL), 0);

  /* The chunk count follows the work estimate, within [4, 256]. */
  weft_loop_t big = {.trip = 1 << 30, .work_ns = 1e9};
  CHECK_EQ(weft_chunk_count(&big), WEFT_MAX_CHUNKS);
  weft_loop_t small = {.trip = 1 << 30, .work_ns = 100};
  CHECK_EQ(weft_chunk_count(&small), 4);
  weft_loop_t unknown = {.trip = 1 << 30};
  CHECK_EQ(weft_chunk_count(&unknown), 64);

  /* Linear shapes: increasing, decreasing, from zero, to zero, huge. */
  for (size_t i = 0; i < sizeof trips / sizeof trips[0]; i++) {
    int64_t t = trips[i];
    if (t <= 0)
      continue;
    check_linear_balance(0, 1, t);
    check_linear_balance(1, 1, t);
    check_linear_balance(100, 0.5, t);
    check_linear_balance((double)(t - 1), -1, t); /* n-1-k: lower triangle */
    check_linear_balance((double)t, -1, t);
    check_linear_balance(3, 1e-9, t);
  }
  /* Unusable linear shapes fall back to the uniform grid. */
  double bad[][2] = {{0, 0}, {-1, 1}, {5, -1}, {NAN, 1}, {1, INFINITY}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    weft_loop_t lin = {.trip = 1000, .shape = WEFT_SHAPE_LINEAR,
                       .cost0 = bad[i][0], .cost1 = bad[i][1]};
    weft_loop_t uni = {.trip = 1000};
    check_grid(&lin);
    for (int64_t c = 0; c < weft_chunk_count(&lin); c++) {
      int64_t a, b, x, y;
      weft_chunk_bounds(&lin, c, &a, &b);
      weft_chunk_bounds(&uni, c, &x, &y);
      CHECK(a == x && b == y);
    }
  }
  /* A triangle really is split unevenly: the first chunk of an increasing
     cost has more iterations than the last. */
  {
    weft_loop_t tri = {.trip = 10000, .shape = WEFT_SHAPE_LINEAR, .cost0 = 0,
                       .cost1 = 1};
    int64_t lo0, hi0, lo1, hi1, n = weft_chunk_count(&tri);
    weft_chunk_bounds(&tri, 0, &lo0, &hi0);
    weft_chunk_bounds(&tri, n - 1, &lo1, &hi1);
    CHECK(hi0 - lo0 > 4 * (hi1 - lo1));
  }

  /* The split: members get contiguous runs in weight proportion. */
  int weights_sets[][8] = {{1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024},
                           {1024, 1024, 512, 512, 0, 0, 0, 0},
                           {512, 512, 512, 512, 800, 800, 1024, 1024},
                           {1, 1048576, 1, 1, 1, 1, 1, 1}};
  for (size_t ws = 0; ws < 4; ws++)
    for (int size = 1; size <= 8; size++) {
      if (ws == 1 && size > 4)
        continue;
      uint64_t prefix[9] = {0};
      for (int t = 0; t < size; t++)
        prefix[t + 1] = prefix[t] + (uint64_t)weights_sets[ws][t];
      for (int64_t chunks = 1; chunks <= WEFT_MAX_CHUNKS; chunks++) {
        CHECK_EQ(weft_split_start(chunks, prefix, size, 0), 0);
        CHECK_EQ(weft_split_start(chunks, prefix, size, size), chunks);
        for (int t = 0; t < size; t++) {
          int64_t b = weft_split_start(chunks, prefix, size, t);
          int64_t e = weft_split_start(chunks, prefix, size, t + 1);
          CHECK(e >= b);
          double share = (double)chunks * (double)(prefix[t + 1] - prefix[t]) /
                         (double)prefix[size];
          CHECK(fabs((double)(e - b) - share) <= 1.0); /* rounded bounds */
        }
      }
    }
  printf("test_plan: ok\n");
  return 0;
}
