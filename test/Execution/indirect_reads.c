// RUN: %exec-check %s
// PARALLEL: 2
// Reads through loaded pointers (docs/analysis.md, "Reads through loaded
// pointers"): k-means steps on integer points whose rows, and the
// centers', are carved from one block and reached through tables of
// pointers. Each point's nearest center comes from a call that reads
// through pts[c] (pointers loaded from memory); the loop writes only
// allocations nothing keeps (the membership, returned after the loop, and
// the new centers' sums and counts, array reductions into calloc'd
// memory), so it runs in parallel. The centers move between steps; the
// output (memberships, centers) is exact on any team.
#include <stdio.h>
#include <stdlib.h>

enum { D = 6, K = 5 };

static long dist2(const int *a, const int *b, int d) {
  long s = 0;
  for (int j = 0; j < d; j++)
    s += (long)(a[j] - b[j]) * (a[j] - b[j]);
  return s;
}

static int nearest(const int *pt, int **pts, int k, int d) {
  int best = 0;
  long bd = dist2(pt, pts[0], d);
  for (int c = 1; c < k; c++) {
    long x = dist2(pt, pts[c], d);
    if (x < bd) {
      bd = x;
      best = c;
    }
  }
  return best;
}

static int **rows(int n, int d) {
  int **t = malloc(n * sizeof(int *));
  if (!t)
    return 0;
  t[0] = malloc((size_t)n * d * sizeof(int));
  if (!t[0]) {
    free(t);
    return 0;
  }
  for (int i = 1; i < n; i++)
    t[i] = t[i - 1] + d;
  return t;
}

// One step: the members, and the centers moved to their means.
static int *step(int **feature, int **centers, int n, int k, int d) {
  int *member = malloc(n * sizeof(int));
  long *sum = calloc(k * d, sizeof(long));
  int *count = calloc(k, sizeof(int));
  if (!member || !sum || !count) {
    free(member);
    free(sum);
    free(count);
    return 0;
  }
  for (int i = 0; i < n; i++) {
    int c = nearest(feature[i], centers, k, d);
    member[i] = c;
    count[c]++;
    for (int j = 0; j < d; j++)
      sum[c * d + j] += feature[i][j];
  }
  for (int c = 0; c < k; c++)
    for (int j = 0; j < d; j++)
      if (count[c] > 0)
        centers[c][j] = (int)(sum[c * d + j] / count[c]);
  free(sum);
  free(count);
  return member;
}

int main(void) {
  int n = 60000;
  int **feature = rows(n, D), **centers = rows(K, D);
  if (!feature || !centers)
    return 1;
  unsigned s = 7;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < D; j++) {
      s = s * 1103515245u + 12345u;
      feature[i][j] = (int)(s >> 16 & 255) + 40 * (i % K);
    }
  for (int c = 0; c < K; c++)
    for (int j = 0; j < D; j++)
      centers[c][j] = feature[c * 101][j];
  for (int it = 0; it < 4; it++) {
    int *member = step(feature, centers, n, K, D);
    if (!member)
      return 1;
    unsigned long h = 0;
    for (int i = 0; i < n; i++)
      h = h * 31u + (unsigned)member[i];
    printf("step %d: members %lx, center 0 %d %d, center %d %d %d\n", it, h,
           centers[0][0], centers[0][D - 1], K - 1, centers[K - 1][0],
           centers[K - 1][D - 1]);
    free(member);
  }
  free(feature[0]);
  free(feature);
  free(centers[0]);
  free(centers);
  return 0;
}
