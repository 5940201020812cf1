// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// The loops every parallelizer is judged by.

#define N 128
double A[N][N], B[N][N], C[N][N], T[N][N];

// Matrix multiply: the i loop is parallel; j is parallel too (inside it);
// the k loop accumulates into one element.
// expected-remark@+3 {{loop parallelized: k is private; j is private}}
void matmul(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
    for (j = 0; j < N; j++) { // expected-remark {{loops interchanged: the loop at 17:7 runs outside this one in the parallel loop's body, so that B[k][j] goes along rows; every element gets the same updates in the same order}}
      C[i][j] = 0;
      // expected-remark@+1 {{loop not parallelized: C[i][j] read in one iteration is written in another}}
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j]; // expected-note {{C[i][j] written here}}
    }
}

// Jacobi: reads the old grid, writes the new one: parallel.
// expected-remark@+2 {{loop parallelized}}
void jacobi(void) {
  for (int i = 1; i < N - 1; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 25:3 around it runs in parallel}}
    for (int j = 1; j < N - 1; j++)
      T[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

// Gauss-Seidel: updates in place, reading the neighbours it just wrote.
// expected-remark@+2 {{loop not parallelized: A[i][j] written in iteration i is read in iteration i+1}}
void gauss_seidel(void) {
  for (int i = 1; i < N - 1; i++)
    // expected-remark@+1 {{loop not parallelized: A[i][j] written in iteration j is read in iteration j+1}}
    for (int j = 1; j < N - 1; j++)
      // expected-note@+2 {{A[i - 1][j] read here}}
      // expected-note@+1 {{A[i][j - 1] read here}}
      A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

// Prefix sum: each element depends on the one before.
// expected-remark@+2 {{loop not parallelized: a[i] written in iteration i is read in iteration i+1}}
void prefix_sum(int n, long *a) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1]; // expected-note {{a[i - 1] read here}}
}

// A histogram: each thread counts into a copy of the 256 bins data reaches.
// expected-remark@+2 {{loop parallelized: hist is a + array reduction (each thread updates its own copy)}}
void histogram(int n, const unsigned char *restrict data, int *restrict hist) {
  for (int i = 0; i < n; i++)
    hist[data[i]]++;
}

// Gather: reads through an index, writes in order: parallel.
// expected-remark@+2 {{loop parallelized}}
void gather(int n, double *restrict out, const double *restrict in, const int *restrict idx) {
  for (int i = 0; i < n; i++)
    out[i] = in[idx[i]];
}

// Scatter: writes through an index: two iterations may write one element.
// expected-remark@+2 {{loop not parallelized: out[idx[i]] written in one iteration may be written again in another: the subscript depends on values computed in the loop}}
void scatter(int n, double *restrict out, const double *restrict in, const int *restrict idx) {
  for (int i = 0; i < n; i++)
    out[idx[i]] = in[i]; // expected-note {{out[idx[i]] written here}}
}

// Out-of-place transpose: parallel.
// expected-remark@+2 {{loop parallelized}}
void transpose(void) {
  for (int i = 0; i < N; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 73:3 around it runs in parallel}}
    for (int j = 0; j < N; j++)
      T[j][i] = A[i][j];
}

// 2-D convolution with a 3x3 kernel: the output rows are independent; the
// accumulator is private to each pixel. The taps accumulate in floating
// point: that inner loop stays sequential without -ffast-math.
// expected-remark@+2 {{loop parallelized}}
void convolve(int h, int w, float (*restrict out)[256], float (*restrict in)[256], const float k[9]) {
  for (int y = 1; y < h - 1; y++)
    // expected-remark@+1 {{loop not parallelized: the loop at 84:3 around it runs in parallel}}
    for (int x = 1; x < w - 1 && x < 255; x++) {
      float s = 0;
      // expected-remark@+1 {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
      for (int t = 0; t < 9; t++)
        s += k[t] * in[y + t / 3 - 1][x + t % 3 - 1]; // expected-note {{s updated here}}
      out[y][x] = s;
    }
}

// A dot product of integers: a reduction, always exact.
// expected-remark@+3 {{loop parallelized: s is a + reduction}}
long dot(int n, const int *a, const int *b) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)a[i] * b[i];
  return s;
}
