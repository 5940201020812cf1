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

// A pointer loaded in the loop is other memory in every iteration: rows of
// a table, which a run-time check must find apart from each other and from
// the table's slots (weft.guards' `rows` dictionary and sides with
// slots_lo and slots_hi). Here it cannot name the rows the loop reaches
// (%n has no C name); @checked_rows can.
// CHECK-LABEL: func.func @loaded_pointer
func.func @loaded_pointer(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"}, %n: index) {
  %c = arith.constant 0.0 : f64
  // expected-remark@+1 {{loop not parallelized: the rows of rows and rows may overlap, and weft cannot name in C the rows of rows that memory reaches}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{memory here}}
    %p = affine.load %rows[%i] : memref<?x!weft.ptr>
    %row = weft.base %p {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
    affine.store %c, %row[0] : memref<?xf64>
  }
  return
}

// -----

// CHECK-LABEL: func.func @checked_rows
// CHECK: weft.guards = [{cond = {{\[}}[array<i64: -1>, array<i64: 1, 3>]], first, what = ["the loop at
// CHECK-SAME: {rows = {base = {decl = 1 : i64, name = "rows"}, elem_size = 8 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 3>]], lo = {{\[}}[]], slots_hi = {{\[}}[array<i64: -1>, array<i64: 1, 2>]], slots_lo = {{\[}}[]]}}
// CHECK-SAME: {a = {base = {decl = 1 : i64, name = "rows"}, elem_size = 8 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 3>]], lo = {{\[}}[]], slots_hi = {{\[}}[array<i64: -1>, array<i64: 1, 2>]], slots_lo = {{\[}}[]]}, b = {base = {decl = 1 : i64, name = "rows"}, elem_size = 8 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 2>]], lo = {{\[}}[]]}}]
func.func @checked_rows(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"},
                        %n: index {weft.decl = 2 : i64, weft.name = "n"},
                        %m: index {weft.decl = 3 : i64, weft.name = "m"}) {
  %c = arith.constant 0.0 : f64
  // expected-remark@+1 {{loop parallelized: a run-time check that the rows of rows it touches are apart; a run-time check that the rows of rows and the slots of rows do not overlap; the checks made only when the loop at}}
  affine.for %i = 0 to %n {
    // (Its row is one pointer, here one the check cannot name.)
    // expected-remark@+1 {{loop not parallelized: row and rows may overlap, and weft cannot name row in a run-time check}}
    affine.for %j = 0 to %m {
      // expected-note@+1 {{memory here}}
      %p = affine.load %rows[%i] : memref<?x!weft.ptr>
      %row = weft.base %p {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
      affine.store %c, %row[%j] : memref<?xf64>
    }
  }
  return
}

// -----

// A table whose slots the loop writes has no rows to check.
// CHECK-LABEL: func.func @rewired_rows
func.func @rewired_rows(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"},
                        %q: !weft.ptr,
                        %n: index {weft.decl = 2 : i64, weft.name = "n"}) {
  %c = arith.constant 0.0 : f64
  // expected-remark@+1 {{loop not parallelized: memory and memory may be the same memory in two iterations (row is a pointer computed in the loop)}}
  affine.for %i = 0 to %n {
    affine.store %q, %rows[%i] : memref<?x!weft.ptr>
    %p = affine.load %rows[%i] : memref<?x!weft.ptr>
    %row = weft.base %p {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
    // expected-note@+1 {{memory here}}
    affine.store %c, %row[0] : memref<?xf64>
  }
  return
}

// -----

// A slot read only under a condition: the check would read slots C does
// not.
// CHECK-LABEL: func.func @rows_under_if
func.func @rows_under_if(%rows: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "rows"},
                         %f: memref<?xi1> {weft.alias = #weft.alias<pointer>, weft.decl = 3 : i64, weft.name = "f"},
                         %n: index {weft.decl = 2 : i64, weft.name = "n"}) {
  %c = arith.constant 0.0 : f64
  // expected-remark@+1 {{loop not parallelized: memory and memory may be the same memory in two iterations (row is a pointer computed in the loop)}}
  affine.for %i = 0 to %n {
    %t = affine.load %f[%i] : memref<?xi1>
    scf.if %t {
      %p = affine.load %rows[%i] : memref<?x!weft.ptr>
      %row = weft.base %p {alias = #weft.alias<pointer>, name = "row"} : (!weft.ptr) -> memref<?xf64>
      // expected-note@+1 {{memory here}}
      affine.store %c, %row[0] : memref<?xf64>
    }
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

// -----

// An array declared in the body is a new object in every iteration: its
// elements written again by the next iteration are not a dependence.
// CHECK-LABEL: func.func @array_in_body
// CHECK: } {weft.candidate, weft.verdict = "parallel"}
func.func @array_in_body(%out: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "out"}, %n: index) {
  %c = arith.constant 1.0 : f64
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "t"} : memref<4xf64>
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %v = 0 to 4 {
      affine.store %c, %t[%v] : memref<4xf64>
    }
    %x = affine.load %t[2] : memref<4xf64>
    affine.store %x, %out[%i] : memref<?xf64>
  }
  return
}

// -----

// The same array declared before the loop is one object for all
// iterations: each one writes the elements the others write. Every
// element an iteration reads it wrote first, and nothing after the loop
// reads it: private (docs/analysis.md, "Private arrays").
// CHECK-LABEL: func.func @array_outside
// CHECK: weft.privates = [{decl = 2 : i64, name = "t"}]
func.func @array_outside(%out: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "out"}, %n: index) {
  %c = arith.constant 1.0 : f64
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "t"} : memref<4xf64>
  // expected-remark@+1 {{loop parallelized: t is private}}
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %v = 0 to 4 {
      affine.store %c, %t[%v] : memref<4xf64>
    }
    %x = affine.load %t[2] : memref<4xf64>
    affine.store %x, %out[%i] : memref<?xf64>
  }
  return
}

// -----

// Private arrays beyond 16 KiB in all (kMaxStackPrivateBytes) are copies per
// team member, not declared again on a chunk's stack: a and b (8 KiB each)
// fit, c does not (weft.private_copies), and a 32 KiB array never does.
// CHECK-LABEL: func.func @array_copies
// CHECK: weft.private_copies = [{decl = 4 : i64, name = "c"}], weft.privates = [{decl = 2 : i64, name = "a"}, {decl = 3 : i64, name = "b"}, {decl = 4 : i64, name = "c"}]
// CHECK: weft.private_copies = [{decl = 5 : i64, name = "big"}], weft.privates = [{decl = 5 : i64, name = "big"}]
func.func @array_copies(%out: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "out"}, %n: index) {
  %one = arith.constant 1.0 : f64
  %a = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "a"} : memref<1024xf64>
  %b = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 3 : i64, weft.name = "b"} : memref<1024xf64>
  %c = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 4 : i64, weft.name = "c"} : memref<1024xf64>
  %big = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 5 : i64, weft.name = "big"} : memref<64x64xf64>
  // expected-remark@+1 {{loop parallelized: a is private; b is private; c is private (too large for a thread's stack: each thread has a copy libweft allocates)}}
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %v = 0 to 1024 {
      affine.store %one, %a[%v] : memref<1024xf64>
      affine.store %one, %b[%v] : memref<1024xf64>
      affine.store %one, %c[%v] : memref<1024xf64>
    }
    %x = affine.load %a[2] : memref<1024xf64>
    %y = affine.load %b[3] : memref<1024xf64>
    %z = affine.load %c[4] : memref<1024xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %z : f64
    affine.store %t, %out[%i] : memref<?xf64>
  }
  // expected-remark@+1 {{loop parallelized: big is private (too large for a thread's stack: each thread has a copy libweft allocates)}}
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %r = 0 to 64 {
      // expected-remark@+1 {{loop not parallelized: the loop at}}
      affine.for %k = 0 to 64 {
        affine.store %one, %big[%r, %k] : memref<64x64xf64>
      }
    }
    %x = affine.load %big[5, 6] : memref<64x64xf64>
    affine.store %x, %out[%i] : memref<?xf64>
  }
  return
}

// -----

// The same, with t[2] read after the loop: the last iteration's value
// matters, and t stays one shared array.
// CHECK-LABEL: func.func @array_read_after
func.func @array_read_after(%out: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "out"}, %n: index) {
  %c = arith.constant 1.0 : f64
  %t = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "t"} : memref<4xf64>
  // expected-remark@+1 {{loop not parallelized: memory written in one iteration is written again in another}}
  affine.for %i = 0 to %n {
    // expected-remark@+1 {{loop parallelized: its iterations are independent}}
    affine.for %v = 0 to 4 {
      // expected-note@+1 {{memory written here}}
      affine.store %c, %t[%v] : memref<4xf64>
    }
    %x = affine.load %t[2] : memref<4xf64>
    affine.store %x, %out[%i] : memref<?xf64>
  }
  %y = affine.load %t[2] : memref<4xf64>
  affine.store %y, %out[0] : memref<?xf64>
  return
}

// -----

// Two allocations are distinct memory; realloc may return its argument, and
// a function of the file called malloc is the program's own: checked.
// CHECK-LABEL: func.func @allocations
func.func @allocations(%n: index, %bytes: i64) {
  %p = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %q = weft.call @calloc(%bytes, %bytes) : (i64, i64) -> !weft.ptr
  %a = weft.base %p {alias = #weft.alias<pointer>, name = "a"} : (!weft.ptr) -> memref<?xf32>
  %b = weft.base %q {alias = #weft.alias<pointer>, name = "b"} : (!weft.ptr) -> memref<?xf32>
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %v = affine.load %b[%i + 1] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  }
  %r = weft.call @realloc(%p, %bytes) : (!weft.ptr, i64) -> !weft.ptr
  %c = weft.base %r {alias = #weft.alias<pointer>, name = "c"} : (!weft.ptr) -> memref<?xf32>
  %s = weft.call @own_malloc_twin(%bytes) : (i64) -> !weft.ptr
  // expected-remark@+1 {{loop not parallelized: c and a may overlap, and weft cannot name c in a run-time check}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{memory here}}
    %v = affine.load %a[%i + 1] : memref<?xf32>
    affine.store %v, %c[%i] : memref<?xf32>
  }
  return
}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}
func.func private @calloc(i64, i64) -> !weft.ptr attributes {weft.external}
func.func private @realloc(!weft.ptr, i64) -> !weft.ptr attributes {weft.external}
func.func private @own_malloc_twin(i64) -> !weft.ptr attributes {weft.external}

// -----

// weft.noalias: the variables through which alone a loop reaches their
// memory (the rewriter makes them restrict in the outlined loop). Two
// allocations and a parameter, apart from both (its pointer was made
// before the calls that allocate): all three. A second
// variable that reaches x's memory (weft.pointers on the malloc: x and y
// hold it) takes x out, even where the loop is parallel.
// CHECK-LABEL: func.func @noalias
// CHECK: weft.noalias = [{decl = 1 : i64, name = "a"}, {decl = 3 : i64, name = "x"}, {decl = 5 : i64, name = "z"}], weft.verdict = "parallel"
// CHECK: weft.free_vars = [{decl = 3 : i64, name = "x"}, {decl = 4 : i64, name = "y"}], weft.verdict = "parallel"
// CHECK: weft.noalias = [{decl = 5 : i64, name = "z"}], weft.verdict = "parallel"
func.func @noalias(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"},
                   %m: i32 {weft.decl = 2 : i64, weft.name = "n"}, %bytes: i64) {
  %n = arith.index_cast %m : i32 to index
  %p = weft.call @malloc(%bytes) {weft.pointers = [{decl = 3 : i64, name = "x"}, {decl = 4 : i64, name = "y"}]} : (i64) -> !weft.ptr
  %q = weft.call @malloc(%bytes) {weft.pointers = [{decl = 5 : i64, name = "z"}]} : (i64) -> !weft.ptr
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %x = weft.base %p {alias = #weft.alias<pointer>, name = "x"} : (!weft.ptr) -> memref<?xf32>
    %z = weft.base %q {alias = #weft.alias<pointer>, name = "z"} : (!weft.ptr) -> memref<?xf32>
    %v = affine.load %a[%i] : memref<?xf32>
    affine.store %v, %x[%i] : memref<?xf32>
    affine.store %v, %z[%i] : memref<?xf32>
  } {weft.free_vars = [{decl = 2 : i64, name = "n"}, {decl = 3 : i64, name = "x"}, {decl = 5 : i64, name = "z"}, {decl = 1 : i64, name = "a"}]}
  // The same element through x and y: parallel, but neither is apart.
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %x = weft.base %p {alias = #weft.alias<pointer>, name = "x"} : (!weft.ptr) -> memref<?xf32>
    %y = weft.base %p {alias = #weft.alias<pointer>, name = "y"} : (!weft.ptr) -> memref<?xf32>
    %v = affine.load %y[%i] : memref<?xf32>
    affine.store %v, %x[%i] : memref<?xf32>
  } {weft.free_vars = [{decl = 3 : i64, name = "x"}, {decl = 4 : i64, name = "y"}]}
  // Read-only accesses need nothing apart; the written z is apart from x.
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %x = weft.base %p {alias = #weft.alias<pointer>, name = "x"} : (!weft.ptr) -> memref<?xf32>
    %y = weft.base %p {alias = #weft.alias<pointer>, name = "y"} : (!weft.ptr) -> memref<?xf32>
    %z = weft.base %q {alias = #weft.alias<pointer>, name = "z"} : (!weft.ptr) -> memref<?xf32>
    %v = affine.load %y[%i] : memref<?xf32>
    %w = affine.load %x[%i] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %z[%i] : memref<?xf32>
  } {weft.free_vars = [{decl = 3 : i64, name = "x"}, {decl = 4 : i64, name = "y"}, {decl = 5 : i64, name = "z"}]}
  return
}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}

// -----

// Arguments apart: every call of @apart (weft.direct_calls_only: its one
// call is in the module) passes three allocations, so its pointer
// parameters never overlap and the gather needs no check. @miscounted
// says two calls, the module has one: no facts (a call weft did not
// import may pass anything), and the unbounded gather stays sequential.
// CHECK-LABEL: func.func @apart
// CHECK-SAME: weft.args_apart = [array<i64: 0, 1>, array<i64: 0, 2>, array<i64: 1, 2>]
// CHECK-LABEL: func.func @miscounted
// CHECK-NOT: weft.args_apart
// CHECK-SAME: {
func.func @apart(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"},
                 %b: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b"},
                 %k: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 3 : i64, weft.name = "k"},
                 %n: index) attributes {weft.static, weft.direct_calls_only = 1 : i64} {
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %i = 0 to %n {
    %j = affine.load %k[%i] : memref<?xi32>
    %jj = arith.index_cast %j : i32 to index
    %v = memref.load %a[%jj] : memref<?xf32>
    affine.store %v, %b[%i] : memref<?xf32>
  }
  return
}
func.func @miscounted(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 4 : i64, weft.name = "a"},
                      %b: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 5 : i64, weft.name = "b"},
                      %k: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 6 : i64, weft.name = "k"},
                      %n: index) attributes {weft.static, weft.direct_calls_only = 2 : i64} {
  // expected-remark@+1 {{loop not parallelized: b and k may overlap}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{here}}
    %j = affine.load %k[%i] : memref<?xi32>
    %jj = arith.index_cast %j : i32 to index
    %v = memref.load %a[%jj] : memref<?xf32>
    affine.store %v, %b[%i] : memref<?xf32>
  }
  return
}
func.func @apart_caller(%n: index, %bytes: i64) {
  %p = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %q = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %r = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  weft.call @apart(%p, %q, %r, %n) : (!weft.ptr, !weft.ptr, !weft.ptr, index) -> ()
  weft.call @miscounted(%p, %q, %r, %n) : (!weft.ptr, !weft.ptr, !weft.ptr, index) -> ()
  return
}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}

// -----

// Row tables: @make returns a malloc whose slots hold malloc results used
// nowhere else (weft.returns_rows); @rows gets two of its tables at its one
// call (weft.rows), and a vector that is another allocation
// (weft.not_rows). w[k][j] is then w[k, j]: the column loop is parallel,
// the rows apart from v and from each other. @make_stored's row is also
// stored through: no table, and the rows of @unknown_rows are pointers
// computed in the loop, which a run-time check could find apart if it could
// name them (%m has no C name).
// CHECK-LABEL: func.func @make(
// CHECK-SAME: weft.returns_rows
// CHECK-LABEL: func.func @rows(
// CHECK-SAME: weft.name = "w", weft.rows}
// CHECK-SAME: weft.name = "o", weft.rows}
// CHECK-SAME: weft.name = "v", weft.not_rows}
// CHECK-LABEL: func.func @make_stored(
// CHECK-NOT: weft.returns_rows
// CHECK-SAME: {
// CHECK-LABEL: func.func @unknown_rows(
// CHECK-NOT: weft.rows
// CHECK-SAME: {
func.func @make(%m: index, %bytes: i64) -> !weft.ptr attributes {weft.static, weft.direct_calls_only = 2 : i64} {
  %t = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %slots = weft.base %t {alias = #weft.alias<pointer>, name = "t"} : (!weft.ptr) -> memref<?x!weft.ptr>
  // expected-remark@+1 {{loop not parallelized: it contains a call to malloc}}
  affine.for %i = 0 to %m {
    // expected-note@+1 {{here}}
    %r = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
    affine.store %r, %slots[%i] : memref<?x!weft.ptr>
  }
  return %t : !weft.ptr
}
func.func @rows(%w: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "w"},
                %o: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "o"},
                %v: memref<?xf64> {weft.alias = #weft.alias<pointer>, weft.decl = 3 : i64, weft.name = "v"},
                %m: index, %n: index) attributes {weft.static, weft.direct_calls_only = 1 : i64} {
  // expected-remark@+1 {{loop parallelized: its iterations are independent}}
  affine.for %j = 0 to %n {
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %k = 0 to %m {
      %p = affine.load %w[%k] : memref<?x!weft.ptr>
      %row = weft.base %p {alias = #weft.alias<pointer>, name = "w[k]"} : (!weft.ptr) -> memref<?xf64>
      %q = affine.load %o[%k] : memref<?x!weft.ptr>
      %orow = weft.base %q {alias = #weft.alias<pointer>, name = "o[k]"} : (!weft.ptr) -> memref<?xf64>
      %x = affine.load %orow[%j] : memref<?xf64>
      %y = affine.load %v[%j] : memref<?xf64>
      %z = arith.addf %x, %y : f64
      affine.store %z, %row[%j] : memref<?xf64>
      affine.store %z, %orow[%j] : memref<?xf64>
    }
  }
  return
}
func.func @make_stored(%m: index, %bytes: i64) -> !weft.ptr attributes {weft.static, weft.direct_calls_only = 1 : i64} {
  %t = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %slots = weft.base %t {alias = #weft.alias<pointer>, name = "t"} : (!weft.ptr) -> memref<?x!weft.ptr>
  // expected-remark@+1 {{loop not parallelized: it contains a call to malloc}}
  affine.for %i = 0 to %m {
    // expected-note@+1 {{here}}
    %r = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
    affine.store %r, %slots[%i] : memref<?x!weft.ptr>
    %rm = weft.base %r {alias = #weft.alias<pointer>, name = "r"} : (!weft.ptr) -> memref<?xf64>
    %c0 = arith.constant 0.0 : f64
    affine.store %c0, %rm[0] : memref<?xf64>
  }
  return %t : !weft.ptr
}
func.func @unknown_rows(%w: memref<?x!weft.ptr> {weft.alias = #weft.alias<pointer>, weft.decl = 4 : i64, weft.name = "w"},
                        %m: index, %n: index) attributes {weft.static, weft.direct_calls_only = 1 : i64} {
  // expected-remark@+1 {{loop not parallelized: the rows of w and w may overlap, and weft cannot name in C the rows of w that memory reaches}}
  affine.for %k = 0 to %m {
    // expected-note@+1 {{here}}
    %p = affine.load %w[%k] : memref<?x!weft.ptr>
    %row = weft.base %p {alias = #weft.alias<pointer>, name = "w[k]"} : (!weft.ptr) -> memref<?xf64>
    %c1 = arith.constant 1.0 : f64
    affine.store %c1, %row[0] : memref<?xf64>
  }
  return
}
func.func @rows_caller(%m: index, %n: index, %bytes: i64) {
  %w = weft.call @make(%m, %bytes) : (index, i64) -> !weft.ptr
  %o = weft.call @make(%m, %bytes) : (index, i64) -> !weft.ptr
  %v = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  weft.call @rows(%w, %o, %v, %m, %n) : (!weft.ptr, !weft.ptr, !weft.ptr, index, index) -> ()
  %s = weft.call @make_stored(%m, %bytes) : (index, i64) -> !weft.ptr
  weft.call @unknown_rows(%s, %m, %n) : (!weft.ptr, index, index) -> ()
  return
}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}

// -----

// A malloc defined in the file is an ordinary function: its results may be
// the same memory.
// CHECK-LABEL: func.func @own_malloc
func.func @own_malloc(%n: index, %bytes: i64) {
  %p = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %q = weft.call @malloc(%bytes) : (i64) -> !weft.ptr
  %a = weft.base %p {alias = #weft.alias<pointer>, name = "a"} : (!weft.ptr) -> memref<?xf32>
  %b = weft.base %q {alias = #weft.alias<pointer>, name = "b"} : (!weft.ptr) -> memref<?xf32>
  // expected-remark@+1 {{loop not parallelized: a and b may overlap}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{memory here}}
    %v = affine.load %b[%i + 1] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  }
  return
}
func.func @malloc(%bytes: i64) -> !weft.ptr {
  %z = weft.opaque_value {reason = "test"} -> !weft.ptr
  return %z : !weft.ptr
}

// -----

// A variable never assigned is an SSA value; weft.vars on the op that
// computes it names it, and the loop names it too (weft.free_vars): the
// check's bounds use it. Without the loop naming it, no check.
// CHECK-LABEL: func.func @ssa_named
// CHECK: weft.guards = [{a = {base = {decl = 1 : i64, name = "a"}, elem_size = 4 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 7>]]
func.func @ssa_named(%a: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "a"},
                     %b: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "b"},
                     %s: !weft.ptr) {
  %m = weft.call @atoi(%s) {weft.vars = [{decl = 7 : i64, name = "n"}]} : (!weft.ptr) -> i32
  %n = arith.index_cast %m : i32 to index
  // expected-remark@+1 {{loop parallelized: a run-time check that a and b do not overlap}}
  affine.for %i = 0 to %n {
    %v = affine.load %b[%i] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  } {weft.free_vars = [{decl = 7 : i64, name = "n"}, {decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "b"}]}
  // expected-remark@+1 {{loop not parallelized: a and b may overlap, and the elements memory touches depend on values weft cannot name in C}}
  affine.for %i = 0 to %n {
    // expected-note@+1 {{memory here}}
    %v = affine.load %b[%i] : memref<?xf32>
    affine.store %v, %a[%i] : memref<?xf32>
  } {weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "b"}]}
  return
}
func.func private @atoi(!weft.ptr) -> i32 attributes {weft.external}

// -----

// An index kept in a scalar cell, written and then read in the same
// iteration (also inside an if after the write): the subscript is the
// written value, %i. Written only inside an if, the read may see an
// earlier iteration's value: a carried scalar. (The second loop reads k,
// so the first keeps its last value.)
// CHECK-LABEL: func.func @index_in_cell
func.func @index_in_cell(%a: memref<?xf32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"}, %n: index, %c: i1) {
  %k = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 2 : i64, weft.name = "k"} : memref<index>
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{loop parallelized: k is last-private}}
  affine.for %i = 0 to %n {
    affine.store %i, %k[] : memref<index>
    %x = affine.load %k[] : memref<index>
    memref.store %one, %a[%x] : memref<?xf32>
    scf.if %c {
      %y = affine.load %k[] : memref<index>
      %v = memref.load %a[%y] : memref<?xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%y] : memref<?xf32>
    }
  }
  // expected-remark@+1 {{loop not parallelized: k carries a value from one iteration to the next}}
  affine.for %i = 0 to %n {
    scf.if %c {
      affine.store %i, %k[] : memref<index>
    }
    // expected-note@+1 {{k read here}}
    %x = affine.load %k[] : memref<index>
    memref.store %one, %a[%x] : memref<?xf32>
  }
  return
}

// -----

// A remainder in a subscript: [0, cap - 1] when start + i >= 0 and cap >= 1,
// which the check tests (nonneg: start, and cap - 1).
// CHECK-LABEL: func.func @ring
// CHECK: b = {base = {decl = 2 : i64, name = "buf"}, elem_size = 4 : i64, hi = {{\[}}[array<i64: -1>, array<i64: 1, 4>]], lo = {{\[}}[]], nonneg = {{\[}}[array<i64: 1, 3>], [array<i64: -1>, array<i64: 1, 4>]]}}]
func.func @ring(%out: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "out"},
                %buf: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "buf"},
                %start: i32 {weft.decl = 3 : i64, weft.name = "start"},
                %cap: i32 {weft.decl = 4 : i64, weft.name = "cap"},
                %n32: i32 {weft.decl = 5 : i64, weft.name = "n"}) {
  %n = arith.index_cast %n32 : i32 to index
  // expected-remark@+1 {{loop parallelized: a run-time check that out and buf do not overlap}}
  affine.for %i = 0 to %n {
    %i32 = arith.index_cast %i : index to i32
    %a = arith.addi %start, %i32 : i32
    %r = arith.remsi %a, %cap : i32
    %ri = arith.index_cast %r : i32 to index
    %v = memref.load %buf[%ri] : memref<?xf32>
    affine.store %v, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// A divisor that changes in the loop: the check cannot bound the remainder.
func.func @ring_varying(%out: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "out"},
                        %buf: memref<?xf32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "buf"},
                        %n32: i32 {weft.decl = 5 : i64, weft.name = "n"}) {
  %n = arith.index_cast %n32 : i32 to index
  // expected-remark@+1 {{loop not parallelized: out and buf may overlap, and the elements memory touches depend on values weft cannot name in C}}
  affine.for %i = 1 to %n {
    %i32 = arith.index_cast %i : index to i32
    %a = arith.muli %i32, %i32 : i32
    %r = arith.remsi %a, %i32 : i32
    %ri = arith.index_cast %r : i32 to index
    // expected-note@+1 {{memory here}}
    %v = memref.load %buf[%ri] : memref<?xf32>
    affine.store %v, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// An array reduction: a local array of static shape that the loop only
// updates, h[k] = h[k] + 1, with the subscript computed anew for the store
// (as the importer does). Its verdict names it; the pointer it reads is a
// distinct object, so no check.
// CHECK-LABEL: func.func @array_reduction
// CHECK: weft.array_reductions = [{decl = 3 : i64, float = false, name = "h", op = "add"}]
func.func @array_reduction(%k: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "k"}, %n: index) {
  %h = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 3 : i64, weft.name = "h"} : memref<16xi32>
  %one = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  // expected-remark@+1 {{loop parallelized: h is a + array reduction (each thread updates its own copy)}}
  affine.for %i = 0 to %n {
    %x = affine.load %k[%i] : memref<?xi32>
    %m = arith.andi %x, %c15 : i32
    %s = arith.index_cast %m : i32 to index
    %v = memref.load %h[%s] : memref<16xi32>
    %w = arith.addi %v, %one : i32
    %s2 = arith.index_cast %m : i32 to index
    memref.store %w, %h[%s2] : memref<16xi32>
  }
  return
}

// -----

// The same update into an array of unknown size: a dependence, and why it
// is not copied.
// CHECK-LABEL: func.func @array_unsized
// CHECK: weft.verdict = "sequential"
func.func @array_unsized(%k: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "k"},
                         %h: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 2 : i64, weft.name = "h"}, %n: index) {
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{loop not parallelized: memory read in one iteration may be written in another: the subscript depends on values computed in the loop; h is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of h (such as an unsigned char, `& 255` or `% n`)}}
  affine.for %i = 0 to %n {
    %x = affine.load %k[%i] : memref<?xi32>
    %s = arith.index_cast %x : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    // expected-note@+1 {{memory written here}}
    memref.store %w, %h[%s] : memref<?xi32>
  }
  return
}

// -----

// The same array through a parameter, with subscripts that their ops bound
// (indexLength): `k[i] & 63` is in [0, 64) (from arith's ranges), `k[i] %
// nb` of an unsigned k in [0, nb). The copies have that many elements, and
// the object may have fewer: sparse (the combine adds only elements that
// some copy changed).
// CHECK-LABEL: func.func @array_bounded
// CHECK: weft.array_reductions = [{decl = 2 : i64, float = false, length = [array<i64: 64>], name = "h", op = "add", sparse}]
// CHECK: weft.array_reductions = [{decl = 2 : i64, float = false, length = [array<i64: 1, 3>], name = "h", op = "xor", sparse}]
// CHECK: weft.array_reductions = [{decl = 2 : i64, float = false, length = [array<i64: 1, 3>], name = "h", op = "add", sparse}]
// CHECK: weft.verdict = "sequential"
func.func @array_bounded(%k: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "k"},
                         %h: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 2 : i64, weft.name = "h"},
                         %nb: i32 {weft.decl = 3 : i64, weft.name = "nb"}, %n: index) {
  %one = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  // expected-remark@+1 {{loop parallelized: h is a + array reduction (each thread updates its own copy)}}
  affine.for %i = 0 to %n {
    %x = affine.load %k[%i] : memref<?xi32>
    %m = arith.andi %x, %c63 : i32
    %s = arith.index_cast %m : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %h[%s] : memref<?xi32>
  }
  // expected-remark@+1 {{loop parallelized: h is a ^ array reduction (each thread updates its own copy)}}
  affine.for %i = 0 to %n {
    %x = affine.load %k[%i] : memref<?xi32>
    %r = arith.remui %x, %nb : i32
    %s = arith.index_castui %r : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.xori %v, %x : i32
    memref.store %w, %h[%s] : memref<?xi32>
  }
  // A clamp to [0, nb) through a local variable and two ifs (clampLength):
  // every value that reaches the read is below nb and not negative.
  // expected-remark@+1 {{loop parallelized: h is a + array reduction (each thread updates its own copy)}}
  affine.for %i = 0 to %n {
    %c = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = 9 : i64, weft.name = "c"} : memref<i32>
    %x = affine.load %k[%i] : memref<?xi32>
    affine.store %x, %c[] : memref<i32>
    %a = affine.load %c[] : memref<i32>
    %zero = arith.constant 0 : i32
    %neg = arith.cmpi slt, %a, %zero : i32
    scf.if %neg {
      affine.store %zero, %c[] : memref<i32>
    }
    %b = affine.load %c[] : memref<i32>
    %over = arith.cmpi sge, %b, %nb : i32
    scf.if %over {
      %top = arith.subi %nb, %one : i32
      affine.store %top, %c[] : memref<i32>
    }
    %e = affine.load %c[] : memref<i32>
    %s = arith.index_cast %e : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %h[%s] : memref<?xi32>
  }
  // A signed remainder of a value that may be negative: no bound.
  // expected-remark@+1 {{loop not parallelized: memory read in one iteration may be written in another: the subscript depends on values computed in the loop; h is updated as an array reduction, but weft does not know how many elements it has, nor a bound on the subscript of h (such as an unsigned char, `& 255` or `% n`)}}
  affine.for %i = 0 to %n {
    %x = affine.load %k[%i] : memref<?xi32>
    %r = arith.remsi %x, %nb : i32
    %s = arith.index_cast %r : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    // expected-note@+1 {{memory written here}}
    memref.store %w, %h[%s] : memref<?xi32>
  }
  return
}

// -----

// Into what calloc returned (h holds it; the loop names nb): its elements,
// nb * 4 bytes over 4, are the length of the copies, as C where the loop
// starts (weft.array_reductions' length: 1 x decl 3).
// CHECK-LABEL: func.func @array_calloc
// CHECK: weft.array_reductions = [{decl = 2 : i64, float = false, length = [array<i64: 1, 3>], name = "h", op = "add"}]
func.func @array_calloc(%k: memref<?xi32> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "k"},
                        %nb: i32 {weft.decl = 3 : i64, weft.name = "nb"}, %n: index) {
  %one = arith.constant 1 : i32
  %c4 = arith.constant 4 : i64
  %nb64 = arith.extsi %nb : i32 to i64
  %p = weft.call @calloc(%nb64, %c4) {weft.pointers = [{decl = 2 : i64, name = "h"}]} : (i64, i64) -> !weft.ptr
  // expected-remark@+1 {{loop parallelized: h is a + array reduction (each thread updates its own copy)}}
  affine.for %i = 0 to %n {
    %h = weft.base %p {alias = #weft.alias<pointer>, name = "h"} : (!weft.ptr) -> memref<?xi32>
    %x = affine.load %k[%i] : memref<?xi32>
    %r = arith.remsi %x, %nb : i32
    %s = arith.index_cast %r : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %h[%s] : memref<?xi32>
  } {weft.free_vars = [{decl = 1 : i64, name = "k"}, {decl = 2 : i64, name = "h"}, {decl = 3 : i64, name = "nb"}]}
  // A size of 6 bytes an element: not whole elements.
  %c6 = arith.constant 6 : i64
  %q = weft.call @malloc(%c6) {weft.pointers = [{decl = 4 : i64, name = "odd"}]} : (i64) -> !weft.ptr
  // expected-remark@+1 {{loop not parallelized: memory read in one iteration may be written in another: the subscript depends on values computed in the loop; odd is updated as an array reduction, but weft cannot tell how many elements its allocation has where the loop starts (a size in whole elements of variables that hold it there)}}
  affine.for %i = 0 to %n {
    %h = weft.base %q {alias = #weft.alias<pointer>, name = "odd"} : (!weft.ptr) -> memref<?xi32>
    %x = affine.load %k[%i] : memref<?xi32>
    %s = arith.index_cast %x : i32 to index
    %v = memref.load %h[%s] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    // expected-note@+1 {{memory written here}}
    memref.store %w, %h[%s] : memref<?xi32>
  } {weft.free_vars = [{decl = 1 : i64, name = "k"}, {decl = 4 : i64, name = "odd"}]}
  return
}
func.func private @calloc(i64, i64) -> !weft.ptr attributes {weft.external}
func.func private @malloc(i64) -> !weft.ptr attributes {weft.external}

// -----

// s->data is read only in the loop over j, which may run no iteration: the
// check may name it only behind a test that that loop runs (c - 1 >= 0),
// the first dictionary of weft.guards (docs/analysis.md, "Invariant loads").
// CHECK-LABEL: func.func @behind_inner
// CHECK: weft.guards = [{cond = {{\[}}[array<i64: -1>, array<i64: 1, 4>]], first, what = ["the loop at {{.*}} runs"]}, {a = {base = {decl = 1 : i64, name = "a"}
func.func @behind_inner(%a: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"},
                        %s: memref<?x!weft.struct<"struct", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "s"},
                        %n: i64 {weft.decl = 3 : i64, weft.name = "n"},
                        %c: i64 {weft.decl = 4 : i64, weft.name = "c"}) {
  %ci = arith.index_cast %c : i64 to index
  %ni = arith.index_cast %n : i64 to index
  // expected-remark-re@+1 {{loop parallelized: a run-time check that a and s->data do not overlap; the checks made only when the loop at {{.*}} runs (C reads what they name only there; else the loop runs as written)}}
  affine.for %i = 0 to %ni {
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    affine.for %j = 0 to %ci {
      %f = weft.field %s {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"struct", 24>> -> memref<?x!weft.ptr>
      %p = affine.load %f[0] {weft.expr = 7 : i64} : memref<?x!weft.ptr> loc("s->data")
      %d = weft.base %p {alias = #weft.alias<pointer>, name = "s->data"} : (!weft.ptr) -> memref<?xf64>
      %x = affine.load %d[%i] {weft.expr = 8 : i64} : memref<?xf64>
      %i64 = arith.index_cast %i : index to i64
      %row = arith.muli %i64, %c : i64
      %j64 = arith.index_cast %j : index to i64
      %k64 = arith.addi %row, %j64 : i64
      %k = arith.index_cast %k64 : i64 to index
      %v = memref.load %a[%k] {weft.expr = 9 : i64} : memref<?xf64>
      %w = arith.mulf %v, %x : f64
      memref.store %w, %a[%k] : memref<?xf64>
    } {weft.counter = 6 : i64, weft.free_vars = [{decl = 4 : i64, name = "c"}, {decl = 1 : i64, name = "a"}, {decl = 5 : i64, name = "i"}, {decl = 2 : i64, name = "s"}], weft.iv_name = "j", weft.loop_id = 1 : i64}
  } {weft.counter = 5 : i64, weft.free_vars = [{decl = 3 : i64, name = "n"}, {decl = 4 : i64, name = "c"}, {decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "s"}], weft.iv_name = "i", weft.loop_id = 0 : i64}
  return
}

// -----

// Not when the test cannot be named where the loop starts: the loop over j
// runs to a bound that iteration i reads (len[i]).
// CHECK-LABEL: func.func @behind_unnamed
// CHECK-NOT: first
func.func @behind_unnamed(%a: memref<?xf64> {weft.alias = #weft.alias<restrict>, weft.decl = 1 : i64, weft.name = "a"},
                          %s: memref<?x!weft.struct<"struct", 24>> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "s"},
                          %len: memref<?xi64> {weft.alias = #weft.alias<restrict>, weft.decl = 3 : i64, weft.name = "len"},
                          %n: i64 {weft.decl = 4 : i64, weft.name = "n"}) {
  %ni = arith.index_cast %n : i64 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{loop not parallelized: a and s->data may overlap, and weft cannot name s->data in a run-time check}}
  affine.for %i = 0 to %ni {
    %l = affine.load %len[%i] {weft.expr = 10 : i64} : memref<?xi64>
    %li = arith.index_cast %l : i64 to index
    // expected-remark@+1 {{loop not parallelized}}
    scf.for %j = %c0 to %li step %c1 {
      %f = weft.field %s {field = "data", offset = 16 : i64, size = 8 : i64} : memref<?x!weft.struct<"struct", 24>> -> memref<?x!weft.ptr>
      %p = affine.load %f[0] {weft.expr = 7 : i64} : memref<?x!weft.ptr> loc("s->data")
      %d = weft.base %p {alias = #weft.alias<pointer>, name = "s->data"} : (!weft.ptr) -> memref<?xf64>
      // expected-note@+1 {{memory here}}
      %x = affine.load %d[%i] {weft.expr = 8 : i64} : memref<?xf64>
      %v = affine.load %a[%i] {weft.expr = 9 : i64} : memref<?xf64>
      %w = arith.mulf %v, %x : f64
      // expected-note@+1 {{memory written here}}
      affine.store %w, %a[%i] : memref<?xf64>
    } {weft.counter = 6 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "s"}], weft.iv_name = "j", weft.loop_id = 3 : i64}
  } {weft.counter = 5 : i64, weft.free_vars = [{decl = 1 : i64, name = "a"}, {decl = 2 : i64, name = "s"}, {decl = 3 : i64, name = "len"}, {decl = 4 : i64, name = "n"}], weft.iv_name = "i", weft.loop_id = 2 : i64}
  return
}

// -----

// The locale's character tables, reached through the pointer that glibc's
// __ctype_b_loc() returns (isalpha's macro), and a string literal: memory
// no program writes, apart from the loop's stores. The same loads through
// a pointer that a function of the file's own returns may be the memory
// the loop writes.
// CHECK-LABEL: func.func @library_tables
// CHECK: weft.guards = [{a = {base = {decl = 2 : i64, name = "out"}{{.*}}b = {base = {decl = 1 : i64, name = "s"}{{.*}}weft.verdict = "parallel"
// CHECK: } {weft.candidate, weft.verdict = "parallel"}
// CHECK: weft.verdict = "sequential"
module {
  func.func private @__ctype_b_loc() -> !weft.ptr attributes {weft.c_const, weft.external}
  func.func @own_table() -> !weft.ptr {
    %p = weft.call @__ctype_b_loc() : () -> !weft.ptr
    return %p : !weft.ptr
  }
  func.func @library_tables(%s: memref<?xi8> {weft.alias = #weft.alias<pointer>, weft.decl = 1 : i64, weft.name = "s"}, %out: memref<?xi32> {weft.alias = #weft.alias<pointer>, weft.decl = 2 : i64, weft.name = "out"}, %n: index {weft.decl = 3 : i64, weft.name = "n"}) {
    // expected-remark@+1 {{loop parallelized: a run-time check that out and s do not overlap}}
    affine.for %i = 0 to %n {
      %t = weft.call @__ctype_b_loc() : () -> !weft.ptr
      %slot = weft.base %t {alias = #weft.alias<pointer>, name = "isalpha(s[i])"} : (!weft.ptr) -> memref<?x!weft.ptr>
      %row = affine.load %slot[0] : memref<?x!weft.ptr>
      %tab = weft.base %row {alias = #weft.alias<pointer>, name = "isalpha(s[i])"} : (!weft.ptr) -> memref<?xi16>
      %c = affine.load %s[%i] : memref<?xi8>
      %k = arith.index_castui %c : i8 to index
      %v = memref.load %tab[%k] : memref<?xi16>
      %w = arith.extui %v : i16 to i32
      affine.store %w, %out[%i] : memref<?xi32>
    }
    // expected-remark@+1 {{loop parallelized: its iterations are independent}}
    affine.for %i = 0 to %n {
      %lit = weft.base {alias = #weft.alias<pointer>, name = "\"abcd\"", weft.literal} : () -> memref<?xi8>
      %j = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
      %c = memref.load %lit[%j] : memref<?xi8>
      %w = arith.extui %c : i8 to i32
      affine.store %w, %out[%i] : memref<?xi32>
    }
    // expected-remark@+1 {{loop not parallelized}}
    affine.for %i = 0 to %n {
      %t = weft.call @own_table() : () -> !weft.ptr
      %slot = weft.base %t {alias = #weft.alias<pointer>, name = "own_table()"} : (!weft.ptr) -> memref<?x!weft.ptr>
      %row = affine.load %slot[0] : memref<?x!weft.ptr>
      %tab = weft.base %row {alias = #weft.alias<pointer>, name = "own_table()"} : (!weft.ptr) -> memref<?xi16>
      %v = memref.load %tab[%i] : memref<?xi16>
      %w = arith.extui %v : i16 to i32
      // expected-note@+1 {{memory here}}
      affine.store %w, %out[%i] : memref<?xi32>
    }
    return
  }
}
