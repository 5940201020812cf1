// A histogram of 32M bytes, 10 times, through a pointer parameter: every
// iteration may update any bin, so a tool runs it in parallel only with a
// copy of the bins per thread, which needs their number: the function does
// not see the array, but an unsigned char subscript reaches only 256 bins
// (weft's array reductions through pointers whose subscripts have a
// bound). A tool that cannot copy them must leave it sequential, with the
// same output (a speedup of 1).
#include "kernel.h"
#include <stdlib.h>

static void histogram(int n, const unsigned char *v, long *bins) {
  for (int i = 0; i < n; i++)
    bins[v[i]]++;
}

int main(void) {
  int n = 32 << 20;
  unsigned char *v = malloc(n);
  long bins[256] = {0};
  for (int i = 0; i < n; i++)
    v[i] = (unsigned char)((i * 2654435761u) >> 24);
  KERNEL_BEGIN
  for (int r = 0; r < 10; r++) {
    KERNEL_FENCE();
    histogram(n, v, bins);
  }
  KERNEL_END
  unsigned long h = 0;
  for (int b = 0; b < 256; b++)
    h = h * 31 + (unsigned long)bins[b];
  printf("%lu\n", h);
  return 0;
}
