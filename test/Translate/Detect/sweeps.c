// RUN: weft-translate %s --analyze --fork-join-ns=0 -- 2>&1 | grep "remark: loop parallelized" | FileCheck %s
// Sweeps (docs/outline.md, "Sweeps"): a parallel loop alone in a
// sequential loop runs with one fork for all of that loop's iterations,
// each chunk going down its band of columns, when no element is touched
// for two different j whatever i, and the loop pays for it; otherwise its
// remark says why it forks once per iteration of the loop around. The
// bodies take remainders, so that they are compute-bound.

#define N 512
int G[N][N], P[N][N];

// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: its iterations are independent; each chunk runs its part of every iteration of the loop at [[@LINE+2]]:3 around it, with one fork for all of them
void down(void) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}

// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: its iterations are independent; it forks once per iteration of the loop at [[@LINE+2]]:3 around it (G[i - 1][j + 1] and G[i][j] touch the same element in two iterations of j, whatever i)
void diagonal(void) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N - 1; j++)
      G[i][j] = (G[i - 1][j + 1] * 7 + P[i][j]) % 1009;
}

// CHECK: :[[@LINE+4]]:5: remark: loop parallelized: s is a + reduction; it forks once per iteration of the loop at [[@LINE+3]]:3 around it (its reductions are combined after each iteration of the loop at [[@LINE+3]]:3)
long reduction(void) {
  long s = 0;
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++) {
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
      s += G[i][j];
    }
  return s;
}

// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: a run-time check that p and q do not overlap; it forks once per iteration of the loop at [[@LINE+2]]:3 around it (its run-time checks are for one iteration of the loop at [[@LINE+2]]:3)
void checked(int n, int *p, const int *q) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      p[i * n + j] = (p[(i - 1) * n + j] * 7 + q[j]) % 1009;
}

// CHECK: :[[@LINE+4]]:5: remark: loop parallelized: its iterations are independent; it forks once per iteration of the loop at [[@LINE+3]]:3 around it (the i loop does not set i in its header)
void no_init(void) {
  int i = 1;
  for (; i < N; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}

// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: its iterations are independent; it forks once per iteration of the loop at [[@LINE+2]]:3 around it (its bounds change with i)
void triangle(void) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < i; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}

// CHECK: :[[@LINE+4]]:5: remark: loop parallelized: its iterations are independent; it forks once per iteration of the loop at [[@LINE+3]]:3 around it (i is used after the loop at [[@LINE+3]]:3)
int used_after(void) {
  int i;
  for (i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
  return i;
}

// A copy down the columns streams memory: whole rows read it faster than
// bands of columns.
// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: its iterations are independent; it forks once per iteration of the loop at [[@LINE+2]]:3 around it (its iterations stream memory, which each chunk would read in a band of columns down the loop at [[@LINE+2]]:3, slower than whole rows)
void stream(int n) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      G[i][j] = G[i - 1][j] + P[i][j];
}

// The loop around does more than run it: nothing to say about sweeps.
// CHECK: :[[@LINE+3]]:5: remark: loop parallelized: its iterations are independent{{ ?$}}
void more(void) {
  for (int i = 1; i < N; i++) {
    for (int j = 0; j < N; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
    P[i][0] = 1.0;
  }
}

// Under an OpenMP directive, the loop around is the directive's: no sweep
// (its text must stay the directive's loop).
// CHECK: :[[@LINE+4]]:5: remark: loop parallelized: its iterations are independent{{ ?$}}
void directive(void) {
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      G[i][j] = (G[i - 1][j] * 7 + P[i][j]) % 1009;
}
