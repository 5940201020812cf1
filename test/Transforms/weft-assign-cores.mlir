// RUN: weft-opt %s -split-input-file --weft-assign-cores | FileCheck %s
// RUN: weft-opt %s -split-input-file --weft-assign-cores="cores=4 core-weights=1024,1024,512,512" | FileCheck %s --check-prefix=TEAM
// weft-assign-cores fills in each task's loop descriptor: the cost shape
// and the region id. The team is the runtime's; --cores and --core-weights
// only become the module's default team.

// TEAM: module attributes {weft.default_team = {cores = 4 : i64, weights = array<i64: 1024, 1024, 512, 512>}}

// Every iteration costs the same: uniform.
// CHECK-LABEL: func.func @uniform
// CHECK: weft.task "u" attributes {{{.*}}region_id = 0 : i64, shape = "uniform"
func.func @uniform(%a: memref<?xf32>, %n: index) {
  weft.task "u" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
      %c = arith.constant 0.0 : f32
      affine.store %c, %a[%i] : memref<?xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// for (i = 0; i < n; i++) for (j = i; j < n; j++): iteration i runs n - i
// inner iterations. The cost of iteration k is cost0 + cost1 * k with cost0
// proportional to n and cost1 to -1 (in ps; only the ratio matters).
// CHECK-LABEL: func.func @triangle
// CHECK: weft.task "t" attributes {{{.*}}cost0 = [array<i64: [[W:[0-9]+]], 1>], cost1 = [array<i64: -[[W]]>]{{.*}}shape = "linear"
func.func @triangle(%a: memref<?x?xf32>, %n32: i32 {weft.decl = 1 : i64, weft.name = "n"}) {
  %n = arith.index_cast %n32 : i32 to index
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
      affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
        %c = arith.constant 0.0 : f32
        affine.store %c, %a[%i, %j] : memref<?x?xf32>
      } {weft.loop_id = 1 : i64}
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// for (i = 1; i < 100; i += 2) for (j = 0; j < i; j++): the cost grows with
// i = 1 + 2k, so cost0 is one inner iteration's cost and cost1 two.
// CHECK-LABEL: func.func @growing
// CHECK: weft.task "g" attributes {{{.*}}cost0 = [array<i64: [[W:[0-9]+]]>], cost1 = [array<i64: [[W2:[0-9]+]]>]{{.*}}shape = "linear"
func.func @growing(%a: memref<100x100xf32>) {
  weft.task "g" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 1 to 100 step 2 {
      affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
        %c = arith.constant 0.0 : f32
        affine.store %c, %a[%i, %j] : memref<100x100xf32>
      } {weft.loop_id = 1 : i64}
    } {weft.loop_id = 0 : i64}
  }
  return
}
