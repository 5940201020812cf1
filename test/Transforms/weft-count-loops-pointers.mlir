// RUN: weft-opt %s -split-input-file --weft-count-loops | FileCheck %s
// Pointer counters (docs/analysis.md, "Pointer counters"): a loop whose
// condition compares a pointer variable with a bound (the importer's
// `weft.ptr_diff %p, %end` against 0) and whose body steps it by whole
// elements becomes an scf.for over k, the iteration's number, from 0 to the
// distance in steps (weft.c_step: the pointer is its start plus k steps);
// reads of the pointer read `weft.ptr_add %start, k * step`, and it gets
// its exit value after the loop.

// `float *p = a; float *end = a + n; while (p < end) { *p = 0; p++; }`:
// both point into a, so the distance is n - 0.
// CHECK-LABEL: func.func @up
// CHECK:       %[[P:.*]] = memref.alloca()
// CHECK:       %[[A0:.*]] = weft.addr %arg0[%c0]
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %arg1 step %{{.*}} {
// CHECK-NEXT:    %[[AT:.*]] = weft.ptr_add %[[A0]], %[[K]] {elem_size = 4 : i64}
// CHECK:         weft.base %[[AT]]
// CHECK-NOT:     weft.ptr_add
// CHECK:       } {weft.c_step = 1 : i64, weft.counter = 7 : i64, weft.free_vars = [], weft.iv_name = "p", weft.kind = "while", weft.loop_id = 0 : i64}
// CHECK:       %[[TRIP:.*]] = arith.maxsi %arg1, %{{.*}} : index
// CHECK-NEXT:  %[[EXIT:.*]] = weft.ptr_add %[[A0]], %[[TRIP]] {elem_size = 4 : i64}
// CHECK-NEXT:  affine.store %[[EXIT]], %[[P]][] {weft.counter_exit = 0 : i64}
// CHECK-NOT:   weft.opaque_loop
func.func @up(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index {weft.decl = 2 : i64, weft.name = "n"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  affine.store %a0, %p[] : memref<!weft.ptr>
  %end = weft.addr %a[%n] : memref<?xf32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %v, %end {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi slt, %d, %z : index
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %v = affine.load %p[] : memref<!weft.ptr>
    %b = weft.base %v {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %f, %b[0] : memref<?xf32>
    %w = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %s = weft.ptr_add %w, %one {elem_size = 4 : i64} : index
    affine.store %s, %p[] : memref<!weft.ptr>
    weft.yield
  }
  return
}

// -----

// `while (q > p) p++;` with q into another array: the distance is a
// weft.ptr_diff, which C's rules make the trip count (one object).
// CHECK-LABEL: func.func @apart
// CHECK:       %[[A0:.*]] = weft.addr %arg0[%c0]
// CHECK:       %[[Q:.*]] = weft.addr %arg1[%c0]
// CHECK-NEXT:  %[[D:.*]] = weft.ptr_diff %[[Q]], %[[A0]] {elem_size = 4 : i64}
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[D]] step
func.func @apart(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %b: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  affine.store %a0, %p[] : memref<!weft.ptr>
  %q = weft.addr %b[%c0] : memref<?xf32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %q, %v {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi sgt, %d, %z : index
    weft.condition %c
  } body {
    %w = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %s = weft.ptr_add %w, %one {elem_size = 4 : i64} : index
    affine.store %s, %p[] : memref<!weft.ptr>
    weft.yield
  }
  return
}


// -----

// `float *p = a + n; while (p > a) { p -= 2; *p = 0; }`: down by two
// elements, ceil(n / 2) times; the body reads the stepped pointer, k + 1
// steps on.
// CHECK-LABEL: func.func @down
// CHECK:       %[[AN:.*]] = weft.addr %arg0[%arg1]
// CHECK:       %[[T:.*]] = arith.ceildivsi %arg1, %{{.*}} : index
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[T]] step
// CHECK:         %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT:    %[[M:.*]] = arith.constant -2 : index
// CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[K1]], %[[M]] : index
// CHECK-NEXT:    weft.ptr_add %[[AN]], %[[OFF]] {elem_size = 4 : i64}
// CHECK:       } {weft.c_step = -2 : i64,
func.func @down(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index {weft.decl = 2 : i64, weft.name = "n"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %an = weft.addr %a[%n] : memref<?xf32>
  affine.store %an, %p[] : memref<!weft.ptr>
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %v, %a0 {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi sgt, %d, %z : index
    weft.condition %c
  } body {
    %w = affine.load %p[] : memref<!weft.ptr>
    %m2 = arith.constant -2 : index
    %s = weft.ptr_add %w, %m2 {elem_size = 4 : i64} : index
    affine.store %s, %p[] : memref<!weft.ptr>
    %f = arith.constant 0.0 : f32
    %v = affine.load %p[] : memref<!weft.ptr>
    %b = weft.base %v {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %f, %b[0] : memref<?xf32>
    weft.yield
  }
  return
}
// -----

// `p = *s; do { *p++ = 0; } while (p <= last);`: the start, loaded from
// memory, is read from p where the loop starts; a do loop runs at least
// once, and `<=` one more than `<`.
// CHECK-LABEL: func.func @do_le
// CHECK:       %[[L:.*]] = weft.addr %arg1[%c0]
// CHECK-NEXT:  %[[S:.*]] = affine.load %alloca[]
// CHECK-NEXT:  %[[D:.*]] = weft.ptr_diff %[[L]], %[[S]] {elem_size = 4 : i64}
// CHECK:       %[[D1:.*]] = arith.addi %[[D]], %{{.*}} : index
// CHECK:       %[[T:.*]] = arith.maxsi %[[D1]], %{{.*}} : index
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %[[T]] step
// CHECK-NEXT:    weft.ptr_add %[[S]], %[[K]]
// CHECK:       } {weft.c_step = 1 : i64, weft.counter = 7 : i64, weft.free_vars = [], weft.iv_name = "p", weft.kind = "do"
func.func @do_le(%s: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "s"}, %last: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "last"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %x = affine.load %s[0] : memref<?x!weft.ptr>
  affine.store %x, %p[] : memref<!weft.ptr>
  %l = weft.addr %last[%c0] : memref<?xf32>
  weft.opaque_loop {kind = "do", reason = "a do loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %v, %l {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi sle, %d, %z : index
    weft.condition %c
  } body {
    %w = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %st = weft.ptr_add %w, %one {elem_size = 4 : i64} : index
    affine.store %st, %p[] : memref<!weft.ptr>
    %f = arith.constant 0.0 : f32
    %b = weft.base %w {alias = #weft.alias<pointer>, name = "p++"} : (!weft.ptr) -> memref<?xf32>
    affine.store %f, %b[0] : memref<?xf32>
    weft.yield
  }
  return
}
// -----

// `while (p++ < end) *p = 0;`: the condition tests the pointer before its
// step, the body sees it stepped (k + 1 steps on), and the test that fails
// steps it once more.
// CHECK-LABEL: func.func @in_condition
// CHECK:       %[[A0:.*]] = weft.addr %arg0[%c0]
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %arg1 step
// CHECK:         %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT:    weft.ptr_add %[[A0]], %[[K1]] {elem_size = 4 : i64}
// CHECK:       %[[T:.*]] = arith.maxsi %arg1, %{{.*}} : index
// CHECK:       %[[T1:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK-NEXT:  %[[EXIT:.*]] = weft.ptr_add %[[A0]], %[[T1]] {elem_size = 4 : i64}
// CHECK-NEXT:  affine.store %[[EXIT]], %{{.*}}[] {weft.counter_exit = 0 : i64}
func.func @in_condition(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index {weft.decl = 2 : i64, weft.name = "n"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  affine.store %a0, %p[] : memref<!weft.ptr>
  %end = weft.addr %a[%n] : memref<?xf32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_step_cond = "post", weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %s = weft.ptr_add %v, %one {elem_size = 4 : i64} : index
    affine.store %s, %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %v, %end {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi slt, %d, %z : index
    weft.condition %c
  } body {
    %f = arith.constant 0.0 : f32
    %u = affine.load %p[] : memref<!weft.ptr>
    %b = weft.base %u {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    affine.store %f, %b[0] : memref<?xf32>
    weft.yield
  }
  return
}

// -----

// `while (p < end) { *p = 0; if (*p > 1) p++; p++; }`: a second step
// under an if.
// CHECK-LABEL: func.func @stepped_twice
// CHECK:       weft.opaque_loop {kind = "while", reason = "a while loop weft cannot count: the counter p is changed in the body at
func.func @stepped_twice(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index {weft.decl = 2 : i64, weft.name = "n"}, %c: i1) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  affine.store %a0, %p[] : memref<!weft.ptr>
  %end = weft.addr %a[%n] : memref<?xf32>
  weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %d = weft.ptr_diff %v, %end {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %cc = arith.cmpi slt, %d, %z : index
    weft.condition %cc
  } body {
    scf.if %c {
      %u = affine.load %p[] : memref<!weft.ptr>
      %one = arith.constant 1 : index
      %s = weft.ptr_add %u, %one {elem_size = 4 : i64} : index
      affine.store %s, %p[] : memref<!weft.ptr>
    }
    %w = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %s = weft.ptr_add %w, %one {elem_size = 4 : i64} : index
    affine.store %s, %p[] : memref<!weft.ptr>
    weft.yield
  }
  return
}

// -----

// `for (p = a; p < a + n; p++) out[p - a] = *p;`: the difference of two
// pointers into a is the difference of their subscripts, k - 0.
// CHECK-LABEL: func.func @difference
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %arg1 step
// CHECK-NOT:     weft.ptr_diff
// CHECK:         %[[I:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-NEXT:    memref.store %{{.*}}, %arg2[%[[X]]]
func.func @difference(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index {weft.decl = 2 : i64, weft.name = "n"}, %out: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 3 : i64, weft.name = "out"}) {
  %p = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 7 : i64, weft.name = "p", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
  %c0 = arith.constant 0 : index
  %a0 = weft.addr %a[%c0] : memref<?xf32>
  affine.store %a0, %p[] : memref<!weft.ptr>
  weft.opaque_loop {kind = "for", reason = "a for loop", weft.c_bounds = 1 : i64, weft.c_counter = 7 : i64, weft.c_inc_step = 1 : i64, weft.free_vars = [], weft.loop_id = 0 : i64} condition {
    %v = affine.load %p[] : memref<!weft.ptr>
    %end = weft.addr %a[%n] : memref<?xf32>
    %d = weft.ptr_diff %v, %end {elem_size = 4 : i64}
    %z = arith.constant 0 : index
    %c = arith.cmpi slt, %d, %z : index
    weft.condition %c
  } body {
    %u = affine.load %p[] : memref<!weft.ptr>
    %b = weft.base %u {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf32>
    %x = affine.load %b[0] : memref<?xf32>
    %w = affine.load %p[] : memref<!weft.ptr>
    %a1 = weft.addr %a[%c0] : memref<?xf32>
    %dd = weft.ptr_diff %w, %a1 {elem_size = 4 : i64}
    %i = arith.index_cast %dd : index to i64
    %ix = arith.index_cast %i : i64 to index
    memref.store %x, %out[%ix] : memref<?xf32>
    %s = affine.load %p[] : memref<!weft.ptr>
    %one = arith.constant 1 : index
    %st = weft.ptr_add %s, %one {elem_size = 4 : i64} : index
    affine.store %st, %p[] : memref<!weft.ptr>
    weft.yield
  }
  return
}
