// The loop level: the outermost parallel loop, unless it has fewer
// iterations than cores (--cores, or 8); then the parallel loops inside it
// run in parallel instead, if one of them has more iterations and pays for
// its own fork/join.
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s
// RUN: weft-translate %s --analyze --cores=2 -- 2>&1 | FileCheck %s --check-prefix=TWO
static float img[3][512][512], out[3][512][512];

// Three colour planes: the rows inside run in parallel.
// CHECK: level.c:[[@LINE+5]]:3: remark: loop not parallelized: only 3 iterations, fewer than the 8 cores: the loop at [[@LINE+6]]:5 inside it runs in parallel instead
// CHECK-NEXT: for (int c = 0; c < 3; c++)
// CHECK: level.c:[[@LINE+4]]:5: remark: loop parallelized: its iterations are independent
// CHECK: level.c:[[@LINE+4]]:7: remark: loop not parallelized: the loop at [[@LINE+3]]:5 around it runs in parallel
void planes(void) {
  for (int c = 0; c < 3; c++)
    for (int y = 1; y < 511; y++)
      for (int x = 0; x < 512; x++)
        out[c][y][x] = img[c][y - 1][x] + img[c][y + 1][x];
}
// On two cores, three planes are enough.
// TWO: level.c:[[@LINE-6]]:3: remark: loop parallelized: its iterations are independent
// TWO: level.c:[[@LINE-6]]:5: remark: loop not parallelized: the loop at [[@LINE-7]]:3 around it runs in parallel

// Two parallel loops inside, one after the other.
// CHECK: level.c:[[@LINE+4]]:3: remark: loop not parallelized: only 2 iterations, fewer than the 8 cores: the loops at [[@LINE+5]]:5 and [[@LINE+7]]:5 inside it run in parallel instead
// CHECK: level.c:[[@LINE+4]]:5: remark: loop parallelized
// CHECK: level.c:[[@LINE+5]]:5: remark: loop parallelized
void two_passes(int n, float *restrict a, float *restrict b) {
  for (int c = 0; c < 2; c++) {
    for (int i = 0; i < n; i++)
      a[c * n + i] = 1.0f;
    for (int i = 0; i < n; i++)
      b[c * n + i] = 2.0f;
  }
}

// The loop inside has no more iterations: the outer one stays the level
// (and here has too little work, like the loop inside it).
// CHECK: level.c:[[@LINE+3]]:3: remark: loop not parallelized: too little work to pay for a fork/join
// CHECK: level.c:[[@LINE+3]]:5: remark: loop not parallelized: too little work to pay for a fork/join, like the loop at [[@LINE+2]]:3 around it
void small(float *restrict a) {
  for (int c = 0; c < 3; c++)
    for (int x = 0; x < 3; x++)
      a[c * 3 + x] = 1.0f;
}
