// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// `&&` of bounds gives a min upper bound (or a min trip count, decreasing).

// CHECK: #[[MIN:.*]] = affine_map<()[s0, s1] -> (s0, s1)>
// CHECK: #[[MINTRIP:.*]] = affine_map<()[s0, s1, s2] -> (s0 - s1, s0 - s2 + 1)>

// CHECK-LABEL: func.func @both
// CHECK: affine.for %{{.*}} = 0 to min #[[MIN]]()[%{{.*}}, %{{.*}}] {
void both(int n, int m, float *a) {
  for (int i = 0; i < n && i < m; i++)
    a[i] = 0;
}

// CHECK-LABEL: func.func @both_down
// CHECK: affine.for %{{.*}} = 0 to min #[[MINTRIP]]()[%{{.*}}, %{{.*}}, %{{.*}}] {
void both_down(int n, int lo, int hi, float *a) {
  for (int i = n; i > lo && i >= hi; i--)
    a[i] = 0;
}

// A bound on something else than the counter: opaque.
// CHECK-LABEL: func.func @other
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition is not a comparison of the counter i with a bound"
void other(int n, int *ok, float *a) {
  for (int i = 0; i < n && ok[i]; i++)
    a[i] = 0;
}
