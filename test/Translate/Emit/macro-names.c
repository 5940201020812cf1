// RUN: weft-translate %s -o %t.c -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefixes=REMARK,WEFT
// RUN: FileCheck %s --input-file %t.c
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %S/Inputs -I %weft_runtime_include -o %t.o
// RUN: weft-translate %s -o %t.omp.c --emit=openmp -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefixes=REMARK,OPENMP
// RUN: FileCheck %s --check-prefix=OMP --input-file %t.omp.c
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -I %S/Inputs -o %t.omp.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -I %S/Inputs -o %t.omp2.o
// RUN: not grep -E '^#pragma push_macro\("(_GNU_SOURCE|NDEBUG|EMPTY|MACRO_NAMES_H|LATER)"\)' %t.c %t.omp.c
// RUN: not grep -E '^#pragma push_macro\("(FROM_HEADER|match)"\)' %t.c
// The file's own macros, defined before the place where weft inserts its
// headers, must not change those headers' text: `match(a, b)` is a
// function-like macro that libomp's omp.h uses as a word of its
// `#pragma omp begin declare variant match(...)`, and `chunk`, `lo` and `hi`
// are parameter names in weft.h and the checks. They are set aside with
// `#pragma push_macro`/`#undef` around the headers and restored after
// them, before the outlined code, which uses them. Reserved names
// (_GNU_SOURCE), NDEBUG, include guards and a header's macros that were
// defined after the insertion point stay as they are.
#define _GNU_SOURCE 1
#define NDEBUG
#include "macro-names.h"
#include <stdio.h>

#define match(a, b) ((a) == (b))
#define chunk 3
#define lo (-1)
#define hi 1
#define EMPTY
#define word_t long

// libweft's output sets aside the names weft.h and the checks use (and
// the standard headers they include: `int64_t`, `INT64_MAX`, ...); OpenMP
// output includes omp.h, whose names weft does not know: all of them.
// CHECK: {{^}}/* weft: the file's macros, set aside while weft's headers are read */
// CHECK-NEXT: {{^}}#pragma push_macro("chunk")
// CHECK-NEXT: {{^}}#undef chunk
// CHECK-NEXT: {{^}}#pragma push_macro("hi")
// CHECK-NEXT: {{^}}#undef hi
// CHECK-NEXT: {{^}}#pragma push_macro("lo")
// CHECK-NEXT: {{^}}#undef lo
// CHECK-NEXT: {{^}}#pragma push_macro("word_t")
// CHECK-NEXT: {{^}}#undef word_t
// CHECK-NEXT: {{^}}#include "weft.h"
// CHECK: {{^}}#pragma pop_macro("chunk")
// CHECK-NEXT: {{^}}#pragma pop_macro("hi")
// CHECK-NEXT: {{^}}#pragma pop_macro("lo")
// CHECK-NEXT: {{^}}#pragma pop_macro("word_t")
// CHECK-NOT: {{^}}#pragma push_macro
// CHECK: {{^}}static void weft_
// OMP: {{^}}#pragma push_macro("match")
// OMP-NEXT: {{^}}#undef match
// OMP: {{^}}#include <omp.h> /* weft: omp_alloc
// OMP-NEXT: {{^}}#pragma pop_macro("FROM_HEADER")
// OMP-NOT: {{^}}#pragma push_macro

// REMARK: macro-names.c:[[#@LINE+4]]:3: remark: loop parallelized
// REMARK: macro-names.c:[[#@LINE+5]]:3: remark: loop parallelized
void count(int n, const int *restrict k, const int *restrict v,
           int *restrict out, int h[restrict 64]) {
  for (int i = 0; i < n; i++)
    out[i] = match(k[i], v[i]) * chunk + lo + hi + FROM_HEADER EMPTY;
  for (int i = 0; i < n; i++)
    h[k[i] & 63] += match(v[i] & 1, 1);
}

#define LATER 2
int later(void) { return LATER; }

// An object-like macro named like a field of libweft's loop descriptor,
// which the parallel code initializes in the function: libweft's output
// leaves the loop sequential; OpenMP's has no descriptor.
#define line 7
// WEFT: macro-names.c:[[#@LINE+3]]:3: remark: loop not parallelized: the macro line (line [[#@LINE-1]]) has the name of a field of libweft's loop descriptor, which the parallel code sets where the loop is
// OPENMP: macro-names.c:[[#@LINE+2]]:3: remark: loop parallelized
void lines(int n, int *restrict out) {
  for (int i = 0; i < n; i++)
    out[i] = line * i;
}
