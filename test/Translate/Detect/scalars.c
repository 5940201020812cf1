// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// Scalars a loop writes: private, last-private (also a counter used after the
// loop), reductions of every operator, and the ones that carry a value.

// A temporary written before it is read in every iteration: private.
// expected-remark@+3 {{loop parallelized: t is private}}
void temporary(int n, float *restrict out, const float *restrict in) {
  float t;
  for (int i = 0; i < n; i++) {
    t = in[i] * 2;
    out[i] = t + 1;
  }
}

// The same, used after the loop: last-private.
// expected-remark@+3 {{loop parallelized: t is last-private}}
float last_value(int n, float *restrict out, const float *restrict in) {
  float t = 0;
  for (int i = 0; i < n; i++) {
    t = in[i] * 2;
    out[i] = t;
  }
  return t;
}

// A C89 counter used after the loop is last-private too (its exit value).
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
int counter_after(int n, float *restrict out) {
  int i;
  for (i = 0; i < n; i++)
    out[i] = 0;
  return i;
}

// Integer reductions of every operator.
// expected-remark@+3 {{loop parallelized: s is a + reduction; p is a * reduction; a is a & reduction; o is a | reduction; x is a ^ reduction}}
int int_reductions(int n, const int *v) {
  int s = 0, p = 1, a = -1, o = 0, x = 0;
  for (int i = 0; i < n; i++) {
    s += v[i];
    p *= v[i];
    a &= v[i];
    o |= v[i];
    x ^= v[i];
  }
  return s + p + a + o + x;
}

// Subtraction accumulates like addition.
// expected-remark@+3 {{loop parallelized: s is a + reduction}}
long subtract(int n, const long *v) {
  long s = 100;
  for (int i = 0; i < n; i++) {
    s -= v[i];
    s += 2 * v[i];
  }
  return s;
}

// Min and max, as `if` and as `?:`: exact even for floating point.
// expected-remark@+3 {{loop parallelized: m is a max reduction; k is a min reduction}}
float min_max(int n, const float *v) {
  float m = -1e30f, k = 1e30f;
  for (int i = 0; i < n; i++) {
    if (v[i] > m)
      m = v[i];
    k = v[i] < k ? v[i] : k;
  }
  return m - k;
}

// `x = x op y` spelled out, and integer max with >=.
// expected-remark@+3 {{loop parallelized: s is a + reduction; m is a max reduction}}
int spelled(int n, const int *v) {
  int s = 0, m = 0;
  for (int i = 0; i < n; i++) {
    s = s + v[i] * 3;
    if (v[i] >= m)
      m = v[i];
  }
  return s + m;
}

// A floating-point sum changes its rounding in parallel: refused without
// permission (see fast-math.c for the permission).
// expected-remark@+3 {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
double fsum(int n, const double *v) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i]; // expected-note {{s updated here}}
  return s;
}

// Not a reduction: the running value is also stored (a prefix sum).
// expected-remark@+3 {{loop not parallelized: s carries a value from one iteration to the next}}
void prefix(int n, int *restrict out, const int *restrict v) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += v[i]; // expected-note {{s read here}}
    out[i] = s;
  }
}

// Not a reduction: two different operators on one variable.
// expected-remark@+3 {{loop not parallelized: s carries a value from one iteration to the next}}
int mixed(int n, const int *v) {
  int s = 1;
  for (int i = 0; i < n; i++) {
    s += v[i]; // expected-note {{s read here}}
    s *= 2;
  }
  return s;
}

// Assigned only in some iterations and used after the loop: conditionally
// last-private, the last iteration that assigns it gives its value (each
// chunk records whether it assigned it).
// expected-remark@+3 {{loop parallelized: last is conditionally last-private (the last iteration that assigns it gives its value)}}
int conditional_last(int n, const int *v) {
  int last = -1;
  for (int i = 0; i < n; i++)
    if (v[i] > 0)
      last = i;
  return last;
}

// Assigned in an inner loop that surely runs (constant bounds, no jump):
// every outer iteration assigns it, so it is last-private.
// expected-remark@+3 {{loop parallelized: last is last-private}}
int inner_last(int n, const int *restrict v, int *restrict out) {
  int last = -1;
  for (int i = 0; i < n; i++)
    for (int j = 3; j >= 0; j--) { // expected-remark {{loop not parallelized: the loop at 132:3 around it runs in parallel}}
      last = v[i * 4 + j];
      out[i * 4 + j] = last;
    }
  return last;
}

// An inner loop that may run no iteration assigns it in only some outer
// iterations: conditionally last-private for the outer loop.
// expected-remark@+3 {{loop parallelized: last is conditionally last-private (the last iteration that assigns it gives its value)}}
int inner_maybe_empty(int n, int m, const int *v) {
  int last = -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) // expected-remark {{loop not parallelized: the loop at 145:3 around it runs in parallel}}
      last = v[i * m + j];
  return last;
}

// So does one that may leave before the assignment.
// expected-remark@+3 {{loop parallelized: last is conditionally last-private (the last iteration that assigns it gives its value)}}
int inner_break(int n, const int *v) {
  int last = -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++) { // expected-remark {{loop not parallelized: a break at 158:9 leaves the loop}}
      if (v[i * 4 + j] < 0)
        break;
      last = v[i * 4 + j];
    }
  return last;
}

// ... but unused after it: private, and the loop runs in parallel.
// expected-remark@+3 {{loop parallelized: t is private}}
void conditional_private(int n, int *restrict out, const int *restrict v) {
  int t;
  for (int i = 0; i < n; i++) {
    t = 0;
    if (v[i] > 0)
      t = v[i];
    out[i] = t;
  }
}

// A read before the write: the value comes from the previous iteration.
// expected-remark@+3 {{loop not parallelized: prev carries a value from one iteration to the next}}
void previous(int n, int *restrict out, const int *restrict v) {
  int prev = 0;
  for (int i = 0; i < n; i++) {
    out[i] = v[i] - prev; // expected-note {{prev read here}}
    prev = v[i];
  }
}

// A scalar whose address is taken may be read through a pointer.
void observe(int *);
// expected-remark@+3 {{loop not parallelized: it contains a call to observe, whose effects weft does not know (it is not defined in this file)}}
void address_taken(int n, int *out) {
  int t;
  for (int i = 0; i < n; i++) {
    t = i;
    observe(&t); // expected-note {{here}}
    out[i] = t;
  }
}

// Liveness after the loop follows control out of it: a value that every
// path out writes before it reads it is dead after the loop, and the loop
// that assigns it in only some iterations runs in parallel with it private.

// Written again right after the loop.
// expected-remark@+3 {{loop parallelized: t is private}}
int overwritten_after(int n, int *restrict out, const int *restrict v) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 0) {
      t = v[i] * 2;
      out[i] = t;
    }
  t = n;
  return t + out[0];
}

// Written in both branches of an if that follows.
// expected-remark@+3 {{loop parallelized: t is private}}
int overwritten_both_branches(int n, int *restrict out, const int *restrict v) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 0) {
      t = v[i] * 2;
      out[i] = t;
    }
  if (n > 4)
    t = out[1];
  else
    t = -1;
  return t;
}

// In one branch only: the other reads the loop's value, which is then
// the last assigned one.
// expected-remark@+3 {{loop parallelized: t is conditionally last-private (the last iteration that assigns it gives its value)}}
int overwritten_one_branch(int n, int *restrict out, const int *restrict v) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 0) {
      t = v[i] * 2;
      out[i] = t;
    }
  if (n > 4)
    t = out[1];
  return t;
}

// Written in a later loop that may run no iteration: not sure.
// expected-remark@+3 {{loop parallelized: t is conditionally last-private (the last iteration that assigns it gives its value)}}
int overwritten_in_loop(int n, int m, int *restrict out, const int *restrict v) {
  int t = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 0) {
      t = v[i] * 2;
      out[i] = t;
    }
  for (int j = 0; j < m; j++) // expected-remark {{loop not parallelized: t carries a value from one iteration to the next}}
    t = t * 3 + j; // expected-note {{t read here}}
  return t;
}

// In a loop around it: the rest of its body writes the value before the
// next outer iteration and the code after it read it.
// expected-remark@+5 {{loop parallelized: t is private}}
int overwritten_in_outer(int n, int m, int *restrict out,
                         const int *restrict v) {
  int t = 0, s = 0;
  for (int k = 0; k < m; k++) { // expected-remark {{loop not parallelized: s carries a value from one iteration to the next}}
    for (int i = 0; i < n; i++)
      if (v[i] > k) {
        t = v[i] - k;
        out[i] = t;
      }
    t = out[k % n];
    s = s * 3 + t; // expected-note {{s read here}}
  }
  return s + t;
}

// A break between the loop and the write skips the write.
// expected-remark@+5 {{loop parallelized: t is conditionally last-private (the last iteration that assigns it gives its value)}}
int write_after_break(int n, int m, int *restrict out,
                      const int *restrict v) {
  int t = 0;
  while (m-- > 0) { // expected-remark {{loop not parallelized: a while loop}}
    for (int i = 0; i < n; i++)
      if (v[i] > m) {
        t = v[i] - m;
        out[i] = t;
      }
    if (out[0] == m)
      break;
    t = 0;
  }
  return t;
}

// So does a continue, and the loop's next iteration reads the value.
// expected-remark@+6 {{loop parallelized: t is conditionally last-private (the last iteration that assigns it gives its value)}}
int write_after_continue(int n, int m, int *restrict out,
                         const int *restrict v) {
  int t = 0;
  while (m-- > 0) { // expected-remark {{loop not parallelized: t carries a value from one iteration to the next}}
    out[0] += t;    // expected-note {{t read here}}
    for (int i = 0; i < n; i++)
      if (v[i] > m) {
        t = v[i] - m;
        out[i] = t;
      }
    if (out[1] == m)
      continue;
    t = 0;
  }
  return out[0];
}

// A min or max whose comparison decides anything besides the update is no
// reduction: each chunk compares against its own partial result, so it
// would set arg, or mark out[i], at its own maxima, not at the running
// maxima the sequential loop sees.
// expected-remark@+3 {{loop not parallelized: the comparison that updates best also decides other code: a chunk would run it against its own partial best, not the running value}}
int argmax(int n, const int *v) {
  int best = -1, arg = -1;
  for (int i = 0; i < n; i++)
    if (v[i] > best) {
      best = v[i];
      arg = i; // expected-note {{decided here}}
    }
  return best + arg;
}

// expected-remark@+3 {{loop not parallelized: the comparison that updates best also decides other code: a chunk would run it against its own partial best, not the running value}}
int mark_maxima(int n, const int *restrict v, int *restrict out) {
  int best = -1;
  for (int i = 0; i < n; i++)
    if (v[i] > best) {
      best = v[i];
      out[i] = 1; // expected-note {{decided here}}
    }
  return best;
}

// A comparison kept in a variable and used twice is not an update.
// expected-remark@+3 {{loop not parallelized: m carries a value from one iteration to the next}}
int select_elsewhere(int n, const int *restrict v, int *restrict out) {
  int m = -1;
  for (int i = 0; i < n; i++) {
    int up = v[i] > m; // expected-note {{m read here}}
    m = up ? v[i] : m;
    out[i] = up;
  }
  return m;
}

// The largest change, compared and stored as the same expression written
// twice (heated_plate's my_diff): fabs reads no memory and sets no errno,
// so both calls give the same number: a max reduction. Also an operator
// on loads, not on m (`2 * v[i]`).
double fabs(double);
double sqrt(double);
// expected-remark@+3 {{loop parallelized: d is a max reduction}}
double largest_change(int n, const double *w, const double *u) {
  double d = 0;
  for (int i = 0; i < n; i++)
    if (d < fabs(w[i] - u[i]))
      d = fabs(w[i] - u[i]);
  return d;
}

// expected-remark@+3 {{loop parallelized: m is a max reduction}}
int twice_max(int n, const int *v) {
  int m = 0;
  for (int i = 0; i < n; i++)
    if (m < 2 * v[i])
      m = 2 * v[i];
  return m;
}

// Not the value compared: u[i] is not w[i].
// expected-remark@+3 {{loop not parallelized: d carries a value from one iteration to the next}}
double other_value(int n, const double *w, const double *u) {
  double d = 0;
  for (int i = 0; i < n; i++)
    if (d < fabs(w[i])) // expected-note {{d read here}}
      d = fabs(u[i]);
  return d;
}

// A write between the two reads: w[i] may have changed.
// expected-remark@+3 {{loop not parallelized: d carries a value from one iteration to the next}}
double written_between(int n, double *w) {
  double d = 0;
  for (int i = 0; i < n; i++)
    if (d < fabs(w[i])) { // expected-note {{d read here}}
      w[i] = 0;
      d = fabs(w[i]);
    }
  return d;
}

// sqrt may set errno: not taken as the same number twice.
// expected-remark@+3 {{loop not parallelized: d carries a value from one iteration to the next}}
double via_sqrt(int n, const double *w) {
  double d = 0;
  for (int i = 0; i < n; i++)
    if (d < sqrt(w[i])) // expected-note {{d read here}}
      d = sqrt(w[i]);
  return d;
}

// The same, through pointers the code assigns (a swap of buffers): two
// reads of u[i] load u twice, with nothing between that writes it.
// expected-remark@+7 {{loop parallelized: d is a max reduction}}
double swapped_change(int n, int steps, double *a, double *b) {
  double *u = a, *up = b;
  if (steps & 1) {
    double *t = up; up = u; u = t;
  }
  double d = 0;
  for (int i = 0; i < n; i++)
    if (d < fabs(u[i] - up[i]))
      d = fabs(u[i] - up[i]);
  return d;
}
