// Loops with many memory accesses: bases are compared once per pair of
// bases, a run-time check is asked for once per pair of bases, and an
// access that repeats another (the same element in the same block) is
// tested once, so that a loop over many arrays is decided however many
// accesses it has. Only the exact test between accesses to one array is
// counted against a budget (docs/analysis.md, step 5).
// Execution: test/Execution/many_accesses.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

#define N 1000
double r0[N + 4], r1[N + 4], r2[N + 4], r3[N + 4], r4[N + 4], r5[N + 4];
double w0[N], w1[N], w2[N], w3[N], w4[N], w5[N];

// 300 accesses to twelve arrays (44,850 pairs of accesses).
#define LINE(a, b, c, d) a[i] = b[i] * 0.5 + c[i + 1] - d[i + 2] + a[i];
#define SIX(x)                                                                 \
  LINE(w0, r1, r2, x)                                                          \
  LINE(w1, r2, r3, x)                                                          \
  LINE(w2, r3, r4, x)                                                          \
  LINE(w3, r4, r5, x)                                                          \
  LINE(w4, r5, r0, x)                                                          \
  LINE(w5, r0, r1, x)

void many_arrays(void) {
  for (int i = 0; i < N; i++) { // expected-remark {{loop parallelized: its iterations are independent}}
    SIX(r0) SIX(r1) SIX(r2) SIX(r3) SIX(r4)
    SIX(r5) SIX(r0) SIX(r1) SIX(r2) SIX(r3)
  }
}

// One of them written one element behind its reads: found among the 300.
void one_behind(void) {
  for (int i = 0; i < N; i++) { // expected-remark {{loop not parallelized: r3[i + 1] read in iteration i is written in iteration i+1}}
    double t = r3[i + 1];
    SIX(r0) SIX(r1) SIX(r2) SIX(r3) SIX(r4)
    SIX(r5) SIX(r0) SIX(r1) SIX(r2) SIX(r3)
    r3[i] = t; // expected-note {{r3[i] written here}}
  }
}

// 241 accesses through two pointers: one run-time check.
#define TAP(k) + p[i + k] * (k % 3)
#define TEN(k)                                                                 \
  TAP(k##0) TAP(k##1) TAP(k##2) TAP(k##3) TAP(k##4) TAP(k##5) TAP(k##6)         \
      TAP(k##7) TAP(k##8) TAP(k##9)
void taps(double *q, const double *p, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that q and p do not overlap}}
    q[i] = 0 TEN(1) TEN(2) TEN(3) TEN(4) TEN(5) TEN(6) TEN(7) TEN(8) TEN(9)
        TEN(10) TEN(11) TEN(12) TEN(13) TEN(14) TEN(15) TEN(16) TEN(17) TEN(18)
        TEN(19) TEN(20) TEN(21) TEN(22) TEN(23) TEN(24);
}

// 210 distinct elements of one array written in every iteration: 22,155
// pairs to test exactly, over the budget.
#define PUT(k) a[256 * i + k] = k;
#define PUT10(k)                                                               \
  PUT(k##0) PUT(k##1) PUT(k##2) PUT(k##3) PUT(k##4) PUT(k##5) PUT(k##6)         \
      PUT(k##7) PUT(k##8) PUT(k##9)
void blocks(int *a, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it has too many accesses to a for weft to compare them all (more than 20000 pairs, at least one a write)}}
    PUT10(1) PUT10(2) PUT10(3) PUT10(4) PUT10(5) PUT10(6) PUT10(7)
    PUT10(8) PUT10(9) PUT10(10) PUT10(11) PUT10(12) PUT10(13) PUT10(14)
    PUT10(15) PUT10(16) PUT10(17) PUT10(18) PUT10(19) PUT10(20) PUT10(21)
  }
}

// The same element read many times in one statement is one access.
void repeated(double *restrict q, const double *restrict p, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    q[i] = p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i] *
           p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i] * p[i];
}
