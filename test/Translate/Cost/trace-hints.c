// The frequency hints of weft-translate's intents reach the runtime, and a
// WEFT_TRACE of the program shows them: a compute-bound loop run six times,
// then a streaming one six times, then a long sequential recurrence (a
// serial stretch, hinted in the output) three times, give a compute hint,
// a memory hint and a serial hint; every loop's split gives each member
// chunks in proportion to its weight (WEFT_WEIGHTS=2048,1024).
// RUN: weft-translate %s -o %t.c -- -O2 2>&1 | FileCheck %s
// RUN: %host_cc -O2 %t.c -I %weft_runtime_include %weft_runtime_dir/libweft.a -lpthread -lm -o %t.exe
// RUN: env WEFT_TRACE=%t.json WEFT_NUM_THREADS=2 WEFT_WEIGHTS=2048,1024 %t.exe
// RUN: /usr/bin/python3 %S/Inputs/trace_check.py %t.json
// RUN: FileCheck %s --check-prefix=INTENT < %t.c
// RUN: FileCheck %s --check-prefix=SERIAL < %t.c
// RUN: FileCheck %s --check-prefix=NOHINT < %t.c
#include <stdio.h>

enum { N = 1 << 20 };
static float a[N], b[N], c[4 * N];

// CHECK: trace-hints.c:[[@LINE+3]]:3: remark: loop parallelized
// INTENT: .intent = WEFT_INTENT_COMPUTE,
static void compute(float *restrict y, const float *restrict x) {
  for (int i = 0; i < N; i++) {
    float v = x[i];
    for (int k = 0; k < 16; k++)
      v = v * 0.999f + 0.001f * (float)k;
    y[i] = v;
  }
}

// CHECK: trace-hints.c:[[@LINE+3]]:3: remark: loop parallelized
// INTENT: .intent = WEFT_INTENT_MEMORY,
static void stream(float *restrict y, const float *restrict x) {
  for (int i = 0; i < N; i++)
    y[i] = x[i] + 1.0f;
}

// A recurrence: sequential, and long enough (over WEFT_HINT_LONG_NS) for
// its hint to act at once.
// CHECK: trace-hints.c:[[@LINE+3]]:3: remark: loop not parallelized
// SERIAL: {{^}}  if (weft_ready()) { weft_hint(WEFT_INTENT_SERIAL, {{[0-9]+}}.0, (const double *)0, 0); } /* weft: a serial stretch */ for (int i = 1; i < 4 * N; i++)
static float recurrence(float *x) {
  for (int i = 1; i < 4 * N; i++)
    x[i] = x[i] * 0.5f + x[i - 1] * 0.25f;
  return x[4 * N - 1];
}

// The loops that call functions with parallel regions are not serial
// stretches; the one around the recurrence is (a second hint of the same
// intent changes nothing).
// NOHINT: {{^}}  for (int r = 0; r < 6; r++)
// NOHINT: {{^}}  for (int r = 0; r < 6; r++)
// SERIAL: {{^}}  if (weft_ready()) { weft_hint(WEFT_INTENT_SERIAL, {{[0-9]+}}.0, (const double *)0, 0); } /* weft: a serial stretch */ for (int r = 0; r < 3; r++)
int main(void) {
  for (int r = 0; r < 6; r++)
    compute(a, b);
  for (int r = 0; r < 6; r++)
    stream(b, a);
  float s = 0;
  for (int r = 0; r < 3; r++)
    s += recurrence(c);
  printf("%f %f %f\n", a[5], b[7], s);
  return 0;
}
