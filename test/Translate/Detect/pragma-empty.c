// A weft pragma with no word after it, written out or through _Pragma, is a
// warning like any unknown one. The handler once lexed past the end of the
// directive and crashed (found by crash fuzzing).
// RUN: weft-translate %s --analyze --fork-join-ns=0 -- 2>&1 | FileCheck %s
// CHECK: pragma-empty.c:[[@LINE+4]]:13: warning: weft pragma without a word: expected 'sequential', 'assume_no_alias' or 'pure(name, ...)'
// CHECK: pragma-empty.c:[[@LINE+7]]:3: warning: weft pragma without a word
// CHECK: warning: unknown weft pragma '3'
// CHECK-COUNT-3: remark: loop parallelized
#pragma weft
void f(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
  _Pragma("weft") for (int i = 0; i < n; i++) a[i] = 1;
#pragma weft 3
  for (int i = 0; i < n; i++)
    a[i] = 2;
}
