// RUN: weft-opt %s -split-input-file --weft-detect-parallel-loops="remarks=all" -verify-diagnostics | FileCheck %s
// The detection pass on hand-written modules: the same verdicts as from C,
// read off the IR alone (docs/ir.md, docs/analysis.md).

// Independent iterations over a restrict parameter.
// CHECK-LABEL: func.func @independent
// CHECK: } {weft.candidate, weft.verdict = "parallel"}
func.func @independent(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: index) {
  %c = arith.constant 1.0 : f32
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    affine.store %c, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A flow dependence of distance 1. Without a NameLoc (the C spelling the
// importer attaches), an access is just "memory".
// CHECK-LABEL: func.func @recurrence
// CHECK: weft.conflicts = [{loc = #{{.*}}, text = "memory read here"}], weft.iv_name = "k", weft.reason = "memory written in iteration k is read in iteration k+1", weft.verdict = "sequential"
func.func @recurrence(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"}, %n: index) {
  // expected-remark@+1 {{loop not parallelized: memory written in iteration k is read in iteration k+1}}
  affine.for %i = 1 to %n {
    // expected-note@+1 {{memory read here}}
    %v = affine.load %a[%i - 1] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  } {weft.iv_name = "k"}
  return
}

// -----

// Two pointer parameters: a run-time check, with each side's element range.
// CHECK-LABEL: func.func @maybe_alias
// CHECK: weft.guards = [{a = {base = {decl = 1 : i64, name = "b"}, elem_size = 4 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 3>]], lo = {{\[}}[]]}, b = {base = {decl = 2 : i64, name = "a"}, elem_size = 4 : i64, hi = {{\[}}[array<i64: 1, 3>]], lo = {{\[}}[array<i64: 1>]]}}]
func.func @maybe_alias(%b: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "b"},
                       %a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "a"},
                       %n32: i32 {weft.decl = 3 : i64, weft.name = "n"}) {
  %n = arith.index_cast %n32 : i32 to index
  // expected-remark@+1 {{loop parallelized: a run-time check that b and a do not overlap}}
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i + 1] : memref<?xf32>
    affine.store %v, %b[%i] : memref<?xf32>
  }
  return
}

// -----

// Two distinct objects never alias, whatever MLIR would assume of two memrefs;
// two pointers may, so MLIR's "different memrefs do not alias" is not used.
// CHECK-LABEL: func.func @objects
func.func @objects(%n: index) {
  %x = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 1 : i64, weft.name = "x"} : memref<64xf32>
  %y = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "y"} : memref<64xf32>
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to 63 {
    %v = affine.load %y[%i + 1] : memref<64xf32>
    affine.store %v, %x[%i] : memref<64xf32>
  }
  return
}

// -----

// A cell updated as s = s + x: a reduction; a cell written before it is read:
// private.
// CHECK-LABEL: func.func @scalars
// CHECK: weft.privates = [{decl = 2 : i64, name = "t"}], weft.reductions = [{decl = 1 : i64, float = false, name = "s", op = "add"}]
func.func @scalars(%a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 3 : i64, weft.name = "a"}, %n: index) -> i32 {
  %s = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 1 : i64, weft.name = "s"} : memref<i32>
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "t"} : memref<i32>
  // expected-remark@+1 {{loop parallelized: s is a + reduction; t is private}}
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xi32>
    affine.store %v, %t[] : memref<i32>
    %w = affine.load %t[] : memref<i32>
    %old = affine.load %s[] : memref<i32>
    %new = arith.addi %old, %w : i32
    affine.store %new, %s[] : memref<i32>
  }
  %r = affine.load %s[] : memref<i32>
  return %r : i32
}

// -----

// An opaque loop keeps its reason; an unknown call blocks the loop around it.
// CHECK-LABEL: func.func @opaque
func.func private @mystery()
func.func @opaque(%c: i1, %n: index) {
  // expected-remark@+1 {{loop not parallelized: a while loop}}
  weft.opaque_loop {kind = "while", reason = "a while loop"} condition {
    weft.condition %c
  } body {
    weft.yield
  }
  // expected-remark@+1 {{loop not parallelized: it contains a call to mystery, whose effects weft does not know}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{here}}
    weft.call @mystery() : () -> ()
  }
  return
}

// -----

// A pointer loaded in the loop is other memory in every iteration.
// CHECK-LABEL: func.func @loaded_pointer
func.func @loaded_pointer(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"}, %n: index) {
  %c = arith.constant 0.0 : f64
  // expected-remark@+1 {{loop not parallelized: memory and memory may be the same memory in two iterations (row is a pointer computed in the loop)}}
  affine.for %i = 0 to %n {
    %p = affine.load %rows[%i] : memref<?x!weft.ptr>
    %row = weft.base %p {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
    // expected-note@+1 {{memory here}}
    affine.store %c, %row[0] : memref<?xf64>
  }
  return
}

// -----

// A cell written under a condition and read after the loop: conditionally
// last-private. The same cell written again on every path before that read
// is dead after the loop: private.
// CHECK-LABEL: func.func @conditional_last
// CHECK: weft.cond_lastprivates = [{decl = 1 : i64, name = "last"}]
// CHECK: weft.privates = [{decl = 2 : i64, name = "t"}]
func.func @conditional_last(%a: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 3 : i64, weft.name = "a"}, %n: index) -> i32 {
  %last = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 1 : i64, weft.name = "last"} : memref<i32>
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "t"} : memref<i32>
  %c0 = arith.constant 0 : i32
  // expected-remark@+1 {{loop parallelized: last is conditionally last-private (the last iteration that assigns it gives its value)}}
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xi32>
    %p = arith.cmpi sgt, %v, %c0 : i32
    scf.if %p {
      affine.store %v, %last[] : memref<i32>
    }
  }
  // expected-remark@+1 {{loop parallelized: t is private}}
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xi32>
    %p = arith.cmpi sgt, %v, %c0 : i32
    scf.if %p {
      affine.store %v, %t[] : memref<i32>
    }
  }
  affine.store %c0, %t[] : memref<i32>
  %r = affine.load %last[] : memref<i32>
  %u = affine.load %t[] : memref<i32>
  %s = arith.addi %r, %u : i32
  return %s : i32
}
