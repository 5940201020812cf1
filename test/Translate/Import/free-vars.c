// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Every counted loop lists the C variables it uses that are declared outside
// it (weft.free_vars), header first, in order of first use: what an outlined copy of the
// loop is given. Variables declared in the loop, and the counter declared in
// its init, are not listed; a counter declared before the loop is. Sizes of
// variably modified types used in the body count as uses.

int table[16];

// CHECK-LABEL: func.func @uses
// The inner loop uses w, t, s, table, j and rows (k is its own).
// CHECK: weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "w"}, {decl = {{[0-9]+}} : i64, name = "t"}, {decl = {{[0-9]+}} : i64, name = "s"}, {decl = {{[0-9]+}} : i64, name = "table"}, {decl = {{[0-9]+}} : i64, name = "j"}, {decl = {{[0-9]+}} : i64, name = "rows"}], weft.iv_name = "k"
// The outer one: its counter j, then n, and what the inner loop uses.
// CHECK: weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "j"}, {decl = {{[0-9]+}} : i64, name = "n"}, {decl = {{[0-9]+}} : i64, name = "w"}, {decl = {{[0-9]+}} : i64, name = "s"}, {decl = {{[0-9]+}} : i64, name = "table"}, {decl = {{[0-9]+}} : i64, name = "rows"}], weft.iv_name = "j"
void uses(int n, int w, double s, double *rows) {
  int j;
  for (j = 0; j < n; j++) {
    double t = 0;
    for (int k = 0; k < w; k++)
      t += s * table[j % 16] + rows[j * w + k];
    rows[j] = t;
  }
}

// CHECK-LABEL: func.func @vla
// CHECK: weft.free_vars = [{decl = {{[0-9]+}} : i64, name = "n"}, {decl = {{[0-9]+}} : i64, name = "m"}, {decl = {{[0-9]+}} : i64, name = "p"}], weft.iv_name = "i"
void vla(int n, int m, double *p) {
  for (int i = 0; i < n; i++) {
    double (*row)[m] = (double (*)[m])p;
    row[i][0] = 1;
  }
}
