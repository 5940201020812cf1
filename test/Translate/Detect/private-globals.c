// Static work arrays (docs/analysis.md, "Private arrays"): an array at file
// scope or a static local, whose address goes nowhere, is private to a loop
// whose every iteration writes each element it reads first, when every read
// of it elsewhere in the file lies in a loop whose own iterations write it
// first (no such read sees what the loop wrote). A callee that names it, a
// read outside such a loop, a caller that reads it after a call that runs
// the loop, or an array other files may reach keep it shared, with why.
// Execution: test/Execution/private_globals.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

static double work[64];
static double tail_[64];
static double named[64];
static double after[64];
double visible[64];

void rows(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: work is private}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop not parallelized: the loop at 18:3 around it runs in parallel}}
      work[j] = x[i] * j;
    out[i] = work[3] + work[60];
  }
}

// The file's other loop on work writes before it reads, in every iteration.
void again(double *restrict out, int n) {
  for (int k = 0; k < n; k++) { // expected-remark {{loop parallelized: work is private}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop not parallelized: the loop at 27:3 around it runs in parallel}}
      work[j] = k;
    out[k] += work[5];
  }
}

// A static local of 32 KiB: a copy per thread.
void big(const double *restrict x, double *restrict out, int n) {
  static float b[8192];
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: b is private (too large for a thread's stack: each thread has a copy libweft allocates)}}
    for (int j = 0; j < 8192; j++) // expected-remark {{loop not parallelized: the loop at 37:3 around it runs in parallel}}
      b[j] = (float)x[i] - j;
    out[i] = b[1024] + b[8191];
  }
}

// tail_[3] is read after the loop, outside any loop.
double last(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: tail_[j] written in one iteration is written again in another; tail_ is not private: code outside the loop may read what it writes (a read not in a loop whose iterations write it first)}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      tail_[j] = x[i] + j; // expected-note {{tail_[j] written here}}
    out[i] = tail_[3];
  }
  return tail_[3];
}

// A callee reads named by its name: a chunk's copy would not be what it
// reads.
static double get(int j) { return named[j]; }
void callee(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: named[j] written in one iteration is written again in another}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      named[j] = x[i] * 2; // expected-note {{named[j] written here}}
    out[i] = get(7);
  }
}

// Each iteration of the caller's loop reads after[3] that the loop it
// calls wrote last: the caller's loop reads it through the call.
static void fill(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: after[j] written in one iteration is written again in another; after is not private: code outside the loop may read what it writes (a read not in a loop whose iterations write it first)}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      after[j] = x[i] + j; // expected-note {{after[j] written here}}
    out[i] = after[3];
  }
}
void caller(const double *restrict x, double *restrict out, double *restrict r, int n) {
  for (int t = 0; t < 4; t++) { // expected-remark {{loop not parallelized: after[0] written in one iteration is written again in another}}
    after[0] = t; // expected-note {{after[0] written here}}
    fill(x, out, n);
    r[t] = after[3];
  }
}

// Other files may read visible.
void other(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: visible[j] written in one iteration is written again in another; visible is not private: other files or pointers may reach it and read what the loop writes (a static array whose address goes nowhere would be)}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      visible[j] = x[i] + j; // expected-note {{visible[j] written here}}
    out[i] = visible[3];
  }
}

// Functions of a header included after the arrays read them. The file
// calls peek: weft imports it (its summary reads peeked) and names the read
// after the loop. No function of the file calls peek_hidden, which other
// files may: weft does not see that code, so the array it reads escapes.
static double peeked[64];
static double hidden[64];
#include "Inputs/peek.h"
double header(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: peeked[j] written in one iteration is written again in another; peeked is not private: code outside the loop may read what it writes (a read not in a loop whose iterations write it first)}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      peeked[j] = x[i] + j; // expected-note {{peeked[j] written here}}
    out[i] = peeked[3];
  }
  return peek(3);
}

double header_unseen(const double *restrict x, double *restrict out, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: hidden[j] written in one iteration is written again in another; hidden is not private: other files or pointers may reach it and read what the loop writes (a static array whose address goes nowhere would be)}}
    for (int j = 0; j < 64; j++) // expected-remark {{loop parallelized: its iterations are independent}}
      hidden[j] = x[i] + j; // expected-note {{hidden[j] written here}}
    out[i] = hidden[3];
  }
  return 0;
}
