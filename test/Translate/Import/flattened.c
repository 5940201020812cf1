// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Flattened subscripts `p[i*n + j]` with a symbolic n are not affine in MLIR:
// they stay memref accesses with the subscript computed as in C, which keeps
// the structure for the detection pass to delinearize (docs/ir.md).

// CHECK-LABEL: func.func @flat
// CHECK: affine.for %[[I:.*]] = 0 to %[[N:.*]] {
// CHECK:   affine.for %[[J:.*]] = 0 to %[[M:.*]] {
// CHECK:     %[[IM:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:     %[[IDX:.*]] = arith.addi %[[IM]], %{{.*}} : i32
// CHECK:     %[[X:.*]] = arith.index_cast %[[IDX]] : i32 to index
// CHECK:     memref.store %{{.*}}, %{{.*}}[%[[X]]] {{.*}}: memref<?xf32>
void flat(int n, int m, float *p) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      p[i * m + j] = 0;
}

// With a constant row length the subscript is affine.
// CHECK-LABEL: func.func @constant_rows
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 64 + %{{.*}}] {{.*}}: memref<?xf32>
void constant_rows(int n, float *p) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      p[i * 64 + j] = 0;
}

// An element pointer into a 2-D array, offset: a flat view of the array,
// with the element's linear offset.
// CHECK-LABEL: func.func @element_pointer
// CHECK: %[[F:.*]] = weft.flat %{{.*}} : memref<8x8xf64> -> memref<?xf64>
// CHECK: affine.store %{{.*}}, %[[F]][%{{.*}} + 8] {{.*}}: memref<?xf64>
double A[8][8];
void element_pointer(void) {
  double *p = &A[1][0];
  for (int k = 0; k < 8; k++)
    p[k] = 0;
}
