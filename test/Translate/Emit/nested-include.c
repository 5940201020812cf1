// RUN: weft-translate %s -o %t.c -- -I %S/Inputs 2>&1 | FileCheck %s
// RUN: %host_cc -std=c11 -c %t.c -I %S/Inputs -I %weft_runtime_include -o %t.o
// RUN: weft-translate %s -o %t.omp.c --emit=openmp -- -I %S/Inputs 2>&1 | FileCheck %s
// RUN: %host_cc -std=c11 -fopenmp -c %t.omp.c -I %S/Inputs -o %t.omp.o
// A system header included inside a function (directly or through a file
// the function includes) declares its types there, in the function, and
// sets its include guard for the whole file: weft's header (or the OpenMP
// output's checks), which includes the same system headers at file scope
// after it, would not compile. Loops whose outlined code would go after
// such an #include stay sequential and say why; a file included in a
// function that brings in no system header changes nothing.

// CHECK: nested-include.c:[[#@LINE+6]]:3: remark: loop parallelized
float table_sum(int k) {
#include "table.inc"
  return tab[k & 3];
}
void before(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = i;
}

float root(float x) {
#include "wraps-math.inc"
  return sqrtf(x);
}

// CHECK: nested-include.c:[[#@LINE+2]]:3: remark: loop not parallelized: the #include at line [[#@LINE-4]] brings system headers into a function or type: weft's header, which includes them at file scope after it, would not compile
void after(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = i * 2;
}
