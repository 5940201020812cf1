// RUN: weft-opt %s -split-input-file --weft-count-loops | FileCheck %s
// weft-count-loops on hand-written modules (docs/ir.md, "Loops"): while and
// do loops whose body ends by stepping the counter become scf.for; the
// others keep their weft.opaque_loop with the reason.

// `while (i < n) { a[i] = 0; i++; }`: the loop runs from i's value to n, its
// body reads the iteration's value, and i gets its exit value after it.
// CHECK-LABEL: func.func @up
// CHECK:       %[[I:.*]] = memref.alloca()
// CHECK:       %[[START:.*]] = affine.load %[[I]][] : memref<i32>
// CHECK-NEXT:  %[[ST:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK:       scf.for %[[IV:.*]] = %[[ST]] to %[[N]] step %{{.*}} {
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[X]]]
// CHECK-NEXT:  } {weft.counter = 7 : i64, weft.free_vars = [], weft.iv_name = "i", weft.kind = "while", weft.loop_id = 0 : i64}
// CHECK:       %[[SPAN:.*]] = arith.subi %[[N]], %[[ST]] : index
// CHECK:       %[[TRIP:.*]] = arith.maxsi %[[SPAN]], %{{.*}} : index
// CHECK:       %[[EXIT:.*]] = arith.addi %[[ST]], %{{.*}} : index
// CHECK:       %[[E:.*]] = arith.index_cast %[[EXIT]] : index to i32
// CHECK-NEXT:  affine.store %[[E]], %[[I]][] {weft.counter_exit = 0 : i64} : memref<i32>
// CHECK-NOT:   weft.opaque_loop
func.func @up(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %w = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// `do { ...; j -= 2; } while (j > 10)` with the step last: a decreasing loop,
// normalized (weft.c_step), that runs at least once; the bound reads a
// global, which the analysis must prove unchanged (weft.bound_of).
// CHECK-LABEL: func.func @down_do
// CHECK:       %[[START:.*]] = affine.load %[[J:.*]][] : memref<i64>
// CHECK-NEXT:  %[[ST:.*]] = arith.index_cast %[[START]] : i64 to index
// CHECK-NEXT:  %[[G:.*]] = memref.get_global @lim
// CHECK-NEXT:  %[[B:.*]] = affine.load %[[G]][] {weft.bound_of = 1 : i64} : memref<i64>
// CHECK-NEXT:  %[[BI:.*]] = arith.index_cast %[[B]] : i64 to index
// CHECK-NEXT:  %[[D:.*]] = arith.subi %[[ST]], %[[BI]] : index
// CHECK-NEXT:  %{{.*}} = arith.constant 2 : index
// CHECK-NEXT:  %[[T:.*]] = arith.ceildivsi %[[D]], %{{.*}} : index
// CHECK-NEXT:  %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:  %[[END:.*]] = arith.maxsi %[[T]], %{{.*}} : index
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[END]] step %{{.*}} {
// CHECK-NEXT:    %{{.*}} = arith.constant 2 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:    %[[C:.*]] = arith.subi %[[ST]], %[[M]] : index
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[C]] : index to i64
// CHECK:       } {weft.bound_reads_memory, weft.c_step = -2 : i64, weft.counter = 3 : i64, weft.iv_name = "j", weft.kind = "do", weft.loop_id = 1 : i64}
// CHECK:       affine.store %{{.*}}, %[[J]][] {weft.counter_exit = 1 : i64} : memref<i64>
memref.global "public" @lim : memref<i64> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "lim"}
func.func @down_do(%a: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i64 {weft.decl = 2 : i64, weft.name = "n"}) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 3 : i64, weft.name = "j"} : memref<i64>
  affine.store %n, %j[] : memref<i64>
  weft.opaque_loop {kind = "do", reason = "a do loop", weft.c_bounds = 1 : i64, weft.c_counter = 3 : i64, weft.loop_id = 1 : i64} condition {
    %v = affine.load %j[] : memref<i64>
    %g = memref.get_global @lim : memref<i64>
    %b = affine.load %g[] : memref<i64>
    %c = arith.cmpi sgt, %v, %b : i64
    %e = arith.extui %c : i1 to i32
    %zero = arith.constant 0 : i32
    %t = arith.cmpi ne, %e, %zero : i32
    weft.condition %t
  } body {
    %f = arith.constant 1.0 : f64
    %v = affine.load %j[] : memref<i64>
    %x = arith.index_cast %v : i64 to index
    memref.store %f, %a[%x] : memref<?xf64>
    %two = arith.constant 2 : i32
    %two64 = arith.extsi %two : i32 to i64
    %w = affine.load %j[] : memref<i64>
    %s = arith.subi %w, %two64 : i64
    affine.store %s, %j[] : memref<i64>
    weft.yield
  }
  return
}

// -----

// A continue skips the step, a store elsewhere changes the counter, and a
// loop the importer found no counter for (no weft.c_counter): each keeps
// its opaque loop.
// CHECK-LABEL: func.func @not_counted
// CHECK: weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: a continue at {{.*}} skips the step of the counter i"
// CHECK: weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the counter i is changed in the body at {{.*}}"
// CHECK: weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)"
func.func @not_counted(%n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %flag: i1) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %one = arith.constant 1 : i32
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    scf.if %flag {
      weft.continue
    }
    %w = affine.load %i[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.loop_id = 1 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    scf.if %flag {
      affine.store %n, %i[] : memref<i32>
    }
    %w = affine.load %i[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.loop_id = 2 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %w = affine.load %i[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// `while (i > 0) { i--; a[i] = 0; }`: the step is the first statement, so
// the body reads the iteration's value stepped once.
// CHECK-LABEL: func.func @step_first
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:    %[[C:.*]] = arith.subi %{{.*}}, %[[M]] : index
// CHECK-NEXT:    %{{.*}} = arith.constant -1 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[C]], %{{.*}} : index
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[X]]]
// CHECK-NEXT:  } {weft.c_step = -1 : i64, weft.counter = 7 : i64, weft.iv_name = "i", weft.kind = "while", weft.loop_id = 0 : i64}
func.func @step_first(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  affine.store %n, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %z = arith.constant 0 : i32
    %c = arith.cmpi sgt, %v, %z : i32
    weft.condition %c
  } body {
    %one = arith.constant 1 : i32
    %w = affine.load %i[] : memref<i32>
    %s = arith.subi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    weft.yield
  }
  return
}

// -----

// `while (i-- > 0) a[i] = 0;`: the condition steps the counter after it
// tests it (weft.c_step_cond = "post"): the loop runs while the value
// before the step is positive, the body sees the value after it, and the
// exit value is one step past the last test. The step goes with the
// condition.
// CHECK-LABEL: func.func @step_in_condition
// CHECK:       %[[START:.*]] = affine.load %[[I:.*]][] : memref<i32>
// CHECK-NEXT:  %[[ST:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[END:.*]] step %{{.*}} {
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:    %[[C:.*]] = arith.subi %[[ST]], %[[M]] : index
// CHECK-NEXT:    %{{.*}} = arith.constant -1 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[C]], %{{.*}} : index
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK-NOT:     affine.store
// CHECK:       } {weft.c_step = -1 : i64, weft.counter = 7 : i64, weft.iv_name = "i", weft.kind = "while", weft.loop_id = 0 : i64}
// CHECK:       %[[T:.*]] = arith.maxsi %[[END]], %{{.*}} : index
// CHECK-NEXT:  %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:  %[[T1:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK-NEXT:  %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:  %[[MV:.*]] = arith.muli %[[T1]], %{{.*}} : index
// CHECK-NEXT:  %[[EXIT:.*]] = arith.subi %[[ST]], %[[MV]] : index
// CHECK:       affine.store %{{.*}}, %[[I]][] {weft.counter_exit = 0 : i64} : memref<i32>
func.func @step_in_condition(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  affine.store %n, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_step_cond = "post", weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %m1 = arith.constant -1 : i32
    %s = arith.addi %v, %m1 : i32
    affine.store %s, %i[] : memref<i32>
    %z = arith.constant 0 : i32
    %c = arith.cmpi sgt, %v, %z : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %w = affine.load %i[] : memref<i32>
    %x = arith.index_cast %w : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    weft.yield
  }
  return
}

// -----

// `while (i < n) { a[i] = 0; i++; a[i] = 1; }`: a step between statements.
// The body reads the iteration's value before the step and that value
// stepped once after it; its induction variable is then not the C counter
// everywhere in the body (weft.counter_moves), so no check names it.
// CHECK-LABEL: func.func @step_between
// CHECK:       scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[IV]], %{{.*}} : index
// CHECK-NEXT:    %[[W:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK:         %[[X:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[X]]]
// CHECK-NEXT:    %[[Y:.*]] = arith.index_cast %[[W]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[Y]]]
// CHECK-NEXT:  } {weft.counter = 7 : i64, weft.counter_moves, weft.iv_name = "i", weft.kind = "while", weft.loop_id = 0 : i64}
func.func @step_between(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %f0 = arith.constant 0.0 : f32
    %f1 = arith.constant 1.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f0, %a[%x] : memref<?xf32>
    %w = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    %u = affine.load %i[] : memref<i32>
    %y = arith.index_cast %u : i32 to index
    memref.store %f1, %a[%y] : memref<?xf32>
    weft.yield
  }
  return
}

// -----

// A `for` (the importer's first import, docs/ir.md "Loops"): its increment
// is the body's last statement, which a continue does not skip, so
// `for (int i = 0; i < n; i += 2) { if (flag) continue; a[i] = 0; }` is
// counted; the loop keeps weft.kind "for" and weft.c_init. A goto out of
// a for keeps it opaque, with the reason alone (the importer's remark).
// CHECK-LABEL: func.func @for_loops
// CHECK:       scf.for %[[IV:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      weft.continue
// CHECK:         %[[X:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[X]]]
// CHECK-NEXT:  } {weft.c_init, weft.counter = 7 : i64, weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
// CHECK:       weft.opaque_loop {kind = "for", reason = "a goto at {{.*}} leaves the loop"
func.func @for_loops(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %flag: i1) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_init, weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    scf.if %flag {
      weft.continue
    }
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %w = affine.load %i[] : memref<i32>
    %s = arith.addi %w, %two : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_init, weft.loop_id = 1 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    scf.if %flag {
      weft.goto "out"
    }
    %w = affine.load %i[] : memref<i32>
    %s = arith.addi %w, %two : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  weft.label "out"
  return
}

// -----

// A for counter narrower than int (`for (short s = 0; s < 100; s++)`) is
// stepped in int and converted back: counted when every bound is a
// constant it holds, not when the bound is n. (A while loop's is never.)
// CHECK-LABEL: func.func @narrow
// CHECK:       scf.for
// CHECK:       } {weft.c_init, weft.counter = 7 : i64, weft.iv_name = "s", weft.kind = "for", weft.loop_id = 0 : i64}
// CHECK:       weft.opaque_loop {kind = "for", reason = "the counter s is narrower than int and may wrap before it reaches the bound"
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the counter s is narrower than int and may wrap"
func.func @narrow(%n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %s = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "s"} : memref<i16>
  %z = arith.constant 0 : i16
  %one = arith.constant 1 : i32
  %hundred = arith.constant 100 : i32
  affine.store %z, %s[] : memref<i16>
  weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_init, weft.loop_id = 0 : i64} condition {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %c = arith.cmpi slt, %w, %hundred : i32
    weft.condition %c
  } body {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %p = arith.addi %w, %one : i32
    %t = arith.trunci %p : i32 to i16
    affine.store %t, %s[] : memref<i16>
    weft.yield
  }
  affine.store %z, %s[] : memref<i16>
  weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_init, weft.loop_id = 1 : i64} condition {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %c = arith.cmpi slt, %w, %n : i32
    weft.condition %c
  } body {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %p = arith.addi %w, %one : i32
    %t = arith.trunci %p : i32 to i16
    affine.store %t, %s[] : memref<i16>
    weft.yield
  }
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.loop_id = 2 : i64} condition {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %c = arith.cmpi slt, %w, %hundred : i32
    weft.condition %c
  } body {
    %v = affine.load %s[] : memref<i16>
    %w = arith.extsi %v : i16 to i32
    %p = arith.addi %w, %one : i32
    %t = arith.trunci %p : i32 to i16
    affine.store %t, %s[] : memref<i16>
    weft.yield
  }
  return
}

// -----

// `while (i + 1 < n) { a[i] = 0; i++; }`: the condition compares i plus a
// constant, so the loop runs to n - 1; `while (1 + i < m)` of an unsigned
// i, the same; `while (u - 1 < m)` of an unsigned u wraps at 0: not counted.
// CHECK-LABEL: func.func @offset
// CHECK:       %[[ST:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %[[M1:.*]] = arith.constant -1 : index
// CHECK-NEXT:  %[[END:.*]] = arith.addi %[[N]], %[[M1]] : index
// CHECK:       scf.for %{{.*}} = %[[ST]] to %[[END]] step %{{.*}} {
// CHECK:       %[[USTART:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK-NEXT:  %[[M:.*]] = arith.index_castui %arg2 : i32 to index
// CHECK-NEXT:  %[[M1B:.*]] = arith.constant -1 : index
// CHECK-NEXT:  %[[UEND:.*]] = arith.addi %[[M]], %[[M1B]] : index
// CHECK:       scf.for %{{.*}} = %[[USTART]] to %[[UEND]] step %{{.*}} {
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the condition compares u - 1, which may wrap below zero in unsigned arithmetic"
func.func @offset(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %m: i32 {weft.decl = 3 : i64, weft.name = "m", weft.unsigned}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %p = arith.addi %v, %one : i32
    %c = arith.cmpi slt, %p, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %w = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %w, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "j", weft.unsigned} : memref<i32>
  affine.store %z, %j[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 8 : i64, weft.free_vars = [], weft.loop_id = 1 : i64} condition {
    %v = affine.load %j[] : memref<i32>
    %one = arith.constant 1 : i32
    %p = arith.addi %one, %v : i32
    %c = arith.cmpi ult, %p, %m : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %j[] : memref<i32>
    %x = arith.index_castui %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %w = affine.load %j[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %w, %one : i32
    affine.store %s, %j[] : memref<i32>
    weft.yield
  }
  %u = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "u", weft.unsigned} : memref<i32>
  affine.store %z, %u[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 9 : i64, weft.free_vars = [], weft.loop_id = 2 : i64} condition {
    %v = affine.load %u[] : memref<i32>
    %one = arith.constant 1 : i32
    %p = arith.subi %v, %one : i32
    %c = arith.cmpi ult, %p, %m : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %u[] : memref<i32>
    %x = arith.index_castui %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %w = affine.load %u[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %w, %one : i32
    affine.store %s, %u[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// `while (i + w <= n) { a[i] = 0; i++; }`: the condition compares i plus a
// value the body does not change, in signed arithmetic, so the loop runs to
// n + 1 - w; `while (w + i < l)` with the int sum widened to a long l
// (sign-extended: signed arithmetic), to l - w. Not counted: the sum of an
// int and an unsigned widened to a long (zero-extended: C added them as
// unsigned ints, which wrap), `i + w != n` (which does not say how C added
// them), and `i + k < n` where the body steps k.
// CHECK-LABEL: func.func @offset_by
// CHECK:       %[[ST:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[N1:.*]] = arith.addi %[[N]], %[[ONE]] : index
// CHECK-NEXT:  %[[W:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  %[[END:.*]] = arith.subi %[[N1]], %[[W]] : index
// CHECK:       scf.for %{{.*}} = %[[ST]] to %[[END]] step %{{.*}} {
// CHECK:       %[[L:.*]] = arith.index_cast %arg3 : i64 to index
// CHECK-NEXT:  %[[W2:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  %[[END2:.*]] = arith.subi %[[L]], %[[W2]] : index
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[END2]] step %{{.*}} {
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the condition compares i plus a value in arithmetic that may wrap (weft counts such a bound in signed arithmetic, with < <= > >=, only)"
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the condition compares i plus a value in arithmetic that may wrap (weft counts such a bound in signed arithmetic, with < <= > >=, only)"
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the bound reads k, which the body changes"
func.func @offset_by(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %w: i32 {weft.decl = 3 : i64, weft.name = "w"}, %l: i64 {weft.decl = 4 : i64, weft.name = "l"}, %u: i32 {weft.decl = 5 : i64, weft.name = "u", weft.unsigned}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %p = arith.addi %v, %w : i32
    %c = arith.cmpi sle, %p, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %q, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 1 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %p = arith.addi %w, %v : i32
    %e = arith.extsi %p : i32 to i64
    %c = arith.cmpi slt, %e, %l : i64
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %q, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 2 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %p = arith.addi %v, %u : i32
    %e = arith.extui %p : i32 to i64
    %c = arith.cmpi slt, %e, %l : i64
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %q, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 3 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %p = arith.addi %v, %w : i32
    %c = arith.cmpi ne, %p, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %one = arith.constant 1 : i32
    %s = arith.addi %q, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  %k = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "k"} : memref<i32>
  affine.store %z, %k[] : memref<i32>
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 4 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %kv = affine.load %k[] : memref<i32>
    %p = arith.addi %v, %kv : i32
    %c = arith.cmpi slt, %p, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %kq = affine.load %k[] : memref<i32>
    %one = arith.constant 1 : i32
    %ks = arith.addi %kq, %one : i32
    affine.store %ks, %k[] : memref<i32>
    %q = affine.load %i[] : memref<i32>
    %s = arith.addi %q, %one : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// A step by a variable the loop does not change (`while (i < n) { a[i] =
// 0; i += m; }`): an scf.for whose induction variable is the counter and
// whose step is m (its value where the loop starts: a parameter, or a read
// of a local variable made before the loop), weft.c_step_by; the exit value
// is the start plus ceil((n - start) / m) steps. Refused: a step the body
// changes, and a step down.
// CHECK-LABEL: func.func @step_by
// CHECK:       %[[KC:.*]] = memref.alloca() {{.*}}weft.name = "k"
// CHECK:       %[[ST:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %[[M:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  scf.for %[[I:.*]] = %[[ST]] to %[[N]] step %[[M]] {
// CHECK-NEXT:    %[[IV:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:         memref.store %{{.*}}, %arg0[%{{.*}}]
// CHECK-NEXT:  } {weft.c_step_by = "m", weft.counter = 7 : i64, weft.free_vars = [], weft.iv_name = "i", weft.kind = "while", weft.loop_id = 0 : i64}
// CHECK:       %[[SPAN:.*]] = arith.subi %[[N]], %[[ST]] : index
// CHECK:       %[[POS:.*]] = arith.maxsi %[[SPAN]], %{{.*}} : index
// CHECK-NEXT:  %[[TRIP:.*]] = arith.ceildivsi %[[POS]], %[[M]] : index
// CHECK-NEXT:  %[[MOVED:.*]] = arith.muli %[[TRIP]], %[[M]] : index
// CHECK-NEXT:  %[[EXIT:.*]] = arith.addi %[[ST]], %[[MOVED]] : index
// CHECK:       %[[K:.*]] = affine.load %[[KC]][] : memref<i32>
// CHECK-NEXT:  %[[KI:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[KI]] {
// CHECK:       } {weft.c_step_by = "k", weft.counter = 7 : i64
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)"
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the counter i steps down by m, a variable, which weft does not count"
func.func @step_by(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %m: i32 {weft.decl = 3 : i64, weft.name = "m"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %k = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "k"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  affine.store %m, %k[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %s = arith.addi %q, %m : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 1 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %kv = affine.load %k[] : memref<i32>
    %s = arith.addi %q, %kv : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  affine.store %z, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 2 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %q = affine.load %i[] : memref<i32>
    %kv = affine.load %k[] : memref<i32>
    %s = arith.addi %q, %kv : i32
    affine.store %s, %i[] : memref<i32>
    %k1 = arith.addi %kv, %kv : i32
    affine.store %k1, %k[] : memref<i32>
    weft.yield
  }
  affine.store %n, %i[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 3 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %zero = arith.constant 0 : i32
    %c = arith.cmpi sgt, %v, %zero : i32
    weft.condition %c
  } body {
    %q = affine.load %i[] : memref<i32>
    %s = arith.subi %q, %m : i32
    affine.store %s, %i[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// An induction of a loop stepped by a variable: j is its value before the
// loop plus the iteration's number, (i - start) / m (isIterationNumber),
// and after the loop its value plus the trip, ceil((n - start) / m).
// CHECK-LABEL: func.func @step_by_induction
// CHECK:       %[[ST:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %[[M:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK:       %[[TRIP:.*]] = arith.ceildivsi %{{.*}}, %[[M]] : index
// CHECK:       scf.for %[[I:.*]] = %[[ST]] to %[[N]] step %[[M]] {
// CHECK-NEXT:    %[[D:.*]] = arith.subi %[[I]], %[[ST]] : index
// CHECK-NEXT:    %[[K:.*]] = arith.divui %[[D]], %[[M]] : index
// CHECK:         memref.store %{{.*}}, %arg0[%{{.*}}]
// CHECK-NEXT:  } {weft.c_step_by = "m", weft.counter = 7 : i64, weft.free_vars = [], weft.inductions = [{decl = 8 : i64, name = "j", step = 1 : i64}]
// CHECK:       %[[MOVED:.*]] = arith.muli %[[TRIP]], %{{.*}} : index
// CHECK:       affine.store %{{.*}}, %{{.*}}[] {weft.counter_exit = 0 : i64} : memref<i32>
func.func @step_by_induction(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}, %m: i32 {weft.decl = 3 : i64, weft.name = "m"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "j"} : memref<i32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.store %z, %i[] : memref<i32>
  affine.store %z, %j[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %jv = affine.load %j[] : memref<i32>
    %x = arith.index_cast %jv : i32 to index
    memref.store %f, %a[%x] : memref<?xf32>
    %q = affine.load %i[] : memref<i32>
    %s = arith.addi %q, %m : i32
    affine.store %s, %i[] : memref<i32>
    %jq = affine.load %j[] : memref<i32>
    %js = arith.addi %jq, %one : i32
    affine.store %js, %j[] : memref<i32>
    weft.yield
  }
  return
}
