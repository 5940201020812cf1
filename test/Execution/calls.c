// RUN: %exec-check %s
// PARALLEL: 4
// Calls in parallel loops: pure functions of the file, a function that
// writes through its pointer argument at the index the loop gives it, and
// math library functions (pure by default).
#include <math.h>
#include <stdio.h>

#define N 60000
static double in[N], out[N], aux[N];

static double smooth(double x) { return x * x / (1.0 + fabs(x)); }

static int collatz_steps(long v) {
  int s = 0;
  for (int k = 0; k < 200 && v != 1; k++) {
    v = v % 2 ? 3 * v + 1 : v / 2;
    s++;
  }
  return s;
}

static void put(double *dst, int i, double v) { dst[i] = v * 0.5; }

int main(void) {
  for (int i = 0; i < N; i++)
    in[i] = sin(i * 0.01) * 4.0 + exp(-(double)(i % 100) / 10.0);
  for (int i = 0; i < N; i++)
    out[i] = smooth(in[i]) + collatz_steps(i + 1);
  for (int i = 0; i < N; i++)
    put(aux, i, out[i] + sqrt(fabs(in[i])));
  long steps = 0;
  for (int i = 0; i < N; i++)
    steps += collatz_steps(1000 + i);
  printf("%ld %.17g %.17g %.17g\n", steps, out[N / 3], aux[N - 1], aux[5]);
  return 0;
}
