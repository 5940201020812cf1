// RUN: %exec-check %s
// PARALLEL: 6
// GRAPHS: 4
// OPENMP-GRAPHS: 0
// Parallel loops as tasks of a task graph (WEFT_TASK_LOOP): the loop runs
// beside the statements it does not touch, on its task's member and on
// every member with no task of its own ready. A recurrence beside a
// reduction into a local (the task's copy, stored back), beside a loop that
// reads a scalar another statement set, beside a loop that fills a local
// array; the statements of a frame loop's body, every frame; a loop task
// that reads a local an earlier statement of its graph assigns. Every team, the reverse
// order, the eager schedule and TSan must print what the sequential program
// prints. OpenMP output keeps these graphs as written (a section cannot
// share a loop), its loops in parallel on their own.
#include <stdio.h>

#define N 100000
static float L[N], R[N], M[N], H[N];
static long counts[N];

/* A recurrence beside a reduction into s, then a loop over both. */
static long beside(void) {
  long s = 0;
  for (int i = 1; i < N; i++)
    L[i] = L[i] * 0.5f + L[i - 1] * 0.25f;
  for (int i = 0; i < N; i++)
    s += (long)(R[i] * 100.0f) ^ 3;
  for (int i = 1; i < N; i++)
    M[i] = M[i - 1] * 0.5f + L[i];
  return s;
}

/* A scalar set before a graph whose loop task only reads it, beside a
   recurrence that writes another; a local array a loop task fills and a
   later statement reads. */
static double readers(int n) {
  float k = (float)n / N;
  double acc = 0;
  float tmp[4096];
  for (int i = 1; i < N; i++)
    H[i] = H[i - 1] * 0.75f + k;
  for (int i = 0; i < N; i++)
    R[i] = R[i] * k + 1.0f;
  for (int i = 0; i < N; i++)
    acc = acc * 0.5 + H[i];
  for (int i = 0; i < 4096; i++)
    tmp[i] = (float)(i % 31) * k;
  for (int i = 1; i < 4096; i++)
    tmp[i] = tmp[i] * 0.5f + tmp[i - 1];
  return acc + tmp[4095] + k;
}

/* A frame: a recurrence per frame beside a loop over another array. */
static double frames(void) {
  double out = 0;
  for (int f = 0; f < 12; f++) {
    for (int i = 1; i < N; i++)
      L[i] = L[i] * 0.5f + L[i - 1] * 0.5f + (float)f;
    for (int i = 0; i < N; i++)
      counts[i] += (long)(R[i] * 10.0f) + f;
    out += L[N - 1];
  }
  return out;
}

/* The loop task reads m, which an earlier statement of the graph sets. */
static long assigned(int n) {
  int m = n;
  long t = 0;
  m = m / 2 + 1;
  for (int i = 1; i < N; i++)
    H[i] = H[i] * 0.5f + H[i - 1] * 0.5f;
  for (int i = 0; i < N; i++)
    t += counts[i] % m;
  return t + m;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    L[i] = (float)(i % 17) / 17.0f - 0.5f;
    R[i] = (float)(i % 13) / 13.0f - 0.5f;
    M[i] = (float)(i % 7) / 7.0f;
    H[i] = (float)(i % 11) / 11.0f;
  }
  long s = beside();
  printf("beside %ld %.9g %.9g\n", s, L[N - 1], M[N - 1]);
  double r = readers(N / 3);
  printf("readers %.9g %.9g\n", r, R[N / 2]);
  double f = frames();
  printf("frames %.9g %ld\n", f, counts[N / 4]);
  printf("assigned %ld\n", assigned(N - 7));
  return 0;
}
