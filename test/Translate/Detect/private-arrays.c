// Private arrays (docs/analysis.md, "Private arrays"): a work array
// declared before the loop, whose every element an iteration reads it
// wrote before in that iteration, and which no code after the loop reads,
// is private. Else the dependence stays, with why the array is not private.
// Execution: test/Execution/private_arrays.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

// A row of three written by an inner loop, then read.
void rows3(const double *x, double *out, int n) {
  double tmp[3];
  int j;
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: j is private; tmp is private; a run-time check that out and x do not overlap}}
    for (j = 0; j < 3; j++) // expected-remark {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
      tmp[j] = x[3 * i + j] * 2.0;
    out[i] = tmp[0] + tmp[1] * tmp[2];
  }
}

// Written element by element, read in an inner loop over a symbolic
// length; both branches of an if write w[1]; a 2-D array by rows.
void pieces(const float *x, float *out, int n, int m) {
  float w[4];
  float t[2][8];
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: w is private; t is private; a run-time check that out and x do not overlap}}
    w[0] = x[i];
    if (x[i] > 0)
      w[1] = x[i];
    else
      w[1] = -x[i];
    for (int a = 0; a < 2; a++) // expected-remark {{loop not parallelized: the loop at 24:3 around it runs in parallel}}
      for (int b = 0; b < 8; b++) // expected-remark {{loop not parallelized: the loop at 24:3 around it runs in parallel}}
        t[a][b] = w[a] * (float)(b + m);
    float s = w[0] + w[1];
    for (int b = 0; b < 2; b++) // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
      s += t[b][0]; // expected-note {{s updated here}}
    out[i] = s;
  }
}

// Not private: an element read before the iteration writes it, one
// written in only one branch, one the inner loop may not write (a break),
// an array read after the loop, and one whose address escapes.
void use(int *p);
void not_private(const int *k, int *out, int n) {
  int a[4] = {0}, b[4], c[4], d[4], e[4];
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: a[0] read in one iteration is written in another; a is not private: weft cannot tell that every iteration writes a[0] before it reads it}}
    out[i] = a[0];
    a[0] = k[i]; // expected-note {{a[0] written here}}
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: b[1] written in one iteration is written again in another; b is not private: weft cannot tell that every iteration writes b[1] before it reads it}}
    if (k[i])
      b[1] = k[i]; // expected-note {{b[1] written here}}
    out[i] = b[1];
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: c[j] written in one iteration may be written again in another: the subscript depends on values computed in the loop; c is not private: weft does not follow a return, a goto, a switch or a while loop in the loop, a break of it, or an access to it other than a load, a store or a call}}
    for (int j = 0; j < 4; j++) { // expected-remark {{loop not parallelized: a break at 58:9 leaves the loop}}
      if (k[j] < 0)
        break;
      c[j] = k[i] + j; // expected-note {{c[j] written here}}
    }
    out[i] = c[2];
  }
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: d[0] written in one iteration is written again in another; d is not private: code after the loop reads it}}
    d[0] = k[i]; // expected-note {{d[0] written here}}
    out[i] = d[0];
  }
  out[0] += d[0];
  use(e);
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: e[0] written in one iteration is written again in another}}
    e[0] = k[i]; // expected-note {{e[0] written here}}
    out[i] = e[0];
  }
}

// Work arrays a call fills (md's dist(nd, r1, r2, rij)): the callee writes
// dr[0 .. nd - 1] before it reads any of it and keeps no pointer to it, so
// the call surely writes rij[0 .. nd - 1] and reads only what it wrote.
static double dist(int nd, const double *r1, const double *r2, double *dr) {
  double d = 0.0;
  for (int i = 0; i < nd; i++) { // expected-remark {{loop not parallelized: d is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
    dr[i] = r1[i] - r2[i];
    d = d + dr[i] * dr[i]; // expected-note {{d updated here}}
  }
  return d;
}
static void fill(int n, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = i;
}
static void fill_twice(int n, double *out) {
  fill(n, out);
  fill(n, out + n);
}
void filled_by_call(const double *pos, double *f, int np, int nd) {
  double rij[3];
  for (int k = 1; k < np; k++) { // expected-remark {{loop parallelized: rij is private; a run-time check that f and pos do not overlap}}
    double d = dist(nd, pos + k * nd, pos, rij);
    for (int i = 0; i < nd; i++) // expected-remark {{loop not parallelized: the loop at 96:3 around it runs in parallel}}
      f[i + k * nd] = rij[i] * d;
  }
  // Through a callee's callee, at an offset, and together with stores;
  // an initializer before the loop does not matter.
  double g[5], h[4] = {0, 0, 0, 0};
  for (int k = 0; k < np; k++) { // expected-remark {{loop parallelized: g is private; h is private}}
    fill_twice(2, g + 1);
    g[0] = k;
    fill(3, h);
    h[3] = g[4];
    f[k] = g[0] + g[1] + g[2] + g[3] + g[4] + h[0] + h[3];
  }
}

// Not filled: a callee that reads before it writes, one that writes on one
// branch only, one that keeps the pointer, a call that fills fewer
// elements than the loop reads, and the same array as input and output.
static void accumulate(int n, double *acc) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    acc[i] = acc[i] * 0.5 + 1.0;
}
static void maybe_fill(int n, double *out, int go) {
  if (go)
    for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
      out[i] = i;
}
static double *pass(int n, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = i;
  return out;
}
static void copy3(int n, const double *in, double *out) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and in do not overlap}}
    out[i] = in[i];
}
void not_filled(double *f, int n) {
  double a[3], b[3], c[3], d[3], e[3] = {1, 2, 3};
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: accumulate(3, a) read in one iteration is written in another; a is not private: weft cannot tell that every iteration writes accumulate(3, a) before it reads it}}
    accumulate(3, a); // expected-note {{accumulate(3, a) written here}}
    f[k] = a[0];
  }
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: maybe_fill(3, b, k & 1) written in one iteration is written again in another; b is not private: weft cannot tell that every iteration writes b[2] before it reads it}}
    maybe_fill(3, b, k & 1); // expected-note {{maybe_fill(3, b, k & 1) written here}}
    f[k] = b[2];
  }
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: pass(3, c) written in one iteration is written again in another}}
    f[k] = pass(3, c)[1]; // expected-note {{pass(3, c) written here}}
  }
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: fill(2, d) written in one iteration is written again in another; d is not private: weft cannot tell that every iteration writes d[2] before it reads it}}
    fill(2, d); // expected-note {{fill(2, d) written here}}
    f[k] = d[2];
  }
  for (int k = 0; k < n; k++) { // expected-remark {{loop not parallelized: copy3(3, e, e) read in one iteration is written in another; e is not private: weft cannot tell that every iteration writes copy3(3, e, e) before it reads it}}
    copy3(3, e, e); // expected-note {{copy3(3, e, e) written here}}
    f[k] = e[k % 3];
  }
}

// Arrays of structs read and written by fields: each field (by its bytes
// in the element, nested fields too) is an array of its own for the test.
typedef struct {
  double re, im;
} cplx;
typedef struct {
  struct {
    float x, y;
  } pos;
  float m;
} body_t;

void by_fields(const double *restrict x, double *restrict out, int n) {
  cplx w[16];
  body_t b[8];
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: w is private; b is private}}
    for (int k = 0; k < 16; k++) { // expected-remark {{loop not parallelized: the loop at 172:3 around it runs in parallel}}
      w[k].re = x[i] + k;
      w[k].im = x[i] - k;
    }
    for (int k = 0; k < 8; k++) { // expected-remark {{loop not parallelized: the loop at 172:3 around it runs in parallel}}
      b[k].pos.x = (float)w[k].re;
      b[k].pos.y = (float)w[15 - k].im;
      b[k].m = 1;
    }
    double s = 0;
    for (int k = 0; k < 8; k++) // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
      s += b[k].m * b[k].pos.x * b[k].pos.y; // expected-note {{s updated here}}
    out[i] = s;
  }
}

// One field read before it is written: not private.
void field_leaks(const double *restrict x, double *restrict out, int n) {
  cplx w[16];
  for (int k = 0; k < 16; k++) // expected-remark {{loop parallelized: its iterations are independent}}
    w[k].im = 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: w[k].im read in one iteration is written in another; w is not private: weft cannot tell that every iteration writes w[k].im before it reads it}}
    for (int k = 0; k < 16; k++) { // expected-remark {{loop parallelized: its iterations are independent}}
      w[k].re = x[i] + w[k].im;
      w[k].im = w[k].re; // expected-note {{w[k].im written here}}
    }
    out[i] = w[3].re;
  }
}

// A union whose members overlap in part: not compared field by field.
typedef union {
  double d;
  struct {
    unsigned lo, hi;
  } h;
} halves;

void halves_k(const double *restrict x, unsigned *restrict out, int n) {
  halves u[4];
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: u[k].d written in one iteration is written again in another}}
    for (int k = 0; k < 4; k++) // expected-remark {{loop parallelized: its iterations are independent}}
      u[k].d = x[i] + k; // expected-note {{u[k].d written here}}
    out[i] = u[3].h.hi ^ u[3].h.lo;
  }
}
