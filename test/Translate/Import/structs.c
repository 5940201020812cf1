// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Struct fields of array elements are views of one field in every element;
// unions and bitfields touch the whole element.

struct pt { double x, y; int id; };
struct body { struct pt pos; float w[3]; };

// CHECK-LABEL: func.func @fields
// CHECK-SAME: %[[S:arg[0-9]+]]: memref<?x!weft.struct<"pt", 24>>
// CHECK: %[[Y:.*]] = weft.field %[[S]] {field = "y", offset = 8 : i64, size = 8 : i64} : memref<?x!weft.struct<"pt", 24>> -> memref<?xf64>
// CHECK: affine.load %[[Y]][%[[I:.*]]] {{.*}}: memref<?xf64>
// CHECK: %[[X:.*]] = weft.field %[[S]] {field = "x", offset = 0 : i64, size = 8 : i64}
// CHECK: affine.store %{{.*}}, %[[X]][%[[I]]] {{.*}}: memref<?xf64>
void fields(int n, struct pt *s) {
  for (int i = 0; i < n; i++)
    s[i].x = s[i].y;
}

// Nested structs and array fields: views of views, with more dimensions.
// CHECK-LABEL: func.func @nested
// CHECK: %[[POS:.*]] = weft.field %{{.*}} {field = "pos", offset = 0 : i64, size = 24 : i64} : memref<?x!weft.struct<"body", 40>> -> memref<?x!weft.struct<"pt", 24>>
// CHECK: %[[PX:.*]] = weft.field %[[POS]] {field = "x", offset = 0 : i64, size = 8 : i64}
// CHECK: %[[W:.*]] = weft.field %{{.*}} {field = "w", offset = 24 : i64, size = 12 : i64} : memref<?x!weft.struct<"body", 40>> -> memref<?x3xf32>
// CHECK: affine.store %{{.*}}, %[[W]][%{{.*}}, 1] {{.*}}: memref<?x3xf32>
void nested(int n, struct body *b) {
  for (int i = 0; i < n; i++)
    b[i].w[1] = b[i].pos.x;
}

// Through a pointer: `p->x`.
// CHECK-LABEL: func.func @arrow
// CHECK: weft.field %{{.*}} {field = "id", offset = 16 : i64, size = 4 : i64}
void arrow(struct pt *p) { p->id = 3; }

// A whole struct is one element.
// CHECK-LABEL: func.func @copy
// CHECK: %[[V:.*]] = affine.load %{{.*}}[%{{.*}} + 1] {{.*}}: memref<?x!weft.struct<"pt", 24>>
// CHECK: affine.store %[[V]], %{{.*}}[%{{.*}}] {{.*}}: memref<?x!weft.struct<"pt", 24>>
void copy(int n, struct pt *s) {
  for (int i = 0; i < n; i++)
    s[i] = s[i + 1];
}

// Bitfields: the whole element, through weft.effects on its address.
// CHECK-LABEL: func.func @bitfield
// CHECK: %[[P:.*]] = weft.addr %arg1[%{{.*}}] : memref<?x!weft.struct<"flags", 4>>
// CHECK: weft.effects reads() writes(%[[P]] : !weft.ptr) {kind = "bitfield", reason = "writes bitfield f[i].b"{{.*}}}
struct flags { unsigned a : 3, b : 5; };
void bitfield(int n, struct flags *f) {
  for (int i = 0; i < n; i++)
    f[i].b = 1;
}
