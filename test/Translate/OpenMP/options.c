// The fork/join cost of OpenMP output is 3000 ns by default (libweft's is
// 1000): a loop of ~3 us runs in parallel on libweft, not on OpenMP,
// unless --fork-join-ns says otherwise.
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s --check-prefix=WEFT
// RUN: weft-translate %s --analyze --emit=openmp -- 2>&1 | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --analyze --emit=openmp --fork-join-ns=1000 -- 2>&1 | FileCheck %s --check-prefix=WEFT
// WEFT: options.c:[[@LINE+8]]:3: remark: loop parallelized
// OMP:  options.c:[[@LINE+7]]:3: remark: loop not parallelized: too little work to pay for a fork/join: {{.*}} below 6000 ns

// The team options are libweft's.
// RUN: not weft-translate %s --emit=openmp --cores=4 -- 2>&1 | FileCheck %s --check-prefix=TEAM
// RUN: not weft-translate %s --emit=openmp --core-weights=2,1 -- 2>&1 | FileCheck %s --check-prefix=TEAM
// TEAM: weft-translate: --cores and --core-weights set libweft's team; OpenMP output takes OMP_NUM_THREADS and OMP_PLACES at run time instead
void scale(float *restrict y, const float *restrict x) {
  for (int i = 0; i < 1000; i++)
    y[i] = x[i] * 3.0f + 1.0f;
}

// RUN: not weft-translate %s --emit=fortran -- 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Cannot find option named 'fortran'
