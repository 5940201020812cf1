// RUN: %exec-check %s
// PARALLEL: 6
// Switches, labels and builtins whose effects a loop must keep
// (test/Translate/Detect/switch.c has the remarks):
// - a value written under one case and read under another stays
//   sequential (it is carried from the iteration that wrote it);
// - the same value written before the switch, or under the case that
//   reads it, is private: those loops run in parallel;
// - Duff's device, a case label of an outer switch inside a loop, leaves
//   the loop as written (an outlined body would not compile);
// - a prefetch's argument runs: `__builtin_prefetch(&b[j++])` counts,
//   and j steps with the counter (docs/analysis.md, "Other counters"):
//   that loop runs in parallel;
// - bitfields of separate elements are separate: that loop runs in
//   parallel.
#include <stdio.h>

#define N 60000
static int k[N], a[N], b[N + 1];
struct flags { unsigned on : 1, level : 3; };
static struct flags f[N];

static long checksum(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s = (s * 31 + v[i]) % 1000000007;
  return s;
}

static void duff(int x, int n, int *out) {
  int i = 0;
  switch (x) {
  case 0:
    for (i = 0; i < n; i++) {
    case 1:
      out[i] = i * 2 + 1;
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    k[i] = (i * 7) % 3;

  int t = -1;
  for (int i = 0; i < N; i++) {
    switch (k[i]) {
    case 0:
      t = i;
      break;
    case 1:
      a[i] = t;
      break;
    default:
      a[i] = -t;
    }
  }
  printf("carried: %ld t=%d\n", checksum(a, N), t);

  for (int i = 0; i < N; i++) {
    t = 3 * i;
    switch (k[i]) {
    case 0:
      a[i] = t;
      break;
    default:
      a[i] = -t;
    }
  }
  printf("written before: %ld\n", checksum(a, N));

  for (int i = 0; i < N; i++) {
    switch (k[i]) {
    case 2:
      t = i % 1000 + 5;
      a[i] = t * t % 1000;
      break;
    default:
      a[i] = 0;
    }
  }
  printf("one case: %ld\n", checksum(a, N));

  duff(0, N, a);
  printf("duff from the top: %ld\n", checksum(a, N));
  duff(1, N, a);
  printf("duff into the loop: %ld\n", checksum(a, N));

  int j = 0;
  for (int i = 0; i < N; i++) {
    __builtin_prefetch(&b[j++]);
    a[i] = j;
  }
  printf("prefetch: %ld j=%d\n", checksum(a, N), j);

  for (int i = 0; i < N; i++) {
    f[i].on = i & 1;
    f[i].level = i % 8;
  }
  long bits = 0;
  for (int i = 0; i < N; i++)
    bits += f[i].on + 2 * f[i].level;
  printf("bitfields: %ld\n", bits);
  return 0;
}
