// RUN: %exec-check %s
// PARALLEL: 4
// Loops with hundreds of accesses (test/Translate/Detect/many-accesses.c):
// twelve arrays read and written 300 times in one iteration, and a
// 241-tap filter behind one run-time check, called on apart buffers and
// on one buffer shifted (the check fails and the loop runs as written);
// main's two set-up loops share one region.
#include <stdio.h>

#define N 4000
double r0[N + 4], r1[N + 4], r2[N + 4], r3[N + 4], r4[N + 4], r5[N + 4];
double w0[N], w1[N], w2[N], w3[N], w4[N], w5[N];

#define LINE(a, b, c, d) a[i] = b[i] * 0.5 + c[i + 1] - d[i + 2] + a[i] * 0.25;
#define SIX(x)                                                                 \
  LINE(w0, r1, r2, x)                                                          \
  LINE(w1, r2, r3, x)                                                          \
  LINE(w2, r3, r4, x)                                                          \
  LINE(w3, r4, r5, x)                                                          \
  LINE(w4, r5, r0, x)                                                          \
  LINE(w5, r0, r1, x)

static void many_arrays(void) {
  for (int i = 0; i < N; i++) {
    SIX(r0) SIX(r1) SIX(r2) SIX(r3) SIX(r4)
    SIX(r5) SIX(r0) SIX(r1) SIX(r2) SIX(r3)
  }
}

#define TAP(k) + p[i + k] * ((k % 5) - 2)
#define TEN(k)                                                                 \
  TAP(k##0) TAP(k##1) TAP(k##2) TAP(k##3) TAP(k##4) TAP(k##5) TAP(k##6)         \
      TAP(k##7) TAP(k##8) TAP(k##9)
static void taps(double *q, const double *p, int n) {
  for (int i = 0; i < n; i++)
    q[i] = 0.001 * (0 TEN(1) TEN(2) TEN(3) TEN(4) TEN(5) TEN(6) TEN(7) TEN(8)
                        TEN(9) TEN(10) TEN(11) TEN(12) TEN(13) TEN(14) TEN(15)
                            TEN(16) TEN(17) TEN(18) TEN(19) TEN(20) TEN(21)
                                TEN(22) TEN(23) TEN(24));
}

static double buf[3 * N], out[N];

static double sum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (1 + i % 7);
  return s;
}

int main(void) {
  for (int i = 0; i < N + 4; i++) {
    r0[i] = i % 13 * 0.5;
    r1[i] = i % 7 - 3;
    r2[i] = i % 5 * 0.25;
    r3[i] = i % 11 - 5;
    r4[i] = i % 3;
    r5[i] = i % 17 * 0.125;
  }
  for (int i = 0; i < 3 * N; i++)
    buf[i] = (i * 37 % 101) * 0.01;
  many_arrays();
  printf("%.6f %.6f %.6f\n", sum(w0, N), sum(w3, N), sum(w5, N));
  taps(out, buf, N);
  printf("%.6f\n", sum(out, N));
  taps(buf + 100, buf, N); // q overlaps p: runs as written
  printf("%.6f\n", sum(buf, 3 * N));
  return 0;
}
