// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// The simplest verdicts: independent iterations, and a value carried from one
// iteration to the next, with the access and the distance in the remark.

// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void scale(int n, float *restrict out, const float *restrict in) {
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}

// expected-remark@+2 {{loop not parallelized: a[i] written in iteration i is read in iteration i+1}}
void recurrence(int n, float *a) {
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1; // expected-note {{a[i - 1] read here}}
}

// Reading ahead is an anti-dependence: the read must happen first.
// expected-remark@+2 {{loop not parallelized: a[i + 1] read in iteration i is written in iteration i+1}}
void shift_down(int n, float *a) {
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1]; // expected-note {{a[i] written here}}
}

// Every iteration writes the same element.
// expected-remark@+2 {{loop not parallelized: a[0] written in one iteration is written again in another}}
void same_element(int n, float *a, const float *restrict b) {
  for (int i = 0; i < n; i++)
    a[0] = b[i]; // expected-note {{a[0] written here}}
}

// A decreasing loop: the counter moves down, so the later iteration is i-1.
// expected-remark@+2 {{loop not parallelized: a[i - 1] written in iteration i is read in iteration i-1}}
void down(int n, float *a) {
  for (int i = n - 1; i > 0; i--)
    a[i - 1] = a[i] * 2; // expected-note {{a[i] read here}}
}

// A distance of 3 in a loop of step 3 is one iteration apart.
// expected-remark@+2 {{loop not parallelized: a[i] written in iteration i is read in iteration i+3}}
void step3(int n, float *a) {
  for (int i = 3; i < n; i += 3)
    a[i] = a[i - 3]; // expected-note {{a[i - 3] read here}}
}

// Reads never conflict with reads.
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void reads_only(int n, float *restrict out, const float *in) {
  for (int i = 0; i < n; i++)
    out[i] = in[0] + in[i] + in[n - i];
}
