// Bounds that C reads from memory before every iteration (`i < v->n`,
// `i < *len`, a global): the loop is counted when the body cannot write
// what the bound reads. weft proves it, checks it at run time next to the
// other overlap checks, or leaves the loop sequential and says which write
// may move the bound. Execution: test/Execution/bound_in_memory.c.
// RUN: weft-translate %s --verify --analyze --task-graphs=false -- -ffast-math

struct vec { int n; int stride; double *data; };
int N;
static int M; // never escapes: no pointer reaches it

// Nothing in the body writes memory: proven.
double sum(const struct vec *v) {
  double s = 0;
  for (int i = 0; i < v->n; i++) // expected-remark {{loop parallelized: s is a + reduction}}
    s += v->data[i * v->stride];
  return s;
}

// Writes through another pointer: a run-time check that the written range
// and the bound's struct are apart.
void scale(const struct vec *v, double *out) {
  for (int i = 0; i < v->n; i++) // expected-remark {{loop parallelized: a run-time check that out and v do not overlap}}
    out[i] = 2.0 * i;
}

void fill(const int *len, float *a) {
  for (int i = 0; i < *len; i++) // expected-remark {{loop parallelized: a run-time check that a and len do not overlap}}
    a[i] = 1.0f;
}

// A global that pointers may reach: checked too (this loop was once run in
// parallel with N read once, unchecked).
void global(int *p) {
  for (int i = 0; i < N; i++) // expected-remark {{loop parallelized: a run-time check that p and N do not overlap}}
    p[i] = i;
}

// A static global whose address is never taken: no pointer reaches it.
void unreachable(int *p) {
  for (int i = 0; i < M; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    p[i] = i;
}

// Restrict: the bound's memory is reached through len alone.
void restricted(const int *restrict len, float *restrict a) {
  for (int i = 0; i < *len; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    a[i] = 1.0f;
}

// The body writes the bound's own memory.
void shrinks(int *len, float *a) {
  for (int i = 0; i < len[0]; i++) { // expected-remark {{loop not parallelized: the bound reads len[0], which the body writes}}
    a[i] = 0;
    if (a[i + 1] > 5)
      len[0] = i; // expected-note {{len[0] written here}}
  }
}

void same(int *len, float *a) {
  for (int i = 0; i < len[0]; i++) { // expected-remark {{loop not parallelized: the bound reads len[0], which the body writes}}
    a[i] = 0; // expected-note@+1 {{len[i] written here}}
    len[i] = 7;
  }
}

// Other elements of the same array: proven apart.
void others(int *cnt, int k) {
  for (int i = 0; i < cnt[0]; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    cnt[i + 1] = k;
}

// A different field of the same struct: never the same memory.
struct list { int n; int items[64]; };
void fields(struct list *l) {
  for (int i = 0; i < l->n && i < 64; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    l->items[i] = i;
}

// A call that writes the bound.
static void grow(struct list *l) { l->n++; }
void calls(struct list *l) {
  for (int i = 0; i < l->n; i++) // expected-remark {{loop not parallelized: the bound reads l->n, which the body writes (as grow(l))}}
    grow(l); // expected-note {{grow(l) written here}}
}

// A pointer loaded in the body from memory the loop never writes is one
// pointer (docs/analysis.md, "Invariant loads"): a check sets what it points
// at apart from the bound.
void through(struct vec *v) {
  for (int i = 0; i < v->n; i++) // expected-remark {{loop parallelized: a run-time check that v->data and v do not overlap}}
    v->data[i] = 0;
}

// A pointer loaded anew in every iteration may point anywhere, the bound
// included: rows of a table, which a run-time check finds apart from each
// other and from the struct that holds the bound (docs/analysis.md, "Row
// tables"). Written through the slots too, the rows stay unknown.
struct rows { int n; double **row; };
void per_row(struct rows *r) {
  for (int i = 0; i < r->n; i++) // expected-remark {{loop parallelized: a run-time check that the rows of r->row it touches are apart; a run-time check that the rows of r->row and r do not overlap}}
    r->row[i][0] = 0;
}
void per_row_rewired(struct rows *r, double *p) {
  for (int i = 0; i < r->n; i++) { // expected-remark {{loop not parallelized: r->row and r->row[i][0] may be the same memory in two iterations (r->row[i] is a pointer computed in the loop)}}
    r->row[i] = p + i;
    r->row[i][0] = 0; // expected-note {{r->row[i][0] here}}
  }
}

// Inner loops with their bounds in memory: verified, the outer loop relies
// on their count. Not verified (q may reach len), the outer loop relies only
// on `c < 64`, and its check that q and len are apart covers the inner
// loops' bounds too.
void rows(int n, const int *restrict len, float *restrict a) {
  for (int r = 0; r < n; r++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int c = 0; c < len[r] && c < 64; c++) // expected-remark {{loop not parallelized: the loop at}}
      a[r * 64 + c] = 0;
}

void rows_unsure(int n, const int *len, float *q) {
  for (int r = 0; r < n; r++) // expected-remark {{loop parallelized: a run-time check that q and len do not overlap}}
    for (int c = 0; c < len[r] && c < 64; c++) // expected-remark {{loop not parallelized: the loop at}}
      q[r * 64 + c] = 0;
}

// Without the constant bound, nothing bounds what q's loop writes.
void rows_open(int n, const int *len, float *q) {
  for (int r = 0; r < n; r++) // expected-remark {{loop not parallelized: q[r * 64 + c] written in one iteration may be written again in another: the bound len[r] of the loop at 130:5 may change while it runs}}
    for (int c = 0; c < len[r]; c++) // expected-remark {{loop parallelized: a run-time check that q and len do not overlap}}
      q[r * 64 + c] = 0; // expected-note {{q[r * 64 + c] written here}}
}

// A global bound and calls in the body: the calls' summaries decide (the
// importer no longer refuses every call). A helper that does not write the
// bound, also through another helper, leaves it proven; one that writes
// it, directly or through a helper, or one whose effects weft does not
// know, keeps the loop sequential and says so.
int limit;
static int twice(int x) { return 2 * x; }
static int twice_again(int x) { return twice(x) + 1; }
static void bump(void) { limit++; }
static void bump_later(void) { bump(); }
void unknown_effects(void);

void calls_pure(float *restrict a) {
  for (int i = 0; i < limit; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    a[i] = (float)twice_again(i);
}

void calls_writer(float *restrict a) {
  for (int i = 0; i < limit; i++) { // expected-remark {{loop not parallelized: the bound reads limit, which the body writes (as limit (in bump_later))}}
    a[i] = 0;
    bump_later(); // expected-note {{limit (in bump_later) written here}}
  }
}

void calls_unknown(float *restrict a) {
  for (int i = 0; i < limit; i++) { // expected-remark {{loop not parallelized: it contains a call to unknown_effects, whose effects weft does not know (it is not defined in this file)}}
    a[i] = 0;
    unknown_effects(); // expected-note {{here}}
  }
}

// A local whose address is taken, with a call that cannot reach it and a
// restrict pointer that does not: proven.
void local_escapes(float *restrict a, int **keep) {
  int m = 1000;
  *keep = &m;
  for (int i = 0; i < m; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    a[i] = (float)twice(i);
}
