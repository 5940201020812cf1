/*===- plan.c - The chunk grid and its capacity-weighted split ------------===*
 *
 * A loop's chunk grid is a pure function of its descriptor: it never depends
 * on the team, the weights or the timing, so per-chunk partial results (and
 * so floating-point reductions) are the same on every run and every team.
 * Only the assignment of chunks to members depends on the team: member t gets
 * a contiguous run whose share of the chunks is its share of the weights.
 *
 * Uniform loops get chunks of equal iteration counts (differing by at most
 * one). Linear loops, where iteration k costs a + b*k, get chunks of equal
 * work: boundary c is the x with W(x) = c * W(trip) / n, where W(x) is the
 * work of the first x iterations, solved in closed form. Every step of that
 * formula is monotone in c in IEEE arithmetic, so the boundaries never cross
 * and every iteration lands in exactly one chunk.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <math.h>

/// Chunks for a loop whose work is unknown. 64 chunks give a weighted split
/// within 1/64 of exact for any team of up to 8 members, and leave room for
/// stealing; a chunk costs one uncontended compare-and-swap and one indirect
/// call (bench/runtime: "chunk overhead").
#define WEFT_DEFAULT_CHUNKS 64
/// When the work is known, aim for chunks of at least this many ns, so that
/// the per-chunk cost stays near 1% of the chunk.
#define WEFT_TARGET_CHUNK_NS 2000.0
/// Never fewer than this many chunks when there are that many iterations:
/// the weighted split needs some granularity.
#define WEFT_MIN_CHUNKS 4

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t chunks_for(const weft_loop_t *loop) {
  int64_t trip = loop->trip;
  if (trip <= 0)
    return 0;
  int64_t want = WEFT_DEFAULT_CHUNKS;
  double work = loop->work_ns;
  if (work > 0 && isfinite(work)) {
    double c = ceil(work / WEFT_TARGET_CHUNK_NS);
    want = c >= WEFT_MAX_CHUNKS ? WEFT_MAX_CHUNKS
           : c <= WEFT_MIN_CHUNKS ? WEFT_MIN_CHUNKS
                                  : (int64_t)c;
  }
  return min64(trip, want);
}

void weft_grid_init(weft_grid_t *g, const weft_loop_t *loop) {
  g->trip = loop->trip > 0 ? loop->trip : 0;
  g->chunks = chunks_for(loop);
  g->linear = 0;
  g->reversed = 0;
  g->a = g->b = g->per_chunk = 0;
  if (loop->shape != WEFT_SHAPE_LINEAR || g->chunks < 2)
    return;
  double c0 = loop->cost0, c1 = loop->cost1;
  double last = c0 + c1 * (double)(g->trip - 1);
  /* A cost that is negative anywhere, not finite, or flat is not a usable
     linear shape: fall back to the uniform split. */
  if (!isfinite(c0) || !isfinite(c1) || !isfinite(last) || c0 < 0 ||
      last < 0 || c1 == 0)
    return;
  if (c1 > 0) {
    g->a = c0;
    g->b = c1;
  } else {
    g->reversed = 1;
    g->a = last;
    g->b = -c1;
  }
  double x = (double)g->trip;
  double total = g->a * x + g->b * x * (x - 1) / 2;
  if (!(total > 0) || !isfinite(total))
    return;
  g->linear = 1;
  g->per_chunk = total / (double)g->chunks;
}

/// Boundary c (0 <= c <= chunks) of the forward equal-work grid: the rounded
/// x with a*x + b*x*(x-1)/2 = c * per_chunk.
static int64_t linear_boundary(const weft_grid_t *g, int64_t c) {
  if (c <= 0)
    return 0;
  if (c >= g->chunks)
    return g->trip;
  double t = g->per_chunk * (double)c;
  double bb = g->a - g->b / 2;
  double x = (sqrt(bb * bb + (2 * g->b) * t) - bb) / g->b;
  x = floor(x + 0.5);
  if (!(x > 0))
    return 0;
  if (x >= (double)g->trip)
    return g->trip;
  return (int64_t)x;
}

static int64_t boundary(const weft_grid_t *g, int64_t c) {
  if (!g->linear) {
    int64_t base = g->trip / g->chunks, rem = g->trip % g->chunks;
    return c * base + min64(c, rem);
  }
  if (!g->reversed)
    return linear_boundary(g, c);
  return g->trip - linear_boundary(g, g->chunks - c);
}

void weft_grid_bounds(const weft_grid_t *g, int64_t chunk, int64_t *lo,
                      int64_t *hi) {
  if (chunk < 0 || chunk >= g->chunks) {
    *lo = *hi = 0;
    return;
  }
  *lo = boundary(g, chunk);
  *hi = boundary(g, chunk + 1);
}

int64_t weft_split_start(int64_t chunks, const uint64_t *prefix, int size,
                         int t) {
  if (t <= 0)
    return 0;
  if (t >= size)
    return chunks;
  uint64_t total = prefix[size];
  return (int64_t)(((uint64_t)chunks * prefix[t] + total / 2) / total);
}

int64_t weft_chunk_count(const weft_loop_t *loop) {
  return loop ? chunks_for(loop) : 0;
}

void weft_chunk_bounds(const weft_loop_t *loop, int64_t chunk, int64_t *lo,
                       int64_t *hi) {
  weft_grid_t g;
  if (!loop) {
    *lo = *hi = 0;
    return;
  }
  weft_grid_init(&g, loop);
  weft_grid_bounds(&g, chunk, lo, hi);
}
