// RUN: %exec-check %s
// PARALLEL: 6
// OPENMP-PARALLEL: 5
// Scalars assigned in only some iterations whose value is dead after the
// loop: every path out of the loop writes them before reading them (right
// after it, in both branches of an if, in the rest of an outer loop's
// body). Each loop runs in parallel with the scalar private; the outputs
// must match the sequential program's, including the values the scalars
// take afterwards. A write that a break skips keeps its loop sequential.
#include <stdio.h>

#define N 40000
static int v[N], out[N];

static int overwritten_after(int n) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 10) {
      t = v[i] * 2;
      out[i] = t;
    }
  t = n / 3;
  return t + out[7];
}

static int both_branches(int n) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] % 3 == 0) {
      t = v[i] - 1;
      out[i] += t;
    }
  if (n > 4)
    t = out[1];
  else
    t = -1;
  return t;
}

static long outer(int n, int m) {
  int t = 0;
  long s = 0;
  for (int k = 0; k < m; k++) {
    for (int i = 0; i < n; i++)
      if (v[i] > k) {
        t = v[i] - k;
        out[i] = t;
      }
    t = out[(k * 7) % n];
    s = s * 3 % 1000003 + t;
  }
  return s + t;
}

static int after_break(int n, int m) {
  int t = 0;
  while (m-- > 0) {
    for (int i = 0; i < n; i++)
      if (v[i] > m) {
        t = v[i] - m;
        out[i] = t;
      }
    if (out[5] == m)
      break;
    t = 0;
  }
  return t;
}

int main(void) {
  for (int i = 0; i < N; i++)
    v[i] = (i * 37) % 101;
  printf("%d\n", overwritten_after(N));
  printf("%d\n", both_branches(N));
  printf("%ld\n", outer(N, 6));
  printf("%d\n", after_break(N, 50));
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (long)(i % 13);
  printf("%ld\n", sum);
  return 0;
}
