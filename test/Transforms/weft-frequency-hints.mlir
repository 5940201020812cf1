// RUN: weft-opt %s -split-input-file --weft-frequency-hints -verify-diagnostics | FileCheck %s
// weft-frequency-hints: the bytes an iteration moves from memory against
// the time of its operations give each task its intent.

// A copy: a load and a store of 4 bytes per iteration, little else.
// CHECK-LABEL: func.func @copy
// CHECK: weft.task "c" attributes {bytes_per_iter = 8.000000e+00 : f64{{.*}}intent = "memory"
func.func @copy(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {
  weft.task "c" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
      %v = affine.load %a[%i] : memref<?xf32>
      affine.store %v, %b[%i] : memref<?xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// Divisions on each element: compute-bound. The neighbours a[i], a[i+1]
// are one stream; the cell c[0], the same in every iteration, is none.
// CHECK-LABEL: func.func @divide
// CHECK: weft.task "d" attributes {bytes_per_iter = 8.000000e+00 : f64{{.*}}intent = "compute"
func.func @divide(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  weft.task "d" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
      %x = affine.load %a[%i] : memref<?xf32>
      %y = affine.load %a[%i + 1] : memref<?xf32>
      %z = affine.load %c[0] : memref<?xf32>
      %q = arith.divf %x, %y : f32
      %r = arith.divf %q, %z : f32
      %s = arith.divf %r, %x : f32
      affine.store %s, %b[%i] : memref<?xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A small array (at most kCachedBytes) stays in cache: no bytes. And 1000
// iterations of a few ns are too short for a hint: no intent.
// CHECK-LABEL: func.func @short_table
// CHECK: weft.task "s" attributes {bytes_per_iter = 0.000000e+00 : f64
// CHECK-NOT: intent
// CHECK: affine.for
func.func @short_table(%t: memref<1000xf32>) {
  weft.task "s" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 1000 {
      %v = affine.load %t[%i] : memref<1000xf32>
      %w = arith.mulf %v, %v : f32
      affine.store %w, %t[%i] : memref<1000xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// An inner loop multiplies its bytes by its trip count: 100 iterations of a
// row of 4-byte loads, plus the store of the outer iteration.
// CHECK-LABEL: func.func @rows
// CHECK: weft.task "r" attributes {bytes_per_iter = 4.040000e+02 : f64{{.*}}intent = "memory"
func.func @rows(%a: memref<?x100xf32>, %s: memref<?xf32>, %n: index) {
  weft.task "r" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
      %z = arith.constant 0.0 : f32
      %sum = affine.for %j = 0 to 100 iter_args(%acc = %z) -> f32 {
        %v = affine.load %a[%i, %j] : memref<?x100xf32>
        %t = arith.addf %acc, %v : f32
        affine.yield %t : f32
      } {weft.loop_id = 1 : i64}
      affine.store %sum, %s[%i] : memref<?xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A bad intent does not verify.
func.func @bad(%a: memref<?xf32>, %n: index) {
  // expected-error @+1 {{intent must be 'compute' or 'memory', not 'fast'}}
  weft.task "b" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64, intent = "fast"} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64}
  }
  return
}
