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
