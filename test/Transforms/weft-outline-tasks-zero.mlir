// RUN: weft-opt %s --weft-outline-tasks="fork-join-ns=0" | FileCheck %s
// With a free fork/join every safe loop of at least 2 iterations runs in
// parallel, even a short one.
// CHECK-LABEL: func.func @small
// CHECK: weft.task "weft_small_{{[0-9]+}}" attributes {{.*}}min_trip = 2 : i64
func.func @small(%a: memref<10xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %c, %a[%i] : memref<10xf32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]}
  return
}
