// RUN: weft-translate %s --emit-mlir -- -Wno-constant-conversion | FileCheck %s
// Every expression is evaluated exactly as often as C evaluates it: never
// dropped (the arguments of a prefetch, an unmodeled increment or compound
// assignment still writes), never twice (a VLA typedef's size), and not at
// all where C does not (__builtin_object_size, __builtin_constant_p).
#include <complex.h>

int b[100];

// The prefetch touches no memory, but its argument increments j.
// CHECK-LABEL: func.func @prefetch
// CHECK: affine.for
// CHECK: %[[J:.*]] = affine.load %[[CELL:.*]][]{{.*}} : memref<i32>
// CHECK: %[[NJ:.*]] = arith.addi %[[J]]
// CHECK: affine.store %[[NJ]], %[[CELL]][]
// CHECK: weft.addr
void prefetch(int *a, int n) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    __builtin_prefetch(&b[j++]);
    a[i] = j;
  }
}

// C does not evaluate these arguments: no write of j but the first store.
// CHECK-LABEL: func.func @inspect
// CHECK: affine.store %arg0
// CHECK-NOT: affine.store
// CHECK: return
int inspect(int j) {
  int s = __builtin_object_size(&b[j++], 0);
  return s + __builtin_constant_p(j++) + j;
}

// A compound assignment on a complex number: an opaque value, stored.
// CHECK-LABEL: func.func @complex_update
// CHECK: %[[OLD:.*]] = affine.load %arg0
// CHECK: %[[NEW:.*]] = weft.opaque_value %[[OLD]], %{{.*}} : {{.*}} {reason = "a compound assignment weft does not model"}
// CHECK: affine.store %[[NEW]], %arg0
void complex_update(double complex *z, int n) {
  for (int i = 0; i < n; i++)
    z[i] += 1.0;
}

// Complex arithmetic and parts: values weft does not compute, operands
// evaluated once.
// CHECK-LABEL: func.func @complex_values
// CHECK: weft.opaque_value {{.*}} {reason = "a negation weft does not model"}
// CHECK: weft.opaque_value {{.*}} {reason = "an operation on aggregates"}
// CHECK: weft.effects reads(%{{.*}} : !weft.ptr) writes() {kind = "part", reason = "reads complex part __real__ z[i]"}
double complex_values(double complex *z, double complex w, int i) {
  return -z[i] == w ? __real__ z[i] : 0;
}

// An increment weft does not model still writes.
// CHECK-LABEL: func.func @complex_increment
// CHECK: weft.opaque_value {{.*}} {reason = "an increment weft does not model"}
// CHECK: affine.store
void complex_increment(_Complex int *c) { (*c)++; }

// The size of a VLA typedef is evaluated at the typedef, once.
// CHECK-LABEL: func.func @vla_typedef
// CHECK: arith.addi
// CHECK-NOT: arith.addi
// CHECK: memref.alloca(
// CHECK: weft.opaque_value {reason = "the size of a variable-length array"}
int vla_typedef(int n) {
  typedef int T[n++];
  T a;
  return sizeof(T) + n;
}

// A cast to a variably modified type evaluates its sizes.
// CHECK-LABEL: func.func @vla_cast
// CHECK: arith.addi
// CHECK: affine.store
int vla_cast(int n, void *p) { return ((int (*)[n++])p)[0][0] + n; }

// offsetof is a constant.
// CHECK-LABEL: func.func @offset
// CHECK: arith.constant 8 : i64
#include <stddef.h>
struct rec { int a, b; int c[4]; };
long offset(void) { return offsetof(struct rec, c[0]); }

// Bitfields: an access to their element, named for the C that reads it.
// CHECK-LABEL: func.func @bitfield
// CHECK: %[[P:.*]] = weft.addr %{{.*}}[%{{.*}}]{{.*}} : memref<100x!weft.struct<"flags", 4>>
// CHECK: weft.effects reads() writes(%[[P]] : !weft.ptr) {kind = "bitfield", reason = "writes bitfield f[i].on"{{.*}}}
struct flags { unsigned on : 1, level : 3; };
struct flags f[100];
void bitfield(int n) {
  for (int i = 0; i < n; i++)
    f[i].on = 1;
}

// case and default labels are marks where the switch enters.
// CHECK-LABEL: func.func @cases
// CHECK: weft.switch
// CHECK: weft.case "case 1"
// CHECK: weft.case "case 2 ... 4"
// CHECK: weft.case "default"
int cases(int k) {
  int r = 0;
  switch (k) {
  case 1: r = 1; break;
  case 2 ... 4: r = 2;
  default: r += 3;
  }
  return r;
}
