// RUN: %fuzz-oracle --file %s | FileCheck %s
// CHECK: 1 programs, 0 failed, 0 skipped
//
// Reduced from fuzz seed 28. GCC 12.2 at -O1 computes a different checksum
// for this program than GCC at -O0 and Clang at any level (fixed by
// -fno-ivopts); UBSan, ASan and MemorySanitizer find nothing.
// The oracle's first reference build was `gcc -O1`, so weft was blamed for
// GCC's result. The reference is now `gcc -O0`, which the sanitized Clang
// build must agree with (docs/testing.md).
#include <stdint.h>
#include <stdio.h>

double B[84];
double t;

void k0(int n, double *x) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 4; k++) {
      t = x[2 * k];
      x[k] = t * 0.5;
    }
}

int main(void) {
  for (int i = 0; i < 84; i++)
    B[i] = 0.25;
  k0(10, B);
  uint64_t h = 0;
  for (int i = 0; i < 84; i++)
    h = h + B[i] * 4096.0;
  printf("%016llx\n", (unsigned long long)h);
  return 0;
}
