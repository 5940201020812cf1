// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Scalars are SSA values when never assigned and never address-taken, and
// memory cells otherwise; compound assignments, ++/--, ternaries and casts
// follow C's conversions.

int total;

// CHECK-LABEL: func.func @ssa_and_cells
// `scale` is never assigned: the value of its initializer, no cell.
// CHECK-NOT: weft.name = "scale"
// `acc` is assigned: a cell.
// CHECK: %[[ACC:.*]] = memref.alloca() {{{.*}}weft.name = "acc"} : memref<f64>
// CHECK: affine.for
// CHECK:   %[[OLD:.*]] = affine.load %[[ACC]][] {{.*}}: memref<f64>
// CHECK:   %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f64
// CHECK:   affine.store %[[NEW]], %[[ACC]][] {{.*}}: memref<f64>
double ssa_and_cells(int n, const double *a) {
  double scale = 2.0 * n;
  double acc = 0;
  for (int i = 0; i < n; i++)
    acc += a[i] * scale;
  return acc;
}

// A global scalar is a 0-d global; ++ reads and writes it.
// CHECK-LABEL: func.func @global_counter
// CHECK: %[[T:.*]] = memref.get_global @total : memref<i32>
// CHECK: %[[V:.*]] = affine.load %[[T]][] {{.*}}: memref<i32>
// CHECK: %[[V1:.*]] = arith.addi %[[V]], %{{.*}} : i32
// CHECK: affine.store %[[V1]], %[[T]][] {{.*}}: memref<i32>
void global_counter(int n) {
  for (int i = 0; i < n; i++)
    total++;
}

// C's conversions: int to double, double to float, unsigned division,
// the ternary on side-effect-free operands.
// CHECK-LABEL: func.func @conversions
// CHECK: arith.sitofp %{{.*}} : i32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.divui
// CHECK: arith.select
float conversions(int i, unsigned u, unsigned v) {
  double d = i;
  float f = d / 2;
  unsigned q = u / v;
  return q > 3 ? f : -f;
}

// A ternary with an effect in one arm runs it only on that branch.
// CHECK-LABEL: func.func @ternary_effect
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK:   affine.store
// CHECK: } else {
int ternary_effect(int c, int *p) {
  return c ? (*p = 1) : 0;
}

// `&&` whose right side has an effect is short-circuit.
// CHECK-LABEL: func.func @short_circuit
// CHECK: scf.if %{{.*}} -> (i1) {
// CHECK:   weft.call @check
int check(int);
int short_circuit(int a, int b) {
  return a > 0 && check(b);
}
