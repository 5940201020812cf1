// The plugin compiles the translation in one step: -emit-llvm shows the
// loop's body outlined and called through the runtime, and the remarks come
// out as clang remarks on the file as written, with their notes.
// RUN: clang-19 -fplugin=%weft_plugin -O1 -S -emit-llvm %s -o %t.ll 2>%t.err
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=DECL < %t.ll
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// -S without -emit-llvm: the same calls in the assembly.
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-remarks=none -O1 -S %s -o - 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ASM
// -c: an object that needs libweft.
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-remarks=none -O1 -c %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM

// CHECK: define {{.*}}void @scale(
// CHECK: call {{.*}}@weft_parallel_for(ptr {{.*}}, ptr {{.*}}@[[BODY:weft_scale_[0-9]+]],
// CHECK: define internal void @[[BODY]](
// DECL-DAG: declare {{.*}}@weft_parallel_for(
// DECL-DAG: declare {{.*}}@weft_check_abi(

// ASM: scale:
// ASM: call{{.*}}weft_parallel_for

// NM: U weft_check_abi
// NM: U weft_parallel_for

// REMARK: emit-llvm.c:[[@LINE+3]]:3: remark: loop parallelized
// REMARK-NEXT: {{^}}   [[@LINE+2]] |   for (int i = 0; i < n; i++)
void scale(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i];
}

// REMARK: emit-llvm.c:[[@LINE+4]]:3: remark: loop not parallelized: y[i] written in iteration i is read in iteration i+1
// REMARK: emit-llvm.c:[[@LINE+4]]:13: note: y[i - 1] read here
// REMARK-NOT: remark:
void prefix(float *y, int n) {
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
