// RUN: weft-translate %s --analyze --fork-join-ns=0 -- 2>&1 | grep "interchanged" | FileCheck %s
// RUN: weft-translate %s --analyze --fork-join-ns=0 --remarks=missed -- 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: weft-translate %s --analyze --fork-join-ns=0 --remarks=passed -- 2>&1 | FileCheck %s --check-prefix=PASSED
// weft-interchange (docs/analysis.md, "Loop interchange"): which pairs of
// loops inside a parallel loop run interchanged, and why the others that
// would walk memory along rows do not.

#define N 64
double A[N][N], B[N][N], C[N][N], x[N];
struct dims { int n; };

// k j is already the order that walks along rows: nothing to say.
void good_order(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

void product(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}

void carried(void) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += C[i][j - 1] * B[k][j];
}

void local_sum(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

void outer_sum(void) {
  double s;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = 0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

void triangular(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < j; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void used_after(void) {
  int i, j, k;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    C[i][0] += j;
  }
}

void no_init(void) {
  for (int i = 0; i < N; i++) {
    int j = 0;
    for (; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

void short_j(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void jump(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (x[j] < 0)
        continue;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}

void bound_in_memory(struct dims *d) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < d->n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// The rewriter cannot outline this loop (its body uses a type declared in
// the function): the nest stays as written, interchange included.
void vetoed(void) {
  typedef double real;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += (real)A[i][k] * B[k][j];
}

// CHECK-NOT: :15:5: remark: loops
// CHECK: :22:5: remark: loops interchanged: the loop at 24:7 runs outside this one in the parallel loop's body, so that B[k][j] goes along rows; every element gets the same updates in the same order
// PASSED: :22:5: remark: loops interchanged
// MISSED-NOT: :22:5: remark: loops interchanged
// CHECK: :31:5: remark: loops not interchanged with the loop at 32:7 (B[k][j] would go along rows): C[i][j] and C[i][j - 1] touch the same element in two iterations of j
// MISSED: :31:5: remark: loops not interchanged
// PASSED-NOT: :31:5: remark: loops not interchanged
// CHECK: :38:5: remark: loops not interchanged with the loop at 40:7 (B[k][j] would go along rows): s, declared in the j loop, is used both inside and outside the k loop
// CHECK: :49:5: remark: loops not interchanged with the loop at 51:7 (B[k][j] would go along rows): s is used both inside and outside the k loop
// CHECK: :59:5: remark: loops not interchanged with the loop at 60:7 (B[k][j] would go along rows): the bounds of the k loop change with j
// CHECK: :67:5: remark: loops not interchanged with the loop at 68:7 (B[k][j] would go along rows): j is used after the loops
// CHECK: :77:5: remark: loops not interchanged with the loop at 78:7 (B[k][j] would go along rows): the j loop does not set j in its header
// CHECK: :85:5: remark: loops not interchanged with the loop at 86:7 (B[k][j] would go along rows): the j loop runs 4 times, too few to be the innermost loop
// CHECK: :92:5: remark: loops not interchanged with the loop at 95:7 (B[k][j] would go along rows): the j loop contains a jump, a switch or a loop weft does not count
// CHECK: :102:5: remark: loops not interchanged with the loop at 103:7 (B[k][j] would go along rows): the k loop reads its bound from memory
// CHECK-NOT: :112:5: remark: loops interchanged
