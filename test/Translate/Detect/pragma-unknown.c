// An unknown weft pragma is a clang warning, and changes nothing.
// RUN: weft-translate %s --analyze --fork-join-ns=0 -- 2>&1 | FileCheck %s
// CHECK: pragma-unknown.c:[[@LINE+2]]:14: warning: unknown weft pragma 'fast': expected 'sequential', 'assume_no_alias' or 'pure(name, ...)'
// CHECK: remark: loop parallelized
#pragma weft fast
void f(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
