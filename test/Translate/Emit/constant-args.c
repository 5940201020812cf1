// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --analyze --emit-mlir -o - -- 2>/dev/null | FileCheck %s --check-prefix=MLIR
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.omp.o
// Constant arguments (docs/output.md, "Constant arguments"): a static
// function whose every call passes one constant for an integer parameter
// it never assigns gets, in the outlined bodies of its loops, that
// constant for the parameter, as the C compiler knows it in the
// sequential code once it inlines the function (a window's radius, an
// image's size: unrolled and vectorized there). Not for a parameter the
// function assigns, one that calls pass different values or a variable
// for, or a function other code may call.

#include <stddef.h>

// MLIR-LABEL: func.func @window
// MLIR-SAME:  weft.constant_args = [{decl = [[R:[0-9]+]] : i64, value = 3 : i64}, {decl = {{[0-9]+}} : i64, value = -2 : i64}, {decl = {{[0-9]+}} : i64, value = 5000000000 : i64}, {decl = {{[0-9]+}} : i64, value = 7 : i64}]
// CHECK-LABEL: static inline void weft_window_{{[0-9]+}}_run(
// CHECK:         int w = weft_c->w;
// CHECK-NEXT:    int radius = 3; /* every call passes 3 */
// CHECK-NEXT:    int shift = -2; /* every call passes -2 */
// CHECK-NEXT:    long big = (long)5000000000LL; /* every call passes (long)5000000000LL */
// CHECK-NEXT:    unsigned int u = (unsigned int)7LL; /* every call passes (unsigned int)7LL */
// In OpenMP's loop, each iteration's own copy, which shadows the parameter.
// OMP-LABEL:   static void window(
// OMP:           for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:        int radius = 3; /* every call passes 3 */
// OMP-NEXT:        int shift = -2; /* every call passes -2 */
// OMP-NEXT:        long big = (long)5000000000LL; /* every call passes (long)5000000000LL */
// OMP-NEXT:        unsigned int u = (unsigned int)7LL; /* every call passes (unsigned int)7LL */
// OMP-NEXT:        int x = (int)(weft_start + weft_k);
static void window(const float *in, float *out, int w, int radius, int shift,
                   long big, unsigned u) {
  for (int x = 0; x < w; x++) {
    float acc = 0;
    for (int k = -radius; k <= radius; k++) {
      int xx = x + k < 0 ? 0 : x + k >= w ? w - 1 : x + k;
      acc += in[xx];
    }
    out[x] = acc + (float)shift + (float)(big % 3) + (float)u;
  }
}

// n is assigned; two calls pass different scales.
// MLIR-LABEL: func.func @scaled
// MLIR-NOT:   weft.constant_args
// CHECK-LABEL: static inline void weft_scaled_{{[0-9]+}}_run(
// CHECK:         int scale = weft_c->scale;
// OMP-LABEL:   static void scaled(
// OMP-NOT:       every call passes
static void scaled(float *a, int n, int scale) {
  n = n - 1;
  for (int i = 0; i < n; i++)
    a[i] *= (float)scale;
}

// Other files may call it.
// MLIR-LABEL: func.func @visible
// MLIR-NOT:   weft.constant_args
// CHECK-LABEL: static inline void weft_visible_{{[0-9]+}}_run(
// CHECK:         int scale = weft_c->scale;
void visible(float *a, int n, int scale) {
  for (int i = 0; i < n; i++)
    a[i] *= (float)scale;
}

void run(const float *in, float *out, float *a, int n) {
  window(in, out, 1000, 3, -2, 5000000000L, 7u);
  window(in + 1000, out + 1000, n, 3, -2, 5000000000L, 7u);
  scaled(a, 4000, 2);
  scaled(a, 4000, 3);
  visible(a, n, 4);
}
