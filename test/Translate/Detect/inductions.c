// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
// RUN: weft-translate %s -o - --emit=openmp --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s --check-prefix=OMP
// Other counters (docs/analysis.md, "Other counters"): a variable that one
// of the body's own statements steps by a constant in every iteration is a
// function of the counter; its reads no longer carry a value from one
// iteration to the next. Execution: test/Execution/inductions.c.
#include <stddef.h>

// The outlined loop sets j from the chunk's iteration, the body steps its
// own copy, and j gets its value after the loop.
// CHECK-LABEL: struct weft_pack_{{[0-9]+}}_ctx {
// CHECK:         int weft_j_start;
// CHECK:       for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
// CHECK-NEXT:    int j = (int)(weft_c->weft_j_start + weft_k * 2);
// CHECK-NEXT:    {
// CHECK-NEXT:      out[j] = in[i];
// CHECK-NEXT:      out[j + 1] = 0;
// CHECK-NEXT:      j += 2;
// CHECK-LABEL: {{^}}int pack(
// CHECK:         int weft_j_start = j; /* the loop steps j by 2 */
// CHECK:             .weft_j_start = weft_j_start,
// CHECK:           j = (int)(weft_j_start + weft_trip * 2); /* its value after the loop */
// CHECK-NEXT:    } else {
// OMP-LABEL:   {{^}}int pack(
// OMP:           int weft_j_start = j; /* the loop steps j by 2 */
// OMP:           for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:        int i = (int)(weft_start + weft_k);
// OMP-NEXT:        int j = (int)(weft_j_start + weft_k * 2);
// OMP:           j = (int)(weft_j_start + weft_trip * 2); /* its value after the loop */
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
int pack(int n, const float *restrict in, float *restrict out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    out[j] = in[i];
    out[j + 1] = 0;
    j += 2;
  }
  return j;
}

// A subscript that steps it, down, in a while loop; a size_t.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void reverse(size_t n, const int *restrict in, int *restrict out) {
  size_t i = 0, j = n;
  while (i < n) {
    out[--j] = in[i];
    i++;
  }
}

// The loop around the inner one steps p from where the inner one left it:
// the inner loop runs in parallel, and alone (no sweep).
// expected-remark@+5 {{loop not parallelized: p carries a value from one iteration to the next}}
// expected-note@+5 {{p read here}}
// expected-remark@+4 {{it steps p with its counter, from where each iteration of the loop at 59:3 leaves it}}
void flatten(int n, int m, const double *restrict s, double *restrict d) {
  int p = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < m; c++) {
      d[p] = s[r * m + c];
      p++;
    }
}

// Left as they were: the step under a condition, a continue before the
// step, an unsigned int (it may wrap), a break.
// expected-remark@+4 {{loop not parallelized: j carries a value from one iteration to the next}}
// expected-note@+4 {{j read here}}
void filter(int n, const int *restrict in, int *restrict out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    out[i] = j;
    if (in[i] > 0)
      j++;
  }
}

// expected-remark@+4 {{loop not parallelized: j carries a value from one iteration to the next}}
// expected-note@+6 {{j read here}}
void skip(int n, int *restrict out) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    if (i % 4 == 0)
      continue;
    out[i] = j;
    j++;
  }
}

// expected-remark@+4 {{loop not parallelized: u carries a value from one iteration to the next}}
// expected-note@+4 {{u read here}}
void wraps(int n, const int *restrict in, int *restrict out) {
  unsigned u = 4000000000u;
  for (int i = 0; i < n; i++) {
    out[i] = in[u % 64];
    u++;
  }
}

// Steps in a for's increment: inductions too, and the outlined loop's own
// header steps none of them. Not with a continue (it jumps to the
// increment), nor a step weft cannot compute (an unsigned int may wrap).
// CHECK-LABEL: {{^}}int comma(
// CHECK:           j = (int)(weft_j_start + weft_trip * 2); /* its value after the loop */
// CHECK-NEXT:      k = (int)(weft_k_start + weft_trip * -3); /* its value after the loop */
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
int comma(int n, int *restrict out) {
  int i, j = 0, k = 5;
  for (i = 0; i < n; i++, j += 2, k -= 3)
    out[i] = j * 3 + k;
  return j + k;
}

// expected-remark@+3 {{loop not parallelized: a continue in this for jumps to its increment, which steps more than the counter}}
void comma_continue(int n, int *restrict out) {
  int j = 0;
  for (int i = 0; i < n; i++, j++) {
    if (i & 1)
      continue;
    out[i] = j;
  }
}

// expected-remark@+2 {{loop not parallelized: its increment steps u, which weft cannot compute from the counter}}
void comma_unsigned(int n, float *restrict a, unsigned u) {
  for (int i = 0; i < n; i++, u++)
    a[i] = (float)u;
}
