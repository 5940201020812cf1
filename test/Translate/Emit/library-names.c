// RUN: weft-translate %s -o %t.c -- 2>&1 | FileCheck %s
// RUN: %host_cc -std=c11 -c %t.c -I %weft_runtime_include -o %t.o
// A file that defines its own memcpy, malloc, free and qsort, with types of
// its own (GSL's utils/memcpy.c defines memcpy K&R style): weft.h declares
// none of the C library's names that a row table's check uses
// (weft_rows_apart copies and sorts with GCC's and clang's builtins), so
// the output compiles as the input does. (--emit=openmp's output includes
// <stdlib.h> for getenv, and <omp.h>: such a file's OpenMP output does not
// compile.)
typedef unsigned long weft_test_size;

char *memcpy(char *d, const char *s, int n) {
  for (int i = 0; i < n; i++) // CHECK: remark: loop parallelized
    d[i] = s[i];
  return d;
}
static char pool[1 << 16];
static int used;
char *malloc(int n) {
  used += n;
  return pool + used - n;
}
void free(char *p) { (void)p; }
int qsort(int a) { return a; }

// CHECK: remark: loop parallelized: a run-time check that the rows of dst it touches are apart
void copy_rows(float **dst, float **src, int m, int n) {
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++)
      dst[k][j] = src[k][j];
}
