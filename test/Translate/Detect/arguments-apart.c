// Call-site alias facts: a static function whose every call is a direct
// call in the file, and whose arguments are apart memory at every call
// (distinct allocations, distinct arrays, or parameters of a caller that
// are apart in turn), takes its parameters as never overlapping: cfd's
// compute_flux (bench/programs), whose neighbour index no run-time check
// can bound. Anything else keeps the check.
// Execution: test/Execution/arguments_apart.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

#include <stdlib.h>

// Every call passes two different allocations: no check, although the
// neighbour index nb[i] is unknown.
static void gather(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = in[nb[i]] * 0.5;
}

// One call passes the same buffer twice: not apart.
static void shift(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[nb[i]] touches depend on values weft cannot name in C (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = in[nb[i]] + 1; // expected-note {{in[nb[i]] here}}
}

// Its address is taken: calls weft does not see may pass anything.
static void taken(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[nb[i]] touches depend on values weft cannot name in C (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = in[nb[i]] - 1; // expected-note {{in[nb[i]] here}}
}

// Not static: other files may call it.
void visible(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[nb[i]] touches depend on values weft cannot name in C (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = in[nb[i]] * 2; // expected-note {{in[nb[i]] here}}
}

// Called only by step, with step's parameters, which are apart at its
// only call: apart here too.
static void inner(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = in[nb[i]] * 3;
}
static void step(int n, const int *nb, double *a, double *b) {
  inner(n, nb, a, b);
}

// A recursive function: apart only by what its other callers prove; here
// it passes its own parameters swapped, which are apart if they were.
static void ping(int n, int depth, const int *nb, double *x, double *y) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    y[i] = x[nb[i]] + depth;
  if (depth > 0)
    ping(n, depth - 1, nb, y, x);
}

// An allocation whose pointers an initializer list keeps (an array of
// row pointers, a struct's field): a pointer loaded from there may be the
// allocation (before, the initializer's pointers were no use of it, the
// allocation counted as captured nowhere, and these were "apart").
static void from_table(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[nb[i]] touches depend on values weft cannot name in C (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = in[nb[i]] + 2; // expected-note {{in[nb[i]] here}}
}
static void from_struct(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[nb[i]] touches depend on values weft cannot name in C (if they never do, declare them restrict, or put #pragma weft assume_no_alias before the loop)}}
    out[i] = in[nb[i]] + 3; // expected-note {{in[nb[i]] here}}
}
struct halves {
  double *lo, *hi;
};

void (*keep)(int, const int *, const double *, double *) = taken;

double run(int n) {
  int *nb = malloc(n * sizeof *nb);
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double s[64], t[64];
  if (!nb || !a || !b || n > 64)
    return 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: its iterations are independent}}
    nb[i] = (i * 7) % n;
    a[i] = i;
    s[i] = i;
  }
  gather(n, nb, a, b);
  gather(n, nb, s, t);
  shift(n, nb, a, b);
  shift(n, nb, a, a);
  taken(n, nb, a, b);
  visible(n, nb, a, b);
  step(n, nb, a, b);
  ping(n, 3, nb, a, b);
  double *rows[] = {a + 1, a};
  for (int k = 0; k < 2; k++) // expected-remark {{loop not parallelized: from_table(n, nb, a, rows[k]) and from_table(n, nb, a, rows[k]) may be the same memory in two iterations (one is a pointer computed in the loop)}}
    from_table(n, nb, a, rows[k]); // expected-note {{here}}
  struct halves h = {a, a + n / 2};
  from_struct(n, nb, a, h.hi);
  double r = b[n - 1] + t[n - 1];
  free(nb), free(a), free(b);
  return r;
}
