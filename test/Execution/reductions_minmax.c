// RUN: %exec-check %s
// PARALLEL: 4
// OPENMP-PARALLEL: 1
// Floating-point min and max by comparison, without any flag: exact on any
// team. Ties between +0 and -0 and NaNs in the data must pick what the
// sequential loop picks (the first or the last of equal values, NaNs never).
// OpenMP combines partial results in no fixed order, so --emit=openmp leaves
// the three reductions sequential.
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 100000
static double d[N];

static unsigned long long bits(double x) {
  unsigned long long b;
  memcpy(&b, &x, sizeof b);
  return b;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    d[i] = (i % 1000 == 0) ? ((i / 1000) % 2 ? 0.0 : -0.0) : -1.0 - (i % 77);
    if (i % 4099 == 0)
      d[i] = NAN;
  }
  double first = -INFINITY; // the first of the largest (strict >)
  for (int i = 0; i < N; i++)
    if (d[i] > first)
      first = d[i];
  double last = -INFINITY; // the last of the largest (>=)
  for (int i = 0; i < N; i++)
    if (d[i] >= last)
      last = d[i];
  double low = INFINITY;
  for (int i = 0; i < N; i++)
    low = d[i] <= low ? d[i] : low;
  printf("%016llx %016llx %016llx\n", bits(first), bits(last), bits(low));
  return 0;
}
