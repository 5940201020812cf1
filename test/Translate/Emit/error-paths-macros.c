// RUN: weft-translate %s -o - --fork-join-ns=0 -- 2>&1 | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o /dev/null --fork-join-ns=0 -- 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: weft-translate %s -o %t.c --fork-join-ns=0 -- 2>/dev/null
// RUN: %host_cc -std=gnu11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=gnu11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s -o - --fork-join-ns=0 -- -std=c11 2>&1 | grep -v "^// " | FileCheck %s --check-prefix=ANSI
// RUN: weft-translate %s -o %t.ansi.c --fork-join-ns=0 -- -std=c11 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.ansi.c -o %t.o
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 -o - -- 2>&1 | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp --fork-join-ns=0 -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=gnu11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=gnu11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s -o - --fork-join-ns=0 -- -DNDEBUG 2>&1 | FileCheck %s --check-prefix=NDEBUG
//
// Error paths that a macro writes as a statement (docs/output.md, "Error
// paths"): assert(x), CHECK(x). The question cannot go into the macro's
// expansion, so the invocation is written out again: `do { if (!(x)) {
// question; the calls } } while (0)`, x as the file spells it, the calls'
// arguments as literals (#x), with __FILE__ and __LINE__ as themselves and
// the function's name for __func__ (WEFT_PRETTY_FUNCTION for
// __PRETTY_FUNCTION__, whose text GCC and clang differ on), and the loop's
// own scalars (its counter, a local of its body, a value it only reads:
// the same names in the outlined body), or casts of those. A macro that does more, or passes
// anything else, keeps its loop sequential.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(x)                                                               \
  do {                                                                         \
    if (!(x)) {                                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, __func__, #x);    \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

// CHECK-LABEL: weft_asserted_{{[0-9]+}}_run(
// CHECK: do { if (!(a[i] >= 0)) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ __assert_fail("a[i] >= 0", __FILE__, __LINE__, WEFT_PRETTY_FUNCTION("asserted", "void asserted(const double *restrict, double *restrict, int)")); } } while (0);
// CHECK-NEXT: b[i] = a[i] * 2;
// ANSI-LABEL: weft_asserted_{{[0-9]+}}_run(
// ANSI: do { if (!(a[i] >= 0)) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ __assert_fail("a[i] >= 0", __FILE__, __LINE__, WEFT_PRETTY_FUNCTION("asserted",
// OMP-LABEL: void asserted(
// OMP: #pragma omp parallel num_threads(weft_omp_exits_team())
// OMP: do { if (!(a[i] >= 0)) { if (!weft_omp_exit_first(&weft_x, weft_k)) goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */ __assert_fail("a[i] >= 0", __FILE__, __LINE__, __PRETTY_FUNCTION__); } } while (0);
// NDEBUG: error-paths-macros.c:[[@LINE+2]]:3: remark: loop parallelized: its iterations are independent
void asserted(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) {
    assert(a[i] >= 0);
    b[i] = a[i] * 2;
  }
}

// The statement of a loop without braces, in a loop nest.
// CHECK-LABEL: weft_checked_{{[0-9]+}}_run(
// CHECK: for (int j = 0; j < 64; j++)
// CHECK-NEXT: do { if (!(m[i][j] < 1e6f)) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, "checked", "m[i][j] < 1e6f"); exit(2); } } while (0);
// OMP-LABEL: void checked(
// OMP: goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */ fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, __func__, "m[i][j] < 1e6f"); exit(2); } } while (0);
void checked(float (*restrict m)[64], float *restrict out, int n) {
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < 64; j++)
      CHECK(m[i][j] < 1e6f);
    for (int j = 0; j < 64; j++)
      s += m[i][j];
    out[i] = s;
  }
}

// A macro that does more than test: its count would be lost.
// REMARK: error-paths-macros.c:[[@LINE+9]]:3: remark: loop not parallelized: the error path at [[@LINE+10]]:5 comes from a macro; weft cannot write it out again: its macro does more than test a condition
#define COUNTED(x)                                                             \
  do {                                                                         \
    tests++;                                                                   \
    if (!(x))                                                                  \
      abort();                                                                 \
  } while (0)
static int tests;
void counted(const int *restrict v, int *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    COUNTED(v[i] >= 0);
    w[i] = v[i];
  }
}

// A branch of an if the file writes that is a whole macro invocation, or a
// block that starts with one: the question goes before the invocation.
// The branch's last statement is a do-while(0) whose body ends the program.
#define FAIL(msg)                                                              \
  do {                                                                         \
    fputs(msg, stderr);                                                        \
    exit(5);                                                                   \
  } while (0)
// CHECK-LABEL: weft_failing_{{[0-9]+}}_run(
// CHECK: if (v[i] < 0) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ FAIL("negative\n"); } else
// CHECK-NEXT: w[i] = v[i];
// CHECK: if (v[i] > 99) {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK-NEXT: return; /* weft: an earlier iteration ends the program */
// CHECK-NEXT: FAIL("too big\n");
// OMP-LABEL: void failing(
// OMP: if (v[i] < 0) { if (!weft_omp_exit_first(&weft_x, weft_k)) goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */ FAIL("negative\n"); } else
void failing(const int *restrict v, int *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    if (v[i] < 0) FAIL("negative\n"); else
      w[i] = v[i];
    if (v[i] > 99) {
      FAIL("too big\n");
    }
  }
}

// A branch statement that a macro writes with __func__ in it: written out
// with the function's name in the outlined body (its text cannot be
// edited), as written in OpenMP's.
#define DIE(msg) die(__func__, msg)
static void die(const char *where, const char *msg) {
  fprintf(stderr, "%s: %s\n", where, msg);
  exit(6);
}
// CHECK-LABEL: weft_dying_{{[0-9]+}}_run(
// CHECK: if (v[i] < 0)
// CHECK-NEXT: {
// CHECK-NEXT: if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk))
// CHECK-NEXT: return; /* weft: an earlier iteration ends the program */
// CHECK-NEXT: die("dying", "negative");
// OMP-LABEL: void dying(
// OMP: goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */
// OMP-NEXT: DIE("negative");
void dying(const int *restrict v, int *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    if (v[i] < 0)
      DIE("negative");
    w[i] = v[i];
  }
}

// A macro whose message prints the loop's own scalars: its counter, a
// local of the body, a value it only reads (bound under its own name in
// the outlined body, and the same variables in OpenMP's loop).
#define ENSURE(c, k)                                                           \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "bad at %d\n", k);                                       \
      exit(7);                                                                 \
    }                                                                          \
  } while (0)
// REMARK: error-paths-macros.c:[[@LINE+8]]:3: remark: loop parallelized: the error paths at [[@LINE+10]]:5, [[@LINE+11]]:5 and [[@LINE+12]]:5 end the program
// CHECK-LABEL: weft_ensured_{{[0-9]+}}_run(
// CHECK: do { if (!(v[i] >= 0)) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ fprintf(stderr, "bad at %d\n", i); exit(7); } } while (0);
// CHECK-NEXT: do { if (!(v[i] < 99)) { {{.*}} fprintf(stderr, "bad at %d\n", j); exit(7); } } while (0);
// CHECK-NEXT: do { if (!(v[i] != base)) { {{.*}} fprintf(stderr, "bad at %d\n", (int)(base)); exit(7); } } while (0);
// OMP-LABEL: void ensured(
// OMP: fprintf(stderr, "bad at %d\n", i); exit(7);
void ensured(const int *restrict v, int *restrict w, int n, int base) {
  for (int i = 0; i < n; i++) {
    int j = i + base;
    ENSURE(v[i] >= 0, i);
    ENSURE(v[i] < 99, j);
    ENSURE(v[i] != base, (int)base);
    w[i] = v[i] + j;
  }
}

// A macro that writes the condition itself (`(v) > LIMIT`): written out
// again from its parts, the arguments as the file spells them, literals as
// spelled (`100000L`), enum constants as values, the loop's scalars by
// name. A condition that reads memory the macro names (`(p)[k]`) is not
// written out: sequential.
#define LIMIT 100000L
enum { FLOOR = -5 };
static void bad_pixel(const char *what, long at) {
  fprintf(stderr, "bad %s at %ld\n", what, at);
  exit(3);
}
#define CHECK_PIXEL(v, at)                                                     \
  do {                                                                         \
    if ((v) > LIMIT || (v) < FLOOR)                                            \
      bad_pixel("pixel", at);                                                  \
  } while (0)
#define CHECK_NOT_NEG(v, at) if (- -(v) < 0) bad_pixel("negative", at)
#define CHECK_AT(p, k) if ((p)[k] < 0) bad_pixel("at", k)
// REMARK: error-paths-macros.c:[[@LINE+9]]:3: remark: loop parallelized: the error paths at [[@LINE+11]]:5 and [[@LINE+12]]:5 end the program
// REMARK: error-paths-macros.c:[[@LINE+16]]:3: remark: loop not parallelized: the error path at [[@LINE+17]]:5 comes from a macro; weft cannot write it out again: its condition is not an expression of the macro's arguments, literals, globals and the loop's scalars
// CHECK-LABEL: weft_pixels_{{[0-9]+}}_run(
// CHECK: do { if (((v) > 100000L || (v) < (-5))) { if (!weft_exit_first(weft_c->weft_exits, weft_k, weft_chunk)) return; /* weft: an earlier iteration ends the program */ bad_pixel("pixel", i); } } while (0);
// CHECK-NEXT: do { if ((- -(v) < 0)) { {{.*}} bad_pixel("negative", i); } } while (0);
// CHECK-NEXT: w[i] = v * 2;
// OMP-LABEL: void pixels(
// OMP: do { if (((v) > 100000L || (v) < (-5))) { if (!weft_omp_exit_first(&weft_x, weft_k)) goto weft_stop_{{[0-9]+}}; /* weft: an earlier iteration ends the program */ bad_pixel("pixel", i); } } while (0);
void pixels(const long *restrict in, long *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    long v = in[i] * 3;
    CHECK_PIXEL(v, i);
    CHECK_NOT_NEG(v, i);
    w[i] = v * 2;
  }
}
void pixels_at(const long *restrict in, long *restrict w, int n) {
  for (int i = 0; i < n; i++) {
    CHECK_AT(in, i);
    w[i] = in[i] * 2;
  }
}

// An argument that is more than a name (`in[i + 1]`), and two arguments in
// one comparison that the macro writes.
#define ABOVE(v, k)                                                            \
  do {                                                                         \
    if ((v) > LIMIT || -(v) > LIMIT)                                           \
      bad_pixel("above", k);                                                   \
  } while (0)
#define LESS(a, b, k) if (a < b) bad_pixel("less", k)
// CHECK-LABEL: weft_bounded_{{[0-9]+}}_run(
// CHECK: do { if (((in[i + 1]) > 100000L || -(in[i + 1]) > 100000L)) { {{.*}} bad_pixel("above", i); } } while (0);
// CHECK-NEXT: do { if ((in[i] + 1 < w[i])) { {{.*}} bad_pixel("less", i); } } while (0);
void bounded(const long *restrict in, long *restrict w, int n) {
  for (int i = 0; i < n - 1; i++) {
    ABOVE(in[i + 1], i);
    LESS(in[i] + 1, w[i], i);
    w[i] = in[i] * 2;
  }
}
