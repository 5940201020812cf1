// Integer reductions over 16M elements: a dot product and a maximum, 12
// times (memory-bound; exact, so every order gives the same answer).
#include "kernel.h"
#include <stdlib.h>

static long long dot(int n, const int *a, const int *b, int *maxv) {
  long long s = 0;
  int mx = a[0];
  for (int i = 0; i < n; i++) {
    s += (long long)a[i] * b[i];
    if (a[i] > mx)
      mx = a[i];
  }
  *maxv = mx;
  return s;
}

int main(void) {
  int n = 16 << 20;
  int *a = malloc(sizeof(int) * n), *b = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (int)(((unsigned)i * 7919u) % 10007u) - 5000;
    b[i] = (i % 13) - 6;
  }
  long long total = 0;
  int mx = 0;
  KERNEL_BEGIN
  for (int r = 0; r < 12; r++) {
    KERNEL_FENCE();
    total += dot(n, a, b, &mx);
  }
  KERNEL_END
  printf("%lld %d\n", total, mx);
  return 0;
}
