// RUN: weft-opt %s -split-input-file --weft-outline-tasks | FileCheck %s
// weft-outline-tasks on hand-written verdicts: each candidate loop becomes a
// weft.task whose captures say how the outlined loop gets every variable in
// its weft.free_vars; a loop with too little work stays sequential.

// CHECK-LABEL: func.func @captures
// CHECK: weft.task "weft_captures_12" attributes {captures = [#weft.capture<firstprivate, "n", 2>, #weft.capture<firstprivate, "a", 1>, #weft.capture<private, "t", 3>, #weft.capture<reduction, "s", 4, "add">, #weft.capture<shared, "buf", 5>, #weft.capture<global, "table", 10>, #weft.capture<shared, "st", 11>, #weft.capture<firstprivate, "k", 7>, #weft.capture<shared, "h", 8>, #weft.capture<reduction, "m", 9, "max:ge">], guards = [], loop_id = 0 : i64, min_trip = [[MIN:[0-9]+]] : i64, noalias = array<i64: 1, 5>, work_per_iter = {{.*}} : f64} {
// CHECK-NEXT: affine.for
memref.global "private" @table : memref<64xf32> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 10 : i64, weft.name = "table"}
memref.global "private" @captures.st : memref<64xf32> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 11 : i64, weft.name = "st"}
func.func @captures(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"},
                    %n32: i32 {weft.decl = 2 : i64, weft.name = "n"}, %k: f32) attributes {weft.decl = 0 : i64} {
  %n = arith.index_cast %n32 : i32 to index
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 3 : i64, weft.name = "t"} : memref<f32>
  %s = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 4 : i64, weft.name = "s"} : memref<f32>
  %m = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "m"} : memref<f32>
  %buf = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 5 : i64, weft.name = "buf"} : memref<64xf32>
  %h = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "h", weft.escapes} : memref<i32>
  %g = memref.get_global @table : memref<64xf32>
  %st = memref.get_global @captures.st : memref<64xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] : memref<?xf32>
    affine.store %x, %t[] : memref<f32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 6 : i64, weft.iv_name = "i",
     weft.free_vars = [{decl = 2 : i64, name = "n"}, {decl = 1 : i64, name = "a"}, {decl = 3 : i64, name = "t"},
                       {decl = 4 : i64, name = "s"}, {decl = 5 : i64, name = "buf"}, {decl = 10 : i64, name = "table"},
                       {decl = 11 : i64, name = "st"}, {decl = 7 : i64, name = "k"}, {decl = 8 : i64, name = "h"},
                       {decl = 9 : i64, name = "m"}],
     weft.privates = [{decl = 3 : i64, name = "t"}],
     weft.noalias = [{decl = 1 : i64, name = "a"}, {decl = 5 : i64, name = "buf"}],
     weft.reductions = [{decl = 4 : i64, name = "s", op = "add", float = true},
                        {decl = 9 : i64, name = "m", op = "max", pred = "ge", float = true}]} loc("f.c":12:3)
  return
}

// -----

// A loop of 10 cheap iterations is not worth a fork/join.
// CHECK-LABEL: func.func @small
// CHECK-NOT: weft.task
// CHECK: weft.reason = "too little work to pay for a fork/join: about {{.*}} ns in all (10 iterations of {{.*}} ns), below 2000 ns"
func.func @small(%a: memref<10xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %c, %a[%i] : memref<10xf32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]}
  return
}

// -----

// The same loop with 100000 iterations, or a symbolic trip count, runs in
// parallel; min_trip is where its estimated work reaches 2 us.
// CHECK-LABEL: func.func @big
// CHECK: weft.task "weft_big_[[L1:[0-9]+]]"
// CHECK-SAME: min_trip = [[BIG:[0-9]+]] : i64
// CHECK: weft.task "weft_big_{{[0-9]+}}"
// CHECK-SAME: min_trip = [[BIG]] : i64
func.func @big(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: index) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 100000 {
    affine.store %c, %a[%i] : memref<?xf32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]}
  affine.for %i = 0 to %n {
    affine.store %c, %a[%i] : memref<?xf32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 1 : i64, weft.counter = 3 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]}
  return
}

// -----

// A loop that is parallel but not a candidate (it is inside another) is
// left alone, and so is a sequential one.
// CHECK-LABEL: func.func @not_candidates
// CHECK-NOT: weft.task
func.func @not_candidates(%a: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
  } {weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.free_vars = []}
  affine.for %i = 0 to %n {
  } {weft.verdict = "sequential", weft.reason = "x", weft.loop_id = 1 : i64, weft.free_vars = []}
  return
}

// -----

// A candidate whose captures cannot be made (here: it has no
// weft.free_vars) stays sequential with the reason, and the parallel loop
// inside it becomes the candidate in its place; the loop inside that one
// says which loop around it now runs in parallel.
// CHECK-LABEL: func.func @hand_over
// CHECK: affine.for
// CHECK: weft.task "weft_hand_over_{{[0-9]+}}"
// CHECK-NEXT: affine.for
// CHECK: affine.for
// CHECK: weft.reason = "the loop at 4:5 around it runs in parallel"
// CHECK: weft.candidate
// CHECK-NOT: weft.candidate
// CHECK: weft.reason = "weft does not know which variables the loop uses"
func.func @hand_over(%a: memref<?x?x?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: index) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        affine.store %c, %a[%i, %j, %k] : memref<?x?x?xf32>
      } {weft.verdict = "parallel", weft.reason = "the loop at 3:3 around it runs in parallel", weft.loop_id = 2 : i64, weft.counter = 4 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]} loc("f.c":5:7)
    } {weft.verdict = "parallel", weft.reason = "the loop at 3:3 around it runs in parallel", weft.loop_id = 1 : i64, weft.counter = 3 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}]} loc("f.c":4:5)
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64} loc("f.c":3:3)
  return
}

// -----

// A conditionally last-private variable is captured as such.
// CHECK-LABEL: func.func @cond_last
// CHECK: weft.task "weft_cond_last_5" attributes {captures = [#weft.capture<firstprivate, "a", 1>, #weft.capture<cond_lastprivate, "last", 2>]
func.func @cond_last(%a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}) attributes {weft.decl = 0 : i64} {
  %last = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "last"} : memref<i32>
  %c0 = arith.constant 0 : i32
  affine.for %i = 0 to 100000 {
    %v = affine.load %a[%i] : memref<?xi32>
    %p = arith.cmpi sgt, %v, %c0 : i32
    scf.if %p {
      affine.store %v, %last[] : memref<i32>
    }
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 3 : i64, weft.iv_name = "i",
     weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "last"}],
     weft.cond_lastprivates = [{decl = 2 : i64, name = "last"}]} loc("f.c":5:3)
  return
}

// -----

// An array reduction is an array_reduction capture with its operator. Its
// copies (16 elements, 1 ns each, and a barrier of 1 us), twice over, add
// to the 2 us a plain loop needs: 4032 ns of 0.5 ns iterations.
// CHECK-LABEL: func.func @array_reduction
// CHECK: weft.task "weft_array_reduction_{{[0-9]+}}" attributes {captures = [#weft.capture<firstprivate, "k", 1>, #weft.capture<array_reduction, "h", 3, "xor">], guards = [], loop_id = 0 : i64, min_trip = 8064 : i64
func.func @array_reduction(%k: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "k"}, %n: index) {
  %h = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 3 : i64, weft.name = "h"} : memref<16xi32>
  %c1 = arith.constant 1 : i32
  affine.for %i = 0 to %n {
    affine.store %c1, %h[0] : memref<16xi32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64,
     weft.free_vars = [{decl = 1 : i64, name = "k"}, {decl = 3 : i64, name = "h"}],
     weft.array_reductions = [{decl = 3 : i64, name = "h", op = "xor", float = false}]}
  return
}

// -----

// Copies of an allocation: a constant length (16 elements) counts as the
// array's above; one known only when the loop runs (nb, decl 4) leaves
// the fork/join's 2 us to min_trip, and the iterations each element of
// the copies needs, 2 x 1 ns over 0.5 ns, to the task.
// CHECK-LABEL: func.func @array_reduction_alloc
// CHECK: weft.task "weft_array_reduction_alloc_{{[0-9]+}}" attributes {captures = [#weft.capture<firstprivate, "k", 1>, #weft.capture<array_reduction, "h", 3, "add">], guards = [], loop_id = 0 : i64, min_trip = 8064 : i64
// CHECK-NOT: weft.trips_per_copied_element
// CHECK: weft.task "weft_array_reduction_alloc_{{[0-9]+}}" attributes {captures = [#weft.capture<firstprivate, "k", 1>, #weft.capture<array_reduction, "h", 3, "add">, #weft.capture<firstprivate, "nb", 4>], guards = [], loop_id = 1 : i64, min_trip = 4000 : i64
// CHECK-SAME: weft.trips_per_copied_element = 4.000000e+00 : f64
func.func @array_reduction_alloc(%k: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "k"}, %n: index) {
  %c1 = arith.constant 1 : i32
  %p = memref.alloca() : memref<16xi32>
  affine.for %i = 0 to %n {
    affine.store %c1, %p[0] : memref<16xi32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 0 : i64, weft.counter = 2 : i64,
     weft.free_vars = [{decl = 1 : i64, name = "k"}, {decl = 3 : i64, name = "h"}],
     weft.array_reductions = [{decl = 3 : i64, name = "h", op = "add", float = false, length = [array<i64: 16>]}]}
  affine.for %i = 0 to %n {
    affine.store %c1, %p[0] : memref<16xi32>
  } {weft.candidate, weft.verdict = "parallel", weft.loop_id = 1 : i64, weft.counter = 2 : i64,
     weft.free_vars = [{decl = 1 : i64, name = "k"}, {decl = 3 : i64, name = "h"}, {decl = 4 : i64, name = "nb"}],
     weft.array_reductions = [{decl = 3 : i64, name = "h", op = "add", float = false, length = [array<i64: 1, 4>]}]}
  return
}
