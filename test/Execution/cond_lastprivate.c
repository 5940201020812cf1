// RUN: %exec-check %s
// PARALLEL: 6
// OPENMP-PARALLEL: 3
// Scalars written in only some iterations and read after the loop
// (conditionally last-private): each chunk keeps its copy and whether it
// assigned it, and the last chunk in order that did gives the value, as
// the last iteration that assigns it does in the sequential loop; with no
// assignment at all, the value before the loop stays. Indices, doubles,
// pointers, a short, compound assignments and ++ under a condition, two
// such variables and a reduction in one loop, an assignment only in the
// first iterations, an inner loop that may run no iteration, and a loop
// that shares its parallel region with the next one. With
// --emit=openmp these loops stay sequential (Clang 19 gets
// lastprivate(conditional:) wrong when no iteration assigns; docs/output.md).
#include <stdio.h>

#define N 60000
static double a[N];
static int v[N], m[N];

// Two loops in one parallel region: the first one's variable is combined
// after the region, as its reductions are.
static int region(int n, int *out) {
  int hit = -1;
  for (int i = 0; i < n; i++)
    if (v[i] == 17)
      hit = i;
  for (int i = 0; i < n; i++)
    out[i] = v[i] * 2;
  return hit;
}

static int out2[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = ((i * 7919) % 1000) * 0.25 - 100;
    v[i] = (i * 31) % 97 - 48;
    m[i] = i % 5 == 0 ? 0 : i % 4;
  }
  for (int k = 0; k < 3; k++) {
    int last = -1, none = -7;
    double x = -1;
    const double *best = 0;
    short s = 3;
    long sum = 0;
    int lim = k == 0 ? N : k == 1 ? 100 : 0;
    for (int i = 0; i < N; i++) {
      if (v[i] > 40 && i < N - k * 997) {
        last = i;
        x = a[i] * 2;
        x += 1;
      }
      if (v[i] > 1000)
        none = i;
      if (a[i] > 149.5 - k)
        best = &a[i];
      if (i < lim && v[i] < 0) {
        s = (short)(v[i] * 3);
        s++;
      }
      sum += v[i];
    }
    printf("%d %d %.17g %ld %d %ld\n", last, none, x,
           best ? (long)(best - a) : -1L, s, sum);
  }
  int first = -1;
  for (int i = 0; i < N; i++)
    if (i < 5 && v[i] != 0)
      first = v[i];
  printf("%d\n", first);
  double w = 0;
  for (int r = 0; r < N / 8; r++)
    for (int c = 0; c < m[r]; c++)
      w = a[r * 8 + c] + c;
  printf("%.17g\n", w);
  int hit = region(N, out2);
  printf("%d %d\n", hit, out2[N - 1]);
  printf("%d\n", region(N / 2 + 3, out2));
  return 0;
}
