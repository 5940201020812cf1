// RUN: %exec-check %s
// PARALLEL: 1
// A run-time check of an inner loop may not name a variable that the loop
// around steps with its counter (docs/analysis.md, "Other counters"):
// weft-count-loops takes the step out of the IR, but C's variable moves,
// and where the inner loop starts it holds its start plus the steps so
// far. Named for its start, the check tested the rows one step further on
// (here apart from x, where the row written at r = 1 overlaps it): the
// inner loop ran in parallel over elements it reads and writes, and the
// chunks run in reverse (WEFT_SCHEDULE=reverse) gave other results. The
// inner loops now stay sequential ("weft cannot name d in a run-time
// check"), for an int offset and for a pointer alike; the loops around
// carry t.
#include <stdio.h>

#define W 1000
static double A[8000];

static double rows_int(double *y, const double *x, int skip) {
  int j = 0;
  double t = 0;
  if (skip)
    j++;
  for (int r = 0; r < 4; r++) {
    for (int c = 0; c < W; c++)
      y[j + c] = x[c] * 0.5 + 1.0;
    t = t * 0.5 + y[j + 1];
    j += 1500;
  }
  return t;
}

static double rows_ptr(double *y, const double *x, int skip) {
  double *d = y;
  double t = 0;
  if (skip)
    d++;
  for (int r = 0; r < 4; r++) {
    for (int c = 0; c < W; c++)
      d[c] = x[c] * 0.5 + 1.0;
    t = t * 0.5 + d[1];
    d += 1500;
  }
  return t;
}

static unsigned long hash(unsigned long h) {
  for (int i = 0; i < 8000; i++)
    h = h * 31 + (unsigned long)(A[i] * 16.0);
  return h;
}

int main(void) {
  unsigned long h = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < 8000; i++)
      A[i] = (double)(i % 113);
    double t = pass == 0 ? rows_int(A, A + 1800, 0) : rows_ptr(A, A + 1800, 0);
    h += (unsigned long)(t * 64.0);
    h = hash(h);
  }
  printf("%lu\n", h);
  return 0;
}
