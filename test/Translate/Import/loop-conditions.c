// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Counted for loops with each comparison become affine.for; the induction
// variable is the counter (increasing loops) or a normalized count
// (decreasing ones), and the bound is exclusive.

// CHECK: #[[PLUS1:.*]] = affine_map<()[s0] -> (s0 + 1)>

// CHECK-LABEL: func.func @less
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK: } {weft.c_init, weft.counter = {{[0-9]+}} : i64, weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "n"}, {decl = {{[0-9]+}} : i64, name = "a"}], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64{{.*}}}
void less(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// `i <= n` runs to n + 1.
// CHECK-LABEL: func.func @less_equal
// CHECK: affine.for %{{.*}} = 1 to #[[PLUS1]]()[%{{.*}}] {
void less_equal(int n, float *a) {
  for (int i = 1; i <= n; i++)
    a[i] = 0;
}

// `n > i` is `i < n`.
// CHECK-LABEL: func.func @flipped
// CHECK: affine.for %{{.*}} = 0 to %{{.*}} {
void flipped(int n, float *a) {
  for (int i = 0; n > i; ++i)
    a[i] = 0;
}

// Decreasing: k counts iterations, the counter is n - 1 - k.
// CHECK-LABEL: func.func @greater_equal
// CHECK: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK:   affine.store %{{.*}}, %{{.*}}[-%[[K]] + symbol(%{{.*}}) - 1]
void greater_equal(int n, float *a) {
  for (int i = n - 1; i >= 0; i--)
    a[i] = 0;
}

// CHECK-LABEL: func.func @greater
// CHECK: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK:   affine.store %{{.*}}, %{{.*}}[-%[[K]] + symbol(%{{.*}})]
void greater(int n, float *a) {
  for (int i = n; i > 0; --i)
    a[i] = 0;
}

// `!=` with a unit step counts like `<`.
// CHECK-LABEL: func.func @not_equal
// CHECK: affine.for %{{.*}} = 0 to %{{.*}} {
void not_equal(int n, float *a) {
  for (int i = 0; i != n; i++)
    a[i] = 0;
}

// `!=` with a step of 2 may never be false: opaque.
// CHECK-LABEL: func.func @not_equal_step2
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition does not bound the counter i in the direction it moves"
void not_equal_step2(int n, float *a) {
  for (int i = 0; i != n; i += 2)
    a[i] = 0;
}

// A header that does not set the counter starts from its current value:
// no weft.c_init, so the loop is never run again for another outer
// iteration (weft-interchange).
// CHECK-LABEL: func.func @no_init
// CHECK: affine.for
// CHECK: } {weft.counter = {{[0-9]+}} : i64, weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "i"}, {decl = {{[0-9]+}} : i64, name = "n"}, {decl = {{[0-9]+}} : i64, name = "a"}], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 7 : i64{{.*}}}
void no_init(int n, float *a) {
  int i = 0;
  for (; i < n; i++)
    a[i] = 0;
}
