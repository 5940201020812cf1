// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// Two pointer parameters may point into the same array: weft never assumes
// they do not. It checks at run time that the ranges they touch are apart,
// unless restrict or a pragma says so; a pointer that changes in the loop
// cannot be checked at all.

// expected-remark@+2 {{loop parallelized: a run-time check that b and a do not overlap}}
void copy(int n, float *b, const float *a) {
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void copy_restrict(int n, float *restrict b, const float *restrict a) {
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

// One restrict pointer is enough: nothing else reaches its memory.
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void one_restrict(int n, float *restrict b, const float *a) {
  for (int i = 0; i < n; i++)
    b[i] = a[i] + a[i + 1];
}

// Distinct named objects never overlap.
float G1[100], G2[100];
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void objects(void) {
  for (int i = 0; i < 100; i++)
    G1[i] = G2[i];
}

// A local array whose address never leaves the function is private to it;
// a global that escapes (external linkage) may be where `p` points.
// expected-remark@+3 {{loop parallelized: a run-time check that G1 and p do not overlap}}
void local_and_global(int n, float *p) {
  float tmp[64];
  for (int i = 0; i < 64 && i < n; i++) {
    tmp[i] = p[i];
    G1[i] = tmp[i] + p[i];
  }
}

// The same pointer twice is the same memory: an exact answer, no check.
// expected-remark@+2 {{loop not parallelized: p[i] written in iteration i is read in iteration i+1}}
void same_pointer(int n, float *p) {
  for (int i = 1; i < n; i++)
    p[i] = p[i - 1]; // expected-note {{p[i - 1] read here}}
}

// Rows of a jagged array are pointers loaded in the loop: two rows may be
// one, which a run-time check rules out (docs/analysis.md, "Row tables").
// A loop that also writes the slots leaves no rows to check.
// expected-remark@+2 {{loop parallelized: a run-time check that the rows of r it touches are apart; a run-time check that the rows of r and the slots of r do not overlap}}
void jagged(int n, float **r) {
  for (int i = 0; i < n; i++)
    r[i][0] = 1;
}
// expected-remark@+2 {{loop not parallelized: r[i] and r[i][0] may be the same memory in two iterations (r[i] is a pointer computed in the loop)}}
void jagged_rewired(int n, float **r, float *s) {
  for (int i = 0; i < n; i++) {
    r[i] = s + i;
    r[i][0] = 1; // expected-note {{here}}
  }
}

// A pointer advanced by a constant in every iteration is a function of the
// counter (docs/analysis.md, "Other counters"): the loop writes p[i].
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void walk(int n, float *p) {
  float *s = p;
  for (int i = 0; i < n; i++) {
    *s = 0;
    s++;
  }
}

// Advanced in only some iterations, it carries its value between them.
// expected-remark@+3 {{loop not parallelized: s carries a value from one iteration to the next}}
void walk_some(int n, float *p, const int *skip) {
  float *s = p;
  for (int i = 0; i < n; i++) {
    *s = 0; // expected-note {{s read here}}
    if (skip[i])
      s++;
  }
}

// The programmer says the pointers do not alias.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void asserted(int n, float *b, const float *a) {
#pragma weft assume_no_alias
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

// Two-dimensional pointer parameters: the ranges are rows times columns.
// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void rows2d(int n, double (*out)[8], double (*in)[8]) {
  for (int i = 0; i < n; i++)
    // expected-remark@+1 {{loop not parallelized: the loop at 101:3 around it runs in parallel}}
    for (int j = 0; j < 8; j++)
      out[i][j] = in[i][j];
}

// A global pointer variable read in the loop is checked as its own storage
// (&data), apart from the memory it points to.
int *g_data, **g_wall, g_cols;
void carve(int rows) {
  for (int n = 0; n < rows; n++) // expected-remark {{loop parallelized: a run-time check that g_wall and &g_data do not overlap; a run-time check that g_wall and g_cols do not overlap; a run-time check that g_wall and &g_wall do not overlap}}
    g_wall[n] = g_data + g_cols * n;
}
