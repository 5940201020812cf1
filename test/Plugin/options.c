// Every weft-translate option as -fplugin-arg-weft-<name>[=<value>].
// RUN: rm -rf %t && mkdir -p %t
// DEFINE: %{cc} = clang-19 -fplugin=%weft_plugin -O1 -c %s -o %t/x.o
//
// emit=<file> keeps the translated C: weft-translate's, with #line directives
// unless line-directives=0.
// RUN: %{cc} -fplugin-arg-weft-emit=%t/kept.c -fplugin-arg-weft-line-directives=0 2>/dev/null
// RUN: weft-translate %s -o %t/translated.c -- 2>/dev/null
// RUN: diff %t/kept.c %t/translated.c
// RUN: %{cc} -fplugin-arg-weft-emit=%t/lined.c 2>/dev/null
// RUN: FileCheck %s --check-prefix=LINED < %t/lined.c
// LINED: #include "weft.h"
// LINED: #line {{[0-9]+}} "{{.*}}options.c"
//
// remarks=missed|passed|none choose the loops that get a remark.
// RUN: %{cc} -fplugin-arg-weft-remarks=missed 2>&1 | FileCheck %s --check-prefix=MISSED
// MISSED-NOT: remark: loop parallelized
// MISSED: remark: loop not parallelized
// MISSED-NOT: remark: loop parallelized
// RUN: %{cc} -fplugin-arg-weft-remarks=none 2>&1 | count 0
//
// skip=<f,...> and report=<file>.
// RUN: %{cc} -fplugin-arg-weft-skip=scale,other -fplugin-arg-weft-report=%t/r.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SKIP
// RUN: FileCheck %s --check-prefix=REPORT < %t/r.json
// SKIP: options.c:{{[0-9]+}}:3: remark: loop not parallelized: the function scale is excluded by --skip
// REPORT: "function": "scale",
// REPORT: "verdict": "sequential"
//
// cores and core-weights set the generated code's default team.
// RUN: %{cc} -fplugin-arg-weft-cores=3 -fplugin-arg-weft-core-weights=1024,512,512 \
// RUN:   -fplugin-arg-weft-emit=%t/team.c 2>/dev/null
// RUN: FileCheck %s --check-prefix=TEAM < %t/team.c
// TEAM: static const int weft_default_weights[] = {1024, 512, 512};
// TEAM: weft_ready_team(3, weft_default_weights, 3)
//
// analyze: remarks, and the file compiled as written.
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-analyze -O1 -S -emit-llvm %s -o - 2>%t/analyze.err \
// RUN:   | FileCheck %s --check-prefix=ANALYZE
// RUN: FileCheck %s --check-prefix=ANALYZE-REMARK < %t/analyze.err
// ANALYZE-NOT: weft_parallel_for
// ANALYZE-REMARK: remark: loop parallelized
//
// emit=openmp: needs -fopenmp, and then the loop runs under libomp.
// RUN: %{cc} -fplugin-arg-weft-emit=openmp -fplugin-arg-weft-remarks=none 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-OPENMP
// NO-OPENMP: warning: weft: emit=openmp needs -fopenmp
// RUN: clang-19 -fplugin=%weft_plugin -fopenmp -fplugin-arg-weft-emit=openmp -O1 -S -emit-llvm %s -o - 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=OPENMP
// OPENMP: call {{.*}}@__kmpc_fork_call(
// OPENMP-NOT: weft_parallel_for
//
// Bad options are errors that name the option.
// RUN: not %{cc} -fplugin-arg-weft-bogus=1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: weft plugin: unknown option 'bogus' (-fplugin-arg-weft-help lists them)
// RUN: not %{cc} -fplugin-arg-weft-remarks=some 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// BAD-VALUE: error: weft plugin: remarks must be all, missed, passed or none, not 'some'
// RUN: not %{cc} -fplugin-arg-weft-cores=x 2>&1 | FileCheck %s --check-prefix=BAD-CORES
// BAD-CORES: error: weft plugin: 'cores' takes a number, not 'x'
// RUN: not %{cc} -fplugin-arg-weft-emit=openmp -fplugin-arg-weft-cores=2 2>&1 | FileCheck %s --check-prefix=BAD-MIX
// BAD-MIX: error: weft plugin: cores and core-weights set libweft's team
// RUN: not %{cc} -fplugin-arg-weft-emit-mlir 2>&1 | FileCheck %s --check-prefix=BAD-TOOL
// BAD-TOOL: error: weft plugin: 'emit-mlir' is weft-translate's only
// An output that cannot be written is an error, and nothing is left behind.
// RUN: not %{cc} -fplugin-arg-weft-emit=%t/no/such/dir/x.c 2>&1 | FileCheck %s --check-prefix=BAD-EMIT
// BAD-EMIT: error: weft: cannot write '{{.*}}no/such/dir/x.c'
//
// help lists the options.
// RUN: %{cc} -fplugin-arg-weft-help -fplugin-arg-weft-remarks=none 2>&1 | FileCheck %s --check-prefix=HELP
// HELP: Options, each as -fplugin-arg-weft-<name>[=<value>]
// HELP: emit=<file.c>

void scale(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i];
}

void running(float *y, int n) {
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
