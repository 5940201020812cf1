/*===- weft_checks.h - Trip counts and overlap checks of generated code ---===*
 *
 * Header-only helpers that weft-translate's output computes trip counts and
 * run-time overlap checks with, so that a value that does not fit in 64 bits
 * sends a loop to its sequential fallback instead of overflowing. weft.h
 * includes this header; `weft-translate --emit=openmp` copies it into its
 * output, which then needs nothing of libweft. C11 (or C++); under OpenMP
 * it also uses omp.h and getenv.
 *
 *===----------------------------------------------------------------------===*/
#ifndef WEFT_CHECKS_H
#define WEFT_CHECKS_H

#include <stddef.h>
#include <stdint.h>

/* Copied into a file, the helpers it does not call are not worth a warning. */
#if defined(__GNUC__) || defined(__clang__)
#define WEFT_HELPER static inline __attribute__((unused))
#else
#define WEFT_HELPER static inline
#endif

/// The trip count of a loop that covers a distance `d` (> 0, or >= 0 when
/// `inclusive`) in steps of `step` (> 0); -1 when it does not fit in an
/// int64_t.
WEFT_HELPER int64_t weft_trip_span(uint64_t d, int64_t step, int inclusive) {
  /* Whole steps past the first iteration; the +1 cannot wrap below. */
  uint64_t past = (inclusive ? d : d - 1) / (uint64_t)step;
  return past >= (uint64_t)INT64_MAX ? -1 : (int64_t)past + 1;
}

/// Trip count of `for (i = start; i < end; i += step)` (`<=` when
/// `inclusive`), step > 0, compared as signed 64-bit values.
WEFT_HELPER int64_t weft_trip_up(int64_t start, int64_t end, int64_t step,
                                 int inclusive) {
  if (inclusive ? end < start : end <= start)
    return 0;
  return weft_trip_span((uint64_t)end - (uint64_t)start, step, inclusive);
}

/// Trip count of `for (i = start; i < end; i += step)` (`<=` when
/// `inclusive`) where step is a variable, signed: -1 (unknown, and the C
/// runs the loop as written) when the loop runs and step is not positive,
/// since it then never ends but by overflow.
WEFT_HELPER int64_t weft_trip_upv(int64_t start, int64_t end, int64_t step,
                                  int inclusive) {
  if (step <= 0)
    return weft_trip_up(start, end, 1, inclusive) ? -1 : 0;
  return weft_trip_up(start, end, step, inclusive);
}

/// The same, compared as unsigned 64-bit values.
WEFT_HELPER int64_t weft_trip_upu(uint64_t start, uint64_t end, int64_t step,
                                  int inclusive) {
  if (inclusive ? end < start : end <= start)
    return 0;
  return weft_trip_span(end - start, step, inclusive);
}

/// weft_trip_upv, compared as unsigned 64-bit values.
WEFT_HELPER int64_t weft_trip_upuv(uint64_t start, uint64_t end, int64_t step,
                                   int inclusive) {
  if (step <= 0)
    return weft_trip_upu(start, end, 1, inclusive) ? -1 : 0;
  return weft_trip_upu(start, end, step, inclusive);
}

/// Trip count of `for (i = start; i > end; i -= step)` (`>=` when
/// `inclusive`), step > 0, signed.
WEFT_HELPER int64_t weft_trip_down(int64_t start, int64_t end, int64_t step,
                                   int inclusive) {
  if (inclusive ? start < end : start <= end)
    return 0;
  return weft_trip_span((uint64_t)start - (uint64_t)end, step, inclusive);
}

/// The same, unsigned.
WEFT_HELPER int64_t weft_trip_downu(uint64_t start, uint64_t end, int64_t step,
                                    int inclusive) {
  if (inclusive ? start < end : start <= end)
    return 0;
  return weft_trip_span(start - end, step, inclusive);
}

/// Trip count of `for (i = start; i != end; i += 1)` (or `-= 1` when `down`):
/// -1 when the counter would have to wrap to reach the end.
WEFT_HELPER int64_t weft_trip_ne(int64_t start, int64_t end, int down) {
  if (down ? start < end : end < start)
    return -1;
  uint64_t d =
      down ? (uint64_t)start - (uint64_t)end : (uint64_t)end - (uint64_t)start;
  return d > (uint64_t)INT64_MAX ? -1 : (int64_t)d;
}

/// The smaller of two trip counts; -1 (unknown) wins.
WEFT_HELPER int64_t weft_trip_min(int64_t a, int64_t b) {
  return a < 0 || b < 0 ? -1 : a < b ? a : b;
}

/// Trip count of a `do` loop whose test alone would give `trip`: its body
/// runs once before the first test.
WEFT_HELPER int64_t weft_trip_once(int64_t trip) {
  return trip < 0 ? -1 : trip < 1 ? 1 : trip;
}

/// Sweeps (docs/outline.md): a parallel loop of `trip` iterations whose
/// chunks each run the loop around it whole is cut into at most
/// WEFT_SWEEP_BANDS bands of at least `min_band` iterations: a chunk goes
/// down its band row after row, and a band of a few elements per row runs
/// its inner loop poorly (weft-translate gives WEFT_SWEEP_MIN_ELEMENTS for
/// an innermost loop, 1 for a loop of rows). A parallel loop interchanged
/// with the loop inside it (docs/analysis.md, "Loop interchange") is cut
/// the same way, into bands of at least WEFT_TURNED_MIN_BAND iterations:
/// each band runs the inner loop around it, walking rows along the band.
#define WEFT_SWEEP_BANDS 8
#define WEFT_SWEEP_MIN_ELEMENTS 256
#define WEFT_TURNED_MIN_BAND 4
WEFT_HELPER int64_t weft_sweep_bands(int64_t trip, int64_t min_band) {
  int64_t b = min_band > 1 ? trip / min_band : trip;
  return trip <= 0              ? 0
         : b < 1                ? 1
         : b > WEFT_SWEEP_BANDS ? WEFT_SWEEP_BANDS
                                : b;
}

/// So is a loop whose array reductions keep a copy per band (floating
/// point, docs/output.md): each band fills a copy of its own with the
/// identity and adds it into the array after the loop, about
/// WEFT_COPY_NS_PER_BYTE per byte of the copies, and a band must do
/// WEFT_COPY_PAYBACK times that much work. `ns_per_iter` is the compiler's
/// estimate of an iteration's work (its rows' for a sweep), `bytes` the
/// size of a band's copies: a histogram of 10 doubles in a loop of 5 ms
/// iterations has 8 bands of any trip count >= 8, one updated in a 1 ns
/// iteration needs 512 iterations a band.
#define WEFT_COPY_NS_PER_BYTE 0.25
#define WEFT_COPY_PAYBACK 16
WEFT_HELPER int64_t weft_copy_bands(int64_t trip, double ns_per_iter,
                                    int64_t bytes) {
  double least = WEFT_COPY_PAYBACK * WEFT_COPY_NS_PER_BYTE * (double)bytes /
                 (ns_per_iter > 0.01 ? ns_per_iter : 0.01);
  int64_t min_band = least >= (double)trip ? trip : (int64_t)least;
  if ((double)min_band < least)
    min_band++; /* rounded up */
  return weft_sweep_bands(trip, min_band);
}

/// The bytes of a copy of `elems` elements of `size` bytes in a block of
/// copies, rounded up to a cache line: an array reduction into an
/// allocation whose size the program computes when it runs (`calloc(nb,
/// sizeof *h)`); SIZE_MAX / 64 * 64 when that does not fit in a size_t or
/// elems is not positive. The loop runs in parallel only when each such
/// copy is at most WEFT_COPY_MAX_SPAN (2^48 bytes on 64-bit targets, 64 KiB
/// on 32-bit ones): a block of 8 of them (and small constant ones) times
/// 4096 team members still fits in a size_t, whatever the allocator then
/// says (the rewriter copies at most 8 allocations in one loop).
#define WEFT_COPY_MAX_SPAN (SIZE_MAX / 65536 / 64 * 64)
WEFT_HELPER size_t weft_copy_span(int64_t elems, size_t size) {
  if (elems <= 0 || size == 0 || (uint64_t)elems > (SIZE_MAX - 63) / size)
    return SIZE_MAX / 64 * 64;
  return ((size_t)elems * size + 63) / 64 * 64;
}

/// The L1 data and L2 cache sizes that tiles are cut for when nothing else
/// says (libweft reads the machine's, weft_cache_bytes(); weft-translate's
/// --emit=openmp output, which has no library, uses these: define them
/// when compiling it for a known core): a small phone core's.
#ifndef WEFT_L1_BYTES
#define WEFT_L1_BYTES 32768
#endif
#ifndef WEFT_L2_BYTES
#define WEFT_L2_BYTES 262144
#endif

/// The tiles of a nest `for (k) for (j)` that the rows of a parallel loop
/// run through one after the other (docs/analysis.md, "Loop tiling"): `tj`
/// iterations of j, so that a row's `tj` elements of `elem` bytes take a
/// sixteenth of the L1 cache (a multiple of 16, at least 16), and `tk` of
/// k, so that the tile of the arrays every row reads, `point` bytes per
/// (k, j), takes a quarter of the L2 cache (at least 4). A band that fits
/// in that quarter whole is one tile.
WEFT_HELPER void weft_tile_sizes(int64_t trip_k, int64_t trip_j, int64_t point,
                                 int64_t elem, int64_t l1, int64_t l2,
                                 int64_t *tk, int64_t *tj) {
  int64_t budget = l2 / 4;
  if (point < 1)
    point = 1;
  if (elem < 1)
    elem = 1;
  *tk = trip_k > 0 ? trip_k : 1;
  *tj = trip_j > 0 ? trip_j : 1;
  if (trip_k <= 0 || trip_j <= 0 || trip_k <= budget / point / trip_j)
    return;
  int64_t cols = l1 / (16 * elem) / 16 * 16;
  if (cols < 16)
    cols = 16;
  if (cols < *tj)
    *tj = cols;
  int64_t rows = budget / (*tj * point);
  if (rows < 4)
    rows = 4;
  if (rows < *tk)
    *tk = rows;
}

/// The first iteration of band `b` of `bands` over `trip` iterations (band
/// `bands` starts at `trip`): lengths differ by at most one.
WEFT_HELPER int64_t weft_band_start(int64_t trip, int64_t bands, int64_t b) {
  if (bands <= 0 || b <= 0)
    return 0;
  if (b >= bands)
    return trip;
  return b * (trip / bands) + (b < trip % bands ? b : trip % bands);
}

/// Checked arithmetic for the run-time checks: each sets *bad on overflow.
WEFT_HELPER int64_t weft_add(int64_t a, int64_t b, int *bad) {
#if defined(__GNUC__) || defined(__clang__)
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    *bad = 1;
  return r;
#else
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) {
    *bad = 1;
    return 0;
  }
  return a + b;
#endif
}

WEFT_HELPER int64_t weft_mul(int64_t a, int64_t b, int *bad) {
#if defined(__GNUC__) || defined(__clang__)
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    *bad = 1;
  return r;
#else
  int over = a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
                   : (b > 0 ? a < INT64_MIN / b : a != 0 && b < INT64_MAX / a);
  if (over) {
    *bad = 1;
    return 0;
  }
  return a * b;
#endif
}

/// An unsigned 64-bit value as an int64_t, or *bad.
WEFT_HELPER int64_t weft_u64(uint64_t v, int *bad) {
  if (v > (uint64_t)INT64_MAX)
    *bad = 1;
  return (int64_t)(v & (uint64_t)INT64_MAX);
}

WEFT_HELPER int64_t weft_min64(int64_t a, int64_t b) { return a < b ? a : b; }
WEFT_HELPER int64_t weft_max64(int64_t a, int64_t b) { return a > b ? a : b; }

/// True when elements [alo, ahi] of `a` (elements of asize bytes) and
/// elements [blo, bhi] of `b` are apart in memory, and nothing overflowed
/// (*bad clear). An empty range (hi < lo) is apart from everything.
WEFT_HELPER int weft_apart(const void *a, int64_t alo, int64_t ahi,
                           size_t asize, const void *b, int64_t blo,
                           int64_t bhi, size_t bsize, const int *bad) {
  if (*bad)
    return 0;
  if (ahi < alo || bhi < blo)
    return 1;
  int over = 0;
  int64_t a0 = weft_mul(alo, (int64_t)asize, &over);
  int64_t a1 = weft_mul(weft_add(ahi, 1, &over), (int64_t)asize, &over);
  int64_t b0 = weft_mul(blo, (int64_t)bsize, &over);
  int64_t b1 = weft_mul(weft_add(bhi, 1, &over), (int64_t)bsize, &over);
  if (over)
    return 0;
  /* Byte ranges [pa + a0, pa + a1) and [pb + b0, pb + b1), in integers. */
  intptr_t pa = (intptr_t)a, pb = (intptr_t)b;
  int64_t sa = weft_add((int64_t)pa, a0, &over);
  int64_t ea = weft_add((int64_t)pa, a1, &over);
  int64_t sb = weft_add((int64_t)pb, b0, &over);
  int64_t eb = weft_add((int64_t)pb, b1, &over);
  if (over)
    return 0;
  return ea <= sb || eb <= sa;
}

/*===--- Row tables checked at run time --------------------------------===*
 *
 * A loop that writes `w[k][j]` through a table of row pointers (`float
 * **w`) that weft cannot prove holds rows apart (docs/analysis.md, "Row
 * tables") runs in parallel when these say, where it starts, that the rows
 * its slots [slo, shi] point to, each touched in elements [lo, hi] of
 * `size` bytes, are pairwise apart (weft_rows_apart), and that all of them
 * are apart from the loop's other memory (weft_apart on the rows' span,
 * weft_rows_low and weft_rows_high). The table's slots are read as bytes
 * (a `T *` has the representation of a `void *` on every target weft
 * supports), whatever T is.
 *
 *===----------------------------------------------------------------------===*/

/* No <string.h> or <stdlib.h> here: the including file may define its own
 * memcpy or malloc (GSL's utils/memcpy.c), against which their
 * declarations would clash. GCC and clang have them as builtins. */
#if defined(__GNUC__) || defined(__clang__)
#define WEFT_MEMCPY __builtin_memcpy
#define WEFT_MALLOC __builtin_malloc
#define WEFT_FREE __builtin_free
#else
#include <stdlib.h>
#include <string.h>
#define WEFT_MEMCPY memcpy
#define WEFT_MALLOC malloc
#define WEFT_FREE free
#endif

/// Slot k of a table of row pointers, as an address.
WEFT_HELPER uintptr_t weft_row_at(const void *table, int64_t k) {
  const void *p;
  WEFT_MEMCPY(&p, (const char *)table + k * (int64_t)sizeof p, sizeof p);
  return (uintptr_t)p;
}

/// Sorts n addresses in place (heapsort: no recursion, no memory).
WEFT_HELPER void weft_rows_sift(uintptr_t *a, int64_t i, int64_t n) {
  uintptr_t v = a[i];
  for (int64_t c; (c = 2 * i + 1) < n; i = c) {
    if (c + 1 < n && a[c + 1] > a[c])
      c++;
    if (a[c] <= v)
      break;
    a[i] = a[c];
  }
  a[i] = v;
}

WEFT_HELPER void weft_rows_sort(uintptr_t *a, int64_t n) {
  for (int64_t i = n / 2; i-- > 0;)
    weft_rows_sift(a, i, n);
  for (int64_t end = n; end-- > 1;) {
    uintptr_t t = a[0];
    a[0] = a[end];
    a[end] = t;
    weft_rows_sift(a, 0, end);
  }
}

/// True when the rows of slots [slo, shi], each touched in elements [lo,
/// hi] of `size` bytes, are pairwise apart, and nothing overflowed (*bad
/// clear). Rows in address order (each the row before plus at least the
/// elements touched, as `t[i] = t[i - 1] + n` builds them, or the other way
/// round) are seen in one pass; else the rows are sorted (a copy of the
/// slots, O(n log n) beside the loop's at least n row accesses) and their
/// neighbours compared. No memory for the copy: not apart.
WEFT_HELPER int weft_rows_apart(const void *table, int64_t slo, int64_t shi,
                                int64_t lo, int64_t hi, size_t size,
                                const int *bad) {
  if (*bad)
    return 0;
  if (shi <= slo || hi < lo)
    return 1; /* one row, or none, or no element */
  int over = 0;
  int64_t span = weft_mul(weft_add(weft_add(hi, -lo, &over), 1, &over),
                          (int64_t)size, &over);
  int64_t count = weft_add(weft_add(shi, -slo, &over), 1, &over);
  if (over || (uint64_t)count > SIZE_MAX / sizeof(uintptr_t))
    return 0;
  /* In address order, up or down. */
  for (int dir = 0; dir < 2; dir++) {
    int64_t k = slo;
    for (; k < shi; k++) {
      uintptr_t a = weft_row_at(table, dir ? k + 1 : k);
      uintptr_t b = weft_row_at(table, dir ? k : k + 1);
      if (b <= a || b - a < (uint64_t)span)
        break;
    }
    if (k == shi)
      return 1;
  }
  uintptr_t *rows = (uintptr_t *)WEFT_MALLOC((size_t)count * sizeof *rows);
  if (!rows)
    return 0;
  for (int64_t k = 0; k < count; k++)
    rows[k] = weft_row_at(table, slo + k);
  weft_rows_sort(rows, count);
  int apart = 1;
  for (int64_t k = 0; k + 1 < count && apart; k++)
    apart = rows[k + 1] - rows[k] >= (uint64_t)span;
  WEFT_FREE(rows);
  return apart;
}

/// The lowest row of slots [slo, shi] (null when there is none): with
/// weft_rows_high, the bytes all the rows' touched elements lie in, for
/// weft_apart (elements of 1 byte from weft_mul(lo, size)).
WEFT_HELPER const void *weft_rows_low(const void *table, int64_t slo,
                                      int64_t shi) {
  uintptr_t low = UINTPTR_MAX;
  for (int64_t k = slo; k <= shi; k++) {
    uintptr_t r = weft_row_at(table, k);
    low = r < low ? r : low;
  }
  return shi < slo ? (const void *)0 : (const void *)low;
}

/// The last byte of elements [.., hi] (of `size` bytes) of the rows of slots
/// [slo, shi], from the lowest row; -1 when there is no row. An overflow
/// sets *bad.
WEFT_HELPER int64_t weft_rows_high(const void *table, int64_t slo, int64_t shi,
                                   int64_t hi, size_t size, int *bad) {
  if (shi < slo)
    return -1;
  uintptr_t low = UINTPTR_MAX, high = 0;
  for (int64_t k = slo; k <= shi; k++) {
    uintptr_t r = weft_row_at(table, k);
    low = r < low ? r : low;
    high = r > high ? r : high;
  }
  int64_t last =
      weft_add(weft_mul(weft_add(hi, 1, bad), (int64_t)size, bad), -1, bad);
  return weft_add(weft_u64((uint64_t)(high - low), bad), last, bad);
}

/// Identities of floating-point min and max reductions.
#if defined(__GNUC__) || defined(__clang__)
#define WEFT_INF_F __builtin_inff()
#define WEFT_INF __builtin_inf()
#define WEFT_INF_L __builtin_infl()
#else
#define WEFT_INF_F ((float)1e300 * (float)1e300)
#define WEFT_INF (1e300 * 1e300)
#define WEFT_INF_L ((long double)1e300 * 1e300 * 1e300)
#endif

/*===--- Measured sites ------------------------------------------------===*
 *
 * The policy by which a short parallel loop, or region, runs on the team or
 * on the calling thread, from times measured while the program runs
 * (docs/runtime.md, "Measured sites"): libweft keeps the times of each site
 * in a table (sites.c); the output of `weft-translate --emit=openmp` keeps
 * them in a static of the function, one per site (weft_omp_site_t below).
 * Both decide here.
 *
 *===----------------------------------------------------------------------===*/

/// Before a parallel call of a site is timed, it runs on the calling thread
/// when its measured time there is below this: twice the fork/join
/// weft-translate assumes (weft::kForkJoinNs, kMinParallelWorkFactor).
#define WEFT_SERIAL_BELOW_NS 2000.0
/// Only sites whose estimate (work_ns), or measured time on the caller, is
/// below this are timed at all: the one timed run on the caller of a
/// longer one could cost more than it saves.
#define WEFT_PROBE_MAX_NS 128000.0
/// A site that runs on the team is timed on the caller again once in this
/// many calls; one that runs on the caller (and could gain on a warm team)
/// runs on the team again once its calls since the last team call have run
/// WEFT_REPROBE_RATIO times that call's cost beyond its share of the work.
#define WEFT_REPROBE_EVERY 64u
#define WEFT_REPROBE_RATIO 32.0
/// A site that runs as written is timed on the caller once in this many
/// calls.
#define WEFT_RETIME_INLINE 256u

/// The largest trip count a memo's grant holds (weft_memo_t's 24 bits).
#define WEFT_MEMO_MAX_TRIP 0xffffff

/// How a call of a site runs (weft_site_decide).
enum {
  WEFT_SITE_TEAM = 0,       /* as compiled, untimed */
  WEFT_SITE_TEAM_TIMED = 1, /* as compiled, its wall time recorded */
  WEFT_SITE_CALLER = 2,     /* on the calling thread, timed */
  WEFT_SITE_INLINE = 3      /* the loop as written, on the calling thread,
                               untimed */
};

/// What a site has measured so far.
typedef struct weft_site_facts {
  double serial;      /* ns per iteration on the caller; 0: not measured */
  double par_ns;      /* the last timed call on the team: its wall time */
  int64_t par_trip;   /*   its trip count (0: none timed yet) */
  int par_size;       /*   its team's size (before one: the configured
                           team's) */
  uint32_t team_call; /* the call that last ran on the team */
} weft_site_facts_t;

/// What weft_site_decide() weighs for a measured site (f->serial > 0) and
/// a call of `trip` iterations: the loop's time on the caller (`alone`),
/// what the team would take off it (`gain`), and what the last timed call
/// on the team spent beyond its share of the work (`over`).
typedef struct weft_site_costs {
  double alone, gain, over;
} weft_site_costs_t;

WEFT_HELPER weft_site_costs_t weft_site_costs(const weft_site_facts_t *f,
                                              int64_t trip) {
  weft_site_costs_t c;
  double per = f->serial;
  c.alone = per * (double)trip;
  c.over = WEFT_SERIAL_BELOW_NS / 2;
  /* A team of one (WEFT_NUM_THREADS=1, OMP_NUM_THREADS=1) saves nothing:
     as written. Not known yet (0): a team of two. */
  double size = f->par_size == 1  ? 1
                : f->par_size < 2 ? 2
                                  : (double)f->par_size;
  if (f->par_trip > 0)
    c.over = f->par_ns - per * (double)f->par_trip / size;
  c.gain = c.alone * (1 - 1 / size);
  return c;
}

/// How call number `calls` (from 0) of a site with facts `f` runs, for
/// `trip` iterations whose estimated work is `work_ns` (the compiler's;
/// used only before the site is measured):
///   - a site not measured yet runs on the caller, timed, when its
///     estimate is short (below WEFT_PROBE_MAX_NS), else on the team;
///   - so do its first two calls (the first ran cold);
///   - then on the caller when S(1 - 1/P), the time the team would take off
///     the loop's time S there, is below what the last timed team call
///     spent beyond its share of the work (its fork, join and waits), or
///     before one is timed, half of WEFT_SERIAL_BELOW_NS; as written
///     (WEFT_SITE_INLINE) where `inline_ok`, but for one call in
///     WEFT_RETIME_INLINE, timed;
///     (a team of one never gains: its sites run as written);
///   - on the team again, timed, where a warm team could gain (S(1 - 1/P)
///     at least half of WEFT_SERIAL_BELOW_NS) once the calls on the caller
///     since the last team call have run WEFT_REPROBE_RATIO times that
///     call's cost beyond its share: each pays for waking a team that has
///     gone to sleep meanwhile;
///   - a site on the team is timed on the caller once in
///     WEFT_REPROBE_EVERY calls while its loop alone is short.
/// The caller records f->team_call = calls when the answer is
/// WEFT_SITE_TEAM_TIMED.
WEFT_HELPER int weft_site_decide(const weft_site_facts_t *f, uint32_t calls,
                                 int64_t trip, double work_ns, int inline_ok) {
  if (trip <= 0)
    return WEFT_SITE_TEAM;
  double per = f->serial;
  if (per <= 0)
    return work_ns > 0 && work_ns <= WEFT_PROBE_MAX_NS ? WEFT_SITE_CALLER
                                                       : WEFT_SITE_TEAM;
  weft_site_costs_t c = weft_site_costs(f, trip);
  double alone = c.alone, gain = c.gain, over = c.over;
  if (alone >= WEFT_PROBE_MAX_NS)
    return WEFT_SITE_TEAM;
  if (calls < 2)
    return WEFT_SITE_CALLER;
  const double least = WEFT_SERIAL_BELOW_NS / 2;
  if (gain < over) {
    if (gain >= least &&
        (double)(calls - f->team_call) * alone >= WEFT_REPROBE_RATIO * over)
      return WEFT_SITE_TEAM_TIMED;
    return inline_ok && calls % WEFT_RETIME_INLINE != 0 ? WEFT_SITE_INLINE
                                                        : WEFT_SITE_CALLER;
  }
  return calls % WEFT_REPROBE_EVERY == 0 ? WEFT_SITE_CALLER
                                         : WEFT_SITE_TEAM_TIMED;
}

/// What a memo of the generated code is granted (weft_memo_t): its next
/// `calls` calls with at most `trip` iterations run as written.
typedef struct weft_site_grant {
  uint32_t calls;
  int64_t trip;
} weft_site_grant_t;

/// A site's calls of `t` iterations, t at most the grant's `trip`, are
/// told to run as written for any call number (but the timed ones): on the
/// caller, and too short for a reprobe on the team.
WEFT_HELPER int weft_site_inline_always(const weft_site_facts_t *f, int64_t t) {
  weft_site_costs_t c = weft_site_costs(f, t);
  return c.alone < WEFT_PROBE_MAX_NS && c.gain < c.over &&
         c.gain < WEFT_SERIAL_BELOW_NS / 2;
}

/// After weft_site_decide() said WEFT_SITE_INLINE for call `calls` of a
/// site with facts `f` (with inline_ok) and `trip` iterations: how many of
/// the calls that follow it would be told the same while the facts stay as
/// they are, and for trip counts up to what: the calls up to the next one
/// timed on the caller (one in WEFT_RETIME_INLINE), for any trip count
/// whose loop is too short for a warm team to gain (so that no call of it
/// goes back to the team), up to WEFT_MEMO_MAX_TRIP; where this call's loop
/// is not that short, for trip counts up to this call's and up to the next
/// timed call on the team. (A shorter call has a smaller `alone` and
/// `gain`: it moves neither closer.)
WEFT_HELPER weft_site_grant_t weft_site_inline_run(const weft_site_facts_t *f,
                                                   uint32_t calls,
                                                   int64_t trip) {
  weft_site_grant_t g = {WEFT_RETIME_INLINE - 1 - calls % WEFT_RETIME_INLINE,
                         trip};
  weft_site_costs_t c = weft_site_costs(f, trip);
  if (c.gain >= WEFT_SERIAL_BELOW_NS / 2) {
    /* Call calls + j goes to the team once (calls + j - team_call) * alone
       >= WEFT_REPROBE_RATIO * over: j >= room. */
    double room = WEFT_REPROBE_RATIO * c.over / c.alone -
                  (double)(uint32_t)(calls - f->team_call);
    if (room <= 1) {
      g.calls = 0;
    } else if (room <= (double)g.calls) {
      uint32_t r = (uint32_t)room;
      g.calls = (double)r == room ? r - 1 : r;
    }
    return g;
  }
  /* The longest loop that is still that short: alone below
     WEFT_PROBE_MAX_NS, gain below over and below the least a warm team
     costs; computed, then checked as weft_site_decide() rounds. */
  double per = f->serial, keep = c.alone > 0 ? c.gain / c.alone : 0;
  double most = WEFT_PROBE_MAX_NS / per;
  double least =
      c.over < WEFT_SERIAL_BELOW_NS / 2 ? c.over : WEFT_SERIAL_BELOW_NS / 2;
  if (keep > 0 && least / (per * keep) < most)
    most = least / (per * keep);
  int64_t t =
      most >= (double)WEFT_MEMO_MAX_TRIP ? WEFT_MEMO_MAX_TRIP : (int64_t)most;
  while (t > trip && !weft_site_inline_always(f, t))
    t = t - 1 - (t - trip) / 64;
  if (t > trip)
    g.trip = t;
  return g;
}

/// A memo's word (weft_memo_t, weft_omp_site_t.memo) for a grant: its calls
/// in the low 8 bits, the trip count up to which they hold above them; 0
/// (none) for a grant of no call, or whose trip count does not fit.
WEFT_HELPER uint32_t weft_memo_word(weft_site_grant_t g) {
  return g.calls && g.trip <= WEFT_MEMO_MAX_TRIP
             ? ((uint32_t)g.trip << 8) | g.calls
             : 0;
}

/// The calls a memo's word still grants.
WEFT_HELPER uint32_t weft_memo_left(uint32_t word) { return word & 0xffu; }

/// Does a memo's word grant a call of `trip` iterations?
WEFT_HELPER int weft_memo_holds(uint32_t word, int64_t trip) {
  return weft_memo_left(word) && trip > 0 && trip <= (int64_t)(word >> 8);
}

/// Does a site need the size of the team it would run on, before a call
/// on the team is timed? Only once its loop is long enough for some team to
/// gain (S >= 1 us): asking costs libweft a copy of the configuration and a
/// system call, libomp its first call, which sets it up; a program whose
/// short loops all run as written need not pay it. Until then, a team of
/// 2.
WEFT_HELPER int weft_site_wants_size(const weft_site_facts_t *f, int64_t trip) {
  return f->par_size == 0 && f->serial > 0 &&
         f->serial * (double)trip >= WEFT_SERIAL_BELOW_NS / 2;
}

/// A site's time per iteration on the caller after a call that took `per`:
/// a shorter one is taken as it is, a longer one moves the time a quarter
/// of the way (a sample is too long, never too short, when the thread was
/// preempted or interrupted; several in a row, a loop that did get slower,
/// move it all the way).
WEFT_HELPER double weft_site_filter(double old, double per) {
  if (per <= 0)
    per = 1e-3; /* 0 means unmeasured */
  return old <= 0 || per < old ? per : old + (per - old) / 4;
}

/* Built without OpenMP, a team of one: the loop runs in order. */
#if defined(_OPENMP)
#include <omp.h>
#define WEFT_OMP_THREAD() omp_get_thread_num()
#define WEFT_OMP_THREADS() omp_get_num_threads()
#define WEFT_OMP_MAX_THREADS() omp_get_max_threads()
#define WEFT_OMP(directive) _Pragma(directive)
#else
#define WEFT_OMP_THREAD() 0
#define WEFT_OMP_THREADS() 1
#define WEFT_OMP_MAX_THREADS() 1
#define WEFT_OMP(directive)
#endif

/// A measured site of `weft-translate --emit=openmp`'s output: a loop, or
/// a region of loops, whose estimate says it may be too short for a team
/// (docs/output.md, "Measured sites"). The generated code keeps one per
/// site in a static of its function, asks weft_omp_site_mode() before the
/// loop (after its checks), runs the `omp parallel` code on
/// WEFT_SITE_TEAM and WEFT_SITE_TEAM_TIMED and the loop as written on the
/// others, and then calls weft_omp_site_end(). Every access is an OpenMP
/// atomic: the site is shared by every thread that calls the function.
/// Times are in ns.
typedef struct weft_omp_site {
  double serial, par_ns;
  int64_t par_trip;
  int par_size;
  uint32_t calls, team_call;
  uint32_t memo; /* a grant of calls that run as written (weft_memo_t's
                    word: weft_site_inline_run) */
} weft_omp_site_t;

#if defined(_OPENMP)
#include <stdlib.h>
#include <time.h>
#endif

/// Now, in ns, for the sites' timings: from C11's timespec_get (libomp's
/// omp_get_wtime() counts whole microseconds), seconds modulo 2^20 so that a
/// double keeps every ns (a call across the wrap, every 12 days, comes out
/// negative and is not recorded); omp_get_wtime() before C11.
WEFT_HELPER double weft_omp_now_ns(void) {
#if defined(_OPENMP) && defined(__STDC_VERSION__) &&                           \
    __STDC_VERSION__ >= 201112L && defined(TIME_UTC)
  struct timespec ts;
  if (timespec_get(&ts, TIME_UTC) == TIME_UTC)
    return (double)(ts.tv_sec & 0xfffff) * 1e9 + (double)ts.tv_nsec;
#endif
#if defined(_OPENMP)
  return omp_get_wtime() * 1e9;
#else
  return 0;
#endif
}

/// Does the program measure its sites? Not with WEFT_MEASURE=0 in its
/// environment, as libweft (docs/runtime.md): then every call runs on the
/// team. Read once.
WEFT_HELPER int weft_omp_measuring(void) {
#if defined(_OPENMP)
  static int state; /* 0: not read yet, 1: measure, 2: do not */
  int st;
  WEFT_OMP("omp atomic read")
  st = state;
  if (!st) {
    const char *e = getenv("WEFT_MEASURE");
    st = e && e[0] == '0' && !e[1] ? 2 : 1;
    WEFT_OMP("omp atomic write")
    state = st;
  }
  return st == 1;
#else
  return 0;
#endif
}

/// The team a site would run on, before one is timed: OMP_NUM_THREADS's
/// first number when the environment sets one, else omp_get_max_threads(),
/// libomp's first call, which sets it up (1.4 ms on the bench machine).
/// Read once.
WEFT_HELPER int weft_omp_team_guess(void) {
#if defined(_OPENMP)
  static int guess;
  int g;
  WEFT_OMP("omp atomic read")
  g = guess;
  if (!g) {
    const char *e = getenv("OMP_NUM_THREADS");
    char *end = 0;
    long n = e ? strtol(e, &end, 10) : 0;
    g = n > 0 && n < 65536 && end != e ? (int)n : omp_get_max_threads();
    WEFT_OMP("omp atomic write")
    guess = g;
  }
  return g;
#else
  return 1;
#endif
}

/// How this call of site `s` runs (WEFT_SITE_*, weft_site_decide; the
/// configured team is omp_get_max_threads()'s). *t0 is the time the call
/// starts (weft_omp_now_ns), when it is timed. Built without OpenMP, every call
/// runs as written.
WEFT_HELPER int weft_omp_site_mode(weft_omp_site_t *s, int64_t trip,
                                   double work_ns, int inline_ok, double *t0) {
#if defined(_OPENMP)
  if (!weft_omp_measuring())
    return WEFT_SITE_TEAM;
  /* A call of an earlier grant runs as written at once, as libweft's memo
     (weft_memo_t); a call past it gives back what it did not take. */
  uint32_t w;
  WEFT_OMP("omp atomic read")
  w = s->memo;
  if (inline_ok && weft_memo_holds(w, trip)) {
    WEFT_OMP("omp atomic write")
    s->memo = w - 1;
    return WEFT_SITE_INLINE;
  }
  weft_site_facts_t f;
  /* Counted by a read and a write, not a locked add (which costs a short
     site's call more than the rest of its question): two threads that
     call the site at once may count one call. */
  uint32_t calls;
  WEFT_OMP("omp atomic read")
  calls = s->calls;
  if (w) {
    calls -= weft_memo_left(w);
    WEFT_OMP("omp atomic write")
    s->memo = 0;
  }
  WEFT_OMP("omp atomic write")
  s->calls = calls + 1;
  WEFT_OMP("omp atomic read")
  f.serial = s->serial;
  WEFT_OMP("omp atomic read")
  f.par_ns = s->par_ns;
  WEFT_OMP("omp atomic read")
  f.par_trip = s->par_trip;
  WEFT_OMP("omp atomic read")
  f.par_size = s->par_size;
  WEFT_OMP("omp atomic read")
  f.team_call = s->team_call;
  /* The team the site would run on, before one is timed, when it needs it
     (weft_site_wants_size): OMP_NUM_THREADS, or libomp's first call
     (weft_omp_team_guess). */
  if (weft_site_wants_size(&f, trip)) {
    f.par_size = weft_omp_team_guess();
    WEFT_OMP("omp atomic write")
    s->par_size = f.par_size;
  }
  int mode = weft_site_decide(&f, calls, trip, work_ns, inline_ok);
  if (mode == WEFT_SITE_TEAM_TIMED) {
    WEFT_OMP("omp atomic write")
    s->team_call = calls;
  }
  if (mode == WEFT_SITE_INLINE) {
    uint32_t grant = weft_memo_word(weft_site_inline_run(&f, calls, trip));
    if (grant) {
      WEFT_OMP("omp atomic write")
      s->calls = calls + 1 + weft_memo_left(grant);
      WEFT_OMP("omp atomic write")
      s->memo = grant;
    }
  }
  if (mode == WEFT_SITE_TEAM_TIMED || mode == WEFT_SITE_CALLER)
    *t0 = weft_omp_now_ns();
  return mode;
#else
  (void)s, (void)trip, (void)work_ns, (void)inline_ok, (void)t0;
  return WEFT_SITE_INLINE;
#endif
}

/// After a call of site `s` that weft_omp_site_mode() answered `mode` for
/// (-1: it was not asked), started at `t0`, which ran on the team (`team`)
/// or as written: the call's time, when it was timed and ran as the mode
/// said (the copies of an array reduction, made after the site was asked,
/// may have been refused).
WEFT_HELPER void weft_omp_site_end(weft_omp_site_t *s, int mode, int team,
                                   int64_t trip, double t0) {
#if defined(_OPENMP)
  if (trip <= 0 || mode != (team ? WEFT_SITE_TEAM_TIMED : WEFT_SITE_CALLER))
    return;
  double ns = weft_omp_now_ns() - t0;
  if (ns < 0)
    return;
  if (mode == WEFT_SITE_CALLER) {
    double old;
    WEFT_OMP("omp atomic read")
    old = s->serial;
    WEFT_OMP("omp atomic write")
    s->serial = weft_site_filter(old, ns / (double)trip);
    return;
  }
  int size = omp_get_max_threads();
  if (size < 2)
    return;
  WEFT_OMP("omp atomic write")
  s->par_ns = ns;
  WEFT_OMP("omp atomic write")
  s->par_size = size;
  WEFT_OMP("omp atomic write")
  s->par_trip = trip;
#else
  (void)s, (void)mode, (void)team, (void)trip, (void)t0;
#endif
}

/// The most threads that a loop with error paths runs on under OpenMP.
#define WEFT_OMP_EXITS_MAX 256

/// A loop whose iterations may take an error path, under `#pragma omp
/// parallel` in the output of `weft-translate --emit=openmp` (docs/output.md,
/// "Error paths"): thread t runs block t of the iterations, in order;
/// `first` is the lowest iteration that took an error path so far, and
/// `done[t]` says that thread t has left its block. Shared by the team;
/// every access is an OpenMP atomic.
typedef struct weft_omp_exits {
  int64_t first;
  unsigned char done[WEFT_OMP_EXITS_MAX];
} weft_omp_exits_t;

/// Sets up `x` before the region.
WEFT_HELPER void weft_omp_exits_begin(weft_omp_exits_t *x) {
  x->first = INT64_MAX;
  for (int t = 0; t < WEFT_OMP_EXITS_MAX; t++)
    x->done[t] = 0;
}

/// The team to ask for: as many threads as OpenMP would use, at most
/// WEFT_OMP_EXITS_MAX.
WEFT_HELPER int weft_omp_exits_team(void) {
  int n = WEFT_OMP_MAX_THREADS();
  return n < WEFT_OMP_EXITS_MAX ? n : WEFT_OMP_EXITS_MAX;
}

/// The calling thread's block [*lo, *hi) of `trip` iterations: blocks in
/// thread order, of sizes that differ by one at most.
WEFT_HELPER void weft_omp_exits_block(int64_t trip, int64_t *lo, int64_t *hi) {
  int64_t t = WEFT_OMP_THREAD(), n = WEFT_OMP_THREADS();
  int64_t q = trip / n, r = trip % n;
  *lo = q * t + (t < r ? t : r);
  *hi = *lo + q + (t < r);
}

/// Has an iteration before k taken an error path? Then the program ends
/// there, and the calling thread's block stops.
WEFT_HELPER int weft_omp_exit_stopped(weft_omp_exits_t *x, int64_t k) {
  int64_t f;
  WEFT_OMP("omp atomic read")
  f = x->first;
  return f < k;
}

/// The calling thread has left its block.
WEFT_HELPER void weft_omp_exits_done(weft_omp_exits_t *x) {
  int t = WEFT_OMP_THREAD();
  WEFT_OMP("omp atomic write seq_cst")
  x->done[t] = 1;
}

/// Called by iteration k where it takes an error path. Returns 1 when k is
/// the first iteration to take one, once every earlier iteration is done
/// (every thread before the caller's has left its block): k goes on down
/// the path, which ends the program. Returns 0 as soon as an earlier
/// iteration has taken one: the block stops. Threads wait only for threads
/// before theirs, and the first thread on a path for none on one, so the
/// wait ends.
WEFT_HELPER int weft_omp_exit_first(weft_omp_exits_t *x, int64_t k) {
  int64_t f;
  WEFT_OMP("omp critical(weft_omp_exits)") {
    WEFT_OMP("omp atomic read seq_cst")
    f = x->first;
    if (k < f) {
      WEFT_OMP("omp atomic write seq_cst")
      x->first = k;
    }
  }
  int me = WEFT_OMP_THREAD();
  for (int t = 0; t < me; t++)
    for (;;) {
      unsigned char d;
      WEFT_OMP("omp atomic read seq_cst")
      d = x->done[t];
      if (d)
        break;
      WEFT_OMP("omp atomic read seq_cst")
      f = x->first;
      if (f < k)
        return 0;
    }
  WEFT_OMP("omp atomic read seq_cst")
  f = x->first;
  return f == k;
}

#endif /* WEFT_CHECKS_H */
