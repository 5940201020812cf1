// Streaming: y = a*x + y over 8M floats, through pointers that may alias
// (memory-bound; two reads and a write per 2 flops).
#include "kernel.h"
#include <stdlib.h>

static void saxpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  int n = 8 << 20;
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 1000) * 0.001f;
    y[i] = (float)(i % 7);
  }
  KERNEL_BEGIN
  for (int r = 0; r < 40; r++) {
    KERNEL_FENCE();
    saxpy(n, 0.5f, x, y);
  }
  KERNEL_END
  double s = 0;
  for (int i = 0; i < n; i += 97)
    s += y[i];
  printf("%.9e\n", s);
  return 0;
}
