// Loads in a loop of places that are the same in every iteration and that no
// iteration writes (docs/analysis.md, "Invariant loads"): one value for the
// whole loop, a base for the pointers loaded from them, and names for the
// run-time checks where C may read them at the loop's start.
// Execution: test/Execution/invariant_loads.c.
// RUN: weft-translate %s --verify --analyze --

typedef struct { int w, h; float *px; } image;

// src->w in the inner loop's bound and in the subscripts is one number for
// the loop over y: x < src->w delinearizes y * src->w + x, and the checks
// name src->w and src->px (read in the first iteration, at the inner bound).
void blur(const image *src, float *out) {
  const float *in = src->px;
  for (int y = 1; y < src->h - 1; y++) // expected-remark {{loop parallelized: a run-time check that out and src do not overlap; a run-time check that out and in do not overlap}}
    for (int x = 1; x < src->w - 1; x++) // expected-remark {{loop not parallelized: the loop at 15:3 around it runs in parallel}}
      out[y * src->w + x] = in[(y - 1) * src->w + x] + in[(y + 1) * src->w + x];
}

// dst's row length is another number, which C reads first in the loop over
// x: the checks (rows of dst apart when src->w <= dst->w, dst->px apart
// from src->px) read dst->w and dst->px only when that loop runs.
void copy_rows(const image *src, image *dst) {
  for (int y = 0; y < src->h; y++) // expected-remark {{loop parallelized: a run-time check that dst->px and src do not overlap; a run-time check that dst->px and src->px do not overlap; a run-time check that dst->px and dst do not overlap; a run-time check that no two iterations touch the same element of dst->px; the checks made only when the loop at 25:5 runs (C reads what they name only there; else the loop runs as written)}}
    for (int x = 0; x < src->w; x++) // expected-remark {{loop not parallelized: the loop at 24:3 around it runs in parallel}}
      dst->px[y * dst->w + x] = src->px[y * src->w + x];
}

// The loop writes the field it would read once: not invariant.
void shift(image *im, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: im->px and im->px[i] may be the same memory in two iterations (im->px is a pointer computed in the loop)}}
    im->px[i] = 0, im->px = im->px + 1; // expected-note {{im->px[i] here}}
}

// Read only under a condition: a check may not read p->px before the loop
// (p may be null), so it cannot name it.
void maybe(float *out, const image *p, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: out and p->px may overlap, and weft cannot name p->px in a run-time check}}
    if (p)
      out[i] = p->px[i]; // expected-note {{p->px[i] here}}
}

// Read after a conditional that only computes, loads and stores: every
// iteration gets there, so a check may read rows[t + 1] before the loop
// (pathfinder's wall[t + 1]).
void step(int *dst, const int *src, int **rows, int t, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: a run-time check that dst and src do not overlap; a run-time check that dst and rows do not overlap; a run-time check that dst and rows[t + 1] do not overlap}}
    int m = src[i];
    if (i > 0 && src[i - 1] < m)
      m = src[i - 1];
    dst[i] = rows[t + 1][i] + m;
  }
}

// A call in the conditional might not return (weft does not look into
// it for that): the check may not read rows[t + 1] before the loop.
static int fix(int v) { return -v; }
void step_call(int *dst, const int *src, int **rows, int t, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: dst and rows[t + 1] may overlap, and weft cannot name rows[t + 1] in a run-time check}}
    int m = src[i];
    if (m < 0)
      m = fix(m);
    dst[i] = rows[t + 1][i] + m; // expected-note {{rows[t + 1][i] here}}
  }
}

// Read after a counted inner loop that only computes, loads and stores: it
// may run no iteration (k may be 0), but it always ends, so every
// iteration gets to rows[t + 1] too.
void row_step(int *dst, const int *src, int **rows, int t, int n, int k) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: a run-time check that dst and src do not overlap; a run-time check that dst and rows do not overlap; a run-time check that dst and rows[t + 1] do not overlap}}
    int m = 0;
    for (int j = 0; j < k; j++) // expected-remark {{loop not parallelized: m carries a value from one iteration to the next}}
      m = m * 3 + src[i + j]; // expected-note {{m read here}}
    dst[i] = rows[t + 1][i] + m;
  }
}

// The same with a while loop inside, which may not end: not read before
// the loop.
void row_step_while(int *dst, const int *src, int **rows, int t, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: dst and rows[t + 1] may overlap, and weft cannot name rows[t + 1] in a run-time check}}
    int m = src[i];
    while (m > 1) // expected-remark {{loop not parallelized: a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)}}
      m = m / 2 + (m & 1);
    dst[i] = rows[t + 1][i] + m; // expected-note {{rows[t + 1][i] here}}
  }
}
