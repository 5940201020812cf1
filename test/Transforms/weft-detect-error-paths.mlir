// RUN: weft-opt %s --weft-detect-parallel-loops=remarks=all -verify-diagnostics | FileCheck %s
// Error paths (docs/analysis.md): calls that write output (fprintf) or end
// the program (exit) in a branch of an `if` statement (an scf.if with
// weft.stmt_end) that ends with exit do not keep the loop sequential; the
// if gets weft.error_path (bit 1: then, bit 2: else) and the loop
// weft.error_paths, their places. The same calls in a branch that does
// not end the program (exit after it), or with a pointer argument that
// weft does not follow, stay blockers, and nothing is marked.

// CHECK-LABEL: func.func @checked
// CHECK: scf.if
// CHECK: } else {
// CHECK: weft.call @exit
// CHECK: } {weft.error_path = 2 : i64, weft.stmt_end = 2 : i64}
// CHECK: weft.error_paths = [#loc{{[0-9]*}}]{{.*}}weft.verdict = "parallel"
// CHECK-LABEL: func.func @unchecked
// CHECK-NOT: weft.error_path
// CHECK: weft.verdict = "sequential"
// CHECK-LABEL: func.func @through_pointer
// CHECK-NOT: weft.error_path
// CHECK: weft.verdict = "sequential"
// What assert(x) calls when x fails (glibc's __assert_fail, its arguments
// literals) ends the program too.
// CHECK-LABEL: func.func @asserted
// CHECK: weft.call @__assert_fail
// CHECK: } {weft.error_path = 2 : i64, weft.stmt_end = 3 : i64}
// CHECK: weft.verdict = "parallel"
// A branch whose last statement is `do { ... } while (0)` (weft.once) whose
// body ends the program: `if (bad) FAIL("msg");`.
// CHECK-LABEL: func.func @failing
// CHECK: weft.switch
// CHECK: } {weft.error_path = 1 : i64, weft.stmt_end = 4 : i64}
// CHECK: weft.verdict = "parallel"
func.func @checked(%a: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a", weft.restrict}, %b: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b", weft.restrict}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
  %err = memref.get_global @stderr : memref<!weft.ptr>
  // expected-remark@+1 {{loop parallelized: a run-time check that b and a do not overlap; the error path at 41:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] {weft.stmt = 2 : i64} : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    %ok = arith.cmpf oge, %x, %zero : f64
    scf.if %ok {
      %y = arith.addf %x, %x : f64
      affine.store %y, %b[%i] : memref<?xf64>
    } else {
      %s = affine.load %err[] : memref<!weft.ptr>
      %lit = weft.base {alias = #weft.alias<pointer>, name = "\22bad %f\\n\22", weft.literal} : () -> memref<?xi8>
      %c0 = arith.constant 0 : index
      %p = weft.addr %lit[%c0] : memref<?xi8>
      %r = weft.call @fprintf(%s, %p, %x) : (!weft.ptr, !weft.ptr, f64) -> i32
      %one = arith.constant 1 : i32
      weft.call @exit(%one) : (i32) -> ()
    } {weft.stmt_end = 2 : i64}
  } {weft.loop_id = 0 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "b"}, {decl = 3 : i64, name = "n"}]}
  return
}
func.func @unchecked(%a: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a", weft.restrict}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
  %err = memref.get_global @stderr : memref<!weft.ptr>
  // expected-remark@+1 {{loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] {weft.stmt = 2 : i64} : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    %bad = arith.cmpf olt, %x, %zero : f64
    scf.if %bad {
      %s = affine.load %err[] : memref<!weft.ptr>
      %lit = weft.base {alias = #weft.alias<pointer>, name = "\22bad\\n\22", weft.literal} : () -> memref<?xi8>
      %c0 = arith.constant 0 : index
      %p = weft.addr %lit[%c0] : memref<?xi8>
      // expected-note@+1 {{here}}
      %r = weft.call @fprintf(%s, %p) : (!weft.ptr, !weft.ptr) -> i32
    } {weft.stmt_end = 2 : i64}
    %one = arith.constant 1 : i32
    weft.call @exit(%one) : (i32) -> ()
  } {weft.loop_id = 1 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 3 : i64, name = "n"}]}
  return
}
func.func @through_pointer(%a: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a", weft.restrict}, %names: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 4 : i64, weft.name = "names"}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
  // expected-remark@+1 {{loop not parallelized: it contains a call to puts, which does I/O, whose order matters, on an error path, with a pointer argument weft does not follow}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] {weft.stmt = 2 : i64} : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    %bad = arith.cmpf olt, %x, %zero : f64
    scf.if %bad {
      %name = affine.load %names[%i] : memref<?x!weft.ptr>
      // expected-note@+1 {{here}}
      %r = weft.call @puts(%name) : (!weft.ptr) -> i32
      %one = arith.constant 1 : i32
      weft.call @exit(%one) : (i32) -> ()
    } {weft.stmt_end = 2 : i64}
  } {weft.loop_id = 2 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 4 : i64, name = "names"}, {decl = 3 : i64, name = "n"}]}
  return
}
func.func @asserted(%a: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a", weft.restrict}, %b: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b", weft.restrict}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
  // expected-remark@+1 {{loop parallelized: a run-time check that b and a do not overlap; the error path at 98:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] {weft.stmt = 3 : i64} : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    %ok = arith.cmpf oge, %x, %zero : f64
    scf.if %ok {
    } else {
      %text = weft.base {alias = #weft.alias<pointer>, name = "assert(a[i] >= 0)", weft.literal} : () -> memref<?xi8>
      %c0 = arith.constant 0 : index
      %p = weft.addr %text[%c0] : memref<?xi8>
      %line = arith.constant 9 : i32
      weft.call @__assert_fail(%p, %p, %line, %p) : (!weft.ptr, !weft.ptr, i32, !weft.ptr) -> ()
    } {weft.stmt_end = 3 : i64}
    %y = arith.addf %x, %x : f64
    affine.store %y, %b[%i] : memref<?xf64>
  } {weft.loop_id = 3 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "b"}, {decl = 3 : i64, name = "n"}]}
  return
}
func.func @failing(%a: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a", weft.restrict}, %b: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b", weft.restrict}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
  %err = memref.get_global @stderr : memref<!weft.ptr>
  // expected-remark@+1 {{loop parallelized: a run-time check that b and a do not overlap; the error path at 118:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] {weft.stmt = 4 : i64} : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    %bad = arith.cmpf olt, %x, %zero : f64
    scf.if %bad {
      %z = arith.constant 0 : i32
      weft.switch %z : i32 attributes {weft.once} {
        %s = affine.load %err[] : memref<!weft.ptr>
        %lit = weft.base {alias = #weft.alias<pointer>, name = "\22bad\\n\22", weft.literal} : () -> memref<?xi8>
        %c0 = arith.constant 0 : index
        %p = weft.addr %lit[%c0] : memref<?xi8>
        %r = weft.call @fputs(%p, %s) : (!weft.ptr, !weft.ptr) -> i32
        %five = arith.constant 5 : i32
        weft.call @exit(%five) : (i32) -> ()
      }
    } {weft.stmt_end = 4 : i64}
    %y = arith.addf %x, %x : f64
    affine.store %y, %b[%i] : memref<?xf64>
  } {weft.loop_id = 4 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "b"}, {decl = 3 : i64, name = "n"}]}
  return
}
memref.global "private" @stderr : memref<!weft.ptr>
func.func private @fputs(!weft.ptr, !weft.ptr) -> i32 attributes {weft.external}
func.func private @__assert_fail(!weft.ptr, !weft.ptr, i32, !weft.ptr) attributes {weft.external}
func.func private @fprintf(!weft.ptr, !weft.ptr) -> i32 attributes {weft.external, weft.variadic}
func.func private @puts(!weft.ptr) -> i32 attributes {weft.external}
func.func private @exit(i32) attributes {weft.external}
