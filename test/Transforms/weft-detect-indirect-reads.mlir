// RUN: weft-opt %s --weft-detect-parallel-loops=remarks=all -verify-diagnostics | FileCheck %s
// Reads through loaded pointers (docs/analysis.md): @first reads through
// rows[i], a pointer it loads; its summary says so (indirect reads), and a
// loop that calls it is parallel when every write of the loop is to memory
// no stored pointer reaches: an allocation whose pointer nothing keeps.
// Stored to slot[0], the allocation may be what rows[i] holds.

// CHECK-LABEL: func.func @caller
// CHECK: weft.loop_id = 0 : i64{{.*}}weft.verdict = "parallel"
// CHECK: weft.loop_id = 1 : i64{{.*}}weft.verdict = "sequential"
func.func @first(%arg0: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"}, %arg1: i32 {weft.decl = 2 : i64, weft.name = "i"}) -> i32 {
  %0 = arith.index_cast %arg1 : i32 to index
  %1 = affine.load %arg0[symbol(%0)] : memref<?x!weft.ptr>
  %2 = weft.base %1 {alias = #weft.alias<pointer>, name = "rows[i]"} : (!weft.ptr) -> memref<?xi32>
  %3 = affine.load %2[0] : memref<?xi32>
  return %3 : i32
}
func.func @caller(%arg0: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 4 : i64, weft.name = "rows"}, %arg1: i32 {weft.decl = 5 : i64, weft.name = "n"}, %arg2: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 6 : i64, weft.name = "slot"}) {
  %0 = arith.index_cast %arg1 : i32 to index
  %c4_i32 = arith.constant 4 : i32
  %1 = arith.muli %arg1, %c4_i32 : i32
  %2 = arith.extsi %1 : i32 to i64
  %3 = weft.call @malloc(%2) {weft.pointers = [{decl = 9 : i64, name = "out"}]} : (i64) -> !weft.ptr
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %arg3 = 0 to %0 {
    %c0 = arith.constant 0 : index
    %7 = weft.addr %arg0[%c0] : memref<?x!weft.ptr>
    %8 = arith.index_cast %arg3 : index to i32
    %9 = weft.call @first(%7, %8) : (!weft.ptr, i32) -> i32
    %10 = weft.base %3 {alias = #weft.alias<pointer>, name = "out"} : (!weft.ptr) -> memref<?xi32>
    affine.store %9, %10[%arg3] : memref<?xi32>
  } {weft.loop_id = 0 : i64, weft.free_vars = [{decl = 5 : i64, name = "n"}, {decl = 9 : i64, name = "out"}, {decl = 4 : i64, name = "rows"}]}
  %6 = weft.call @malloc(%2) {weft.pointers = [{decl = 12 : i64, name = "kept"}]} : (i64) -> !weft.ptr
  affine.store %6, %arg2[0] : memref<?x!weft.ptr>
  // expected-remark@+1 {{loop not parallelized: it contains a call to first, which reads memory through a pointer weft does not follow (?), and the loop writes memory, which such a pointer may reach}}
  affine.for %arg3 = 0 to %0 {
    %c0 = arith.constant 0 : index
    %7 = weft.addr %arg0[%c0] : memref<?x!weft.ptr>
    %8 = arith.index_cast %arg3 : index to i32
    // expected-note@+1 {{here}}
    %9 = weft.call @first(%7, %8) : (!weft.ptr, i32) -> i32
    %10 = weft.base %6 {alias = #weft.alias<pointer>, name = "kept"} : (!weft.ptr) -> memref<?xi32>
    affine.store %9, %10[%arg3] : memref<?xi32>
  } {weft.loop_id = 1 : i64, weft.free_vars = [{decl = 5 : i64, name = "n"}, {decl = 12 : i64, name = "kept"}, {decl = 4 : i64, name = "rows"}]}
  return
}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}
