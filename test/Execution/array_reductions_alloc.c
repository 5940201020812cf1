// RUN: %exec-check %s
// PARALLEL: 11
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fp-reductions --fork-join-ns=0
// TOLERANCE: 1e-3
// Array reductions into allocations (docs/analysis.md, "Array reductions"):
// histograms into what calloc and malloc returned, of a size the program
// computes when it runs (`calloc(nb, sizeof *h)`) or of a constant one
// (kmeans' centers, `calloc(k * d, sizeof(float))`). Each team member (or
// band, for floating point) updates a copy of as many elements as the
// allocation has, written where the loop starts; two allocations and an
// array of a constant size in one loop share each member's block of
// copies. Bin counts from 1 to 4096, and a run too short to pay for its
// copies (run as written).
#include <stdio.h>
#include <stdlib.h>

#define N 300000
static int keys[N];
static float xs[N * 4];

// A histogram of a run-time number of bins: the loop names nb.
static long *histogram(const int *key, int n, int nb) {
  long *h = calloc(nb, sizeof *h);
  if (!h)
    return 0;
  for (int i = 0; i < n; i++)
    h[key[i] % nb] += i & 7;
  return h;
}

// Counts into malloc'd ints, zeroed by a loop, under a test on nbins.
static int *counts(const int *key, int n, int nbins) {
  int *c = malloc((size_t)nbins * sizeof(int));
  if (!c)
    return 0;
  for (int b = 0; b < nbins; b++)
    c[b] = 0;
  for (int i = 0; i < n; i++)
    if (key[i] < nbins)
      c[key[i]]++;
  return c;
}

// Two allocations (the second of nb + 1 elements) and a fixed array.
static void two(const int *key, int n, int na, int nb) {
  long *a = calloc(na, sizeof(long));
  unsigned *b = calloc(nb + 1, sizeof(unsigned));
  unsigned long fixed[16] = {0};
  if (!a || !b) {
    free(a);
    free(b);
    return;
  }
  for (int i = 0; i < n; i++) {
    a[key[i] % na] += key[i];
    fixed[key[i] & 15] += (unsigned long)i;
    b[key[i] % (nb + 1)] ^= (unsigned)i * 2654435761u;
  }
  long sa = 0;
  unsigned sb = 0;
  for (int i = 0; i < na; i++)
    sa += a[i] * (i % 7 + 1);
  for (int i = 0; i <= nb; i++)
    sb = sb * 31u + b[i];
  printf("two %d %d: %ld %u %lu %lu\n", na, nb, sa, sb, fixed[0], fixed[15]);
  free(a);
  free(b);
}

// kmeans' new centers: float sums of 8 clusters of 4 features, into a
// calloc of a constant size, each band on copies of its own.
static void centers(const int *key, const float *x, int n) {
  int k = 8, d = 4;
  float *s = calloc(k * d, sizeof(float));
  int *len = calloc(k, sizeof(int));
  if (!s || !len) {
    free(s);
    free(len);
    return;
  }
  for (int i = 0; i < n; i++) {
    int c = key[i] & 7;
    len[c]++;
    for (int j = 0; j < d; j++)
      s[c * d + j] += x[i * d + j];
  }
  for (int c = 0; c < k; c++)
    printf("center %d (%d): %.6g %.6g %.6g %.6g\n", c, len[c], s[c * d],
           s[c * d + 1], s[c * d + 2], s[c * d + 3]);
  free(s);
  free(len);
}

// A size the loop does not name: a local that holds it where it starts.
static long keyed(const int *key, int n) {
  int nb = 4096 + (n & 1);
  long *h = calloc(nb, sizeof *h);
  if (!h)
    return -1;
  for (int i = 0; i < n; i++)
    h[key[i]] += 2;
  long t = 0;
  for (int b = 0; b < nb; b++)
    t += h[b] * (b % 3 + 1);
  free(h);
  return t;
}

static void show(const char *what, const long *h, int nb) {
  long t = 0;
  for (int b = 0; b < nb; b++)
    t += h[b] * (b % 5 + 1);
  printf("%s %d: %ld\n", what, nb, t);
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    keys[i] = (int)(s >> 8) & 4095;
    for (int j = 0; j < 4; j++)
      xs[i * 4 + j] = (float)((s >> (4 * j)) & 255) / 16.0f - 7.5f;
  }
  int bins[] = {1, 7, 64, 1000, 4096};
  for (int k = 0; k < 5; k++) {
    long *h = histogram(keys, N, bins[k]);
    if (h)
      show("histogram", h, bins[k]);
    free(h);
    int *c = counts(keys, N, bins[k]);
    if (c) {
      long t = 0;
      for (int b = 0; b < bins[k]; b++)
        t += (long)c[b] * (b + 1);
      printf("counts %d: %ld\n", bins[k], t);
    }
    free(c);
  }
  // Few iterations for many bins: the copies would cost more than the loop.
  long *h = histogram(keys, 200, 4096);
  if (h)
    show("short", h, 4096);
  free(h);
  two(keys, N, 100, 33);
  two(keys, N / 2, 4096, 0);
  centers(keys, xs, N);
  printf("keyed %ld %ld\n", keyed(keys, N), keyed(keys, N - 1));
  return 0;
}
