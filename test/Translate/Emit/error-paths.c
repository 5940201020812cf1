// RUN: weft-translate %s -o - --fork-join-ns=0 -- 2>&1 | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c --fork-join-ns=0 -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 -o - -- 2>&1 | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze --fork-join-ns=0 --report=%t.json -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// Error paths (docs/output.md, "Error paths"): libweft's chunk asks
// weft_exit_first whether its iteration is the first to take one (after
// every earlier one), else returns; the loop runs under
// weft_parallel_for_exits. OpenMP: the branch is the loop's ordered region.
#include <stdio.h>
#include <stdlib.h>

// An if that a macro writes (ENSURE below) is written out again
// (error-paths-macros.c).
// CHECK: error-paths.c:{{[0-9]+}}:3: remark: loop parallelized: the error path at {{[0-9]+}}:5 ends the program
// OMP: error-paths.c:{{[0-9]+}}:3: remark: loop parallelized: the error paths at {{[0-9]+}}:5 and {{[0-9]+}}:5 end the program

// CHECK: struct weft_checked_{{[0-9]+}}_ctx {
// CHECK: weft_exits_t *weft_exits; /* which iteration takes an error path first */
// CHECK: if (a[i] < 0) {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK-NEXT: return; /* weft: an earlier iteration ends the program */
// CHECK-NEXT: fprintf(stderr, "negative value %f at %d\n", a[i], i);
// CHECK-NEXT: exit(1);
// OMP: weft_omp_exits_t weft_x;
// OMP-NEXT: weft_omp_exits_begin(&weft_x);
// OMP-NEXT: #pragma omp parallel num_threads(weft_omp_exits_team())
// OMP: weft_omp_exits_block(weft_trip, &weft_lo, &weft_hi);
// OMP-NEXT: for (int weft_k = (int)weft_lo; weft_k < weft_hi; weft_k++) {
// OMP-NEXT: if (weft_omp_exit_stopped(&weft_x, weft_k))
// OMP-NEXT: break; /* weft: an earlier iteration ends the program */
// OMP: if (a[i] < 0) {
// OMP-NEXT: if (!weft_omp_exit_first(&weft_x, weft_k))
// OMP-NEXT: goto [[STOP:weft_stop_[0-9]+]]; /* weft: an earlier iteration ends the program */
// OMP-NEXT: fprintf(stderr, "negative value %f at %d\n", a[i], i);
// OMP: [[STOP]]: /* weft: where a block stops */
// OMP-NEXT: weft_omp_exits_done(&weft_x);
// OMP: if (a[i] < 0) {
// OMP-NEXT: fprintf(stderr, "negative value %f at %d\n", a[i], i);
void checked(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      fprintf(stderr, "negative value %f at %d\n", a[i], i);
      exit(1);
    }
    b[i] = 2 * a[i];
  }
}

// JSON: "error_paths": [
// JSON-NEXT: {
// JSON-NEXT: "column": 5,
// JSON-NEXT: "line": 47

// One statement on a branch gets braces; the else branch too.
// CHECK-LABEL: weft_gather_
// CHECK: if (idx[i] >= m)
// CHECK-NEXT: {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK-NEXT: return; /* weft: an earlier iteration ends the program */
// CHECK-NEXT: abort();
// CHECK-NEXT: }
// CHECK: weft_exits_t weft_x;
// CHECK: .weft_exits = &weft_x
// CHECK: int64_t weft_chunks = weft_parallel_for_exits(&weft_l, weft_gather_{{[0-9]+}}, &weft_c, &weft_x);
// OMP-LABEL: long gather(
// OMP: #pragma omp parallel num_threads(weft_omp_exits_team())
// OMP: reduction(+: sum)
// OMP: if (idx[i] >= m)
// OMP-NEXT: {
// OMP-NEXT: if (!weft_omp_exit_first(&weft_x, weft_k))
// OMP-NEXT: goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */
// OMP-NEXT: abort();
long gather(const int *restrict idx, int n, int m) {
  long sum = 0;
  for (int i = 0; i < n; i++) {
    if (idx[i] >= m)
      abort();
    sum += idx[i];
  }
  return sum;
}

// Two error paths: libweft takes them, OpenMP allows one ordered region.
// __func__ given to a call is the function's name in the outlined body.
// CHECK-LABEL: weft_two_
// CHECK: if (v[i] < 0) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ abort(); }
// CHECK: else {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK-NEXT: return;
// CHECK-NEXT: printf("%s: too large: %d\n", "two", v[i]);
void two(const int *restrict v, int *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    if (v[i] < 0) abort();
    if (v[i] < 100)
      w[i] = v[i];
    else {
      printf("%s: too large: %d\n", __func__, v[i]);
      exit(2);
    }
  }
}

#define ENSURE(c)                                                              \
  do {                                                                        \
    if (!(c)) {                                                               \
      fprintf(stderr, "failed: %s\n", #c);                                    \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

void checked_macro(const int *restrict v, int *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    ENSURE(v[i] >= 0);
    w[i] = v[i];
  }
}

// Both branches end the program: each asks.
// CHECK-LABEL: weft_both_
// CHECK: if (v[i] < 0) {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK: } else {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
void both(const int *restrict v, int n) {
  for (int i = 0; i < n; i++) {
    if (v[i] < 0) {
      puts("negative");
      exit(1);
    } else {
      puts("not negative");
      exit(2);
    }
  }
}
