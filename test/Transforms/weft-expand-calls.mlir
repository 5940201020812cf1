// RUN: weft-opt %s --weft-expand-calls | FileCheck %s
// weft-expand-calls (docs/ir.md, "Expanded calls"): a call to a small
// function whose summary cannot say what it touches, because it goes
// through pointers it loads (vget: v->data; put: rows[k + 1]), gets a copy
// of the body before it, on the call's values, and is marked
// weft.expanded; its result is the copy's. A pointer passed as &y[0] of the
// parameter's type is y itself; another (q, read from a cell) is a
// weft.base of it named by the caller's variable. An affine subscript over
// a parameter becomes arith (it is not affine where the call is). Texts
// are the callee's with the caller's names; a copied read with a text and
// a weft.expr gets a new id from weft.next_id, listed in
// weft.derived_reads with the caller's variables it names. first (its
// summary is exact), logged (it calls) are not expanded; viag's text names
// a global g, which the caller may not mean: its copy has no text, and its
// base's name says where it comes from. The importer's marks of the
// callee's statements and variables (weft.stmt_end, weft.vars) stay behind.

// CHECK-LABEL: module attributes {weft.derived_reads = [
// CHECK-SAME: {decls = array<i64: 20>, id = 40 : i64, of = 11 : i64, text = "y->data"},
// CHECK-SAME: {decls = array<i64: 20>, id = 41 : i64, of = 12 : i64, text = "y->stride"},
// CHECK-SAME: {decls = array<i64: 20, 24>, id = 42 : i64, of = 13 : i64, text = "y->data[i * y->stride]"},
// CHECK-SAME: {decls = array<i64: 23>, id = 43 : i64, of = 11 : i64, text = "q->data"},
// CHECK-SAME: {decls = array<i64: 23>, id = 44 : i64, of = 12 : i64, text = "q->stride"},
// CHECK-SAME: {decls = array<i64: 23, 24>, id = 45 : i64, of = 13 : i64, text = "q->data[i * q->stride]"},
// CHECK-SAME: {decls = array<i64: 21, 24>, id = 46 : i64, of = 14 : i64, text = "t[i + 1]"}],
// CHECK-SAME: weft.next_id = 47 : i64}

// CHECK-LABEL: func.func @caller
// CHECK: scf.for %[[I:.*]] = %{{.*}} to
// CHECK:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[F:.*]] = weft.field %arg0 {field = "data"
// CHECK-NEXT: %[[D:.*]] = affine.load %[[F]][0] {weft.expr = 40 : i64}
// CHECK-NEXT: %[[B:.*]] = weft.base %[[D]] {alias = #weft.alias<pointer>, name = "y->data"}
// CHECK-NEXT: %[[SF:.*]] = weft.field %arg0 {field = "stride"
// CHECK-NEXT: %[[S:.*]] = affine.load %[[SF]][0] {weft.expr = 41 : i64} :
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[II]], %[[S]] : i64
// CHECK-NEXT: %[[X:.*]] = arith.index_castui %[[M]]
// CHECK-NEXT: %[[G:.*]] = memref.load %[[B]][%[[X]]] {weft.expr = 42 : i64}
// CHECK-NEXT: weft.call @vget({{.*}}) {weft.expanded}
// CHECK-NEXT: %[[Q:.*]] = affine.load %alloca[]
// CHECK-NEXT: %[[QB:.*]] = weft.base %[[Q]] {alias = #weft.alias<pointer>, name = "q"} : (!weft.ptr) -> memref<?x!weft.struct<"vec", 24>>
// CHECK-NEXT: weft.field %[[QB]] {field = "data"
// CHECK:      %[[H:.*]] = memref.load {{.*}} {weft.expr = 45 : i64}
// CHECK-NEXT: weft.call @vget(%[[Q]], %[[II]]) {weft.expanded}
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[G]], %[[H]]
// CHECK:      %[[K1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[R:.*]] = memref.load %arg1[%[[K1]]] {weft.expr = 46 : i64}
// CHECK-NEXT: %[[RB:.*]] = weft.base %[[R]] {alias = #weft.alias<pointer>, name = "t[i + 1]"}
// CHECK-NEXT: affine.store %[[SUM]], %[[RB]][0] : memref<?xf64>
// CHECK-NEXT: weft.call @put({{.*}}) {weft.expanded}
// CHECK:      weft.call @first(%{{.*}}) : (!weft.ptr) -> f64
// CHECK-NEXT: weft.call @logged(%{{.*}}) : (!weft.ptr) -> f64
// CHECK-NEXT: weft.field %arg0 {field = "data"
// CHECK-NEXT: affine.load %{{.*}}[0] : memref<?x!weft.ptr>
// CHECK-NEXT: weft.base %{{.*}} {alias = #weft.alias<pointer>, name = "v->data + g (in viag)"}
// CHECK-NEXT: affine.load
// CHECK-NEXT: weft.call @viag(%{{.*}}) {weft.expanded}
module attributes {weft.next_id = 40 : i64} {
  // v->data[i * v->stride], the parameter i also in an affine subscript.
  func.func @vget(%v: memref<?x!weft.struct<"vec", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "v"}, %i: i64 {weft.decl = 2 : i64, weft.name = "i"}) -> f64 {
    %0 = weft.field %v {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"vec", 24>> -> memref<?x!weft.ptr>
    %1 = affine.load %0[0] {weft.expr = 11 : i64} : memref<?x!weft.ptr> loc("v->data")
    %2 = weft.base %1 {alias = #weft.alias<pointer>, name = "v->data"} : (!weft.ptr) -> memref<?xf64>
    %3 = weft.field %v {field = "stride", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"vec", 24>> -> memref<?xi64>
    %4 = affine.load %3[0] {weft.expr = 12 : i64, weft.vars = [{decl = 3 : i64, name = "s"}]} : memref<?xi64> loc("v->stride")
    %5 = arith.muli %i, %4 : i64
    %6 = arith.index_castui %5 : i64 to index
    %7 = memref.load %2[%6] {weft.expr = 13 : i64} : memref<?xf64> loc("v->data[i * v->stride]")
    return %7 : f64
  }
  // rows[k][0] = x, with k an affine symbol here.
  func.func @put(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 4 : i64, weft.name = "rows"}, %k: index {weft.decl = 5 : i64, weft.name = "k"}, %x: f64 {weft.decl = 6 : i64, weft.name = "x"}) {
    %0 = affine.load %rows[symbol(%k) + 1] {weft.expr = 14 : i64} : memref<?x!weft.ptr> loc("rows[k + 1]")
    %1 = weft.base %0 {alias = #weft.alias<pointer>, name = "rows[k + 1]"} : (!weft.ptr) -> memref<?xf64>
    affine.store %x, %1[0] {weft.stmt_end = 0 : i64} : memref<?xf64> loc("rows[k + 1][0]")
    return
  }
  // Reads its pointer parameter: the summary says it all.
  func.func @first(%p: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 7 : i64, weft.name = "p"}) -> f64 {
    %0 = affine.load %p[0] : memref<?xf64>
    return %0 : f64
  }
  // Through a loaded pointer, but it calls: not expanded.
  func.func @logged(%v: memref<?x!weft.struct<"vec", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 8 : i64, weft.name = "v"}) -> f64 {
    %0 = weft.field %v {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"vec", 24>> -> memref<?x!weft.ptr>
    %1 = affine.load %0[0] : memref<?x!weft.ptr>
    %2 = weft.base %1 {alias = #weft.alias<pointer>, name = "v->data"} : (!weft.ptr) -> memref<?xf64>
    %3 = affine.load %2[0] : memref<?xf64>
    weft.call @note() : () -> ()
    return %3 : f64
  }
  func.func private @note()
  // A text that names what is not a parameter (a global g): no text.
  func.func @viag(%v: memref<?x!weft.struct<"vec", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 9 : i64, weft.name = "v"}) -> f64 {
    %0 = weft.field %v {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"vec", 24>> -> memref<?x!weft.ptr>
    %1 = affine.load %0[0] {weft.expr = 15 : i64} : memref<?x!weft.ptr> loc("v->data + g")
    %2 = weft.base %1 {alias = #weft.alias<pointer>, name = "v->data + g"} : (!weft.ptr) -> memref<?xf64>
    %3 = affine.load %2[0] : memref<?xf64>
    return %3 : f64
  }
  func.func @caller(%y: memref<?x!weft.struct<"vec", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 20 : i64, weft.name = "y"}, %t: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 21 : i64, weft.name = "t"}, %n: index {weft.decl = 22 : i64, weft.name = "n"}) {
    %cell = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 23 : i64, weft.name = "q"} : memref<!weft.ptr>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = weft.addr %y[%c0] : memref<?x!weft.struct<"vec", 24>>
      %ii = arith.index_cast %i : index to i64
      %g = weft.call @vget(%a, %ii) : (!weft.ptr, i64) -> f64 loc("vget(y, i)")
      %q = affine.load %cell[] : memref<!weft.ptr>
      %h = weft.call @vget(%q, %ii) : (!weft.ptr, i64) -> f64
      %s = arith.addf %g, %h : f64
      %ta = weft.addr %t[%c0] : memref<?x!weft.ptr>
      weft.call @put(%ta, %i, %s) : (!weft.ptr, index, f64) -> ()
      %p = weft.addr %t[%c0] : memref<?x!weft.ptr>
      %f = weft.call @first(%p) : (!weft.ptr) -> f64
      %l = weft.call @logged(%a) : (!weft.ptr) -> f64
      %w = weft.call @viag(%a) : (!weft.ptr) -> f64
    } {weft.counter = 24 : i64, weft.iv_name = "i", weft.loop_id = 0 : i64}
    return
  }
}
