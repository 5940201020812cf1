// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// if/else, switch, continue and calls inside loops.

// CHECK-LABEL: func.func @branches
// CHECK: affine.for
// CHECK:   scf.if %{{.*}} {
// CHECK:     affine.store
// CHECK:   } else {
// CHECK:     affine.store
// CHECK:   }
// CHECK:   scf.if %{{.*}} {
// CHECK:     weft.continue
// CHECK:   }
void branches(int n, float *a, float *b) {
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      b[i] = a[i];
    else
      b[i] = -a[i];
    if (b[i] > 10)
      continue;
    a[i] = 0;
  }
}

// CHECK-LABEL: func.func @switches
// CHECK: weft.switch %{{.*}} : i32 {{.*}}{
// CHECK:   affine.store
// CHECK:   weft.break
// CHECK:   affine.store
// CHECK: }
void switches(int n, int *k, float *a) {
  for (int i = 0; i < n; i++) {
    switch (k[i]) {
    case 0:
      a[i] = 1;
      break;
    default:
      a[i] = 2;
    }
  }
}

// Calls: scalars by value, math functions by name, results used.
// CHECK-LABEL: func.func @calls
// CHECK: %[[S:.*]] = weft.call @sqrt(%{{.*}}) : (f64) -> f64
// CHECK: %[[H:.*]] = weft.call @helper(%[[S]]) : (f64) -> f64
// CHECK: func.func private @sqrt(f64) -> f64 attributes {weft.decl = {{.*}}, weft.external}
double sqrt(double);
static double helper(double x) { return x * x; }
void calls(int n, double *a) {
  for (int i = 0; i < n; i++)
    a[i] = helper(sqrt(a[i]));
}
