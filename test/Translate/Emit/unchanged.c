// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: cmp %s %t.c
// A file where no loop runs in parallel is written back byte for byte: no
// header, no helper, nothing.
#include <stdio.h>

int prefix(int *a, int n) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
  return a[n - 1];
}

void tiny(int *a) {
  for (int i = 0; i < 4; i++)
    a[i] = 0;
}
