// A flexible array member (C99 `float w[];`) or a GNU zero-length one
// reaches past its struct: weft treats its elements as unknown memory, so
// loops that write them stay sequential. (Importing them once failed the
// module's verifier: found by crash fuzzing.)
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s
// RUN: weft-translate %s -o %t.c --
// RUN: %host_cc -std=gnu11 -c %t.c -o %t.o
struct buf { int n; float w[]; };
struct zl { double x; float w[0]; };

// CHECK: flexible-array.c:[[@LINE+2]]:3: remark: loop not parallelized: b->w[i] and b->w[i] may be the same memory in two iterations (weft cannot follow where b->w points)
void fill(struct buf *b, int n) {
  for (int i = 0; i < n; i++)
    b->w[i] = (float)i;
}

// CHECK: flexible-array.c:[[@LINE+2]]:3: remark: loop not parallelized: b->w[i] and out[i] may be the same memory in two iterations (weft cannot follow where b->w points)
void scale(const struct buf *b, int n, float *out) {
  for (int i = 0; i < n; i++)
    out[i] = b->w[i] * 2;
}

// CHECK: flexible-array.c:[[@LINE+2]]:3: remark: loop not parallelized: z->x and z->w[i] may be the same memory in two iterations (weft cannot follow where z->w points)
void zero_length(struct zl *z, int n) {
  for (int i = 0; i < n; i++)
    z->w[i] = (float)z->x;
}
