// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// Verdicts that need exact integer (Presburger) answers: a GCD test, strides,
// disjoint halves, coupled subscripts, triangular bounds. A syntactic test
// ("same array, one is written") would get every one of these wrong.

#define N 64
double A[N][N], B[2 * N], C[N];

// Even elements written, odd elements read: never the same element.
// expected-remark@+2 {{loop parallelized}}
void even_odd(int n) {
  for (int i = 0; i < n && i < N - 1; i++)
    B[2 * i] = B[2 * i + 1];
}

// ... but 2i + 2 is read one iteration before it is written as 2i.
// expected-remark@+2 {{loop not parallelized: B[2 * i + 2] read in iteration i is written in iteration i+1}}
void even_even(int n) {
  for (int i = 0; i < n && i < N - 1; i++)
    B[2 * i] = B[2 * i + 2]; // expected-note {{B[2 * i] written here}}
}

// Disjoint halves: A[i] and A[i + n] with 0 <= i < n never meet.
// expected-remark@+2 {{loop parallelized}}
void halves(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = a[i + n];
}

// ... but past n they meet: iteration i reads what iteration i + n writes.
// expected-remark@+2 {{loop not parallelized: a[i + n] read in one iteration is written in another (as a[i])}}
void halves_overlap(int n, float *a) {
  for (int i = 0; i <= n * 2; i++)
    a[i] = a[i + n]; // expected-note {{a[i] written here}}
}

// A stride the loop steps over: odd iterations write what even ones read?
// i steps by 2 from 0: a[i + 1] is odd, a[i] is even.
// expected-remark@+2 {{loop parallelized}}
void stride_two(int n, float *a) {
  for (int i = 0; i < n; i += 2)
    a[i] = a[i + 1];
}

// Coupled subscripts: A[i][i] against A[i][i + 1]: the diagonal against the
// superdiagonal, in different rows: independent.
// expected-remark@+2 {{loop parallelized}}
void coupled(void) {
  for (int i = 0; i < N - 1; i++)
    A[i][i] = A[i][i + 1];
}

// Coupled and dependent: A[i][i] written, A[i - 1][i - 1] read.
// expected-remark@+2 {{loop not parallelized: A[i][i] written in iteration i is read in iteration i+1}}
void coupled_dep(void) {
  for (int i = 1; i < N; i++)
    A[i][i] = A[i - 1][i - 1] * 2; // expected-note {{A[i - 1][i - 1] read here}}
}

// Triangular: the upper triangle is written, the strict lower one read; the
// outer loop is parallel (each row touches row i only) and so is the inner.
// expected-remark@+2 {{loop parallelized}}
void triangular(void) {
  for (int i = 0; i < N; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 64:3 around it runs in parallel}}
    for (int j = i; j < N; j++)
      A[i][j] = A[j][i];
}

// Transposing in place: row i reads column i, which rows j write. For a
// fixed i, though, the iterations of j only meet at j = i: the inner loop
// is parallel.
// expected-remark@+2 {{loop not parallelized: A[j][i] read in one iteration is written in another (as A[i][j])}}
void transpose_in_place(void) {
  for (int i = 0; i < N; i++)
    // expected-remark@+1 {{loop parallelized: its iterations are independent}}
    for (int j = 0; j < N; j++)
      A[i][j] = A[j][i]; // expected-note {{A[i][j] written here}}
}

// Reversal: a[i] against a[n - 1 - i] collide in the middle element's
// mirror: iteration i writes what iteration n-1-i reads.
// expected-remark@+2 {{loop not parallelized: a[n - 1 - i] read in one iteration is written in another}}
void reverse_in_place(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i]; // expected-note {{a[i] written here}}
}

// Only the first half reversed into the second: disjoint.
// expected-remark@+2 {{loop parallelized}}
void reverse_halves(int n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = a[2 * n - 1 - i];
}

// A wrap-around read: a[i] = a[i + N] within a bounded object C[N]... the
// subscript can only be in range for i < 0: never in this loop. Independent.
// expected-remark@+2 {{loop parallelized}}
void symbolic_gap(int n, int k, float *a) {
  for (int i = 0; i < k; i++)
    a[i + k] = a[i];
}

// The step is 3, the distance 2: never an iteration of this loop.
// expected-remark@+2 {{loop parallelized}}
void gcd(int n, float *a) {
  for (int i = 0; i < n; i += 3)
    a[i] = a[i + 2] + a[i + 4] + a[i + 7];
}
