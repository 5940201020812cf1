// Remainders in subscripts (the wraparound of a periodic grid or a ring
// buffer): r = a % m, with m unchanged in the loop, lies in [0, m - 1]
// when a >= 0 and m >= 1, which the run-time check tests along with the
// ranges (docs/analysis.md, "Run-time checks"). Otherwise the check cannot
// bound r, as before.
// Execution: test/Execution/remainders.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --

// Conway's life on a torus, between two buffers the caller swaps.
void life(const unsigned char *cur, unsigned char *next, int w, int h) {
  for (int y = 0; y < h; y++) // expected-remark {{loop parallelized: a run-time check that next and cur do not overlap}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 11:3 around it runs in parallel}}
      int n = 0;
      for (int dy = -1; dy <= 1; dy++) // expected-remark {{loop not parallelized: the loop at 11:3 around it runs in parallel}}
        for (int dx = -1; dx <= 1; dx++) { // expected-remark {{loop not parallelized: the loop at 11:3 around it runs in parallel}}
          int yy = (y + dy + h) % h, xx = (x + dx + w) % w;
          n += cur[yy * w + xx];
        }
      next[y * w + x] = n == 3 || (cur[y * w + x] && n == 2);
    }
}

// A ring buffer read from `start` on.
void ring(double *out, const double *buf, int start, int cap, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and buf do not overlap}}
    out[i] = buf[(start + i) % cap] * 0.5;
}

// A dividend that is negative in the first iterations: r in [1 - cap,
// cap - 1].
void back(double *out, const double *buf, int cap, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and buf do not overlap}}
    out[i] = buf[(i - 3) % cap + cap] * 0.5;
}

// A divisor that changes in the loop: no bounds.
void by_counter(double *out, const double *in, int n) {
  for (int i = 1; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[(i * 7) % i] touches depend on values weft cannot name in C}}
    out[i] = in[(i * 7) % i]; // expected-note {{in[(i * 7) % i] here}}
}

// A dividend read from memory in the loop: no bounds.
void gathered(double *out, const double *in, const int *k, int m, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and in may overlap, and the elements in[k[i] % m] touches depend on values weft cannot name in C}}
    out[i] = in[k[i] % m]; // expected-note {{in[k[i] % m] here}}
}

// The same array: the dependence test still sees an unknown element.
void in_place(double *a, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: a[(i + 1) % n] read in one iteration may be written in another (as a[i]): the subscript depends on values computed in the loop}}
    a[i] = a[(i + 1) % n] * 0.5; // expected-note {{a[i] written here}}
}
