// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Pointers the importer can follow become subscripts of what they point at;
// the others become weft.base of a !weft.ptr.

// `*(p + i)` and `p[i]` are the same access; `p + 1` offsets the subscript.
// CHECK-LABEL: func.func @arith
// CHECK: affine.load %[[P:.*]][%[[I:.*]] + 1] {{.*}}: memref<?xf32>
// CHECK: affine.store %{{.*}}, %[[P]][%[[I]]]{{.*}} : memref<?xf32>
void arith(int n, float *p) {
  for (int i = 0; i < n; i++)
    *(p + i) = (p + 1)[i];
}

// A pointer initialized once from a base: accesses go to the base.
// CHECK-LABEL: func.func @derived
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<?xf64>
// CHECK: affine.store %{{.*}}, %[[A]][%{{.*}} + symbol(%{{.*}})]{{.*}} : memref<?xf64>
void derived(double *a, int k, int n) {
  double *q = a + k;
  for (int i = 0; i < n; i++)
    q[i] = 0;
}

// A pointer advanced in the loop is read from its cell every iteration: the
// memory behind it is a weft.base defined inside the loop.
// CHECK-LABEL: func.func @walking
// CHECK: %[[CELL:.*]] = memref.alloca() {{{.*}}weft.name = "s", weft.pointee_bytes = 4 : i64} : memref<!weft.ptr>
// CHECK: affine.for
// CHECK:   %[[V:.*]] = affine.load %[[CELL]][] {{.*}}: memref<!weft.ptr>
// CHECK:   %[[B:.*]] = weft.base %[[V]] {alias = #weft.alias<pointer>, name = "s"} : (!weft.ptr) -> memref<?xf32>
// CHECK:   affine.store %{{.*}}, %[[B]][0]{{.*}} : memref<?xf32>
// CHECK:   weft.ptr_add
void walking(int n, float *p) {
  float *s = p;
  for (int i = 0; i < n; i++) {
    *s = 0;
    s++;
  }
}

// Arrays of pointers: the row is loaded, then its memory is a weft.base.
// CHECK-LABEL: func.func @rows
// CHECK-SAME: %[[R:arg[0-9]+]]: memref<?x!weft.ptr>
// CHECK: %[[ROW:.*]] = affine.load %[[R]][%[[I:.*]]] {{.*}}: memref<?x!weft.ptr>
// CHECK: %[[B:.*]] = weft.base %[[ROW]] {alias = #weft.alias<pointer>, name = "r[i]"}
// CHECK: affine.store %{{.*}}, %[[B]][2]{{.*}} : memref<?xf64>
void rows(int n, double **r) {
  for (int i = 0; i < n; i++)
    r[i][2] = 1;
}

// A pointer passed to a call: weft.addr of the element.
// CHECK-LABEL: func.func @call_arg
// CHECK: %[[P:.*]] = weft.addr %{{.*}}[%{{.*}}]{{.*}} : memref<?xf32>
// CHECK: weft.call @consume(%[[P]]) {{.*}}: (!weft.ptr) -> ()
void consume(float *);
void call_arg(int n, float *a) {
  for (int i = 0; i < n; i += 4)
    consume(&a[i]);
}

// Differences and comparisons of two pointers to one object type count in
// its elements (weft.ptr_diff; docs/ir.md, "Pointer comparisons"): `q - p`
// is a ptrdiff_t, `p < q` tests it against 0. A null pointer constant, a
// void pointer or pointers to different types stay opaque.
// CHECK-LABEL: func.func @differences
// CHECK: %[[Q:.*]] = weft.addr %arg1[%{{.*}}] : memref<?xf64>
// CHECK: %[[P:.*]] = weft.addr %arg0[%{{.*}}] : memref<?xf64>
// CHECK: %[[D:.*]] = weft.ptr_diff %[[Q]], %[[P]] {elem_size = 8 : i64}
// CHECK: arith.index_cast %[[D]] {{.*}}: index to i64
// CHECK: %[[E:.*]] = weft.ptr_diff %{{.*}}, %{{.*}} {elem_size = 8 : i64}
// CHECK: arith.cmpi slt, %[[E]], %{{.*}} : index
// CHECK: weft.opaque_value %{{.*}}, %{{.*}} : !weft.ptr, !weft.ptr {reason = "a comparison of pointers"
// CHECK: weft.opaque_value %{{.*}}, %{{.*}} : !weft.ptr, !weft.ptr {reason = "a comparison of pointers"
// CHECK: weft.opaque_value %{{.*}}, %{{.*}} : !weft.ptr, !weft.ptr {reason = "a comparison of pointers"
long differences(double *p, double *q, void *v, void *w, int *k) {
  long d = q - p;
  int lt = p < q + 1;
  int null = p != 0;
  int voids = v < w;
  int other = (void *)k == (void *)p;
  return d + lt + null + voids + other;
}
