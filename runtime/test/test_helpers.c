/*===- test_helpers.c - The helpers generated code computes with ----------===*
 *
 * weft.h's trip-count helpers against brute-force loops (every start, end
 * and step in a small range, signed and unsigned, up and down, exclusive and
 * inclusive; a step by a variable, which may be 0 or negative), at the limits of 64 bits (-1 when a count does not fit), and
 * the run-time overlap check: apart, touching, overlapping, empty, and
 * overflowing ranges (an overflow never says "apart"), and the bands of
 * sweeps and of loops with copies per band.
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <limits.h>

static int64_t brute_up(int64_t s, int64_t e, int64_t st, int incl) {
  int64_t n = 0;
  for (int64_t i = s; incl ? i <= e : i < e; i += st)
    n++;
  return n;
}

static int64_t brute_down(int64_t s, int64_t e, int64_t st, int incl) {
  int64_t n = 0;
  for (int64_t i = s; incl ? i >= e : i > e; i -= st)
    n++;
  return n;
}

static void test_trips(void) {
  for (int64_t s = -20; s <= 20; s++)
    for (int64_t e = -20; e <= 20; e++)
      for (int64_t st = 1; st <= 7; st++)
        for (int incl = 0; incl <= 1; incl++) {
          CHECK_EQ(weft_trip_up(s, e, st, incl), brute_up(s, e, st, incl));
          CHECK_EQ(weft_trip_down(s, e, st, incl), brute_down(s, e, st, incl));
          if (s >= 0 && e >= 0) {
            CHECK_EQ(weft_trip_upu((uint64_t)s, (uint64_t)e, st, incl),
                     brute_up(s, e, st, incl));
            CHECK_EQ(weft_trip_downu((uint64_t)s, (uint64_t)e, st, incl),
                     brute_down(s, e, st, incl));
          }
        }
  /* A step by a variable: as weft_trip_up where it is positive; no
   * iteration where the loop runs none, whatever the step; else -1. */
  for (int64_t s = -6; s <= 6; s++)
    for (int64_t e = -6; e <= 6; e++)
      for (int64_t st = -3; st <= 5; st++)
        for (int incl = 0; incl <= 1; incl++) {
          int runs = incl ? s <= e : s < e;
          CHECK_EQ(weft_trip_upv(s, e, st, incl),
                   !runs ? 0 : st > 0 ? brute_up(s, e, st, incl) : -1);
          if (s >= 0 && e >= 0)
            CHECK_EQ(weft_trip_upuv((uint64_t)s, (uint64_t)e, st, incl),
                     !runs    ? 0
                     : st > 0 ? brute_up(s, e, st, incl)
                              : -1);
        }
  CHECK_EQ(weft_trip_upv(INT64_MIN, INT64_MAX, 1, 0), -1);
  CHECK_EQ(weft_trip_upv(0, INT64_MAX, INT64_MAX, 1), 2);
  for (int64_t s = -5; s <= 5; s++)
    for (int64_t e = -5; e <= 5; e++) {
      CHECK_EQ(weft_trip_ne(s, e, 0), s <= e ? e - s : -1);
      CHECK_EQ(weft_trip_ne(s, e, 1), s >= e ? s - e : -1);
    }
  /* The limits: the whole int64_t range does not fit, one less does. */
  CHECK_EQ(weft_trip_up(INT64_MIN, INT64_MAX, 1, 0), -1);
  CHECK_EQ(weft_trip_up(INT64_MIN, INT64_MAX, 2, 0), -1); /* 2^63 steps */
  CHECK_EQ(weft_trip_up(INT64_MIN, INT64_MAX, 4, 0), (int64_t)1 << 62);
  CHECK_EQ(weft_trip_up(0, INT64_MAX, 1, 0), INT64_MAX);
  CHECK_EQ(weft_trip_up(0, INT64_MAX, 1, 1), -1);
  CHECK_EQ(weft_trip_upu(0, UINT64_MAX, 1, 0), -1);
  CHECK_EQ(weft_trip_upu(0, UINT64_MAX, 4, 0), (int64_t)(UINT64_MAX / 4) + 1);
  CHECK_EQ(weft_trip_downu(UINT64_MAX, 0, 1, 1), -1);
  CHECK_EQ(weft_trip_down(INT64_MAX, INT64_MIN, 1, 1), -1);
  CHECK_EQ(weft_trip_min(5, 3), 3);
  CHECK_EQ(weft_trip_min(-1, 3), -1);
  CHECK_EQ(weft_trip_min(7, -1), -1);
}

static void test_checked(void) {
  int bad = 0;
  CHECK_EQ(weft_add(INT64_MAX - 1, 1, &bad), INT64_MAX);
  CHECK_EQ(bad, 0);
  weft_add(INT64_MAX, 1, &bad);
  CHECK_EQ(bad, 1);
  bad = 0;
  CHECK_EQ(weft_mul(-3, 1LL << 61, &bad), -3 * (1LL << 61) / 1);
  CHECK_EQ(bad, 0);
  weft_mul(1LL << 62, 2, &bad);
  CHECK_EQ(bad, 1);
  bad = 0;
  weft_mul(INT64_MIN, -1, &bad);
  CHECK_EQ(bad, 1);
  bad = 0;
  CHECK_EQ(weft_u64(42, &bad), 42);
  CHECK_EQ(bad, 0);
  weft_u64(UINT64_MAX, &bad);
  CHECK_EQ(bad, 1);
}

static void test_apart(void) {
  static double buf[100];
  int bad = 0;
  /* [0, 9] and [10, 19] of the same array: apart; [0, 10] and [10, 19]: not. */
  CHECK(weft_apart(buf, 0, 9, 8, buf, 10, 19, 8, &bad));
  CHECK(!weft_apart(buf, 0, 10, 8, buf, 10, 19, 8, &bad));
  CHECK(weft_apart(buf + 10, 0, 9, 8, buf, 0, 9, 8, &bad));
  CHECK(!weft_apart(buf + 5, 0, 9, 8, buf, 0, 9, 8, &bad));
  /* Negative element indices, mixed element sizes. */
  CHECK(weft_apart(buf + 50, -10, -1, 8, buf, 0, 79, 4, &bad));
  CHECK(!weft_apart(buf + 50, -10, -1, 8, buf, 0, 81, 4, &bad));
  /* An empty range is apart from everything. */
  CHECK(weft_apart(buf, 5, 4, 8, buf, 0, 99, 8, &bad));
  /* Overflow, now or before: never apart. */
  CHECK(!weft_apart(buf, 0, INT64_MAX, 8, buf + 99, 0, 0, 8, &bad));
  bad = 1;
  CHECK(!weft_apart(buf, 0, 9, 8, buf, 50, 59, 8, &bad));
}

/* Bands of a sweep and of a loop with copies per band: never more than
 * WEFT_SWEEP_BANDS, never fewer iterations than the least a band pays
 * for, and the bands cover the trip count exactly. */
static void test_bands(void) {
  CHECK(weft_sweep_bands(0, 4) == 0);
  CHECK(weft_sweep_bands(3, 4) == 1);
  CHECK(weft_sweep_bands(12, 4) == 3);
  CHECK(weft_sweep_bands(1000, 4) == WEFT_SWEEP_BANDS);
  CHECK(weft_sweep_bands(5, 1) == 5);
  /* A 5 ms iteration pays for 128 bytes of copies alone: a band each. */
  CHECK(weft_copy_bands(256, 5e6, 128) == WEFT_SWEEP_BANDS);
  CHECK(weft_copy_bands(3, 5e6, 128) == 3);
  /* A 1 ns one needs 16 * 0.25 * 128 = 512 of them in a band. */
  CHECK(weft_copy_bands(511, 1.0, 128) == 1);
  CHECK(weft_copy_bands(1025, 1.0, 128) == 2);
  CHECK(weft_copy_bands(1 << 20, 1.0, 128) == WEFT_SWEEP_BANDS);
  /* No estimate (0 ns) is taken as a cheap iteration, not a free one. */
  CHECK(weft_copy_bands(1 << 20, 0.0, 1 << 20) == 1);
  CHECK(weft_copy_bands(0, 5e6, 128) == 0);
  /* Copies of a run-time size: whole cache lines; a size that does not
     fit is above WEFT_COPY_MAX_SPAN, which the loop's condition tests, and
     8 copies of that times 4096 members still fit in a size_t. */
  CHECK(weft_copy_span(1, 8) == 64);
  CHECK(weft_copy_span(8, 8) == 64);
  CHECK(weft_copy_span(9, 8) == 128);
  CHECK(weft_copy_span(1000, 4) == 4032);
  CHECK(weft_copy_span(INT64_MAX, 8) > WEFT_COPY_MAX_SPAN);
  CHECK(weft_copy_span(-5, 4) > WEFT_COPY_MAX_SPAN);
  CHECK(weft_copy_span((int64_t)(WEFT_COPY_MAX_SPAN / 8), 8) ==
        WEFT_COPY_MAX_SPAN);
  CHECK(weft_copy_span((int64_t)(WEFT_COPY_MAX_SPAN / 8) + 1, 8) >
        WEFT_COPY_MAX_SPAN);
  CHECK(WEFT_COPY_MAX_SPAN <= SIZE_MAX / 8 / 4096 / 2);
  for (int64_t trip = 1; trip < 300; trip += 7)
    for (double ns = 0.5; ns < 1e4; ns *= 3) {
      int64_t b = weft_copy_bands(trip, ns, 4096);
      CHECK(b >= 1 && b <= WEFT_SWEEP_BANDS && b <= trip);
      if (b > 1)
        CHECK((double)(trip / b) * ns >=
              WEFT_COPY_PAYBACK * WEFT_COPY_NS_PER_BYTE * 4096.0);
      CHECK(weft_band_start(trip, b, 0) == 0);
      CHECK(weft_band_start(trip, b, b) == trip);
      for (int64_t k = 0; k < b; k++)
        CHECK(weft_band_start(trip, b, k + 1) > weft_band_start(trip, b, k));
    }
}

/* Row tables checked at run time: rows of one block in order (up or down),
 * shuffled, overlapping, repeated, and the span the other memory is checked
 * against. */
static void test_rows(void) {
  static float block[10 * 8];
  float *up[10], *down[10], *mixed[10];
  int order[10] = {3, 7, 0, 9, 1, 5, 8, 2, 6, 4};
  for (int k = 0; k < 10; k++) {
    up[k] = block + k * 8;
    down[k] = block + (9 - k) * 8;
    mixed[k] = block + order[k] * 8;
  }
  int bad = 0;
  /* Elements [0, 7] of rows 8 apart: apart, whatever the order. */
  CHECK(weft_rows_apart(up, 0, 9, 0, 7, sizeof(float), &bad));
  CHECK(weft_rows_apart(down, 0, 9, 0, 7, sizeof(float), &bad));
  CHECK(weft_rows_apart(mixed, 0, 9, 0, 7, sizeof(float), &bad));
  /* One element more, or one before: the rows overlap. */
  CHECK(!weft_rows_apart(up, 0, 9, 0, 8, sizeof(float), &bad));
  CHECK(!weft_rows_apart(down, 0, 9, -1, 7, sizeof(float), &bad));
  CHECK(!weft_rows_apart(mixed, 0, 9, 0, 8, sizeof(float), &bad));
  /* Elements [2, 9] of each row: still 8 apart. */
  CHECK(weft_rows_apart(mixed, 0, 9, 2, 9, sizeof(float), &bad));
  /* Part of the slots: rows 0, 2, 4 of `up` touched in 16 elements. */
  float *even[5] = {up[0], up[2], up[4], up[6], up[8]};
  CHECK(weft_rows_apart(even, 0, 4, 0, 15, sizeof(float), &bad));
  CHECK(!weft_rows_apart(even, 0, 4, 0, 16, sizeof(float), &bad));
  CHECK(weft_rows_apart(up, 3, 5, 0, 7, sizeof(float), &bad));
  /* A row twice: never apart. */
  float *twice[4] = {up[1], up[2], up[1], up[3]};
  CHECK(!weft_rows_apart(twice, 0, 3, 0, 0, sizeof(float), &bad));
  CHECK(weft_rows_apart(twice, 0, 1, 0, 0, sizeof(float), &bad));
  /* One row, none, no element: apart. */
  CHECK(weft_rows_apart(twice, 2, 2, 0, 100, sizeof(float), &bad));
  CHECK(weft_rows_apart(twice, 3, 2, 0, 100, sizeof(float), &bad));
  CHECK(weft_rows_apart(twice, 0, 3, 5, 4, sizeof(float), &bad));
  /* Overflow, now or before: not apart. */
  CHECK(!weft_rows_apart(up, 0, 9, 0, INT64_MAX, sizeof(float), &bad));
  bad = 1;
  CHECK(!weft_rows_apart(up, 0, 9, 0, 7, sizeof(float), &bad));
  bad = 0;
  /* The span of the rows: from the lowest row to the highest's last
     element, whatever the slots' order. */
  CHECK(weft_rows_low(mixed, 0, 9) == (const void *)block);
  CHECK(weft_rows_low(mixed, 0, 1) == (const void *)up[3]);
  CHECK(weft_rows_low(mixed, 1, 0) == (const void *)0);
  CHECK(weft_rows_high(mixed, 0, 9, 7, sizeof(float), &bad) ==
        (int64_t)sizeof block - 1);
  CHECK(weft_rows_high(mixed, 0, 1, 3, sizeof(float), &bad) ==
        4 * 8 * (int64_t)sizeof(float) + 4 * (int64_t)sizeof(float) - 1);
  CHECK(weft_rows_high(mixed, 1, 0, 7, sizeof(float), &bad) == -1);
  CHECK_EQ(bad, 0);
  /* As weft_apart sees them: the rows' span against memory past it. */
  static float after[4];
  const void *low = weft_rows_low(up, 0, 9);
  int64_t high = weft_rows_high(up, 0, 9, 7, sizeof(float), &bad);
  CHECK(weft_apart(low, weft_mul(0, sizeof(float), &bad), high, 1, after, 0, 3,
                   sizeof(float), &bad) == 1);
  CHECK(!weft_apart(low, 0, high, 1, block + 79, 0, 0, sizeof(float), &bad));
  CHECK(weft_apart(weft_rows_low(up, 0, 4), 0,
                   weft_rows_high(up, 0, 4, 7, sizeof(float), &bad), 1,
                   block + 40, 0, 39, sizeof(float), &bad));
  CHECK(!weft_apart(weft_rows_low(up, 0, 5), 0,
                    weft_rows_high(up, 0, 5, 0, sizeof(float), &bad), 1,
                    block + 40, 0, 39, sizeof(float), &bad));
  /* Many rows, shuffled: the sorted path. */
  enum { N = 4096 };
  static double big[N * 3];
  static double *rows[N];
  for (int k = 0; k < N; k++)
    rows[k] = big + (size_t)((k * 1237) % N) * 3;
  CHECK(weft_rows_apart(rows, 0, N - 1, 0, 2, sizeof(double), &bad));
  CHECK(!weft_rows_apart(rows, 0, N - 1, 0, 3, sizeof(double), &bad));
  rows[N - 1] = rows[0] + 1;
  CHECK(weft_rows_apart(rows, 0, N - 1, 0, 0, sizeof(double), &bad));
  CHECK(!weft_rows_apart(rows, 0, N - 1, 0, 1, sizeof(double), &bad));
  CHECK(weft_rows_apart(rows, 0, N - 2, 0, 2, sizeof(double), &bad));
  /* The sort itself: any order, repeats, sizes 0 to 40. */
  uintptr_t v[40];
  for (int n = 0; n <= 40; n++) {
    for (int i = 0; i < n; i++)
      v[i] = (uintptr_t)((i * 7919u + (unsigned)n * 31u) % 13u);
    weft_rows_sort(v, n);
    for (int i = 0; i + 1 < n; i++)
      CHECK(v[i] <= v[i + 1]);
  }
}

int main(void) {
  test_trips();
  test_checked();
  test_apart();
  test_bands();
  test_rows();
  printf("test_helpers: ok\n");
  return 0;
}
