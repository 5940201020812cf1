// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Constant steps of every spelling: ++, --, +=, -=, i = i + c, i = c + i.

// CHECK-DAG: #[[TRIP3:.*]] = affine_map<()[s0] -> (s0 ceildiv 3)>
// CHECK-DAG: #[[TRIP2:.*]] = affine_map<()[s0] -> (s0 ceildiv 2)>

// CHECK-LABEL: func.func @plus_equal
// CHECK: affine.for %{{.*}} = 0 to %{{.*}} step 3 {
void plus_equal(int n, float *a) {
  for (int i = 0; i < n; i += 3)
    a[i] = 0;
}

// CHECK-LABEL: func.func @assign_add
// CHECK: affine.for %{{.*}} = 1 to %{{.*}} step 4 {
void assign_add(int n, float *a) {
  for (int i = 1; i < n; i = i + 4)
    a[i] = 0;
  for (int i = 1; i < n; i = 4 + i)
    a[i] = 1;
}

// A negative step of 3: k runs to ceil((n - 0) / 3), the counter is n - 3k.
// CHECK-LABEL: func.func @minus_equal
// CHECK: affine.for %[[K:.*]] = 0 to #[[TRIP3]]()[%{{.*}}] {
// CHECK:   affine.store %{{.*}}, %{{.*}}[%[[K]] * -3 + symbol(%{{.*}})]
void minus_equal(int n, float *a) {
  for (int i = n; i > 0; i -= 3)
    a[i] = 0;
}

// `i += -2` is a decreasing loop.
// CHECK-LABEL: func.func @plus_negative
// CHECK: affine.for %[[K:.*]] = 0 to #[[TRIP2]]()[%{{.*}}] {
// CHECK:   affine.store %{{.*}}, %{{.*}}[%[[K]] * -2 + symbol(%{{.*}})]
void plus_negative(int n, float *a) {
  for (int i = n; i > 0; i += -2)
    a[i] = 0;
}

// A step that is not a constant: opaque.
// CHECK-LABEL: func.func @variable_step
// CHECK: weft.opaque_loop {kind = "for", reason = "the increment of this for is not a constant step of one counter"
void variable_step(int n, int s, float *a) {
  for (int i = 0; i < n; i += s)
    a[i] = 0;
}
