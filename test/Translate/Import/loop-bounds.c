// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Bounds from parameters, macros, globals, and expressions affine in outer
// counters.

// CHECK: #[[IP1:.*]] = affine_map<(d0) -> (d0 + 1)>

#define N 64
int limit;

// CHECK-LABEL: func.func @macro
// CHECK: affine.for %{{.*}} = 0 to 64 {
void macro(float *a) {
  for (int i = 0; i < N; i++)
    a[i] = 0;
}

// A global read at the function's top level is a valid symbol. C reads it
// again before every iteration, and a write through a pointer could change
// it: the load is marked as the bound's, and the loop as reading its bound
// from memory, which the analysis must check.
// CHECK-LABEL: func.func @global
// CHECK: %[[G:.*]] = memref.get_global @limit : memref<i32>
// CHECK: %[[L:.*]] = affine.load %[[G]][] {weft.bound_of = [[ID:[0-9]+]] : i64, weft.expr = {{[0-9]+}} : i64} : memref<i32>
// CHECK: %[[LI:.*]] = arith.index_cast %[[L]] : i32 to index
// CHECK: affine.for %{{.*}} = 0 to %[[LI]] {
// CHECK: } {weft.bound_reads_memory, {{.*}}weft.loop_id = [[ID]] : i64{{.*}}}
void global(float *a) {
  for (int i = 0; i < limit; i++)
    a[i] = 0;
}

// A global bound with a call in the body, which may change it: counted
// too, the bound read once and marked; whether the call writes it is for
// the analysis to decide, from the call's summary (Detect/bound-in-memory.c).
// CHECK-LABEL: func.func @global_and_call
// CHECK: %[[L2:.*]] = affine.load %{{.*}}[] {weft.bound_of = [[ID2:[0-9]+]] : i64, weft.expr = {{[0-9]+}} : i64} : memref<i32>
// CHECK: affine.for
// CHECK-NEXT: weft.call @touch()
// CHECK: } {weft.bound_reads_memory, {{.*}}weft.loop_id = [[ID2]] : i64{{.*}}}
void touch(void);
void global_and_call(float *a) {
  for (int i = 0; i < limit; i++)
    touch();
}

// Triangular: j from i + 1 to n.
// CHECK-LABEL: func.func @triangular
// CHECK: affine.for %[[I:.*]] = 0 to %[[N:.*]] {
// CHECK:   affine.for %{{.*}} = #[[IP1]](%[[I]]) to %[[N]] {
void triangular(int n, float *a) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[i * 64 + j] = 0;
}

// A bound computed inside an outer loop is not an MLIR symbol: scf.for.
// CHECK-LABEL: func.func @inner_bound
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK:   %[[LEN:.*]] = affine.load %{{.*}}[%[[I]]] {{.*}}: memref<?xi32>
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   } {weft.c_init, weft.counter = {{.*}}, weft.iv_name = "j", weft.kind = "for", weft.loop_id = 6 : i64{{.*}}}
void inner_bound(int n, const int *len, float *a) {
  for (int i = 0; i < n; i++) {
    int m = len[i];
    for (int j = 0; j < m; j++)
      a[j] = 0;
  }
}

// Bounds read through pointers and struct fields: counted, each load marked.
// CHECK-LABEL: func.func @in_memory
// CHECK: %[[A:.*]] = affine.load %arg0[0] {weft.bound_of = [[ID:[0-9]+]] : i64, weft.expr = {{[0-9]+}} : i64{{.*}}}
// CHECK: %[[B:.*]] = affine.load %{{.*}}[0] {weft.bound_of = [[ID]] : i64, weft.expr = {{[0-9]+}} : i64}
// CHECK: scf.for
// CHECK: } {weft.bound_reads_memory, {{.*}}weft.loop_id = [[ID]] : i64{{.*}}}
struct shape { int rows, cols; };
void in_memory(const int *len, const struct shape *s, float *a) {
  for (int i = 0; i < *len && i < s->cols; i++)
    a[i] = 0;
}

// A bound that reads the counter is not a bound.
// CHECK-LABEL: func.func @reads_counter
// CHECK: weft.opaque_loop {kind = "for", reason = "the bound reads the counter i"
void reads_counter(const int *lim, float *a) {
  for (int i = 0; i < lim[i]; i++)
    a[i] = 0;
}

// A call in the bound is made again before every iteration (a call with
// side effects makes the condition one with side effects).
// CHECK-LABEL: func.func @calls
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition calls count, which C calls again in every iteration"
__attribute__((pure)) int count(const float *a);
void calls(float *a) {
  for (int i = 0; i < count(a); i++)
    a[i] = 0;
}
