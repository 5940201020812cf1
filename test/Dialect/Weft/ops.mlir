// RUN: weft-opt %s | weft-opt | FileCheck %s
// Every weft op and type prints and parses back unchanged.

// CHECK-LABEL: func.func @bases
// CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "s->data"} : (!weft.ptr) -> memref<?xf64>
// CHECK: weft.base {alias = #weft.alias<object>, name = "x"} : () -> memref<?xi32>
// CHECK: weft.field %{{.*}} {field = "y", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 24>> -> memref<?xf64>
// CHECK: weft.flat %{{.*}} : memref<8x8xf64> -> memref<?xf64>
// CHECK: weft.addr %{{.*}}[%{{.*}}] : memref<?xf64>
// CHECK: weft.ptr_add %{{.*}}, %{{.*}} {elem_size = 8 : i64} : index
func.func @bases(%p: !weft.ptr, %s: memref<?x!weft.struct<"pt", 24>>,
                 %a: memref<8x8xf64>, %i: index) {
  %0 = weft.base %p {name = "s->data", alias = #weft.alias<pointer>} : (!weft.ptr) -> memref<?xf64>
  %1 = weft.base {name = "x", alias = #weft.alias<object>} : () -> memref<?xi32>
  %2 = weft.field %s {field = "y", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 24>> -> memref<?xf64>
  %3 = weft.flat %a : memref<8x8xf64> -> memref<?xf64>
  %4 = weft.addr %0[%i] : memref<?xf64>
  %5 = weft.ptr_add %4, %i {elem_size = 8 : i64} : index
  return
}

// CHECK-LABEL: func.func @effects
// CHECK: weft.effects reads(%{{.*}} : memref<?xf64>) writes() {kind = "asm", reason = "inline assembly", unknown_writes}
// CHECK: weft.effects reads() writes(%{{.*}} : memref<?xf64>) {kind = "volatile", reason = "writes volatile *v"}
// CHECK: %{{.*}} = weft.effects reads() writes() {kind = "atomic", reason = "an atomic operation", unknown_reads, unknown_writes} -> i32
// CHECK: %{{.*}} = weft.call @sin(%{{.*}}) : (f64) -> f64
// CHECK: weft.opaque_value %{{.*}} : !weft.ptr {reason = "whether a pointer is null"} -> i1
func.func private @sin(f64) -> f64
func.func @effects(%a: memref<?xf64>, %x: f64, %p: !weft.ptr) {
  weft.effects reads(%a : memref<?xf64>) writes() {kind = "asm", reason = "inline assembly", unknown_writes}
  weft.effects reads() writes(%a : memref<?xf64>) {kind = "volatile", reason = "writes volatile *v"}
  %0 = weft.effects reads() writes() {kind = "atomic", reason = "an atomic operation", unknown_reads, unknown_writes} -> i32
  %1 = weft.call @sin(%x) : (f64) -> f64
  %2 = weft.opaque_value %p : !weft.ptr {reason = "whether a pointer is null"} -> i1
  return
}

// CHECK-LABEL: func.func @control
// CHECK: weft.opaque_loop {kind = "while", reason = "a while loop", weft.loop_id = 3 : i64} condition {
// CHECK:   weft.condition %{{.*}}
// CHECK: } body {
// CHECK:   weft.break
// CHECK:   weft.continue
// CHECK:   weft.yield
// CHECK: weft.switch %{{.*}} : i32 {
// CHECK:   weft.goto "out"
// CHECK: weft.label "out"
// CHECK: weft.return %{{.*}} : i32
func.func @control(%c: i1, %v: i32) {
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.loop_id = 3 : i64} condition {
    weft.condition %c
  } body {
    weft.break
    weft.continue
    weft.yield
  }
  weft.switch %v : i32 {
    weft.goto "out"
  }
  weft.label "out"
  weft.return %v : i32
  return
}

// A task holds one counted loop; captures print compactly.
// CHECK-LABEL: func.func @task
// CHECK: weft.task "weft_task_3" attributes {captures = [#weft.capture<firstprivate, "n", 1>, #weft.capture<shared, "a", 2>, #weft.capture<reduction, "s", 3, "add">, #weft.capture<reduction, "m", 4, "max:gt">, #weft.capture<counter, "i", 5>, #weft.capture<induction, "j", 6, "-2">, #weft.capture<induction, "p", 7, "-stride">], cost0 = {{\[}}[array<i64: 9100, 1>]], cost1 = {{\[}}[array<i64: -9100>]], guards = [], loop_id = 0 : i64, min_trip = 16 : i64, region_id = 0 : i64, shape = "linear", work_per_iter = 1.250000e+00 : f64} {
// CHECK-NEXT: affine.for
func.func @task(%n: index, %a: memref<?xf32>) {
  weft.task "weft_task_3" attributes {
      captures = [#weft.capture<firstprivate, "n", 1>, #weft.capture<shared, "a", 2>,
                  #weft.capture<reduction, "s", 3, "add">,
                  #weft.capture<reduction, "m", 4, "max:gt">,
                  #weft.capture<counter, "i", 5>,
                  #weft.capture<induction, "j", 6, "-2">,
                  #weft.capture<induction, "p", 7, "-stride">],
      guards = [], loop_id = 0 : i64, min_trip = 16 : i64, work_per_iter = 1.25 : f64,
      shape = "linear", cost0 = [[array<i64: 9100, 1>]], cost1 = [[array<i64: -9100>]],
      region_id = 0 : i64} {
    affine.for %i = 0 to %n {
      %c = arith.constant 0.0 : f32
      affine.store %c, %a[%i] : memref<?xf32>
    } {weft.loop_id = 0 : i64}
  }
  return
}
