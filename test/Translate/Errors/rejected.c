// A file that clang rejects: clang's diagnostics, a non-zero exit, and no
// output written (an existing output file is left as it was).
// RUN: echo "previous contents" > %t.out
// RUN: not weft-translate %s --emit-mlir -o %t.out -- 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=KEPT %s < %t.out

// CHECK: rejected.c:[[@LINE+3]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared'
// CHECK: weft-translate: {{.*}}rejected.c did not compile; no output written
// KEPT: previous contents
int f(void) { return undeclared; }
