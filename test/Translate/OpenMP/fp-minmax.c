// OpenMP combines partial results in no fixed order, so a floating-point
// min or max (exact with libweft, which combines in chunk order) stays
// sequential unless reordering is allowed; integer ones need nothing.
// RUN: weft-translate %s --analyze --emit=openmp --fork-join-ns=0 -- 2>&1 | FileCheck %s
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 --fp-reductions -o - -- 2>&1 | FileCheck %s --check-prefix=ALLOW
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 -o - -- -ffast-math 2>&1 | FileCheck %s --check-prefix=ALLOW

// CHECK: fp-minmax.c:[[@LINE+6]]:3: remark: loop not parallelized: OpenMP combines the partial results of the floating-point max m in no fixed order, which can change the sign of a zero result or drop a NaN it started from (allow that with -ffast-math or --fp-reductions)
// ALLOW: remark: loop parallelized: m is a max reduction
// ALLOW: reduction(max: m)
// ALLOW: reduction(min: k)
double fmaxof(int n, const double *x) {
  double m = -1e300;
  for (int i = 0; i < n; i++)
    if (x[i] > m)
      m = x[i];
  return m;
}

// CHECK: fp-minmax.c:[[@LINE+3]]:3: remark: loop parallelized: k is a min reduction
int iminof(int n, const int *x) {
  int k = 1 << 30;
  for (int i = 0; i < n; i++)
    k = x[i] < k ? x[i] : k;
  return k;
}
