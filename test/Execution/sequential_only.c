// RUN: %exec-check %s
// PARALLEL: 0
// GRAPHS: 1
// Loops that must stay sequential, each for its reason: a prefix sum (a
// value carried between iterations), a histogram whose update is no
// reduction (h = 2 * h + 1: the order of updates matters), a pointer walk
// by a step it reads (`p += *p & 1`), a loop with I/O, an argmax (its index is decided by the
// max's comparison, which in a chunk would see only the chunk's maximum),
// and the same comparison marking the running maxima. The translated
// program must still compute the same results.
#include <stdio.h>

#define N 20000
static int v[N], pre[N], hist[64], mark[N];

int main(void) {
  v[0] = 1;
  for (int i = 1; i < N; i++)
    v[i] = (v[i - 1] * 7919 + i) % 1000;
  pre[0] = v[0];
  for (int i = 1; i < N; i++)
    pre[i] = pre[i - 1] + v[i];
  for (int i = 0; i < N; i++)
    hist[v[i] % 64] = 2 * hist[v[i] % 64] + 1;
  int *p = v, acc = 0;
  for (int i = 0; i < N; i++, p += *p & 1)
    acc += *p;
  int best = -1, arg = -1;
  for (int i = 0; i < N; i++)
    if (v[i] > best) {
      best = v[i];
      arg = i;
    }
  int top = -1;
  unsigned marks = 0;
  for (int i = 0; i < N; i++)
    if (v[i] > top) {
      top = v[i];
      mark[i] = 1;
    }
  for (int i = 0; i < N; i++)
    marks = marks * 3u + (unsigned)(mark[i] * i);
  printf("%d %u\n", top, marks);
  for (int i = 0; i < 3; i++)
    printf("%d ", hist[i]);
  printf("%d %d %d %d\n", pre[N - 1], acc, best, arg);
  return 0;
}
