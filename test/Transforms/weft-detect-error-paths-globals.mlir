// RUN: weft-opt %s --weft-detect-parallel-loops=remarks=all -verify-diagnostics | FileCheck %s
// A function of the program that ends it may read globals (`if
// (verbose)`) and print a global array (`tag`): each is a read of the loop
// that calls it, of the whole object, which the dependence test checks
// against the loop's writes (docs/analysis.md, "Error paths"). Imported
// from:
//   int verbose = 1; char tag[16] = "prog";
//   static void die(void) {
//     if (verbose) fprintf(stderr, "%s: bad\n", tag);
//     exit(1);
//   }
//   void checked(...) { for (...) { if (a[i] < 0) die(); b[i] = a[i]; } }
//   void tag_written(...) { ... tag[i % 16] = 'A'; ... }

// CHECK-LABEL: func.func @checked
// CHECK: weft.call @die()
// CHECK: } {weft.error_path = 1 : i64
// CHECK: weft.verdict = "parallel"
// CHECK-LABEL: func.func @tag_written
// CHECK: weft.reason = "tag (in die) read in one iteration may be written in another (as memory): a subscript weft cannot read"{{.*}}weft.verdict = "sequential"
#loc = loc("dv.c":6:3)
#loc1 = loc("dv.c":8:3)
#loc2 = loc("dv.c":11:3)
#loc3 = loc("dv.c":12:5)
#loc4 = loc("dv.c":14:5)
#loc5 = loc("dv.c":18:3)
#loc6 = loc("dv.c":19:5)
#loc7 = loc("dv.c":21:5)
#loc8 = loc("dv.c":22:5)
module attributes {weft.flags = {fp_reassoc = false, math_errno = true, target = "x86_64-pc-linux-gnu"}, weft.source = "dv.c"} {
  memref.global "public" @tag : memref<16xi8> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 11 : i64, weft.escapes, weft.name = "tag"}
  memref.global "public" @stderr : memref<!weft.ptr> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 10 : i64, weft.escapes, weft.name = "stderr"}
  memref.global "public" @verbose : memref<i32> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.escapes, weft.name = "verbose"}
  func.func @die() attributes {weft.decl = 0 : i64, weft.direct_calls_only = 2 : i64, weft.static} {
    %0 = memref.get_global @tag : memref<16xi8> {weft.stmt = 0 : i64, weft.stmt_loc = #loc, weft.stmt_vars = [{decl = 9 : i64, name = "verbose"}, {decl = 10 : i64, name = "stderr"}, {decl = 11 : i64, name = "tag"}]}
    %1 = memref.get_global @stderr : memref<!weft.ptr>
    %2 = memref.get_global @verbose : memref<i32>
    %3 = affine.load %2[] : memref<i32>
    %c0_i32 = arith.constant 0 : i32
    %4 = arith.cmpi ne, %3, %c0_i32 : i32
    scf.if %4 {
      %5 = affine.load %1[] : memref<!weft.ptr>
      %6 = weft.base {alias = #weft.alias<pointer>, name = "\22%s: bad\\n\22", weft.literal} : () -> memref<?xi8>
      %c0 = arith.constant 0 : index
      %7 = weft.addr %6[%c0] : memref<?xi8>
      %c0_0 = arith.constant 0 : index
      %8 = weft.addr %0[%c0_0] : memref<16xi8>
      %9 = weft.call @fprintf(%5, %7, %8) {weft.stmt_end = 1 : i64} : (!weft.ptr, !weft.ptr, !weft.ptr) -> i32
    } {weft.stmt_end = 0 : i64}
    %c1_i32 = arith.constant {weft.stmt = 2 : i64, weft.stmt_loc = #loc1, weft.stmt_vars = []} 1 : i32
    weft.call @exit(%c1_i32) {weft.stmt_end = 2 : i64} : (i32) -> ()
    return
  }
  func.func @checked(%arg0: i32 {weft.decl = 2 : i64, weft.name = "n"}, %arg1: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 3 : i64, weft.name = "a"}, %arg2: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 4 : i64, weft.name = "b"}) attributes {weft.decl = 1 : i64} {
    %0 = arith.index_cast %arg0 {weft.stmt = 3 : i64, weft.stmt_loc = #loc2, weft.stmt_vars = [{decl = 2 : i64, name = "n"}, {decl = 3 : i64, name = "a"}, {decl = 4 : i64, name = "b"}]} : i32 to index
    // expected-remark@+1 {{loop parallelized: the error path at 65:7 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    affine.for %arg3 = 0 to %0 {
      %1 = affine.load %arg1[%arg3] {weft.expr = 15 : i64, weft.stmt = 4 : i64, weft.stmt_loc = #loc3, weft.stmt_vars = [{decl = 3 : i64, name = "a"}, {decl = 14 : i64, name = "i"}]} : memref<?xf64>
      %c0_i32 = arith.constant 0 : i32
      %2 = arith.sitofp %c0_i32 : i32 to f64
      %3 = arith.cmpf olt, %1, %2 : f64
      %4 = arith.extui %3 : i1 to i32
      %c0_i32_0 = arith.constant 0 : i32
      %5 = arith.cmpi ne, %4, %c0_i32_0 : i32
      scf.if %5 {
        weft.call @die() {weft.stmt_end = 5 : i64} : () -> ()
      } {weft.stmt_end = 4 : i64}
      %6 = affine.load %arg1[%arg3] {weft.expr = 16 : i64, weft.stmt = 6 : i64, weft.stmt_loc = #loc4, weft.stmt_vars = [{decl = 4 : i64, name = "b"}, {decl = 14 : i64, name = "i"}, {decl = 3 : i64, name = "a"}]} : memref<?xf64>
      affine.store %6, %arg2[%arg3] {weft.stmt_end = 6 : i64} : memref<?xf64>
    } {weft.c_init, weft.counter = 14 : i64, weft.free_vars = [{decl = 2 : i64, name = "n"}, {decl = 3 : i64, name = "a"}, {decl = 4 : i64, name = "b"}], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 0 : i64, weft.stmt_end = 3 : i64}
    return
  }
  func.func @tag_written(%arg0: i32 {weft.decl = 6 : i64, weft.name = "n"}, %arg1: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 7 : i64, weft.name = "a"}, %arg2: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 8 : i64, weft.name = "b"}) attributes {weft.decl = 5 : i64} {
    %0 = memref.get_global @tag : memref<16xi8> {weft.stmt = 7 : i64, weft.stmt_loc = #loc5, weft.stmt_vars = [{decl = 6 : i64, name = "n"}, {decl = 7 : i64, name = "a"}, {decl = 11 : i64, name = "tag"}, {decl = 8 : i64, name = "b"}]}
    %1 = arith.index_cast %arg0 : i32 to index
    // expected-remark@+1 {{loop not parallelized: tag (in die) read in one iteration may be written in another (as memory)}}
    affine.for %arg3 = 0 to %1 {
      %2 = affine.load %arg1[%arg3] {weft.expr = 18 : i64, weft.stmt = 8 : i64, weft.stmt_loc = #loc6, weft.stmt_vars = [{decl = 7 : i64, name = "a"}, {decl = 17 : i64, name = "i"}]} : memref<?xf64>
      %c0_i32 = arith.constant 0 : i32
      %3 = arith.sitofp %c0_i32 : i32 to f64
      %4 = arith.cmpf olt, %2, %3 : f64
      %5 = arith.extui %4 : i1 to i32
      %c0_i32_0 = arith.constant 0 : i32
      %6 = arith.cmpi ne, %5, %c0_i32_0 : i32
      scf.if %6 {
        weft.call @die() {weft.stmt_end = 9 : i64} : () -> ()
      } {weft.stmt_end = 8 : i64}
      %c65 = arith.constant {weft.stmt = 10 : i64, weft.stmt_loc = #loc7, weft.stmt_vars = [{decl = 11 : i64, name = "tag"}, {decl = 17 : i64, name = "i"}]} 65 : i8
      // expected-note@+1 {{memory written here}}
      affine.store %c65, %0[%arg3 mod 16] {weft.stmt_end = 10 : i64} : memref<16xi8>
      %7 = affine.load %arg1[%arg3] {weft.expr = 19 : i64, weft.stmt = 11 : i64, weft.stmt_loc = #loc8, weft.stmt_vars = [{decl = 8 : i64, name = "b"}, {decl = 17 : i64, name = "i"}, {decl = 7 : i64, name = "a"}]} : memref<?xf64>
      affine.store %7, %arg2[%arg3] {weft.stmt_end = 11 : i64} : memref<?xf64>
    } {weft.c_init, weft.counter = 17 : i64, weft.free_vars = [{decl = 6 : i64, name = "n"}, {decl = 7 : i64, name = "a"}, {decl = 11 : i64, name = "tag"}, {decl = 8 : i64, name = "b"}], weft.iv_name = "i", weft.kind = "for", weft.loop_id = 1 : i64, weft.stmt_end = 7 : i64}
    return
  }
  func.func private @fprintf(!weft.ptr, !weft.ptr) -> i32 attributes {weft.decl = 12 : i64, weft.external, weft.variadic}
  func.func private @exit(i32) attributes {weft.decl = 13 : i64, weft.external}
}

