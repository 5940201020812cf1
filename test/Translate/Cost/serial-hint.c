// Serial stretches: a sequential loop that is known to take at least
// WEFT_HINT_MIN_NS, and runs no region itself or through a call, gets
// `weft_hint(WEFT_INTENT_SERIAL, ...)` before it, on its own line's text. Not
// where the hint would change the program's meaning (the body of an if, a
// loop under a pragma), not before weft.h is included, not for short loops,
// and not in OpenMP output.
// RUN: weft-translate %s -o %t.c --report=%t.json -- -O2 2>/dev/null
// RUN: FileCheck %s < %t.c
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %host_cc -std=gnu11 -O2 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// RUN: weft-translate %s -o %t.omp.c --emit=openmp -- -O2 2>/dev/null
// RUN: FileCheck %s --check-prefix=OPENMP < %t.omp.c
// OPENMP-NOT: weft_hint(WEFT_INTENT_SERIAL, {{[0-9]}}
enum { N = 1 << 22 };
static float a[N], b[N];

// Before the first function with a parallel loop, weft.h is not included
// yet: no hint.
// CHECK-LABEL: {{^}}static float early(
// CHECK-NEXT: {{^}}  for (int i = 1; i < N; i++)
static float early(float *x) {
  for (int i = 1; i < N; i++)
    x[i] += x[i - 1];
  return x[N - 1];
}

static void scale(float *restrict y, const float *restrict x) {
  for (int i = 0; i < N; i++)
    y[i] = 2.0f * x[i];
}

// CHECK-LABEL: {{^}}static float running(
// CHECK: {{^}}  if (weft_ready()) { weft_hint(WEFT_INTENT_SERIAL, {{[0-9]+}}.0, (const double *)0, 0); } /* weft: a serial stretch */ for (int i = 1; i < N; i++)
// REPORT: "serial_hint_ns":
static float running(float *x) {
  // a comment between is fine
  for (int i = 1; i < N; i++)
    x[i] = x[i] * 0.5f + x[i - 1];
  return x[N - 1];
}

// Too short for a hint.
// CHECK-LABEL: {{^}}static float brief(
// CHECK-NEXT: {{^}}  for (int i = 1; i < 100; i++)
static float brief(float *x) {
  for (int i = 1; i < 100; i++)
    x[i] += x[i - 1];
  return x[99];
}

// The body of an if: a statement before it would leave the if.
// CHECK-LABEL: {{^}}static float braceless(
// CHECK: {{^}}  if (c)
// CHECK-NEXT: {{^}}    for (int i = 1; i < N; i++)
static float braceless(float *x, int c) {
  if (c)
    for (int i = 1; i < N; i++)
      x[i] += x[i - 1];
  return x[5];
}

// A pragma belongs to the loop right after it.
// CHECK-LABEL: {{^}}int main(
// CHECK: {{^}}#pragma GCC unroll 4
// CHECK-NEXT: {{^}}  for (int i = 1; i < N; i++)
int main(void) {
  for (int t = 0; t < 3; t++) {
    scale(a, b);
    running(a);
  }
#pragma GCC unroll 4
  for (int i = 1; i < N; i++)
    b[i] = b[i - 1] * 0.25f + a[i];
  return (int)(early(a) + brief(b) + braceless(b, 1));
}
