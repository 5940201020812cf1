// RUN: weft-translate %s -o - --fork-join-ns=0 -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c --fork-join-ns=0 -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s -o - --fork-join-ns=0 --fp-reductions -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=FP
// A loop whose text as written computes what its chunks compute asks the
// runtime first (weft_for_inline, or weft_spmd_inline for a loop run as an
// SPMD region) whether this call should run it as written: a site measured
// to save less than its fork (docs/runtime.md, "Measured sites") then
// skips the outlined loop's calls and its checks. Not asked: a
// floating-point sum (in chunks it rounds differently; min and max select
// the same element either way). A loop with error paths asks: as written
// it is the program's own loop, and weft_parallel_for_exits is measured.
#include <stdio.h>
#include <stdlib.h>

// CHECK-LABEL: long isum(
// CHECK: if (weft_trip >= {{[0-9]+}} && weft_ready() && !weft_for_inline(&weft_memo, [[F:weft_isum_[0-9]+]], [[ID:[0-9]+]], weft_trip)) {
// CHECK: .region_id = [[ID]],
// CHECK: weft_parallel_for(&weft_l, [[F]], &weft_c);
long isum(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

// CHECK-LABEL: double dmax(
// CHECK: && weft_ready() && !weft_for_inline(
double dmax(const double *v, int n) {
  double m = -1e300;
  for (int i = 0; i < n; i++)
    if (v[i] > m)
      m = v[i];
  return m;
}

// FP-LABEL: double dsum(
// FP: if (weft_trip >= {{[0-9]+}} && weft_ready()) {
// FP-LABEL: void scale(
double dsum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

// An integer histogram: a copy per team member, in an SPMD region.
// CHECK-LABEL: void scale(
// CHECK: && weft_ready() && !weft_spmd_inline(&weft_memo, [[H:weft_hist_[0-9]+_copies]], {{[0-9]+}}, weft_trip)
// CHECK: weft_spmd(&weft_l, [[H]], &weft_r);
void scale(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
void hist(int n, const unsigned char *restrict k, int h[restrict 256]) {
  for (int i = 0; i < n; i++)
    h[k[i]]++;
}

// CHECK-LABEL: void checked(
// CHECK: if (weft_trip >= {{[0-9]+}} && weft_ready() && !weft_for_inline(&weft_memo, [[E:weft_checked_[0-9]+]], {{[0-9]+}}, weft_trip)) {
// CHECK: weft_parallel_for_exits(&weft_l, [[E]], &weft_c, &weft_x);
void checked(int n, const double *restrict a, double *restrict b) {
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      fprintf(stderr, "negative value at %d\n", i);
      exit(1);
    }
    b[i] = a[i] * 2;
  }
}
