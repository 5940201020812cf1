// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Global, local and static multi-dimensional arrays, and array parameters in
// every spelling: each is one memref with its C shape.

#define N 32
#define M 16
double G[N][M];
static float S[8];

// CHECK-DAG: memref.global "public" @G : memref<32x16xf64> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.escapes, weft.name = "G"}
// A static global whose address is never taken does not escape.
// CHECK-DAG: memref.global "private" @S : memref<8xf32> = uninitialized {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.name = "S"}

// CHECK-LABEL: func.func @globals
// CHECK: %[[S:.*]] = memref.get_global @S : memref<8xf32>
// CHECK: %[[G:.*]] = memref.get_global @G : memref<32x16xf64>
// CHECK: affine.for %[[I:.*]] = 0 to 32 {
// CHECK:   affine.for %[[J:.*]] = 0 to 16 {
// CHECK:     affine.store %{{.*}}, %[[G]][%[[I]], %[[J]]]{{.*}} : memref<32x16xf64>
// CHECK: affine.store %{{.*}}, %[[S]][3]{{.*}} : memref<8xf32>
void globals(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      G[i][j] = i + j;
  S[3] = 1;
}

// CHECK-LABEL: func.func @locals
// CHECK: %[[T:.*]] = memref.get_global @locals.table : memref<10xi32>
// CHECK: %[[L:.*]] = memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = {{[0-9]+}} : i64, weft.name = "loc"} : memref<4x4xi32>
// CHECK: affine.load %[[T]][%{{.*}}] {{.*}}: memref<10xi32>
// CHECK: affine.store %{{.*}}, %[[L]][%{{.*}}, 2]{{.*}} : memref<4x4xi32>
int locals(int k) {
  int loc[4][4];
  static int table[10];
  for (int i = 0; i < 4; i++)
    loc[i][2] = table[i];
  return loc[k][2];
}

// A variable-length local array: dynamic sizes.
// CHECK-LABEL: func.func @vla_local
// CHECK: %[[V:.*]] = memref.alloca(%{{.*}}, %{{.*}}) {{{.*}}weft.name = "t"} : memref<?x?xf32>
// CHECK: affine.store %{{.*}}, %[[V]][%{{.*}}, %{{.*}}]{{.*}} : memref<?x?xf32>
void vla_local(int n, int m) {
  float t[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[i][j] = 0;
}

// `double A[N][M]`, `double (*A)[M]` and a VLA parameter.
// CHECK-LABEL: func.func @params
// CHECK-SAME: %{{.*}}: memref<?x16xf64> {{{.*}}weft.name = "A"}
// CHECK-SAME: %{{.*}}: memref<?x16xf64> {{{.*}}weft.name = "B"}
// The VLA's inner size is the parameter m:
// CHECK-SAME: %{{.*}}: i32 {weft.decl = [[M:[0-9]+]] : i64, weft.name = "m"}
// CHECK-SAME: %{{.*}}: memref<?x?xf64> {{{.*}}weft.name = "C", weft.vla_sizes = array<i64: [[M]]>}
// CHECK: affine.load %{{.*}}[%[[I:.*]], %[[J:.*]]] {{.*}}: memref<?x16xf64>
// CHECK: affine.load %{{.*}}[%[[I]], %[[J]]] {{.*}}: memref<?x16xf64>
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]{{.*}} : memref<?x?xf64>
void params(double A[N][M], double (*B)[M], int n, int m, double C[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M && j < m; j++)
      C[i][j] = A[i][j] + B[i][j];
}
