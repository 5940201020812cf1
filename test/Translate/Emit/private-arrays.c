// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// A private array (docs/analysis.md, "Private arrays") is declared again in
// the outlined body, uninitialized (every element read is written first),
// and named in OpenMP's private clause.

// CHECK-LABEL: static inline void weft_rows3_{{[0-9]+}}_run(
// CHECK:         double d[3]; /* this chunk's own */
// CHECK:         for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
// CHECK-NEXT:      {
// CHECK-NEXT:        for (j = 0; j < 3; j++)
// OMP:         #pragma omp parallel for schedule(static) \
// OMP-NEXT:        private(j, d)
void rows3(const double *restrict x, double *restrict out, int n) {
  double d[3];
  int j;
  for (int i = 0; i < n; i++) {
    for (j = 0; j < 3; j++)
      d[j] = x[3 * i + j] * 2.0;
    out[i] = d[0] + d[1] * d[2];
  }
}
