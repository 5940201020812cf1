// The cost model's decision moves with the trip count and with the weight of
// the body, on both sides of the threshold (twice the fork/join cost: 2000 ns
// by default). A load, a multiply and a store are about 2 ns an iteration; a
// division is 7 ns more; sqrt 6 ns more.
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s
// RUN: weft-translate %s --analyze --fork-join-ns=250 -- 2>&1 | FileCheck %s --check-prefix=CHEAP
#include <math.h>

// CHECK: threshold.c:[[@LINE+4]]:3: remark: loop not parallelized: too little work to pay for a fork/join: about 1600 ns in all (800 iterations of 2.0 ns), below 2000 ns
// CHECK: threshold.c:[[@LINE+8]]:3: remark: loop parallelized: its iterations are independent
// CHEAP: threshold.c:[[@LINE+2]]:3: remark: loop parallelized
void light_800(float *restrict a, const float *restrict b) {
  for (int i = 0; i < 800; i++)
    a[i] = b[i] * 3.0f;
}
// Twice the iterations of the same body: over the threshold.
void light_1600(float *restrict a, const float *restrict b) {
  for (int i = 0; i < 1600; i++)
    a[i] = b[i] * 3.0f;
}

// The same 800 iterations with a heavier body: a division and a sqrt.
// CHECK: threshold.c:[[@LINE+2]]:3: remark: loop parallelized: its iterations are independent
void heavy_800(float *restrict a, const float *restrict b) {
  for (int i = 0; i < 800; i++)
    a[i] = sqrtf(b[i]) / (b[i] + 1.0f);
}
// And a lighter trip count for it: under again.
// CHECK: threshold.c:[[@LINE+2]]:3: remark: loop not parallelized: too little work to pay for a fork/join: about {{.*}} (100 iterations of {{.*}}), below 2000 ns
void heavy_100(float *restrict a, const float *restrict b) {
  for (int i = 0; i < 100; i++)
    a[i] = sqrtf(b[i]) / (b[i] + 1.0f);
}

// A symbolic trip count gets a run-time threshold: the fork/join cost over
// the work of an iteration; the heavier body runs in parallel from fewer
// iterations.
// CHECK: threshold.c:[[@LINE+3]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from 1000 iterations (about 2.0 ns each)
// CHEAP: threshold.c:[[@LINE+2]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from 250 iterations (about 2.0 ns each)
void light_n(int n, float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 3.0f;
}
// CHECK: threshold.c:[[@LINE+2]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from 138 iterations (about 14 ns each)
void heavy_n(int n, float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = sqrtf(b[i]) / (b[i] + 1.0f);
}

// Trip counts the bounds give without a constant bound: a window of at
// most 4 from j = i + 1 (`j < i + 5 && j < n`), and a size computed from
// constants (`n / 4` of `w * h`). Both are known, not the 32 iterations
// the model assumes of an unknown trip count, which would put both loops
// over the threshold: 100 x 4 and 30 x 16 iterations of about 2.5 ns.
// CHECK: threshold.c:[[@LINE+2]]:3: remark: loop not parallelized: too little work to pay for a fork/join: about {{1[0-9][0-9][0-9]}} ns in all (100 iterations of {{[0-9.]+}} ns), below 2000 ns
void window(float *restrict a, const float *restrict b, int n) {
  for (int i = 0; i < 100; i++)
    for (int j = i + 1; j < i + 5 && j < n; j++)
      a[i] += b[j] * 0.5f;
}
// CHECK: threshold.c:[[@LINE+3]]:3: remark: loop not parallelized: too little work to pay for a fork/join: about {{1?[0-9][0-9][0-9]}} ns in all (30 iterations of {{[0-9.]+}} ns), below 2000 ns
void quarter(float *restrict a, const float *restrict b) {
  int w = 8, h = 8, n = w * h;
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < n / 4; j++)
      a[i * 16 + j] = b[j] * 3.0f;
}
