// The plugin parses the file once on its own and says nothing about it: a
// file clang rejects gets clang's errors once, and compiles to nothing; a
// warning comes once too, at the line as written, and the file is still
// translated.
// RUN: not clang-19 -fplugin=%weft_plugin -DBROKEN -Wall -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR --implicit-check-not=error: --implicit-check-not=remark:
// ERROR: errors-once.c:[[@LINE+11]]:39: error: expected ';' after expression
// ERROR: 1 error generated.
// RUN: clang-19 -fplugin=%weft_plugin -Wall -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// WARN-DAG: errors-once.c:[[@LINE+11]]:7: warning: unused variable 'unused'
// WARN-DAG: errors-once.c:[[@LINE+8]]:3: remark: loop parallelized
// WARN: 1 warning generated.
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// NM: U weft_parallel_for
void fill(int *restrict a, int n) {
#ifdef BROKEN
  for (int i = 0; i < n; i++) a[i] = i
#else
  for (int i = 0; i < n; i++) a[i] = i;
#endif
  int unused;
}
