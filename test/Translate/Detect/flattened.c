// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// Flattened subscripts `p[i*w + j]` with a symbolic row length: weft proves
// 0 <= j < w from the loop bounds, so that rows i and i' never meet.

// expected-remark@+2 {{loop parallelized}}
void rows(int h, int w, float *restrict p, const float *restrict q) {
  for (int i = 0; i < h; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 7:3 around it runs in parallel}}
    for (int j = 0; j < w; j++)
      p[i * w + j] = q[i * w + j] * 2;
}

// In place, reading the element to the left (the same row): rows are still
// independent, columns are not.
// expected-remark@+2 {{loop parallelized}}
void in_place(int h, int w, float *p) {
  for (int i = 0; i < h; i++)
    // expected-remark@+1 {{loop not parallelized: p[i * w + j] written in iteration j is read in iteration j+1}}
    for (int j = 1; j < w; j++)
      p[i * w + j] += p[i * w + j - 1]; // expected-note {{p[i * w + j - 1] read here}}
}

// The column index runs one past the row: i*w + w is row i+1's first
// element. No proof, no parallel loop.
// expected-remark@+2 {{loop not parallelized: p[i * w + j] written in one iteration may be written again in another: a flattened subscript weft cannot delinearize}}
void past_the_row(int h, int w, float *p) {
  for (int i = 0; i < h; i++)
    // expected-remark@+1 {{loop parallelized}}
    for (int j = 0; j <= w; j++)
      p[i * w + j] = 0; // expected-note {{p[i * w + j] written here}}
}

// Reading the row above: a true dependence between rows.
// expected-remark@+2 {{loop not parallelized: p[i * w + j] written in iteration i is read in iteration i+1}}
void row_above(int h, int w, float *p) {
  for (int i = 1; i < h; i++)
    // expected-remark@+1 {{loop parallelized}}
    for (int j = 0; j < w; j++)
      p[i * w + j] = p[(i - 1) * w + j] + 1; // expected-note {{p[(i - 1) * w + j] read here}}
}

// The row length is one more than the size held in the variable: a matrix
// with a border row and column, (n + 1) * (n + 1), as Rodinia's nw pads its
// score matrix. The polynomials see i * n + i + n + j + 2 only; weft tries
// the row lengths n + c for a small c and proves 0 <= j + 1 <= n with n + 1.
// expected-remark@+2 {{loop parallelized}}
void bordered(int n, float *p) {
  for (int i = 0; i < n; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 48:3 around it runs in parallel}}
    for (int j = 0; j < n; j++)
      p[(i + 1) * (n + 1) + j + 1] = p[(i + 1) * (n + 1) + j + 1] * 0.5f;
}

// An anti-diagonal wavefront over the bordered matrix: cell (k+1, d-k+1)
// reads its three neighbours up and to the left, all on the diagonal before.
// expected-remark@+2 {{loop not parallelized: m[(k + 1) * (n + 1) + d - k + 1] written in iteration d is read in iteration d+1}}
void wavefront(int n, int *m) {
  for (int d = 0; d < n; d++)
    // expected-remark@+1 {{loop parallelized}}
    for (int k = 0; k <= d; k++) {
      int up = m[k * (n + 1) + d - k + 1]; // expected-note {{m[k * (n + 1) + d - k + 1] read here}}
      int left = m[(k + 1) * (n + 1) + d - k];
      int diag = m[k * (n + 1) + d - k];
      int best = up > left ? up : left;
      m[(k + 1) * (n + 1) + d - k + 1] = (best > diag ? best : diag) + 1;
    }
}

// The second half, as nw walks it: cell (w - k - 2, k + w - d - 2) of the
// row length w = n + 1. Over n the row, w - k - 2, holds n itself, and the
// column is what remains once one row length is taken out of the rest.
// expected-remark@+3 {{loop not parallelized: m[at] written in iteration d is read in iteration d-2}}
void wavefront_back(int n, int *m) {
  int w = n + 1;
  for (int d = w - 4; d >= 0; d--)
    // expected-remark@+1 {{loop parallelized}}
    for (int k = 0; k <= d; k++) {
      int at = (w - k - 2) * w + k + w - d - 2;
      m[at] = m[at - 1 - w] + m[at - 1] + m[at - w]; // expected-note {{m[at - 1 - w] read here}}
    }
}

// Columns 0..n + 1 overrun a row of n + 1: row i's last write is row i+1's
// first. No row length proves it apart.
// expected-remark@+2 {{loop not parallelized: p[i * (n + 1) + j] written in one iteration may be written again in another: a flattened subscript weft cannot delinearize}}
void overrun(int n, float *p) {
  for (int i = 0; i < n; i++)
    // expected-remark@+1 {{loop parallelized}}
    for (int j = 0; j <= n + 1; j++)
      p[i * (n + 1) + j] = 0; // expected-note {{p[i * (n + 1) + j] written here}}
}
