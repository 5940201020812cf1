// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// What the model cannot describe precisely becomes weft.effects with its
// kind and reason: nothing is dropped.

// CHECK-LABEL: func.func @assembly
// CHECK: weft.effects reads() writes() {kind = "asm", reason = "inline assembly", unknown_reads, unknown_writes{{.*}}}
void assembly(void) { __asm__ volatile("" ::: "memory"); }

// CHECK-LABEL: func.func @volatile_access
// CHECK: %[[P:.*]] = weft.addr %arg1[%{{.*}}]{{.*}} : memref<?xi32>
// CHECK: weft.effects reads() writes(%[[P]] : !weft.ptr) {kind = "volatile", reason = "writes volatile v[i]"{{.*}}}
void volatile_access(int n, volatile int *v) {
  for (int i = 0; i < n; i++)
    v[i] = i;
}

// CHECK-LABEL: func.func @atomics
// CHECK: weft.effects reads(%{{.*}} : !weft.ptr) writes() {kind = "atomic", reason = "an atomic operation", unknown_reads, unknown_writes{{.*}}} -> i32
int atomics(int *p) { return __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST); }

// CHECK-LABEL: func.func @sync_builtin
// CHECK: weft.effects reads(%{{.*}} : !weft.ptr) writes(%{{.*}} : !weft.ptr) {kind = "atomic", reason = "an atomic operation (__sync_fetch_and_add{{.*}})", unknown_reads, unknown_writes{{.*}}} -> i32
int sync_builtin(int *p) { return __sync_fetch_and_add(p, 1); }

// CHECK-LABEL: func.func @atomic_object
// CHECK: weft.effects reads(%{{.*}} : memref<i32>) writes() {kind = "atomic", reason = "reads atomic hits"} -> i32
_Atomic int hits;
int atomic_object(void) { return hits; }

// CHECK-LABEL: func.func @jumps
// CHECK: weft.effects reads(%{{.*}} : !weft.ptr) writes(%{{.*}} : !weft.ptr) {kind = "setjmp", reason = "a non-local jump (_setjmp)", unknown_reads, unknown_writes{{.*}}} -> i32
#include <setjmp.h>
jmp_buf env;
int jumps(void) { return setjmp(env); }

// CHECK-LABEL: func.func @through_pointer
// CHECK: weft.effects reads() writes() {kind = "call", reason = "a call through a function pointer", unknown_reads, unknown_writes{{.*}}}
void through_pointer(void (*f)(void)) { f(); }

// CHECK-LABEL: func.func @goto_and_label
// CHECK: weft.goto "again"
// CHECK: weft.label "again"
void goto_and_label(int *p) {
  if (*p) goto again;
  *p = 1;
again:
  *p += 1;
}
