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
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: c[j] written in one iteration may be written again in another: the subscript depends on values computed in the loop; c is not private: weft does not follow a jump, a switch or a while loop in the loop, or an access to it other than a load or store}}
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
