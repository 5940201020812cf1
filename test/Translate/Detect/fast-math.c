// With permission to reassociate, floating-point sums and products run in
// parallel: from the compile flags, or from weft's own option.
// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify -- -ffast-math
// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify -- -fassociative-math -fno-signed-zeros -fno-trapping-math
// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --fp-reductions --

// expected-remark@+3 {{loop parallelized: s is a + reduction; p is a * reduction}}
double fsum(int n, const double *v) {
  double s = 0, p = 1;
  for (int i = 0; i < n; i++) {
    s += v[i];
    p *= v[i];
  }
  return s + p;
}
