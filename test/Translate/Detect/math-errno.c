// With --math-errno=impure, on a target where libm sets errno, calls that
// may set it keep the loop sequential; those that never do (fabs) do not.
// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --math-errno=impure --
#include <math.h>

// expected-remark@+2 {{loop not parallelized: it contains a call to sqrt, which may set errno (libm calls count as impure with --math-errno=impure)}}
void roots(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = sqrt(v[i]) + fabs(v[i]); // expected-note {{here}}
}

// expected-remark@+2 {{loop parallelized}}
void absolute(int n, double *restrict v) {
  for (int i = 0; i < n; i++)
    v[i] = fabs(v[i]) + floor(v[i]);
}
