// RUN: weft-opt %s -split-input-file --weft-count-loops | FileCheck %s
// weft-count-loops' other counters (docs/analysis.md, "Other counters"): a
// local integer variable that one of a counted loop's own statements steps
// by a constant in every iteration reads, in iteration k, its value before
// the loop plus k steps (one more after its step); the step goes, the
// variable gets its exit value after the loop, and the loop lists it in
// weft.inductions for the outlined code.

// `for (i = 0; i < n; i++) { a[i] = b[j]; j += 3; a[i] += b[j]; }`: the
// read before the step sees j0 + 3k, the read after it j0 + 3k + 3. j0 is
// what the store right before the loop left in j.
// CHECK-LABEL: func.func @before_after
// CHECK:       %[[J:.*]] = memref.alloca() {{.*}}"j"
// CHECK:       %[[Z:.*]] = arith.constant 0 : i32
// CHECK:       %[[LB:.*]] = affine.apply
// CHECK:       %[[TRIP:.*]] = arith.maxsi
// CHECK-NEXT:  %[[F:.*]] = arith.index_cast %[[Z]] : i32 to index
// CHECK-NEXT:  affine.for %[[IV:.*]] = 0 to %arg0 {
// CHECK-NEXT:    %[[K:.*]] = arith.subi %[[IV]], %[[LB]] : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %[[C3]] : index
// CHECK-NEXT:    %[[CUR:.*]] = arith.addi %[[F]], %[[M]] : index
// CHECK-NEXT:    arith.constant 3 : index
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[CUR]], %{{.*}} : index
// CHECK-NEXT:    %[[AFTER:.*]] = arith.index_cast %[[NEXT]] : index to i32
// CHECK-NEXT:    %[[BEFORE:.*]] = arith.index_cast %[[CUR]] : index to i32
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %[[BEFORE]] : i32 to index
// CHECK-NEXT:    memref.load %arg2[%[[X]]]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[X2:.*]] = arith.index_cast %[[AFTER]] : i32 to index
// CHECK-NEXT:    memref.load %arg2[%[[X2]]]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:  } {{{.*}}weft.inductions = [{decl = 7 : i64, name = "j", step = 3 : i64}]
// CHECK:       %[[MOVED:.*]] = arith.muli %[[TRIP]], %{{.*}} : index
// CHECK-NEXT:  %[[EXIT:.*]] = arith.addi %[[F]], %[[MOVED]] : index
// CHECK-NEXT:  %[[E:.*]] = arith.index_cast %[[EXIT]] : index to i32
// CHECK-NEXT:  affine.store %[[E]], %[[J]][] {weft.counter_exit = 0 : i64}
func.func @before_after(%n: index, %a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %b: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 2 : i64, weft.name = "b"}) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "j"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %j[] : memref<i32>
  affine.for %i = 0 to %n {
    %v = affine.load %j[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    %y = memref.load %b[%x] : memref<?xi32>
    memref.store %y, %a[%i] : memref<?xi32>
    %c3 = arith.constant 3 : i32
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %c3 : i32
    affine.store %s, %j[] : memref<i32>
    %v2 = affine.load %j[] : memref<i32>
    %x2 = arith.index_cast %v2 : i32 to index
    %y2 = memref.load %b[%x2] : memref<?xi32>
    memref.store %y2, %a[%i] : memref<?xi32>
  } {weft.counter = 9 : i64, weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// `while (i < n) { o[i] = k; i++; k -= 5; }`: counted first (i), then k
// of the scf.for, whose iterations start at i's value: k = k0 - 5 (iv - i0).
// CHECK-LABEL: func.func @while_other
// CHECK:       %[[KC:.*]] = memref.alloca() {{.*}}"k"
// CHECK:       %[[K7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:  affine.store %[[K7]], %[[KC]][] : memref<i32>
// CHECK:       %[[F:.*]] = arith.index_cast %[[K7]] : i32 to index
// CHECK-NEXT:  scf.for %[[IV:.*]] = %[[ST:.*]] to
// CHECK-NEXT:    %[[K:.*]] = arith.subi %[[IV]], %[[ST]] : index
// CHECK-NEXT:    %[[C:.*]] = arith.constant -5 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %[[C]] : index
// CHECK-NEXT:    %[[CUR:.*]] = arith.addi %[[F]], %[[M]] : index
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[CUR]] : index to i32
// CHECK-NEXT:    arith.index_cast %[[IV]]
// CHECK:         memref.store %[[V]]
// CHECK-NOT:     affine.store {{.*}} %[[KC]]
// CHECK:       } {{{.*}}weft.inductions = [{decl = 8 : i64, name = "k", step = -5 : i64}]
// CHECK:       affine.store %{{.*}}, %[[KC]][] {weft.counter_exit = 0 : i64}
// CHECK:       affine.store %{{.*}}, %{{.*}}[] {weft.counter_exit = 0 : i64}
func.func @while_other(%o: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "o"}, %n: i32 {weft.decl = 2 : i64, weft.name = "n"}) {
  %i = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "i"} : memref<i32>
  %k = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "k"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %i[] : memref<i32>
  %c7 = arith.constant 7 : i32
  affine.store %c7, %k[] : memref<i32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %i[] : memref<i32>
    %c = arith.cmpi slt, %v, %n : i32
    weft.condition %c
  } body {
    %kv = affine.load %k[] : memref<i32>
    %v = affine.load %i[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    memref.store %kv, %o[%x] : memref<?xi32>
    %one = arith.constant 1 : i32
    %v2 = affine.load %i[] : memref<i32>
    %s = arith.addi %v2, %one : i32
    affine.store %s, %i[] : memref<i32>
    %five = arith.constant 5 : i32
    %kv2 = affine.load %k[] : memref<i32>
    %ks = arith.subi %kv2, %five : i32
    affine.store %ks, %k[] : memref<i32>
    weft.yield
  }
  return
}

// -----

// Not inductions, each left as it is: j also written under a condition;
// an unsigned 32-bit u (it may wrap, which a subscript would not show);
// a variable whose address is taken; a continue that skips the step; a
// count that only its step reads (a reduction's); a char, which C steps
// in int.
// CHECK-LABEL: func.func @refused
// CHECK-COUNT-2: affine.store %{{.*}}, %alloca[] : memref<i32>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
// CHECK:       affine.store %{{.*}}, %alloca_0[] : memref<i32>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 1 : i64}
// CHECK:       affine.store %{{.*}}, %alloca_1[] : memref<i32>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 2 : i64}
// CHECK:       affine.store %{{.*}}, %alloca[] : memref<i32>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 3 : i64}
// CHECK:       affine.store %{{.*}}, %alloca[] : memref<i32>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 4 : i64}
// CHECK:       affine.store %{{.*}}, %alloca_2[] : memref<i8>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 5 : i64}
// CHECK-NOT:   weft.inductions
func.func @refused(%n: index, %a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %p: i1) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "j"} : memref<i32>
  %u = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "u", weft.unsigned} : memref<i32>
  %e = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.escapes, weft.name = "e"} : memref<i32>
  %one = arith.constant 1 : i32
  affine.for %i = 0 to %n {
    %v = affine.load %j[] : memref<i32>
    memref.store %v, %a[%i] : memref<?xi32>
    scf.if %p {
      affine.store %one, %j[] : memref<i32>
    }
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %j[] : memref<i32>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  affine.for %i = 0 to %n {
    %v = affine.load %u[] : memref<i32>
    memref.store %v, %a[%i] : memref<?xi32>
    %w = affine.load %u[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %u[] : memref<i32>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 1 : i64}
  affine.for %i = 0 to %n {
    %v = affine.load %e[] : memref<i32>
    memref.store %v, %a[%i] : memref<?xi32>
    %w = affine.load %e[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %e[] : memref<i32>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 2 : i64}
  affine.for %i = 0 to %n {
    %v = affine.load %j[] : memref<i32>
    memref.store %v, %a[%i] : memref<?xi32>
    scf.if %p {
      weft.continue
    }
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %j[] : memref<i32>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 3 : i64}
  affine.for %i = 0 to %n {
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %j[] : memref<i32>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 4 : i64}
  %ch = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 10 : i64, weft.name = "ch"} : memref<i8>
  affine.for %i = 0 to %n {
    %v = affine.load %ch[] : memref<i8>
    %x = arith.index_cast %v : i8 to index
    memref.store %one, %a[%x] : memref<?xi32>
    %w = affine.load %ch[] : memref<i8>
    %wi = arith.extsi %w : i8 to i32
    %s = arith.addi %wi, %one : i32
    %t = arith.trunci %s : i32 to i8
    affine.store %t, %ch[] : memref<i8>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 5 : i64}
  return
}

// -----

// `for (i = 0; i < n; i++, j++) a[i] = 0;`: a step of the for's increment
// (weft.c_other_steps, after the body) is an induction even when nothing
// else reads it: the outlined loop runs its own header, not the increment.
// CHECK-LABEL: func.func @increment
// CHECK:       affine.for
// CHECK-NOT:     affine.store {{.*}} %alloca[]
// CHECK:       } {{{.*}}weft.inductions = [{decl = 7 : i64, name = "j", step = 1 : i64}]
// CHECK:       affine.store %{{.*}}, %alloca[] {weft.counter_exit = 0 : i64}
func.func @increment(%n: index, %a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "j"} : memref<i32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to %n {
    memref.store %z, %a[%i] : memref<?xi32>
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %one : i32
    affine.store %s, %j[] : memref<i32>
  } {weft.c_other_steps = [{decl = 7 : i64, name = "j"}], weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// Pointers (weft.pointee_bytes: the size of what they point to) stepped by
// whole elements: `*q = *p++; q -= 2;`, and `r = (float *)((char *)r +
// 8)`, which steps r by two floats. p is read from its cell where the loop
// starts (nothing right before it says its value); q starts
// where the store right before the loop left it. Each read becomes the
// pointer advanced by k steps; after the loop, by the trip's.
// CHECK-LABEL: func.func @pointers
// CHECK:       %[[P:.*]] = memref.alloca() {{.*}}"p"
// CHECK:       %[[Q:.*]] = memref.alloca() {{.*}}"q"
// CHECK:       %[[R:.*]] = memref.alloca() {{.*}}"r"
// CHECK:       %[[Q0:.*]] = weft.addr %arg1[%{{.*}}] : memref<?xf32>
// CHECK-NEXT:  affine.store %[[Q0]], %[[Q]][]
// CHECK:       %[[P0:.*]] = affine.load %[[P]][] : memref<!weft.ptr>
// CHECK:       %[[R0:.*]] = affine.load %[[R]][] : memref<!weft.ptr>
// CHECK:       affine.for
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[KR:.*]] = arith.muli %{{.*}}, %[[C2]] : index
// CHECK-NEXT:    %[[RK:.*]] = weft.ptr_add %[[R0]], %[[KR]] {elem_size = 4 : i64} : index
// CHECK:         %[[QK:.*]] = weft.ptr_add %[[Q0]], %{{.*}} {elem_size = 4 : i64} : index
// CHECK:         %[[PK:.*]] = weft.ptr_add %[[P0]], %{{.*}} {elem_size = 4 : i64} : index
// CHECK:         weft.base %[[PK]]
// CHECK:         weft.base %[[QK]]
// CHECK:         weft.base %[[RK]]
// CHECK-NOT:     affine.store {{.*}} : memref<!weft.ptr>
// CHECK:       } {{{.*}}weft.inductions = [{decl = 7 : i64, name = "p", step = 1 : i64}, {decl = 8 : i64, name = "q", step = -2 : i64}, {decl = 9 : i64, name = "r", step = 2 : i64}]
// CHECK:       %[[PE:.*]] = weft.ptr_add %[[P0]], %{{.*}} {elem_size = 4 : i64} : index
// CHECK-NEXT:  affine.store %[[PE]], %[[P]][] {weft.counter_exit = 0 : i64}
// CHECK:       %[[QE:.*]] = weft.ptr_add %[[Q0]], %{{.*}} {elem_size = 4 : i64} : index
// CHECK-NEXT:  affine.store %[[QE]], %[[Q]][] {weft.counter_exit = 0 : i64}
// CHECK:       affine.store %{{.*}}, %[[R]][] {weft.counter_exit = 0 : i64}
func.func @pointers(%n: index, %out: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "out"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %q = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "q", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %r = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "r", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %q0 = weft.addr %out[%n] : memref<?xf32>
  affine.store %q0, %q[] : memref<!weft.ptr>
  affine.for %i = 0 to %n {
    %pv = affine.load %p[] : memref<!weft.ptr>
    %c1 = arith.constant 1 : index
    %pn = weft.ptr_add %pv, %c1 {elem_size = 4 : i64} : index
    affine.store %pn, %p[] : memref<!weft.ptr>
    %pb = weft.base %pv {alias = #weft.alias<pointer>, name = "p++"} : (!weft.ptr) -> memref<?xf32>
    %x = affine.load %pb[0] : memref<?xf32>
    %qv = affine.load %q[] : memref<!weft.ptr>
    %qb = weft.base %qv {alias = #weft.alias<pointer>, name = "q"} : (!weft.ptr) -> memref<?xf32>
    affine.store %x, %qb[0] : memref<?xf32>
    %rv = affine.load %r[] : memref<!weft.ptr>
    %rb = weft.base %rv {alias = #weft.alias<pointer>, name = "r"} : (!weft.ptr) -> memref<?xf32>
    affine.store %x, %rb[0] : memref<?xf32>
    %c2 = arith.constant 2 : i32
    %qw = affine.load %q[] : memref<!weft.ptr>
    %c2i = arith.index_cast %c2 : i32 to index
    %neg = arith.subi %c0, %c2i : index
    %qn = weft.ptr_add %qw, %neg {elem_size = 4 : i64} : index
    affine.store %qn, %q[] : memref<!weft.ptr>
    %rw = affine.load %r[] : memref<!weft.ptr>
    %c8 = arith.constant 8 : index
    %rn = weft.ptr_add %rw, %c8 {elem_size = 1 : i64} : index
    affine.store %rn, %r[] : memref<!weft.ptr>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// Not pointer inductions: a step of 6 bytes over floats (no whole
// element); a pointer to what has no size (void *: no weft.pointee_bytes).
// CHECK-LABEL: func.func @pointers_refused
// CHECK-COUNT-2: affine.store %{{.*}}, %{{.*}}[] : memref<!weft.ptr>
// CHECK-NEXT:  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
// CHECK-NOT:   weft.inductions
func.func @pointers_refused(%n: index) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %v = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "v"} : memref<!weft.ptr>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    %pv = affine.load %p[] : memref<!weft.ptr>
    %pb = weft.base %pv {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %z, %pb[0] : memref<?xf32>
    %vv = affine.load %v[] : memref<!weft.ptr>
    %vb = weft.base %vv {alias = #weft.alias<pointer>, name = "v"} : (!weft.ptr) -> memref<?xf32>
    affine.store %z, %vb[0] : memref<?xf32>
    %c6 = arith.constant 6 : index
    %pw = affine.load %p[] : memref<!weft.ptr>
    %pn = weft.ptr_add %pw, %c6 {elem_size = 1 : i64} : index
    affine.store %pn, %p[] : memref<!weft.ptr>
    %c1 = arith.constant 1 : index
    %vw = affine.load %v[] : memref<!weft.ptr>
    %vn = weft.ptr_add %vw, %c1 {elem_size = 1 : i64} : index
    affine.store %vn, %v[] : memref<!weft.ptr>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// Steps by a variable the loop does not write: `j += m` (a parameter) and
// `p -= s` (a local's cell, read in the loop: read once before it). The
// step goes into the loop as an index made before it, negated for `-=`;
// the loop lists the variable as `by`. Not an induction: q stepped by t,
// which the loop writes (t++, itself an induction).
// CHECK-LABEL: func.func @by_variable
// CHECK-SAME:  (%[[N:.*]]: index, %[[M:.*]]: i32
// CHECK:       %[[S:.*]] = memref.alloca() {{.*}}"s"
// CHECK:       %[[MI:.*]] = arith.index_cast %[[M]] : i32 to index
// CHECK:       %[[SV:.*]] = affine.load %[[S]][] : memref<i64>
// CHECK-NEXT:  %[[SI:.*]] = arith.index_cast %[[SV]] : i64 to index
// CHECK-NEXT:  %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[NEG:.*]] = arith.subi %[[C0]], %[[SI]] : index
// CHECK:       affine.for
// CHECK:         %[[KS:.*]] = arith.muli %{{.*}}, %[[NEG]] : index
// CHECK-NEXT:    weft.ptr_add %{{.*}}, %[[KS]] {elem_size = 4 : i64} : index
// CHECK:         %[[KM:.*]] = arith.muli %{{.*}}, %[[MI]] : index
// CHECK:       } {{{.*}}weft.inductions = [{by = "m", decl = 7 : i64, name = "j", step = 1 : i64}, {by = "s", decl = 8 : i64, name = "p", step = -1 : i64}, {decl = 11 : i64, name = "t", step = 1 : i64}]
func.func @by_variable(%n: index, %m: i32 {weft.decl = 2 : i64, weft.name = "m"}, %a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "j"} : memref<i32>
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %s = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "s"} : memref<i64>
  %q = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 10 : i64, weft.name = "q", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 11 : i64, weft.name = "t"} : memref<i64>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    %jv = affine.load %j[] : memref<i32>
    %x = arith.index_cast %jv : i32 to index
    %y = memref.load %a[%x] : memref<?xi32>
    memref.store %y, %a[%i] : memref<?xi32>
    %jw = affine.load %j[] : memref<i32>
    %js = arith.addi %jw, %m : i32
    affine.store %js, %j[] : memref<i32>
    %pv = affine.load %p[] : memref<!weft.ptr>
    %pb = weft.base %pv {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %z, %pb[0] : memref<?xf32>
    %pw = affine.load %p[] : memref<!weft.ptr>
    %sv = affine.load %s[] : memref<i64>
    %si = arith.index_cast %sv : i64 to index
    %c0 = arith.constant 0 : index
    %neg = arith.subi %c0, %si : index
    %pn = weft.ptr_add %pw, %neg {elem_size = 4 : i64} : index
    affine.store %pn, %p[] : memref<!weft.ptr>
    %qv = affine.load %q[] : memref<!weft.ptr>
    %qb = weft.base %qv {alias = #weft.alias<pointer>, name = "q"} : (!weft.ptr) -> memref<?xf32>
    affine.store %z, %qb[0] : memref<?xf32>
    %tv = affine.load %t[] : memref<i64>
    %ti = arith.index_cast %tv : i64 to index
    %qn = weft.ptr_add %qv, %ti {elem_size = 4 : i64} : index
    affine.store %qn, %q[] : memref<!weft.ptr>
    %one = arith.constant 1 : i64
    %t2 = arith.addi %tv, %one : i64
    affine.store %t2, %t[] : memref<i64>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// `p += u` for an unsigned u: the step widens as the importer widened it
// (zero-extended), whatever the parameter says.
// CHECK-LABEL: func.func @by_unsigned
// CHECK:       %[[U:.*]] = arith.index_castui %arg1 : i32 to index
// CHECK:       affine.for
// CHECK:         arith.muli %{{.*}}, %[[U]] : index
// CHECK:       } {{{.*}}weft.inductions = [{by = "u", decl = 8 : i64, name = "p", step = 1 : i64}]
func.func @by_unsigned(%n: index, %u: i32 {weft.decl = 2 : i64, weft.name = "u"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 8 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    %pv = affine.load %p[] : memref<!weft.ptr>
    %pb = weft.base %pv {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %z, %pb[0] : memref<?xf32>
    %pw = affine.load %p[] : memref<!weft.ptr>
    %ui = arith.index_castui %u : i32 to index
    %pn = weft.ptr_add %pw, %ui {elem_size = 4 : i64} : index
    affine.store %pn, %p[] : memref<!weft.ptr>
  } {weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}

// -----

// Two steps in one iteration, `a[j] = b[i]; j += 2; a[j] = 0; j -= 1; a[j]
// = 1;`: one iteration adds 1 (step = 1); the read before the steps sees
// j0 + k, the read between them j0 + k + 2, the read after both j0 + k +
// 1. Both steps go.
// CHECK-LABEL: func.func @two_steps
// CHECK:       affine.for %[[IV:.*]] = 0 to %arg0 {
// CHECK-NEXT:    %[[K:.*]] = arith.subi %[[IV]], %{{.*}} : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[K]], %[[C1]] : index
// CHECK-NEXT:    %[[CUR:.*]] = arith.addi %{{.*}}, %[[M]] : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[MID:.*]] = arith.addi %[[CUR]], %[[C2]] : index
// CHECK-NEXT:    %[[BETWEEN:.*]] = arith.index_cast %[[MID]] : index to i32
// CHECK-NEXT:    %[[C1B:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[END:.*]] = arith.addi %[[CUR]], %[[C1B]] : index
// CHECK-NEXT:    %[[AFTER:.*]] = arith.index_cast %[[END]] : index to i32
// CHECK-NEXT:    %[[BEFORE:.*]] = arith.index_cast %[[CUR]] : index to i32
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %[[BEFORE]] : i32 to index
// CHECK-NEXT:    memref.load %arg2[%[[IV]]]
// CHECK-NEXT:    memref.store %{{.*}}, %arg1[%[[X]]]
// CHECK-NEXT:    arith.constant 0 : i32
// CHECK-NEXT:    %[[X2:.*]] = arith.index_cast %[[BETWEEN]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg1[%[[X2]]]
// CHECK-NEXT:    arith.constant 1 : i32
// CHECK-NEXT:    %[[X3:.*]] = arith.index_cast %[[AFTER]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg1[%[[X3]]]
// CHECK-NEXT:  } {{{.*}}weft.inductions = [{decl = 7 : i64, name = "j", step = 1 : i64}]
// CHECK-NOT:   affine.store %{{.*}}, %{{.*}}[] : memref<i32>
// CHECK:       affine.store %{{.*}} {weft.counter_exit = 0 : i64}
func.func @two_steps(%n: index, %a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %b: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 2 : i64, weft.name = "b"}) {
  %j = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "j"} : memref<i32>
  %z = arith.constant 0 : i32
  affine.store %z, %j[] : memref<i32>
  affine.for %i = 0 to %n {
    %v = affine.load %j[] : memref<i32>
    %x = arith.index_cast %v : i32 to index
    %y = memref.load %b[%i] : memref<?xi32>
    memref.store %y, %a[%x] : memref<?xi32>
    %c2 = arith.constant 2 : i32
    %w = affine.load %j[] : memref<i32>
    %s = arith.addi %w, %c2 : i32
    affine.store %s, %j[] : memref<i32>
    %zero = arith.constant 0 : i32
    %v2 = affine.load %j[] : memref<i32>
    %x2 = arith.index_cast %v2 : i32 to index
    memref.store %zero, %a[%x2] : memref<?xi32>
    %c1 = arith.constant 1 : i32
    %w2 = affine.load %j[] : memref<i32>
    %s2 = arith.subi %w2, %c1 : i32
    affine.store %s2, %j[] : memref<i32>
    %v3 = affine.load %j[] : memref<i32>
    %x3 = arith.index_cast %v3 : i32 to index
    memref.store %c1, %a[%x3] : memref<?xi32>
  } {weft.counter = 9 : i64, weft.free_vars = [], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64}
  return
}
