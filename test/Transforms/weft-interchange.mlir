// RUN: weft-opt %s -split-input-file --weft-interchange | FileCheck %s
// weft-interchange alone, on tasks written by hand: the pair (j, k) inside
// the task's loop is interchanged when k walks B across rows and j along
// them, and no iteration of j touches what another writes.

// CHECK-LABEL: func.func @product
// CHECK: } {weft.c_init, weft.interchange = 2 : i64, weft.interchange_gain = "B[k][j]", weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64}
func.func @product(%a: memref<64x64xf64>, %b: memref<64x64xf64>, %c: memref<64x64xf64>) {
  weft.task "p" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        %z = arith.constant 0.0 : f64
        affine.store %z, %c[%i, %j] : memref<64x64xf64>
        affine.for %k = 0 to 64 {
          %x = affine.load %a[%i, %k] : memref<64x64xf64>
          %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("B[k][j]"(unknown))
          %m = arith.mulf %x, %y : f64
          %s = affine.load %c[%i, %j] : memref<64x64xf64>
          %t = arith.addf %s, %m : f64
          affine.store %t, %c[%i, %j] : memref<64x64xf64>
        } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// c[i][j] reads c[i][j - 1]: j carries a dependence, so the pair stays.
// CHECK-LABEL: func.func @recurrence
// CHECK-NOT: weft.interchange =
// CHECK: weft.interchange_gain = "B[k][j]", weft.interchange_missed = "c[i][j] and c[i][j - 1] touch the same element in two iterations of j"
func.func @recurrence(%b: memref<64x64xf64>, %c: memref<64x64xf64>) {
  weft.task "r" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 64 {
      affine.for %j = 1 to 64 {
        affine.for %k = 0 to 64 {
          %p = affine.load %c[%i, %j - 1] : memref<64x64xf64> loc("c[i][j - 1]"(unknown))
          %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("B[k][j]"(unknown))
          %m = arith.mulf %p, %y : f64
          %s = affine.load %c[%i, %j] : memref<64x64xf64> loc("c[i][j]"(unknown))
          %t = arith.addf %s, %m : f64
          affine.store %t, %c[%i, %j] : memref<64x64xf64> loc("c[i][j]"(unknown))
        } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// Not in a task: a loop nest that does not run in parallel is left alone.
// CHECK-LABEL: func.func @sequential
// CHECK-NOT: weft.interchange
func.func @sequential(%a: memref<64x64xf64>, %b: memref<64x64xf64>, %c: memref<64x64xf64>) {
  affine.for %j = 0 to 64 {
    affine.for %k = 0 to 64 {
      %y = affine.load %b[%k, %j] : memref<64x64xf64>
      %s = affine.load %c[0, %j] : memref<64x64xf64>
      %t = arith.addf %s, %y : f64
      affine.store %t, %c[0, %j] : memref<64x64xf64>
    } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
  } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// Without the C text of the accesses (a module printed without its
// locations), the gain names the arrays.
// CHECK-LABEL: func.func @unnamed
// CHECK: weft.interchange = 2 : i64, weft.interchange_gain = "b"
func.func @unnamed(%b: memref<64x64xf64> {weft.name = "b"}, %c: memref<64x64xf64> {weft.name = "c"}) {
  weft.task "u" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        affine.for %k = 0 to 64 {
          %y = affine.load %b[%k, %j] : memref<64x64xf64>
          %s = affine.load %c[%i, %j] : memref<64x64xf64>
          %t = arith.addf %s, %y : f64
          affine.store %t, %c[%i, %j] : memref<64x64xf64>
        } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// The task's own loop: the pair (j, k) with j the parallel loop is
// interchanged (each band of j runs k around it), without a header that C
// sets again (weft.c_init), which its bands do not run; a sweep's task is
// left alone (its bands run the loop around them), and so is a task whose
// loop carries a sum through a scalar.
// CHECK-LABEL: func.func @own
// CHECK: } {weft.interchange = 1 : i64, weft.interchange_gain = "b[k][j]", weft.iv_name = "j", weft.kind = "for", weft.loop_id = 0 : i64}
// CHECK: weft.sweep = 3
// CHECK-NOT: weft.interchange
// CHECK: } {weft.iv_name = "j", weft.kind = "for", weft.loop_id = 4 : i64}
// CHECK: } {weft.interchange_gain = "b[k][j]", weft.interchange_missed = "s is not private to each iteration of j", weft.iv_name = "j", weft.kind = "for", weft.loop_id = 6 : i64}
func.func @own(%b: memref<64x64xf64>, %c: memref<64xf64>, %s: memref<f64> {weft.name = "s"}) {
  weft.task "o" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f64
      affine.store %z, %c[%j] : memref<64xf64>
      affine.for %k = 0 to 64 {
        %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("b[k][j]"(unknown))
        %x = affine.load %c[%j] : memref<64xf64>
        %t = arith.addf %x, %y : f64
        affine.store %t, %c[%j] : memref<64xf64>
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.iv_name = "j", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  affine.for %i = 0 to 64 {
    weft.task "w" attributes {captures = [], guards = [], loop_id = 4 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64, weft.sweep = 3 : i64} {
      affine.for %j = 0 to 64 {
        affine.for %k = 0 to 64 {
          %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("b[k][j]"(unknown))
          %x = affine.load %c[%j] : memref<64xf64>
          %t = arith.addf %x, %y : f64
          affine.store %t, %c[%j] : memref<64xf64>
        } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 5 : i64}
      } {weft.iv_name = "j", weft.kind = "for", weft.loop_id = 4 : i64}
    }
  } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 3 : i64}
  weft.task "r" attributes {captures = [], guards = [], loop_id = 6 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("b[k][j]"(unknown))
        %x = affine.load %s[] : memref<f64>
        %t = arith.addf %x, %y : f64
        affine.store %t, %s[] : memref<f64>
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 7 : i64}
    } {weft.iv_name = "j", weft.kind = "for", weft.loop_id = 6 : i64}
  }
  return
}
