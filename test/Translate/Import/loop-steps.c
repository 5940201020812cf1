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

// A step by a variable the loop does not change: weft-count-loops builds
// it (docs/analysis.md, "Steps by a variable"); the import keeps its header
// (no weft.c_inc_step: the step is read from the IR).
// CHECK-LABEL: func.func @variable_step
// CHECK: weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, weft.c_init, weft.free_vars
void variable_step(int n, int s, float *a) {
  for (int i = 0; i < n; i += s)
    a[i] = 0;
}

// What weft-count-loops does not count so: a step the body changes, down
// by a variable, an unsigned counter, an unsigned step, `!=`, a pointer.
// CHECK-LABEL: func.func @variable_step_refused
// CHECK: reason = "its body does not step a variable that the condition compares by a constant (i++, i += 4)"
// CHECK: reason = "the counter i steps down by s, a variable, which weft does not count"
// CHECK: reason = "the counter u steps by s, a variable: weft counts only a signed counter as wide as int so (an unsigned one may wrap)"
// CHECK: reason = "the counter l steps by z, a variable: weft counts only a step of a signed type (an unsigned step may wrap the sum)"
// CHECK: reason = "the condition does not bound the counter i in the direction it moves"
// CHECK: reason = "the pointer p steps by s, a variable: weft counts only integer counters so"
void variable_step_refused(int n, int s, unsigned long z, float *a) {
  for (int i = 0; i < n; i += s)
    s++;
  for (int i = n; i > 0; i -= s)
    a[i] = 0;
  for (unsigned u = 0; u < n; u += s)
    a[u] = 0;
  for (long l = 0; l < n; l += z)
    a[l] = 0;
  for (int i = 0; i != n; i += s)
    a[i] = 0;
  for (float *p = a; p < a + n; p += s)
    *p = 0;
}

// A for with no increment is the while loop it is after its init:
// weft-count-loops counts it (docs/analysis.md, "While and do loops").
// CHECK-LABEL: func.func @no_increment
// CHECK: weft.opaque_loop {kind = "while", reason = "a for loop with no increment", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, weft.c_init, weft.c_no_increment, weft.c_step_cond = "post"
// CHECK: weft.opaque_loop {kind = "while", reason = "a for loop with no increment", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, weft.c_init, weft.c_no_increment, weft.free_vars
// An init that sets or declares another variable runs before the loop
// ("Inits"): what it declares is declared outside the loop (its
// weft.free_vars).
// CHECK: weft.opaque_loop {kind = "while", reason = "a for loop with no increment", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, weft.c_no_increment, weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "k"}
// CHECK: weft.opaque_loop {kind = "while", reason = "a for loop with no increment", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, weft.c_no_increment, weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "i"}, {decl = {{[0-9]+}} : i64, name = "n"}, {decl = {{[0-9]+}} : i64, name = "a"}, {decl = {{[0-9]+}} : i64, name = "m"}]
// CHECK: weft.opaque_loop {kind = "for", reason = "this for has no condition"
void no_increment(int n, float *a) {
  for (int i = n; i-- > 0;)
    a[i] = 0;
  int i;
  for (i = 0; i < n;) {
    a[i] = 1;
    i += 2;
  }
  int k;
  for (k = 0; i < n;) {
    a[i] = 2;
    i++;
  }
  for (int m = 0; i < n;) {
    a[i] = (float)m;
    i++;
  }
  for (;;)
    if (n-- < 0)
      break;
}
