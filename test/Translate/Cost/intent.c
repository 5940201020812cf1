// weft-frequency-hints: a streaming loop is memory-bound, one that computes
// much per byte is compute-bound, and a loop known to be shorter than
// WEFT_HINT_MIN_NS (1 ms) gets no intent. The loop descriptor carries it.
// RUN: weft-translate %s -o - -- 2>/dev/null | FileCheck %s
// RUN: weft-translate %s --analyze --report=%t.json -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
#include <math.h>

// Two loads and a store of 4 bytes for two flops: memory-bound.
// CHECK-LABEL: void stream(
// CHECK: .intent = WEFT_INTENT_MEMORY,
// REPORT: "bytes_per_iteration": 8,
// REPORT: "intent": "memory",
void stream(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

// The same stream with a polynomial of 8 multiply-adds per element.
// CHECK-LABEL: void poly(
// CHECK: .intent = WEFT_INTENT_COMPUTE,
// REPORT: "intent": "compute",
void poly(int n, const float *x, float *y) {
  for (int i = 0; i < n; i++) {
    float v = x[i], s = 0;
    for (int k = 0; k < 8; k++)
      s = s * v + (float)k;
    y[i] = s;
  }
}

// Transcendental math on each element: compute-bound.
// CHECK-LABEL: void waves(
// CHECK: .intent = WEFT_INTENT_COMPUTE,
// REPORT: "intent": "compute",
void waves(int n, const double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]) * exp(-x[i]);
}

// A stencil's neighbours are one stream: a[i-1], a[i], a[i+1] count 8 bytes.
// REPORT: "bytes_per_iteration": 16,
void smooth(int n, const double *a, double *b) {
  for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
}

// 4096 iterations of a few ns: about 10 us, too short to hint.
// CHECK-LABEL: void short_one(
// CHECK: .intent = WEFT_INTENT_NONE,
// REPORT: "intent": "none",
static float big[4096];
void short_one(void) {
  for (int i = 0; i < 4096; i++)
    big[i] = big[i] * 0.5f + 1.0f;
}
