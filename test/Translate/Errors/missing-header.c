// A missing header is clang's error; no output.
// RUN: not weft-translate %s --emit-mlir -o %t.out -- 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// CHECK: fatal error: 'no_such_header.h' file not found
// CHECK: did not compile; no output written
#include "no_such_header.h"
