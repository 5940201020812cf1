// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --line-directives -o %t.l.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.l.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: FileCheck %s < %t.c
// What weft puts before a function starts on a line of its own, also when
// the function starts on the line where another one ends.
// CHECK: void first(void) {}
// CHECK-NEXT: #include "weft.h" /* weft: the parallel runtime */
void first(void) {}static void scale(int n, double *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * a[i];
}

int main(void) {
  static double a[100];
  scale(100, a);
  first();
  return (int)a[3];
}
