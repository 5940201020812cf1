// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Every memory base carries its alias class (docs/ir.md): named objects,
// pointers that may reach any escaping object, and restrict pointers.

int shared[100];          // external linkage: other files may point into it
static int hidden[100];   // never escapes
static int exposed[100];  // its address is taken below

// CHECK-DAG: memref.global "public" @shared : memref<100xi32> = uninitialized {weft.alias = #weft.alias<object>, {{.*}}weft.escapes, weft.name = "shared"}
// CHECK-DAG: memref.global "private" @hidden : memref<100xi32> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.name = "hidden"}
// CHECK-DAG: memref.global "private" @exposed : memref<100xi32> = uninitialized {weft.alias = #weft.alias<object>, {{.*}}weft.escapes, weft.name = "exposed"}

int *leak(void) { return exposed; }
int sum(void) { return shared[0] + hidden[0]; }

// CHECK-LABEL: func.func @params
// CHECK-SAME: {weft.alias = #weft.alias<pointer>, weft.decl = {{[0-9]+}} : i64, weft.name = "a"}
// CHECK-SAME: {weft.alias = #weft.alias<restrict>, weft.decl = {{[0-9]+}} : i64, weft.name = "r"}
void params(int n, const float *a, float *restrict r) {
  for (int i = 0; i < n; i++)
    r[i] = a[i];
}

// A local array that is only subscripted is a private object; one passed to
// a call escapes.
// CHECK-LABEL: func.func @locals
// CHECK: memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.name = "mine"} : memref<16xf32>
// CHECK: memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.escapes, weft.name = "given"} : memref<16xf32>
void fill(float *);
void locals(void) {
  float mine[16], given[16];
  fill(given);
  for (int i = 0; i < 16; i++)
    mine[i] = given[i];
}
