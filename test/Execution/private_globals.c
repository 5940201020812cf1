// RUN: %exec-check %s
// PARALLEL: 4
// CFLAGS: -I%S
// Static work arrays (docs/analysis.md, "Private arrays"): a file-scope
// array and a static local of 32 KiB (a copy per team member) written
// before they are read in every iteration, with another loop of the file
// that writes the first before reading it; beside them, arrays that stay
// shared because a callee reads them by name, a caller reads what the loop
// wrote last, or code reads them after the loop. The results equal the
// sequential ones bit for bit.
#include <stdio.h>

#define N 3000
static double src[N], out1[N], out2[N], out3[N], out4[N], r[4];
static double work[64];
static double named[64];
static double after[64];
static double peeked[64];
#include "Inputs/peek.h"

static void rows(int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 64; j++)
      work[j] = src[i] * j - i;
    out1[i] = work[3] + work[60] * work[17];
  }
}

static void again(int n) {
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < 64; j++)
      work[j] = k * 0.5 + j;
    out2[k] += work[5];
  }
}

static void big(int n) {
  static float b[8192];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 8192; j++)
      b[j] = (float)src[i] - (float)j;
    out3[i] = b[1024] + b[8191];
  }
}

static double get(int j) { return named[j]; }

static void callee(int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 64; j++)
      named[j] = src[i] * 2 + j;
    out4[i] = get(7);
  }
}

static void fill(int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 64; j++)
      after[j] = src[i] + j;
    out4[i] += after[3];
  }
}

// A header's function reads peeked: it stays shared.
static double header(int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 64; j++)
      peeked[j] = src[i] + j;
    out4[i] -= peeked[3];
  }
  return peek(3);
}

static void caller(int n) {
  for (int t = 0; t < 4; t++) {
    after[0] = t;
    fill(n - t);
    r[t] = after[3] + after[0];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    src[i] = (double)((i * 37) % 101) / 7.0;
  rows(N);
  again(N);
  big(N);
  callee(N);
  caller(N);
  double hd = header(N);
  double s[4] = {0};
  for (int i = 0; i < N; i++) {
    s[0] += out1[i];
    s[1] += out2[i];
    s[2] += out3[i];
    s[3] += out4[i];
  }
  for (int k = 0; k < 4; k++)
    printf("%.17g %.17g\n", s[k], r[k]);
  printf("%.17g %.17g %.17g\n", named[7], after[3], hd);
  return 0;
}
