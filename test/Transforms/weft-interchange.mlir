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

// -----

// Tiles (docs/analysis.md, "Loop tiling"): the task's loop i runs the nest
// (k, j) whose S reads b[k][j], the same for every i, along rows as j
// steps: 512 x 512 doubles (2 MiB) that every row streams. The k loop gets
// weft.tile = [j's id, bytes per (k, j) of b, its element's bytes, 0: not
// a pair interchanged first].
// CHECK-LABEL: func.func @tiled
// CHECK: } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64, weft.tile = array<i64: 2, 8, 8, 0>, weft.tile_gain = "B[k][j]"}
func.func @tiled(%a: memref<512x512xf64>, %b: memref<512x512xf64>, %c: memref<512x512xf64>) {
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 512 {
      affine.for %k = 0 to 512 {
        affine.for %j = 0 to 512 {
          %x = affine.load %a[%i, %k] : memref<512x512xf64>
          %y = affine.load %b[%k, %j] : memref<512x512xf64> loc("B[k][j]"(unknown))
          %m = arith.mulf %x, %y : f64
          %s = affine.load %c[%i, %j] : memref<512x512xf64>
          %t = arith.addf %s, %m : f64
          affine.store %t, %c[%i, %j] : memref<512x512xf64>
        } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// c[i][j] reads c[i][j - 1]: j carries a dependence, which tiles of j
// would run out of order.
// CHECK-LABEL: func.func @tile_carried
// CHECK-NOT: weft.tile =
// CHECK: weft.tile_gain = "B[k][j]", weft.tile_missed = "c[i][j] and c[i][j - 1] touch the same element in two iterations of j"
func.func @tile_carried(%b: memref<512x512xf64>, %c: memref<512x512xf64>) {
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 512 {
      affine.for %k = 0 to 512 {
        affine.for %j = 1 to 512 {
          %p = affine.load %c[%i, %j - 1] : memref<512x512xf64> loc("c[i][j - 1]"(unknown))
          %y = affine.load %b[%k, %j] : memref<512x512xf64> loc("B[k][j]"(unknown))
          %m = arith.mulf %p, %y : f64
          affine.store %m, %c[%i, %j] : memref<512x512xf64> loc("c[i][j]"(unknown))
        } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A band whose reused matrix takes 64 x 64 doubles (32 KiB) stays in cache
// without tiles (and is worth no remark); a triangular j (its bound is k) is not tiled; a task
// that reduces into a scalar runs its rows in another order only at the
// price of the reduction's: not tiled.
// CHECK-LABEL: func.func @tile_small
// CHECK-NOT: weft.tile
// CHECK-LABEL: func.func @tile_triangular
// CHECK: weft.tile_gain = "B[k][j]", weft.tile_missed = "the bounds of the j loop change with k"
// CHECK-LABEL: func.func @tile_reduction
// CHECK: weft.tile_gain = "B[k][j]", weft.tile_missed = "the i loop reduces into s"
func.func @tile_small(%b: memref<64x64xf64>, %c: memref<64x64xf64>) {
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 64 {
      affine.for %k = 0 to 64 {
        affine.for %j = 0 to 64 {
          %y = affine.load %b[%k, %j] : memref<64x64xf64> loc("B[k][j]"(unknown))
          %s = affine.load %c[%i, %j] : memref<64x64xf64>
          %t = arith.addf %s, %y : f64
          affine.store %t, %c[%i, %j] : memref<64x64xf64>
        } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}
func.func @tile_triangular(%b: memref<512x512xf64>, %c: memref<512x512xf64>) {
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 512 {
      affine.for %k = 0 to 512 {
        affine.for %j = 0 to affine_map<(d0) -> (d0)>(%k) {
          %y = affine.load %b[%k, %j] : memref<512x512xf64> loc("B[k][j]"(unknown))
          %s = affine.load %c[%i, %j] : memref<512x512xf64>
          %t = arith.addf %s, %y : f64
          affine.store %t, %c[%i, %j] : memref<512x512xf64>
        } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}
func.func @tile_reduction(%b: memref<512x512xf64>, %c: memref<512x512xf64>, %sum: memref<f64> {weft.name = "s"}) {
  weft.task "t" attributes {captures = [#weft.capture<reduction, "s", 3, "add">], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 512 {
      affine.for %k = 0 to 512 {
        affine.for %j = 0 to 512 {
          %y = affine.load %b[%k, %j] : memref<512x512xf64> loc("B[k][j]"(unknown))
          %s = affine.load %c[%i, %j] : memref<512x512xf64>
          %t = arith.addf %s, %y : f64
          affine.store %t, %c[%i, %j] : memref<512x512xf64>
        } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 1 : i64}
      %v = affine.load %c[%i, 0] : memref<512x512xf64>
      %o = affine.load %sum[] : memref<f64>
      %n = arith.addf %o, %v : f64
      affine.store %n, %sum[] : memref<f64>
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A pair that weft-interchange turns (`for (j) { c = 0; for (k) c += a * b
// }`, as PolyBench's 2mm writes it) is then tiled too: k and j around S2,
// 1024 x 1024 floats. weft.tile on the j loop (the body's statement), with
// k's id and 1: turned.
// CHECK-LABEL: func.func @tiled_turned
// CHECK: } {weft.c_init, weft.interchange = 2 : i64, weft.interchange_gain = "B[k][j]", weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64, weft.tile = array<i64: 2, 4, 4, 1>, weft.tile_gain = "B[k][j]"}
func.func @tiled_turned(%a: memref<1024x1024xf32>, %b: memref<1024x1024xf32>, %c: memref<1024x1024xf32>) {
  weft.task "p" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to 1024 {
      affine.for %j = 0 to 1024 {
        %z = arith.constant 0.0 : f32
        affine.store %z, %c[%i, %j] : memref<1024x1024xf32>
        affine.for %k = 0 to 1024 {
          %x = affine.load %a[%i, %k] : memref<1024x1024xf32>
          %y = affine.load %b[%k, %j] : memref<1024x1024xf32> loc("B[k][j]"(unknown))
          %m = arith.mulf %x, %y : f32
          %s = affine.load %c[%i, %j] : memref<1024x1024xf32>
          %t = arith.addf %s, %m : f32
          affine.store %t, %c[%i, %j] : memref<1024x1024xf32>
        } {weft.c_init, weft.iv_name = "k", weft.kind = "for", weft.loop_id = 2 : i64}
      } {weft.c_init, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 1 : i64}
    } {weft.c_init, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  }
  return
}
