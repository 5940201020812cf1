// An element index kept in a scalar temporary declared before the loop and
// assigned in the body (`k = i * cols + j; J[k] = ...`, as Rodinia's srad
// and nw write it): a read of k after the write in the same block is the
// written value, so the subscript is i * cols + j. Not when the write may
// not happen (in an if), or other code may write k (its address escapes).
// Execution: test/Execution/index_temporaries.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

void diffuse(float *restrict J, float *restrict dN, const int *restrict iN,
             int rows, int cols) {
  int i, j, k;
  float Jc;
  for (i = 0; i < rows; i++) { // expected-remark {{loop parallelized: k is private; Jc is private; j is private}}
    for (j = 0; j < cols; j++) { // expected-remark {{the loop at 13:3 around it runs in parallel}}
      k = i * cols + j;
      Jc = J[k];
      dN[k] = J[iN[i] * cols + j] - Jc;
    }
  }
}

void update(float *restrict J, const float *restrict dN, int rows, int cols) {
  int k;
  for (int i = 0; i < rows; i++) { // expected-remark {{loop parallelized: k is private}}
    for (int j = 0; j < cols; j++) { // expected-remark {{the loop at 24:3 around it runs in parallel}}
      k = i * cols + j;
      J[k] = J[k] + 0.25f * dN[k];
    }
  }
}

// Assigned only when the condition holds: the k read may be an earlier one.
void maybe(float *restrict a, int n, const int *restrict c) {
  int k = 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: k carries a value from one iteration to the next}}
    if (c[i])
      k = 2 * i;
    a[k] = 1.0f; // expected-note {{k read here}}
  }
}

static void touch(int *p) { *p += 1; }

// Its address escapes: touch() may change it between the write and the
// read.
void escapes(float *restrict a, int n) {
  int k;
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: the loop calls a function that uses k}}
    k = 2 * i; // expected-note {{k used here}}
    touch(&k);
    a[k] = 1.0f;
  }
}
