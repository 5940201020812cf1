// RUN: %exec-check %s
// PARALLEL: 6
// Counted loops of every shape: <, <=, >, >=, != conditions; steps of one
// and more, up and down; unsigned, char-sized, long and size_t counters;
// start values from variables and expressions. (The unsigned char loop is
// too short to be worth a fork/join.)
#include <stddef.h>
#include <stdio.h>

#define N 30000
static int a[N];

static int start_of(int k) { return k * 3 + 1; }

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 0;
  for (int i = 10; i <= N - 1; i += 2)
    a[i] += 1;
  for (int i = N - 1; i > 100; i--)
    a[i] += 2;
  for (long i = N - 1; i >= 0; i -= 7)
    a[i] += 3;
  for (size_t i = 5; i != (size_t)N; i++)
    a[i] += 4;
  int s0 = start_of(2);
  for (unsigned i = (unsigned)s0; i < N && i < 25000u; i += 3)
    a[i] += 5;
  for (unsigned char c = 0; c < 200; c++)
    a[c * 100 + 7] += 6;
  long long sum = 0;
  for (int i = 0; i < N; i++)
    sum += (long long)a[i] * (i % 7 + 1);
  printf("%lld %d %d %d\n", sum, a[0], a[N - 1], a[12345]);
  return 0;
}
