// RUN: weft-opt %s --weft-fold-offsets | FileCheck %s
// weft-fold-offsets (docs/ir.md, "Advanced pointers"): a weft.base of a
// pointer that weft.ptr_add advanced from another becomes a base of the
// pointer the arithmetic starts from, named by that pointer's C text, its
// accesses' first subscripts advanced by the offsets (the sum in C's
// order; affine accesses become memref ones, loads and stores keep their
// attributes), through field views and addresses; arithmetic nothing else
// uses goes. Not folded: an offset that counts other elements (a cast
// through char *), an i64 offset, a view of pointers in a module that
// does not say the target's pointer size (weft.flags' pointer_bytes:
// Detect/pointer-offsets.c folds one), a view something else uses (an
// effects op), a start with no
// C text; views of pointers that two variables hold into the same memory
// (p1, p2).

// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[M:.*]]: memref<?x!weft.struct<"mat", 24>>
// CHECK:      scf.for %[[I:.*]] = %{{.*}} to
// CHECK:      scf.for %[[J:.*]] = %{{.*}} to
// CHECK:      %[[D:.*]] = affine.load %{{.*}}[0] {weft.expr = 7 : i64}
// CHECK-NOT:  weft.ptr_add
// CHECK:      %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[B:.*]] = weft.base %[[D]] {alias = #weft.alias<pointer>, name = "m->data"} : (!weft.ptr) -> memref<?xf64>
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[B]][%[[OFF]]] {weft.expr = 8 : i64} : memref<?xf64>
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[X]], %arg1
// CHECK-NEXT: memref.store %[[Y]], %[[B]][%[[OFF]]] {weft.stmt_end = 2 : i64} : memref<?xf64>
// CHECK-NEXT: %[[ONE:.*]] = arith.addi %[[OFF]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[Y]], %[[B]][%[[ONE]]] : memref<?xf64>
// CHECK-NEXT: weft.addr %[[B]][%[[OFF]]] : memref<?xf64>
module {
  func.func @rows(%m: memref<?x!weft.struct<"mat", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "m"}, %a: f64, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %f = weft.field %m {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"mat", 24>> -> memref<?x!weft.ptr>
        %d = affine.load %f[0] {weft.expr = 7 : i64} : memref<?x!weft.ptr> loc("m->data")
        %t = weft.field %m {field = "tda", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"mat", 24>> -> memref<?xindex>
        %tda = affine.load %t[0] : memref<?xindex>
        %row = arith.muli %i, %tda : index
        %p = weft.ptr_add %d, %row {elem_size = 8 : i64} : index
        %q = weft.ptr_add %p, %j {elem_size = 8 : i64} : index
        %b = weft.base %q {alias = #weft.alias<pointer>, name = "(m->data + i * m->tda + j)"} : (!weft.ptr) -> memref<?xf64>
        %x = affine.load %b[0] {weft.expr = 8 : i64} : memref<?xf64>
        %y = arith.mulf %x, %a : f64
        affine.store %y, %b[0] {weft.stmt_end = 2 : i64} : memref<?xf64>
        memref.store %y, %b[%c1] : memref<?xf64>
        %ad = weft.addr %b[%c0] : memref<?xf64>
      }
    }
    return
  }

  // A struct element, through a field view, from a parameter.
  // CHECK-LABEL: func.func @points
  // CHECK-SAME: (%[[P:.*]]: !weft.ptr
  // CHECK:      %[[B:.*]] = weft.base %[[P]] {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?x!weft.struct<"pt", 16>>
  // CHECK-NEXT: %[[F:.*]] = weft.field %[[B]] {field = "y"
  // CHECK-NEXT: memref.load %[[F]][%arg1] : memref<?xf64>
  func.func @points(%p: !weft.ptr {weft.decl = 101 : i64, weft.name = "p"}, %i: index) -> f64 {
    %q = weft.ptr_add %p, %i {elem_size = 16 : i64} : index
    %b = weft.base %q {alias = #weft.alias<pointer>, name = "(p + i)"} : (!weft.ptr) -> memref<?x!weft.struct<"pt", 16>>
    %f = weft.field %b {field = "y", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 16>> -> memref<?xf64>
    %y = affine.load %f[0] : memref<?xf64>
    return %y : f64
  }

  // Arithmetic something else uses stays; the view still folds.
  // CHECK-LABEL: func.func @kept
  // CHECK:      %[[Q:.*]] = weft.ptr_add %arg0, %arg1
  // CHECK-NEXT: %[[B:.*]] = weft.base %arg0 {alias = #weft.alias<pointer>, name = "p"}
  // CHECK-NEXT: memref.load %[[B]][%arg1]
  // CHECK-NEXT: return %[[Q]]
  func.func @kept(%p: !weft.ptr {weft.decl = 102 : i64, weft.name = "p"}, %i: index) -> !weft.ptr {
    %q = weft.ptr_add %p, %i {elem_size = 4 : i64} : index
    %b = weft.base %q {alias = #weft.alias<pointer>, name = "(p + i)"} : (!weft.ptr) -> memref<?xi32>
    %x = affine.load %b[0] : memref<?xi32>
    return %q : !weft.ptr
  }

  // In a loop, one variable's row folds; two variables' rows of one
  // pointer stay; a variable's pointer outside any loop stays (a loop's
  // check names it where the loop starts; folding gains nothing).
  // CHECK-LABEL: func.func @held
  // CHECK:      weft.base %arg0 {alias = #weft.alias<pointer>, name = "q"}
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "p1"}
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "p2"}
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "top"}
  func.func @held(%q: !weft.ptr {weft.decl = 103 : i64, weft.name = "q"}, %p: !weft.ptr {weft.decl = 104 : i64, weft.name = "p"}, %u: !weft.ptr {weft.decl = 105 : i64, weft.name = "u"}, %n: index, %j: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %r = weft.ptr_add %q, %i {elem_size = 8 : i64, weft.pointers = [{decl = 5 : i64, name = "row"}]} : index
      %b = weft.base %r {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
      %x = affine.load %b[0] : memref<?xf64>
      %p1 = weft.ptr_add %p, %i {elem_size = 8 : i64, weft.pointers = [{decl = 6 : i64, name = "p1"}]} : index
      %p2 = weft.ptr_add %p, %j {elem_size = 8 : i64, weft.pointers = [{decl = 7 : i64, name = "p2"}]} : index
      %b1 = weft.base %p1 {alias = #weft.alias<pointer>, name = "p1"} : (!weft.ptr) -> memref<?xf64>
      %b2 = weft.base %p2 {alias = #weft.alias<pointer>, name = "p2"} : (!weft.ptr) -> memref<?xf64>
      %y = affine.load %b1[0] : memref<?xf64>
      affine.store %y, %b2[0] : memref<?xf64>
    }
    %t = weft.ptr_add %u, %j {elem_size = 8 : i64, weft.pointers = [{decl = 8 : i64, name = "top"}]} : index
    scf.for %i = %c0 to %n step %c1 {
      %b = weft.base %t {alias = #weft.alias<pointer>, name = "top"} : (!weft.ptr) -> memref<?xf64>
      %x = memref.load %b[%i] : memref<?xf64>
    }
    return
  }

  // A row that a variable holds, advanced from a read of a field (`src =
  // g->data + y * w`), read in a loop that the field's read is not right
  // before (a store of acc between): that loop names the row in its checks,
  // so the row stays (@kept_row); but a loop that writes no memory other
  // than local scalars (`acc += src[x + k]`, xx and acc) tests nothing at
  // run time, and the row folds (@scalar_row).
  // CHECK-LABEL: func.func @kept_row
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "src"}
  // CHECK-LABEL: func.func @scalar_row
  // CHECK:      %[[D:.*]] = affine.load %{{.*}}[0] {weft.expr = 21 : i64}
  // CHECK:      weft.base %[[D]] {alias = #weft.alias<pointer>, name = "g->data"}
  // CHECK-NOT:  name = "src"
  func.func @kept_row(%g: memref<?x!weft.struct<"grid", 16>> {weft.alias = #weft.alias<pointer>, weft.decl = 120 : i64, weft.name = "g"}, %o: memref<?xf32> {weft.decl = 121 : i64, weft.name = "o"}, %n: index, %w: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 122 : i64, weft.name = "acc"} : memref<f32>
    scf.for %y = %c0 to %n step %c1 {
      %f = weft.field %g {field = "data", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"grid", 16>> -> memref<?x!weft.ptr>
      %d = affine.load %f[0] {weft.expr = 20 : i64} : memref<?x!weft.ptr> loc("g->data")
      %off = arith.muli %y, %w : index
      %src = weft.ptr_add %d, %off {elem_size = 4 : i64, weft.pointers = [{decl = 123 : i64, name = "src"}]} : index
      %z = arith.constant 0.0 : f32
      affine.store %z, %acc[] : memref<f32>
      scf.for %x = %c0 to %w step %c1 {
        %b = weft.base %src {alias = #weft.alias<pointer>, name = "src"} : (!weft.ptr) -> memref<?xf32>
        %v = memref.load %b[%x] : memref<?xf32>
        memref.store %v, %o[%x] : memref<?xf32>
      }
    }
    return
  }
  func.func @scalar_row(%g: memref<?x!weft.struct<"grid", 16>> {weft.alias = #weft.alias<pointer>, weft.decl = 130 : i64, weft.name = "g"}, %n: index, %w: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 132 : i64, weft.name = "acc"} : memref<f32>
    scf.for %y = %c0 to %n step %c1 {
      %f = weft.field %g {field = "data", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"grid", 16>> -> memref<?x!weft.ptr>
      %d = affine.load %f[0] {weft.expr = 21 : i64} : memref<?x!weft.ptr> loc("g->data")
      %off = arith.muli %y, %w : index
      %src = weft.ptr_add %d, %off {elem_size = 4 : i64, weft.pointers = [{decl = 133 : i64, name = "src"}]} : index
      %z = arith.constant 0.0 : f32
      affine.store %z, %acc[] : memref<f32>
      scf.for %x = %c0 to %w step %c1 {
        %b = weft.base %src {alias = #weft.alias<pointer>, name = "src"} : (!weft.ptr) -> memref<?xf32>
        %v = memref.load %b[%x] : memref<?xf32>
        %a = affine.load %acc[] : memref<f32>
        %s = arith.addf %a, %v : f32
        affine.store %s, %acc[] : memref<f32>
      }
    }
    return
  }

  // Two variables' rows of one pointer that only reads go through (a
  // stencil's `up = in + (i - 1) * w`, `dn = in + (i + 1) * w`) fold: reads
  // never conflict. One that also has an address taken (`&dn[0]`, which
  // may be written through) keeps them both.
  // CHECK-LABEL: func.func @read_rows
  // CHECK:      %[[UP:.*]] = weft.base %arg0 {alias = #weft.alias<pointer>, name = "in"}
  // CHECK:      memref.load %[[UP]][%{{.*}}]
  // CHECK:      %[[DN:.*]] = weft.base %arg0 {alias = #weft.alias<pointer>, name = "in"}
  // CHECK:      memref.load %[[DN]][%{{.*}}]
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "a"}
  // CHECK:      weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "b"}
  func.func @read_rows(%in: !weft.ptr {weft.decl = 110 : i64, weft.name = "in"}, %m: !weft.ptr {weft.decl = 111 : i64, weft.name = "m"}, %n: index, %w: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c1 to %n step %c1 {
      %o1 = arith.subi %i, %c1 : index
      %o2 = arith.addi %i, %c1 : index
      %up = weft.ptr_add %in, %o1 {elem_size = 4 : i64, weft.pointers = [{decl = 12 : i64, name = "up"}]} : index
      %dn = weft.ptr_add %in, %o2 {elem_size = 4 : i64, weft.pointers = [{decl = 13 : i64, name = "dn"}]} : index
      scf.for %x = %c0 to %w step %c1 {
        %bu = weft.base %up {alias = #weft.alias<pointer>, name = "up"} : (!weft.ptr) -> memref<?xf32>
        %u = memref.load %bu[%x] : memref<?xf32>
        %bd = weft.base %dn {alias = #weft.alias<pointer>, name = "dn"} : (!weft.ptr) -> memref<?xf32>
        %d = memref.load %bd[%x] : memref<?xf32>
      }
      %a = weft.ptr_add %m, %o1 {elem_size = 4 : i64, weft.pointers = [{decl = 14 : i64, name = "a"}]} : index
      %b = weft.ptr_add %m, %o2 {elem_size = 4 : i64, weft.pointers = [{decl = 15 : i64, name = "b"}]} : index
      %ba = weft.base %a {alias = #weft.alias<pointer>, name = "a"} : (!weft.ptr) -> memref<?xf32>
      %va = memref.load %ba[%c0] : memref<?xf32>
      %bb = weft.base %b {alias = #weft.alias<pointer>, name = "b"} : (!weft.ptr) -> memref<?xf32>
      %pb = weft.addr %bb[%c0] : memref<?xf32>
    }
    return
  }

  // Arithmetic that starts from an element of a one-dimensional array of
  // the view's type (`p = out + j` before the loop, `*p` and `p[1]` in it
  // after weft-count-loops made p a function of the counter) views that
  // array from the element: out[j + i], out[j + i + 1]; through a field
  // view and an address too (`s->y`, `&s->y` of a struct array, whose field
  // view gets the array's shape). An element of a two-dimensional array is
  // no such start: its view keeps the base.
  // CHECK-LABEL: func.func @elements
  // CHECK-SAME: (%[[OUT:.*]]: memref<?xf64>{{.*}}, %[[PTS:.*]]: memref<16x!weft.struct<"pt", 16>>{{.*}}, %[[M:.*]]: memref<4x4xf64>
  // CHECK:      scf.for %[[I:.*]] = %{{.*}} to
  // CHECK-NEXT:   %[[O:.*]] = arith.addi %arg3, %[[I]] : index
  // CHECK-NEXT:   %[[X:.*]] = memref.load %[[OUT]][%[[O]]] : memref<?xf64>
  // CHECK-NEXT:   %[[C1:.*]] = arith.constant 1 : index
  // CHECK-NEXT:   %[[O1:.*]] = arith.addi %[[O]], %[[C1]] : index
  // CHECK-NEXT:   memref.store %[[X]], %[[OUT]][%[[O1]]] : memref<?xf64>
  // CHECK-NEXT:   %[[S:.*]] = arith.addi %arg3, %[[I]] : index
  // CHECK-NEXT:   %[[F:.*]] = weft.field %[[PTS]] {field = "y", offset = 8 : i64, size = 8 : i64} : memref<16x!weft.struct<"pt", 16>> -> memref<16xf64>
  // CHECK-NEXT:   memref.store %[[X]], %[[F]][%[[S]]] : memref<16xf64>
  // CHECK-NEXT:   weft.addr %[[F]][%[[S]]] : memref<16xf64>
  // CHECK:        weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "r"}
  // CHECK-NOT:  weft.ptr_add %{{.*}} {elem_size = 8
  func.func @elements(%out: memref<?xf64> {weft.decl = 110 : i64, weft.name = "out"}, %pts: memref<16x!weft.struct<"pt", 16>> {weft.decl = 111 : i64, weft.name = "pts"}, %m: memref<4x4xf64> {weft.decl = 112 : i64, weft.name = "m"}, %j: index, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %p0 = weft.addr %out[%j] : memref<?xf64>
    %s0 = weft.addr %pts[%j] : memref<16x!weft.struct<"pt", 16>>
    %r0 = weft.addr %m[%j, %c0] : memref<4x4xf64>
    scf.for %i = %c0 to %n step %c1 {
      %p = weft.ptr_add %p0, %i {elem_size = 8 : i64} : index
      %b = weft.base %p {alias = #weft.alias<pointer>, name = "p"} : (!weft.ptr) -> memref<?xf64>
      %x = affine.load %b[0] : memref<?xf64>
      affine.store %x, %b[1] : memref<?xf64>
      %s = weft.ptr_add %s0, %i {elem_size = 16 : i64} : index
      %sb = weft.base %s {alias = #weft.alias<pointer>, name = "s"} : (!weft.ptr) -> memref<?x!weft.struct<"pt", 16>>
      %f = weft.field %sb {field = "y", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 16>> -> memref<?xf64>
      affine.store %x, %f[0] : memref<?xf64>
      %a = weft.addr %f[%c0] : memref<?xf64>
      %r = weft.ptr_add %r0, %i {elem_size = 8 : i64, weft.pointers = [{decl = 9 : i64, name = "r"}]} : index
      %rb = weft.base %r {alias = #weft.alias<pointer>, name = "r"} : (!weft.ptr) -> memref<?xf64>
      affine.store %x, %rb[0] : memref<?xf64>
    }
    return
  }

  // CHECK-LABEL: func.func @unfolded
  // CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "(double *)((char *)p + i)"}
  // CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "p + k"}
  // CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "rows + i"}
  // CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "p + i, in asm"}
  // CHECK: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "u + i"}
  func.func @unfolded(%p: !weft.ptr {weft.decl = 106 : i64, weft.name = "p"}, %u: !weft.ptr, %i: index, %k: i64) {
    %c = weft.ptr_add %p, %i {elem_size = 1 : i64} : index
    %b0 = weft.base %c {alias = #weft.alias<pointer>, name = "(double *)((char *)p + i)"} : (!weft.ptr) -> memref<?xf64>
    %x0 = affine.load %b0[0] : memref<?xf64>
    %w = weft.ptr_add %p, %k {elem_size = 8 : i64} : i64
    %b1 = weft.base %w {alias = #weft.alias<pointer>, name = "p + k"} : (!weft.ptr) -> memref<?xf64>
    %x1 = affine.load %b1[0] : memref<?xf64>
    %r = weft.ptr_add %p, %i {elem_size = 8 : i64} : index
    %b2 = weft.base %r {alias = #weft.alias<pointer>, name = "rows + i"} : (!weft.ptr) -> memref<?x!weft.ptr>
    %x2 = affine.load %b2[0] : memref<?x!weft.ptr>
    %e = weft.ptr_add %p, %i {elem_size = 8 : i64} : index
    %b3 = weft.base %e {alias = #weft.alias<pointer>, name = "p + i, in asm"} : (!weft.ptr) -> memref<?xf64>
    weft.effects reads(%b3 : memref<?xf64>) writes() {kind = "asm", reason = "inline assembly"}
    %v = weft.ptr_add %u, %i {elem_size = 8 : i64} : index
    %b4 = weft.base %v {alias = #weft.alias<pointer>, name = "u + i"} : (!weft.ptr) -> memref<?xf64>
    %x4 = affine.load %b4[0] : memref<?xf64>
    return
  }
}
