// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// `do { ... } while (0)` runs once: a block, not a loop.

#define SWAP(a, b) do { float t_ = (a); (a) = (b); (b) = t_; } while (0)

// CHECK-LABEL: func.func @swaps
// CHECK: affine.for
// CHECK:   weft.switch %{{.*}} : i32 attributes {weft.once{{.*}}} {
// CHECK:     affine.store
// CHECK:   }
// CHECK: } {{{.*}}weft.loop_id = 0 : i64{{.*}}}
// CHECK-NOT: weft.loop_id = 1
void swaps(int n, float *a, float *b) {
  for (int i = 0; i < n; i++)
    SWAP(a[i], b[i]);
}

// A `continue` in it jumps to the test: a loop, which stays opaque.
// CHECK-LABEL: func.func @with_continue
// CHECK: weft.opaque_loop {kind = "do"
void with_continue(int *p) {
  do {
    if (*p) continue;
    *p = 1;
  } while (0);
}
