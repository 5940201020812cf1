// RUN: %exec-check %s
// PARALLEL: 1
// GRAPHS: 9
// OPENMP-GRAPHS: 6
// Statements that run at the same time as a task graph (weft-task-graph),
// each graph next to statements that must wait: channels of a filter and
// their energies, rows of one array, halves of one array and a loop over
// both, local scalars the tasks write (by address), a parameter a task
// assigns, a local array one task fills and another reads, a static local,
// and a struct; two pointers a run-time check finds apart, or not (loops,
// and calls). Every
// team, the reverse order (which moves each task as
// late as its edges let it) and the eager schedule (every graph on the team)
// must print what the sequential program prints.
#include <stdio.h>

#define N 100000
static float L[N], R[N], M[2][N], H[N];

static void iir(float *x, int n, float a) {
  for (int i = 1; i < n; i++)
    x[i] = x[i] + a * x[i - 1];
}

static double energy(const float *x, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    e = e * 0.5 + x[i] * x[i];
  return e;
}

/* Two channels, then each one's energy: 2 waits for 0 and 3 for 1 (out
   may be the memory of L or R, which the calls touch); 3 runs beside 2 when
   a run-time check finds out apart from L and R. */
static void channels(double *out) {
  iir(L, N, 0.5f);
  iir(R, N, 0.25f);
  for (int i = 1; i < N; i++)
    out[0] = out[0] * 0.5 + L[i] * L[i];
  for (int i = 1; i < N; i++)
    out[1] = out[1] * 0.5 + R[i] * R[i];
}

/* Rows of one array: apart. */
static void rows(void) {
  iir(&M[0][0], N, 0.5f);
  iir(&M[1][0], N, 0.75f);
}

/* Halves of one array, and a third loop over both: it waits for both. */
static void halves(void) {
  for (int i = 1; i < N / 2; i++)
    H[i] = H[i] + H[i - 1] * 0.5f;
  for (int i = N / 2 + 1; i < N; i++)
    H[i] = H[i] + H[i - 1] * 0.25f;
  for (int i = 1; i < N; i++)
    H[i] = H[i] - H[i - 1] * 0.125f;
}

/* Locals that the tasks write: each task has its own, the last reads both. */
static double locals(void) {
  double a = 0, b = 0;
  for (int i = 1; i < N; i++)
    a = a * 0.5 + L[i];
  for (int i = 1; i < N; i++)
    b = b * 0.25 + R[i];
  return a - b;
}

/* A parameter that one task assigns and another reads: in order. */
static int shrink(int n) {
  for (int i = 1; i < N; i++)
    if (L[i] > 0.4f)
      n = n / 2 + 3;
  for (int i = 1; i < N; i++)
    R[i] = R[i] * 0.5f + R[i - 1];
  for (int i = 1; i < N; i++)
    M[0][i] = M[0][i] + n * M[0][i - 1] * 1e-6f;
  return n;
}

/* A local array one task fills and a later one reads. */
static float scratch(void) {
  float t[256];
  for (int k = 0; k < 256; k++)
    t[k] = 0;
  for (int i = 0; i < N; i++)
    t[i & 255] = t[i & 255] * 0.5f + L[i];
  for (int i = 1; i < N; i++)
    M[1][i] = M[1][i] * 0.5f + M[1][i - 1];
  float s = 0;
  for (int k = 0; k < 256; k++)
    s += t[k];
  return s;
}

/* A static local counter and a struct. */
struct acc {
  double sum;
  long count;
};
static long statics(void) {
  static long calls = 0;
  struct acc p = {0, 0};
  for (int i = 1; i < N; i++) {
    p.sum = p.sum * 0.5 + H[i];
    p.count++;
  }
  for (int i = 1; i < N; i++)
    calls = (calls * 3 + (L[i] > R[i])) % 1000003;
  return calls + p.count + (long)p.sum;
}

/* Not a graph: each statement needs the one before it. */
static void chain(void) {
  iir(L, N, 0.5f);
  iir(L, N, 0.5f);
}

/* Two pointers that may be the same memory: a run-time check lets the
   second recurrence run beside the first when they are apart; main calls it
   with apart halves, with overlapping ranges and with the same array. */
static void checked(float *p, float *q, int n) {
  for (int i = 1; i < n; i++)
    p[i] = p[i] * 0.5f + p[i - 1] * 0.25f;
  for (int i = 1; i < n; i++)
    q[i] = q[i] * 0.75f + q[i - 1] * 0.125f;
}

/* The same with calls: the check takes each call's elements from its
   callee's summary. */
static void called(float *p, float *q, int n) {
  iir(p, n, 0.5f);
  iir(q, n, 0.25f);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    L[i] = (float)(i % 17) / 17.0f - 0.5f;
    R[i] = (float)(i % 13) / 13.0f - 0.5f;
    M[0][i] = (float)(i % 7) / 7.0f;
    M[1][i] = (float)(i % 5) / 5.0f;
    H[i] = (float)(i % 11) / 11.0f;
  }
  double e[2] = {0, 0};
  channels(e);
  printf("channels %.9g %.9g\n", e[0], e[1]);
  rows();
  printf("rows %.9g %.9g\n", energy(M[0], N), energy(M[1], N));
  halves();
  printf("halves %.9g\n", energy(H, N));
  printf("locals %.9g\n", locals());
  int left = shrink(7);
  printf("shrink %d %.9g %.9g\n", left, energy(R, N), energy(M[0], N));
  float s = scratch();
  printf("scratch %.9g %.9g\n", s, energy(M[1], N));
  printf("statics %ld\n", statics());
  chain();
  printf("chain %.9g\n", energy(L, N));
  checked(H, H + N / 2, N / 2);
  printf("checked apart %.9g\n", energy(H, N));
  checked(R, R + 5, N - 5);
  printf("checked overlapping %.9g\n", energy(R, N));
  checked(M[1], M[1], N);
  printf("checked same %.9g\n", energy(M[1], N));
  called(L, L + N / 2, N / 2);
  printf("called apart %.9g\n", energy(L, N));
  called(R + 3, R, N - 3);
  printf("called overlapping %.9g\n", energy(R, N));
  return 0;
}
