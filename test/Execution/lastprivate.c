// RUN: %exec-check %s
// PARALLEL: 6
// Values used after a loop: a scalar written in every iteration
// (last-private: the last iteration's value), and counters declared before
// their loops, whose value after the loop is its exit value, also for
// decreasing loops and steps other than one; and a scalar written in an
// inner loop that surely runs, so in every outer iteration. A last-private
// loop that runs no iteration leaves the value as it was (GCC's OpenMP once
// copied it out of an unset private copy, through --emit=openmp).
#include <stdio.h>

#define N 50000
static double a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i % 101) * 0.5;
  double t = -1;
  int i;
  for (i = 0; i < N; i++) {
    t = a[i] * 2 + 1;
    b[i] = t * t;
  }
  printf("%.17g %d\n", t, i);
  long k;
  for (k = N - 1; k >= 3; k -= 3)
    b[k] += a[k - 1];
  printf("%ld\n", k);
  unsigned u;
  int last = 0;
  for (u = 7; u < N; u += 5) {
    last = (int)u * 2;
    b[u] -= 1.0;
  }
  printf("%u %d\n", u, last);
  double w = 0;
  for (int r = 0; r < N / 8; r++)
    for (int c = 7; c >= 0; c--) {
      w = a[r * 8 + c] - c;
      b[r * 8 + c] += w;
    }
  printf("%.17g\n", w);
  for (int n = 2; n >= 0; n--) { // n = 0: no iteration
    double v = -7;
    for (int j = 0; j < n * 20000; j++) {
      v = a[j] * 3;
      b[j] += v;
    }
    printf("%.17g\n", v);
  }
  double s = 0;
  for (int j = 0; j < N; j++)
    s += b[j];
  printf("%.17g\n", s);
  return 0;
}
