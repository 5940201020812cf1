// With -fno-math-errno libm never sets errno: even --math-errno=impure
// leaves its calls pure.
// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --math-errno=impure -- -fno-math-errno
#include <math.h>

// expected-remark@+2 {{loop parallelized}}
void roots(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = sqrt(v[i]) + fabs(v[i]);
}
