// RUN: weft-translate %s --emit-mlir -- | weft-opt --weft-detect-parallel-loops --weft-outline-tasks | FileCheck %s
// weft-outline-tasks' sweeps (docs/outline.md, "Sweeps") on C: the task of
// a parallel loop alone in a sequential loop records that loop's id, and
// its captures are that loop's (its counter private, its bound captured).

#define W 1024
int G[600][W], P[600][W];

// CHECK-LABEL: func.func @down
// CHECK: weft.task "weft_down_{{[0-9]+}}" attributes {captures = [#weft.capture<private, "i", {{[0-9]+}}>, #weft.capture<firstprivate, "h", {{[0-9]+}}>, #weft.capture<global, "G", {{[0-9]+}}>, #weft.capture<global, "P", {{[0-9]+}}>]
// CHECK-SAME: weft.sweep = 0 : i64
void down(int h) {
  int i;
  for (i = 1; i < h; i++)
    for (int j = 0; j < W; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}

// A neighbour from the row above: the task forks once per row, and says
// why (naming the arrays: weft-opt reads a module without the accesses' C).
// CHECK-LABEL: func.func @diagonal
// CHECK: weft.task
// CHECK-NOT: weft.sweep =
// CHECK-SAME: weft.sweep_missed = "G and G touch the same element in two iterations of j, whatever i"
void diagonal(int h) {
  for (int i = 1; i < h; i++)
    for (int j = 0; j < W - 1; j++)
      G[i][j] = (G[i - 1][j + 1] * 7 + P[i][j]) % 1009;
}

// A private work array (filled by a call, read by the loop) is each
// chunk's own in every iteration of the loop around too: a sweep.
// CHECK-LABEL: func.func @frames
// CHECK: weft.task
// CHECK-SAME: weft.sweep = {{[0-9]+}} : i64
static void fill(int d, const float *src, float *dst) {
  for (int k = 0; k < d; k++)
    dst[k] = src[k] * 0.5f;
}
void frames(int reps, int n, const float *restrict data,
            float *restrict out) {
  float rec[8];
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      fill(8, data + 8 * i, rec);
      out[i] = rec[0] + rec[7] + (float)r;
    }
}
