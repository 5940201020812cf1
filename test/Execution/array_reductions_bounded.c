// RUN: %exec-check %s
// PARALLEL: 19
// GRAPHS: 2
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fp-reductions --fork-join-ns=0
// TOLERANCE: 1e-3
// Array reductions through pointers whose objects weft does not see
// (docs/analysis.md, "Array reductions"): `bins[v[i]]++` into a parameter,
// where what computes each subscript bounds it (an unsigned char, `& 127`,
// `>> 28` of 32 bits, `% nb` of an unsigned value, a clamp to [0, nc), a test around it or a continue before it). Each team member
// updates a copy of that many elements, and the combine adds into only the
// elements that some copy changed: `into_small` passes 100 bins that end
// where an inaccessible page starts, and its subscripts reach 127 only in
// their bound, so a combine of all 128 elements would fault. `overlapping`
// passes bins inside the keys it reads: the run-time check sends it down
// the sequential path.
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define N 400000
static unsigned char bytes[N];
static unsigned keys[N];
static float xs[N];

static void bytes_hist(const unsigned char *v, int n, long *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i]]++;
}

static void masked(const unsigned *k, int n, int *bins) {
  for (int i = 0; i < n; i++)
    bins[k[i] & 127] += (int)(k[i] >> 20);
}

static void shifted(const unsigned *k, int n, unsigned *bins) {
  for (int i = 0; i < n; i++) {
    unsigned top = k[i] >> 28;
    bins[top] ^= k[i];
  }
}

static void modulo(const unsigned *k, int n, long *bins, int nb) {
  for (int i = 0; i < n; i++)
    bins[k[i] % nb] += i & 15;
}

static void signed_mod(const unsigned *k, int n, long *bins, int nb) {
  for (int i = 0; i < n; i++) {
    int x = (int)(k[i] & 0xffff);
    bins[x % nb] += 1;
  }
}

static void weights(const unsigned *k, const float *x, int n, float *acc) {
  for (int i = 0; i < n; i++)
    acc[k[i] & 7] += x[i];
}

// Subscripts below 128 by the mask, below 100 by the data.
static void into_small(const unsigned *k, int n, long *bins) {
  for (int i = 0; i < n; i++)
    bins[(k[i] % 100) & 127] += 3;
}

static void overlapping(int *v, int n, int *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i] & 15]++;
}

// Two pointers' reductions in one loop: main passes them apart, and then
// overlapping (b = a + 4), which the run-time check sends down the
// sequential path.
static void pair(const unsigned *k, int n, long *a, long *b) {
  for (int i = 0; i < n; i++) {
    a[k[i] & 7]++;
    b[(k[i] >> 3) & 7] += 2;
  }
}

// Clamped bins (indexLength's clampLength): ifs, an else-if, a ?: chain,
// an unsigned clamp, and an inclusive one (nc + 1 bins).
static void clamp_ifs(const float *x, int n, float lo, float scale, int nc,
                      int *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)((x[i] - lo) * scale);
    if (c < 0)
      c = 0;
    if (c >= nc)
      c = nc - 1;
    count[c]++;
  }
}

static void clamp_else(const float *x, int n, int nc, long *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)(x[i] * 3.0f) - 4;
    if (c < 0)
      c = 0;
    else if (c > nc - 1)
      c = nc - 1;
    count[c] += i & 3;
  }
}

static void clamp_select(const unsigned *k, int n, int nc, int *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)(k[i] % 1000u) - 300;
    c = c < 0 ? 0 : c >= nc ? nc - 1 : c;
    count[c] += 2;
  }
}

static void clamp_unsigned(const unsigned *k, int n, unsigned un,
                           unsigned *h) {
  for (int i = 0; i < n; i++) {
    unsigned c = k[i] / 3u;
    if (c >= un)
      c = un - 1;
    h[c] ^= k[i];
  }
}

static void clamp_inclusive(const float *x, int n, int top, long *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)x[i];
    if (c < 0)
      c = 0;
    if (c > top)
      c = top;
    count[c]++;
  }
}

// Bins tested around the update: out-of-range values are dropped.
static void in_range(const float *x, int n, int nc, long *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)(x[i] * 2.0f) - 5;
    if (c >= 0 && c < nc)
      count[c] += i & 7;
  }
}

// Out-of-range values skipped by a continue.
static void skip_out(const unsigned *k, int n, int nc, int *count) {
  for (int i = 0; i < n; i++) {
    int c = (int)(k[i] & 0xfff) - 1000;
    if (c < 0 || c >= nc)
      continue;
    count[c] += 5;
  }
}

// A signed value's remainder is in [-15, 15]: + 15 bounds it.
static void centered(const int *v, int n, long *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i] % 16 + 15]++;
}

// Not bounded: a signed value's remainder may be negative (these values
// are not, which weft cannot see), so the loop runs as written.
static void unbounded(const int *v, int n, long *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i] % 16]++;
}

// `bytes` zeroed bytes that end where the inaccessible page after
// `limit` starts.
static void *page_end(char *limit, size_t bytes) {
  return memset(limit - bytes, 0, bytes);
}

static unsigned long mix(unsigned long h, unsigned long x) {
  return h * 1099511628211ul ^ x;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    keys[i] = (unsigned)i * 2654435761u ^ (unsigned)(i >> 3);
    bytes[i] = (unsigned char)(keys[i] >> 13);
    xs[i] = (float)(keys[i] & 1023) / 64.0f;
  }
  unsigned long h = 14695981039346656037ul;
  long b256[256] = {0};
  bytes_hist(bytes, N, b256);
  bytes_hist(bytes, 7, b256); // too short to pay for its copies
  for (int b = 0; b < 256; b++)
    h = mix(h, (unsigned long)b256[b]);
  int m128[128] = {0};
  masked(keys, N, m128);
  for (int b = 0; b < 128; b++)
    h = mix(h, (unsigned long)m128[b]);
  unsigned s16[16] = {0};
  shifted(keys, N, s16);
  for (int b = 0; b < 16; b++)
    h = mix(h, s16[b]);
  for (int nb = 1; nb <= 1000; nb = nb * 3 + 1) {
    long *bins = calloc(nb, sizeof *bins);
    modulo(keys, N, bins, nb);
    signed_mod(keys, N / 2, bins, nb);
    for (int b = 0; b < nb; b++)
      h = mix(h, (unsigned long)bins[b]);
    free(bins);
  }
  float acc[8] = {0};
  weights(keys, xs, N, acc);
  // 100 bins at the end of a page whose next page faults.
  long page = sysconf(_SC_PAGESIZE);
  char *map = mmap(0, 2 * page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE) != 0)
    return 1;
  char *limit = map + page;
  long *small = page_end(limit, 100 * sizeof *small);
  into_small(keys, N, small);
  for (int b = 0; b < 100; b++)
    h = mix(h, (unsigned long)small[b]);
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = (int)(keys[i] & 0x7fffffff);
  overlapping(v, N, v + 1000);
  for (int i = 0; i < N; i += 97)
    h = mix(h, (unsigned long)v[i]);
  // Clamped bins that end where the inaccessible page starts.
  int *c40 = page_end(limit, 40 * sizeof *c40);
  clamp_ifs(xs, N, 2.0f, 3.0f, 40, c40);
  for (int b = 0; b < 40; b++)
    h = mix(h, (unsigned long)c40[b]);
  long *c17 = page_end(limit, 17 * sizeof *c17);
  clamp_else(xs, N, 17, c17);
  for (int b = 0; b < 17; b++)
    h = mix(h, (unsigned long)c17[b]);
  int *c300 = page_end(limit, 300 * sizeof *c300);
  clamp_select(keys, N, 300, c300);
  for (int b = 0; b < 300; b++)
    h = mix(h, (unsigned long)c300[b]);
  unsigned *u9 = page_end(limit, 9 * sizeof *u9);
  clamp_unsigned(keys, N, 9, u9);
  for (int b = 0; b < 9; b++)
    h = mix(h, u9[b]);
  long *c8 = page_end(limit, 8 * sizeof *c8);
  clamp_inclusive(xs, N, 7, c8);
  for (int b = 0; b < 8; b++)
    h = mix(h, (unsigned long)c8[b]);
  long *c11 = page_end(limit, 11 * sizeof *c11);
  in_range(xs, N, 11, c11);
  for (int b = 0; b < 11; b++)
    h = mix(h, (unsigned long)c11[b]);
  int *c999 = page_end(limit, 999 * sizeof *c999);
  skip_out(keys, N, 999, c999);
  for (int b = 0; b < 999; b++)
    h = mix(h, (unsigned long)c999[b]);
  long pa[8] = {0}, pb[8] = {0}, pc[12] = {0};
  pair(keys, N, pa, pb);
  pair(keys, N, pc, pc + 4);
  for (int b = 0; b < 8; b++)
    h = mix(h, (unsigned long)(pa[b] * 3 + pb[b]));
  for (int b = 0; b < 12; b++)
    h = mix(h, (unsigned long)pc[b]);
  long c31[31] = {0}, u16[16] = {0};
  centered(v, N, c31);
  unbounded(v, N, u16);
  for (int b = 0; b < 31; b++)
    h = mix(h, (unsigned long)c31[b]);
  for (int b = 0; b < 16; b++)
    h = mix(h, (unsigned long)u16[b]);
  printf("hash %lu\n", h);
  for (int b = 0; b < 8; b++)
    printf("acc[%d] = %.3f\n", b, acc[b]);
  free(v);
  return 0;
}
