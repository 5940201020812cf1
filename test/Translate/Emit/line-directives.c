// RUN: weft-translate %s --line-directives -o %t.c -- 2>/dev/null
// RUN: FileCheck %s < %t.c
// RUN: not %host_cc -std=c11 -fsyntax-only -Werror=unused-variable -I %weft_runtime_include %t.c 2>&1 | FileCheck %s --check-prefix=DIAG
// With --line-directives, diagnostics in the moved body and in the code
// after the loop point at this file's lines.

// CHECK: #line [[@LINE+3]] "{{.*}}line-directives.c"
// CHECK: #line [[@LINE+1]] "{{.*}}line-directives.c"
void fill(int *a, int n) {
  for (int i = 0; i < n; i++) {
    int scratch = i; // DIAG: line-directives.c:[[@LINE]]:{{[0-9]+}}: error: unused variable 'scratch'
    a[i] = 3 * i;
  }
  int after = 0; // DIAG: line-directives.c:[[@LINE]]:{{[0-9]+}}: error: unused variable 'after'
}
