// An empty file (only this comment) imports to an empty module.
// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// CHECK: module attributes {weft.flags = {{{.*}}}, weft.next_id = 0 : i64, weft.source = "{{.*}}empty.c"} {
// CHECK-NEXT: }
