// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Counters declared at the top of the function (C89 style) live in a cell:
// the loop's induction variable stands for them inside, and their value after
// the loop is stored back. Counters declared in the loop need no cell.

// CHECK-LABEL: func.func @c89
// CHECK: %[[I:.*]] = memref.alloca() {{{.*}}weft.name = "i"} : memref<i32>
// CHECK: affine.for %{{.*}} = 0 to %[[N:.*]] {
// CHECK-NOT: affine.load %[[I]]
// CHECK: }
// The exit value max(0, n - 0) * 1 + 0 is stored to i:
// CHECK: %[[E:.*]] = arith.maxsi
// CHECK: %[[V:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: affine.store %[[V]], %[[I]][]
// CHECK: %[[R:.*]] = affine.load %[[I]][]
// CHECK: return %[[R]]
int c89(int n, float *a) {
  int i;
  for (i = 0; i < n; i++)
    a[i] = 0;
  return i;
}

// CHECK-LABEL: func.func @in_loop
// CHECK-NOT: memref.alloca
// CHECK: affine.for
void in_loop(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// No init: the loop starts at the counter's current value.
// CHECK-LABEL: func.func @no_init
// CHECK: %[[C:.*]] = memref.alloca() {{{.*}}weft.name = "i"} : memref<i32>
// CHECK: %[[S:.*]] = affine.load %[[C]][] {{.*}}: memref<i32>
// CHECK: %[[SI:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK: affine.for %{{.*}} = %[[SI]] to %{{.*}} {
void no_init(int n, int first, float *a) {
  int i = first / 2;
  for (; i < n; i++)
    a[i] = 0;
}
