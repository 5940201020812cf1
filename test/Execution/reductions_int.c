// RUN: %exec-check %s
// PARALLEL: 9
// Integer reductions of every operator, exact on any team: + - * & | ^, min
// and max by comparison, on int, unsigned, long long and unsigned char. The
// sums wrap around in the middle of the loop (partial results are unsigned
// in the output, so no chunk overflows a signed type).
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100000
static int v[N];
static unsigned char bytes[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (int)((i * 2654435761u) >> 7) - (1 << 24);
    bytes[i] = (unsigned char)(i * 31 + 7);
  }
  int sum = INT_MAX - 5;
  for (int i = 0; i < N; i++)
    sum += v[i];
  long long diff = 0;
  for (int i = 0; i < N; i++)
    diff -= (long long)v[i] * 3;
  unsigned prod = 1;
  for (int i = 0; i < N; i++)
    prod *= (unsigned)(v[i] | 1);
  unsigned all = ~0u, any = 0, parity = 0;
  for (int i = 0; i < N; i++) {
    all &= (unsigned)v[i] | 0x0f0f0000u;
    any |= (unsigned)v[i] & 0x1000u;
    parity ^= (unsigned)v[i];
  }
  int lo = INT_MAX, hi = INT_MIN;
  for (int i = 0; i < N; i++) {
    if (v[i] < lo)
      lo = v[i];
    hi = v[i] > hi ? v[i] : hi;
  }
  unsigned char csum = 0;
  for (int i = 0; i < N; i++)
    csum += bytes[i];
  long long lmax = LLONG_MIN;
  for (int i = 0; i < N; i++)
    lmax = (long long)v[i] * i >= lmax ? (long long)v[i] * i : lmax;
  unsigned long long usum = 0;
  for (unsigned i = 0; i < N; i++)
    usum += (unsigned long long)bytes[i] << (i % 40);
  printf("%d %lld %u %u %u %u %d %d %u %lld %llu\n", sum, diff, prod, all,
         any, parity, lo, hi, (unsigned)csum, lmax, usum);
  return 0;
}
