// RUN: weft-opt %s --weft-remarks -verify-diagnostics
// RUN: weft-opt %s --weft-remarks="remarks=missed" 2>&1 | FileCheck %s --check-prefix=MISSED
// weft-remarks says what was finally decided for every loop with a verdict,
// including the trip count from which a task runs in parallel.

// MISSED-NOT: loop parallelized
// MISSED: loop not parallelized: too little work
func.func @remarks(%a: memref<?xf32>, %n: index) {
  // expected-remark@+2 {{loop parallelized: its iterations are independent; it runs in parallel from 400 iterations (about 5.0 ns each)}}
  weft.task "t" attributes {captures = [], guards = [], loop_id = 0 : i64, min_trip = 400 : i64, work_per_iter = 5.0 : f64} {
    affine.for %i = 0 to %n {
    } {weft.loop_id = 0 : i64, weft.verdict = "parallel", weft.candidate}
  }
  // expected-remark@+1 {{loop not parallelized: too little work to pay for a fork/join}}
  affine.for %i = 0 to 10 {
  } {weft.loop_id = 1 : i64, weft.verdict = "parallel", weft.reason = "too little work to pay for a fork/join"}
  return
}
