// RUN: %exec-check %s
// PARALLEL: 5
// OPENMP-PARALLEL: 2
// Max and min reductions whose value is an expression written twice, in
// the comparison and in the update: the largest change of a Jacobi sweep
// (fabs of a difference, as heated_plate computes it, also through swapped
// buffer pointers), the largest scaled element, and the smallest distance;
// run on arrays whose extremes sit in the first, the middle and the last
// chunk. Under OpenMP the floating-point
// ones stay sequential (OpenMP combines them in no fixed order).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 200000

static double w[N], u[N];
static int v[N];

/* Through pointers the code assigns (buffers swapped by step): each read
 * of a[i] loads a first. */
static double swapped(int steps) {
  double *a = w, *b = u;
  if (steps & 1) {
    double *t = a;
    a = b;
    b = t;
  }
  double d = -1;
  for (int i = 0; i < N; i++)
    if (d < fabs(a[i] - 2 * b[i]))
      d = fabs(a[i] - 2 * b[i]);
  return d;
}

int main(void) {
  double s = 0;
  for (int k = 0; k < 3; k++) {
    int at = k == 0 ? 3 : k == 1 ? N / 2 : N - 2;
    for (int i = 0; i < N; i++) {
      w[i] = sin(0.001 * i) + (i == at ? 5.0 : 0.0);
      u[i] = cos(0.002 * i);
      v[i] = (i * 7919) % 1000 - (i == at ? 4000 : 0);
    }
    double d = 0;
    for (int i = 0; i < N; i++)
      if (d < fabs(w[i] - u[i]))
        d = fabs(w[i] - u[i]);
    int m = 0;
    for (int i = 0; i < N; i++)
      if (m < 3 * -v[i])
        m = 3 * -v[i];
    double lo = 1e300;
    for (int i = 0; i < N; i++)
      if (fabs(w[i] + 0.5) < lo)
        lo = fabs(w[i] + 0.5);
    s += d + swapped(k);
    printf("%d: %.17g %d %.17g\n", k, d, m, lo);
  }
  printf("%.17g\n", s);
  return 0;
}
