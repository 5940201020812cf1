// RUN: weft-opt %s -split-input-file -verify-diagnostics

// A field view needs a base of structs.
func.func @field_of_scalars(%a: memref<?xf64>) {
  // expected-error @+1 {{'weft.field' op base must be a memref of !weft.struct}}
  %0 = weft.field %a {field = "x", offset = 0 : i64, size = 8 : i64} : memref<?xf64> -> memref<?xf64>
  return
}

// -----

// A field cannot lie outside its struct.
func.func @field_outside(%s: memref<?x!weft.struct<"pt", 16>>) {
  // expected-error @+1 {{field bytes [12, 20) lie outside the 16-byte struct}}
  %0 = weft.field %s {field = "z", offset = 12 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 16>> -> memref<?xf64>
  return
}

// -----

// A field view keeps its base's leading dimensions.
func.func @field_dims(%s: memref<4x!weft.struct<"pt", 16>>) {
  // expected-error @+1 {{dimension 0 of the field view (8) differs from its base (4)}}
  %0 = weft.field %s {field = "x", offset = 0 : i64, size = 8 : i64} : memref<4x!weft.struct<"pt", 16>> -> memref<8xf64>
  return
}

// -----

// An address takes at most one index per dimension.
func.func @addr_rank(%a: memref<?xf64>, %i: index) {
  // expected-error @+1 {{'weft.addr' op has 2 indices for a memref of rank 1}}
  %0 = weft.addr %a[%i, %i] : memref<?xf64>
  return
}

// -----

// A flat view is one-dimensional, with the same elements.
func.func @flat_elems(%a: memref<4x4xf64>) {
  // expected-error @+1 {{element types differ: 'f64' and 'f32'}}
  %0 = weft.flat %a : memref<4x4xf64> -> memref<?xf32>
  return
}

// -----

// Effects touch memory, not values.
func.func @effects_on_value(%x: f64) {
  // expected-error @+1 {{'weft.effects' op reads a 'f64', which is not memory}}
  weft.effects reads(%x : f64) writes() {kind = "asm", reason = "inline assembly"}
  return
}

// -----

// Every effects op says why it exists.
func.func @effects_reason() {
  // expected-error @+1 {{'weft.effects' op needs a reason}}
  weft.effects reads() writes() {kind = "asm", reason = ""}
  return
}

// -----

// A call names a function the module declares.
func.func @undeclared(%x: f64) {
  // expected-error @+1 {{'weft.call' op calls 'nowhere', which the module does not declare}}
  %0 = weft.call @nowhere(%x) : (f64) -> f64
  return
}

// -----

// Opaque loops are while, do or for loops.
func.func @loop_kind(%c: i1) {
  // expected-error @+1 {{kind must be while, do or for, not 'until'}}
  weft.opaque_loop {kind = "until", reason = "r"} condition {
    weft.condition %c
  } body {
    weft.yield
  }
  return
}

// -----

// An opaque loop carries its reason.
func.func @loop_reason(%c: i1) {
  // expected-error @+1 {{'weft.opaque_loop' op needs a reason}}
  weft.opaque_loop {kind = "while", reason = ""} condition {
    weft.condition %c
  } body {
    weft.yield
  }
  return
}

// -----

// The condition region ends with weft.condition.
func.func @loop_terminator(%c: i1) {
  weft.opaque_loop {kind = "while", reason = "r"} condition {
    // expected-error @+1 {{'weft.yield' op must be the last operation in the parent block}}
    weft.yield
    weft.condition %c
  } body {
    weft.yield
  }
  return
}

// -----

// A task holds exactly one loop.
func.func @task_two_ops(%n: index) {
  // expected-error @+1 {{'weft.task' op must hold exactly one loop, not 2 ops}}
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64}
    affine.for %j = 0 to %n {
    } {weft.loop_id = 1 : i64}
  }
  return
}

// -----

// The loop's id must be the task's.
func.func @task_wrong_id(%n: index) {
  // expected-error @+1 {{'weft.task' op loop_id 3 does not match the loop it holds (0)}}
  weft.task "t" attributes {captures = [], guards = [], loop_id = 3 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// Only counted loops become tasks.
func.func @task_opaque() {
  // expected-error @+1 {{'weft.task' op must hold a counted loop (affine.for or scf.for), not weft.opaque_loop}}
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    weft.opaque_loop {kind = "while", reason = "a while loop", weft.loop_id = 0 : i64} condition {
      %c = arith.constant false
      weft.condition %c
    } body {
      weft.yield
    }
  }
  return
}

// -----

// A variable is captured once.
func.func @task_twice(%n: index) {
  // expected-error @+1 {{'weft.task' op captures 'n' twice}}
  weft.task "t" attributes {captures = [#weft.capture<firstprivate, "n", 1>, #weft.capture<shared, "n", 1>], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A linear shape needs its cost polynomials.
func.func @task_linear(%n: index) {
  // expected-error @+1 {{'weft.task' op a linear shape needs cost0 and cost1}}
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 2 : i64, work_per_iter = 1.0 : f64, shape = "linear"} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64}
  }
  return
}

// -----

// A reduction names its combine; nothing else has one.
func.func @capture_combine() attributes {
  // expected-error @+1 {{the reduction 's' has an unknown combine 'sub'}}
  bad = #weft.capture<reduction, "s", 1, "sub">
} {
  return
}

// -----

func.func @capture_op_on_shared() attributes {
  // expected-error @+1 {{only a reduction capture has a combine, not the shared 'a'}}
  bad = #weft.capture<shared, "a", 1, "add">
} {
  return
}

// -----

func.func @capture_array_combine() attributes {
  // expected-error @+1 {{the array reduction 'h' has an unknown combine 'max:gt'}}
  bad = #weft.capture<array_reduction, "h", 3, "max:gt">
} {
  return
}

// -----

// An induction's op is its step: a whole number, not 0, or a C variable
// with an optional sign.
func.func @capture_induction_step() attributes {
  // expected-error @+1 {{the induction 'j' has no step other than 0 or a variable, but '2 * m'}}
  bad = #weft.capture<induction, "j", 3, "2 * m">
} {
  return
}

// -----

func.func @capture_induction_zero() attributes {
  // expected-error @+1 {{the induction 'j' has no step other than 0 or a variable, but '0'}}
  bad = #weft.capture<induction, "j", 3, "0">
} {
  return
}
