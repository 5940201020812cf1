// Array reductions (docs/analysis.md, "Array reductions"): an array of a
// size known where the loop is, which the loop only updates with one
// integer operator, `a[s] = a[s] op x`, is copied for each thread. Anything
// else the loop does with it keeps the dependence test's verdict, with the
// reason it is not a reduction when it looks like one.
// Execution: test/Execution/array_reductions.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

int hist[256];

// A histogram into a global: the pointer read may be the global's memory,
// so a run-time check sets all of hist apart from it.
void histogram(const unsigned char *img, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: hist is a + array reduction (each thread updates its own copy); a run-time check that hist and img do not overlap}}
    hist[img[i]]++;
}

// A local array, -= as +, two updates of one array in an iteration.
void local(const int *k, const int *v, int n, long *out) {
  long acc[16] = {0};
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: acc is a + array reduction (each thread updates its own copy)}}
    acc[k[i] & 15] += v[i];
    acc[(k[i] >> 4) & 15] -= 2 * v[i];
  }
  for (int j = 0; j < 16; j++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[j] = acc[j];
}

// Rows of a 2-D array inside an inner loop, and a second array.
long long sums[8][4];
void rows(const int *k, const int *v, long *count, int n) {
  int seen[8] = {0};
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: seen and sums are + array reductions (each thread updates its own copies)}}
    int c = k[i] & 7;
    seen[c]++;
    for (int j = 0; j < 4; j++) // expected-remark {{loop not parallelized: the loop at 33:3 around it runs in parallel}}
      sums[c][j] += (long long)v[i] * j;
  }
  for (int c = 0; c < 8; c++) // expected-remark {{loop parallelized: its iterations are independent}}
    count[c] = seen[c];
}

// Bitwise operators, * and narrow types (C's conversions around the
// update), and a static local.
unsigned char bytes[64];
unsigned words[32];
unsigned long prods[4];
void bitwise(const int *k, int n) {
  static short counts[8];
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: words is a | array reduction (each thread updates its own copy)}}
    words[k[i] & 31] |= 1u << (k[i] >> 5 & 31);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: bytes is a ^ array reduction (each thread updates its own copy)}}
    bytes[k[i] & 63] ^= (unsigned char)k[i];
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: prods is a * array reduction (each thread updates its own copy)}}
    prods[k[i] & 3] *= (unsigned long)k[i] | 1;
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: counts is a + array reduction (each thread updates its own copy)}}
    counts[k[i] & 7] += 1;
}

// Not reductions: two operators, an element read for something else, the
// old value used, an update from another element, x - a[s].
void not_updates(const int *k, int *out, int n) {
  int h[16] = {0};
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: h[k[i] & 15] read in one iteration may be written in another: the subscript depends on values computed in the loop}}
    h[k[i] & 15] += k[i];    // expected-note {{h[k[i] & 15] written here}}
    h[k[i] >> 4 & 15] ^= k[i];
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: h[k[i] & 15] read in one iteration may be written in another: the subscript depends on values computed in the loop}}
    if (h[k[i] & 15] > 3)
      h[k[i] & 15]++; // expected-note {{h[k[i] & 15] written here}}
  }
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[k[i] & 15] read in one iteration may be written in another: the subscript depends on values computed in the loop}}
    out[i] = h[k[i] & 15]++; // expected-note {{h[k[i] & 15] written here}}
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[k[i] >> 4 & 15] read in one iteration may be written in another (as h[k[i] & 15]): the subscript depends on values computed in the loop}}
    h[k[i] & 15] += h[k[i] >> 4 & 15]; // expected-note {{h[k[i] & 15] written here}}
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[k[i] & 15] read in one iteration may be written in another: the subscript depends on values computed in the loop}}
    h[k[i] & 15] = k[i] - h[k[i] & 15]; // expected-note {{h[k[i] & 15] written here}}
}

// Updates weft cannot copy: through a pointer of unknown size, and of
// floating point, whose sum depends on the order (Detect/array-reductions-float.c
// has them with --fp-reductions).
void uncopied(int *h, const int *k, double *out, int n) {
  double q[10] = {0};
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[k[i]] read in one iteration may be written in another: the subscript depends on values computed in the loop; h is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of h[k[i]] (such as an unsigned char, `& 255` or `% n`)}}
    h[k[i]]++; // expected-note {{h[k[i]] written here}}
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: q[k[i] % 10] read in one iteration may be written in another: the subscript depends on values computed in the loop; q is updated as a floating-point array reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
    q[k[i] % 10] += 1.0; // expected-note {{q[k[i] % 10] written here}}
  for (int j = 0; j < 10; j++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[j] = q[j];
}

// A call that gets the array, and a bound that reads it.
void use(int *a);
void others(const int *k, int n) {
  int h[8] = {0};
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to use, whose effects weft does not know (it is not defined in this file)}}
    h[k[i] & 7]++;
    use(h); // expected-note {{here}}
  }
  for (int i = 0; i < h[0]; i++) // expected-remark {{loop not parallelized: the bound reads h[0], which the body may write (as h[k[i] & 7])}}
    h[k[i] & 7]++; // expected-note {{h[k[i] & 7] written here}}
}

// Allocations (Reduction::length): what calloc or malloc returned, held by
// one pointer variable, whose elements the loop's variables give where it
// starts (a parameter's value, here nb, other, or a local's, m, also when
// the loop does not use it). A size no variable holds (a call's result), a
// second variable on the same memory, a size that is not whole elements,
// and a pointer assigned twice are not copied.
#include <stdlib.h>
int bins(const int *k, int n);
long *allocated(const int *k, int n, int nb, int other) {
  long *h = calloc(nb, sizeof *h);
  int *c = malloc(nb * 4 * sizeof(int));
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: h and c are + array reductions (each thread updates its own copies)}}
    h[k[i] % nb] += k[i];
    c[(k[i] & 3) * nb + i % nb]++;
  }
  long *f = calloc(other, sizeof *f);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: f is a + array reduction (each thread updates its own copy)}}
    f[k[i]]++;
  int m = bins(k, n);
  long *e = calloc(m, sizeof *e);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: e is a + array reduction (each thread updates its own copy)}}
    e[k[i]]++;
  free(e);
  long *g = calloc(bins(k, m), sizeof *g);
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: g[k[i]] read in one iteration may be written in another: the subscript depends on values computed in the loop; g is updated as an array reduction, but weft cannot tell how many elements its allocation has where the loop starts (a size in whole elements of variables that hold it there)}}
    g[k[i]]++; // expected-note {{g[k[i]] written here}}
  long *p = h;
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[k[i] % nb] read in one iteration may be written in another (as p[k[i] % nb]): the subscript depends on values computed in the loop}}
    p[k[i] % nb] += h[k[i] % nb]; // expected-note {{p[k[i] % nb] written here}}
  int *odd = malloc(nb * 6);
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: odd[k[i] % nb] read in one iteration may be written in another: the subscript depends on values computed in the loop; odd is updated as an array reduction, but weft cannot tell how many elements its allocation has where the loop starts (a size in whole elements of variables that hold it there)}}
    odd[k[i] % nb]++; // expected-note {{odd[k[i] % nb] written here}}
  int *twice = calloc(nb, sizeof *twice);
  if (other)
    twice = calloc(nb, sizeof *twice);
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: twice[k[i] % nb] read in one iteration may be written in another: the subscript depends on values computed in the loop; twice is updated as an array reduction, but weft copies only arrays whose size it knows where the loop is (declared `T twice[N]`, the malloc or calloc result held by one pointer variable, or a pointer whose subscripts have a bound)}}
    twice[k[i] % nb]++; // expected-note {{twice[k[i] % nb] written here}}
  free(odd);
  free(f);
  free(g);
  free(c);
  free(twice);
  return h;
}

// The size's variable hidden where the loop is by a local of its name:
// weft cannot write the size there.
long *hidden(const int *k, int n, int nb) {
  long *h = calloc(nb, sizeof *h);
  {
    int nb = 3;
    for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: weft cannot write the size of the array reduction h where the loop starts}}
      h[k[i] % nb] += k[i];
  }
  return h;
}

// Pointers whose objects weft does not see (Reduction::sparse): the ops
// that compute every subscript bound it, and the copies have that many
// elements: an unsigned char (256), a shift of 32 bits by 26 (64), `%` of
// an unsigned value by a variable the loop does not change, a uint16_t, a
// mask, through a parameter or a pointer a call returned. A run-time check
// sets the bound's elements apart from what else the loop reaches.
#include <stdint.h>
long *table(void);
void bounded(const unsigned char *px, const unsigned *k, const int *v, int n,
             long *h, int *g, int nb, unsigned un) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: h is a + array reduction (each thread updates its own copy); a run-time check that h and v do not overlap; a run-time check that h and px do not overlap}}
    h[px[i]] += v[i];
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: h is a + array reduction (each thread updates its own copy); a run-time check that h and k do not overlap}}
    unsigned b = k[i] >> 26;
    h[b]++;
  }
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: g is a ^ array reduction (each thread updates its own copy); a run-time check that g and v do not overlap; a run-time check that g and k do not overlap; it runs in parallel from 0.19 iterations per element of its copies}}
    g[k[i] % un] ^= v[i];
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: g is a + array reduction (each thread updates its own copy); a run-time check that g and v do not overlap; it runs in parallel from 62416 iterations}}
    g[(uint16_t)v[i]]++;
  long *t = table();
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: t is a + array reduction (each thread updates its own copy); a run-time check that t and k do not overlap}}
    t[k[i] & 1023] += 2;
  // Not reductions, or not bounded: h read for another use, the divisor
  // changed in the loop, an int's remainder (may be negative), no bound.
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: h[0] read in one iteration may be written in another (as h[k[i] % nb]): the subscript depends on values computed in the loop}}
    h[k[i] % nb] += h[0]; // expected-note {{h[k[i] % nb] written here}}
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: nb carries a value from one iteration to the next}}
    h[k[i] % nb]++; // expected-note {{nb read here}}
    nb = v[i] + 1;
  }
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: g[v[i] % 8] read in one iteration may be written in another: the subscript depends on values computed in the loop; g is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of g[v[i] % 8] (such as an unsigned char, `& 255` or `% n`)}}
    g[v[i] % 8]++; // expected-note {{g[v[i] % 8] written here}}
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: g[k[i]] read in one iteration may be written in another: the subscript depends on values computed in the loop; g is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of g[k[i]] (such as an unsigned char, `& 255` or `% n`)}}
    g[k[i]]++; // expected-note {{g[k[i]] written here}}
}

// Clamped subscripts (clampLength): every way the value comes about, through
// ifs and ?:, is below one bound and not negative: [0, nc) for a clamp to
// nc - 1, [0, top + 1) for one to top, or for a test around the update or
// a continue before it. A
// clamp at one end only, flags taken before the variable changed, a clamp
// to nc + 1 (which could wrap), or a test with || give no bound.
void clamps(const double *x, const unsigned *k, int n, int nc, int top,
            unsigned un, int big, int *count, unsigned *h) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: count is a + array reduction (each thread updates its own copy); a run-time check that count and x do not overlap; it runs in parallel from 0.24 iterations per element of its copies}}
    int c = (int)x[i];
    if (c < 0)
      c = 0;
    if (c >= nc)
      c = nc - 1;
    count[c]++;
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: count is a + array reduction (each thread updates its own copy); a run-time check that count and x do not overlap}}
    int c = (int)x[i];
    c = c < 0 ? 0 : c > top ? top : c;
    count[c] += 2;
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: h is a ^ array reduction (each thread updates its own copy); a run-time check that h and k do not overlap}}
    unsigned c = k[i] / 3;
    if (c >= un)
      c = un - 1;
    h[c] ^= k[i];
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: count[c] read in one iteration may be written in another: the subscript depends on values computed in the loop; count is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of count[c] (such as an unsigned char, `& 255` or `% n`)}}
    int c = (int)x[i];
    if (c >= nc)
      c = nc - 1;
    count[c]++; // expected-note {{count[c] written here}}
  }
  // Tested by the ifs around the update (`&&`, or nested), not by `||`.
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: count is a + array reduction (each thread updates its own copy); a run-time check that count and x do not overlap}}
    int c = (int)x[i];
    if (c >= 0 && c < nc)
      count[c]++;
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: count is a + array reduction (each thread updates its own copy); a run-time check that count and x do not overlap}}
    int c = (int)(x[i] * 4.0);
    if (c >= 0)
      if (c <= nc - 1)
        count[c] += 2;
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: count[c] read in one iteration may be written in another: the subscript depends on values computed in the loop; count is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of count[c] (such as an unsigned char, `& 255` or `% n`)}}
    int c = (int)x[i];
    if (c >= 0 || c < nc)
      count[c]++; // expected-note {{count[c] written here}}
  }
  // An if before it that always jumps away: past it, its condition is
  // false; not so when the jump is itself conditional.
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: count is a + array reduction (each thread updates its own copy); a run-time check that count and x do not overlap}}
    int c = (int)x[i];
    if (c < 0 || c >= nc)
      continue;
    count[c] += 3;
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: count[c] read in one iteration may be written in another: the subscript depends on values computed in the loop; count is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of count[c] (such as an unsigned char, `& 255` or `% n`)}}
    int c = (int)x[i];
    if (c < 0 || c >= nc) {
      if (x[i] > 3.0)
        continue;
    }
    count[c] += 3; // expected-note {{count[c] written here}}
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: count[c] read in one iteration may be written in another: the subscript depends on values computed in the loop; count is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of count[c] (such as an unsigned char, `& 255` or `% n`)}}
    int c = (int)x[i];
    int lo = c < 0, hi = c >= nc;
    c = big;
    if (lo)
      c = 0;
    if (hi)
      c = nc - 1;
    count[c]++; // expected-note {{count[c] written here}}
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: count[c] read in one iteration may be written in another: the subscript depends on values computed in the loop; count is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of count[c] (such as an unsigned char, `& 255` or `% n`)}}
    int c = (int)x[i];
    if (c < 0)
      c = 0;
    if (c >= nc)
      c = nc + 1;
    count[c]++; // expected-note {{count[c] written here}}
  }
}
