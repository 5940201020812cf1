// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
// A run-time check tests no condition and no end of a range that another
// one makes redundant by a constant (docs/analysis.md, "Run-time checks"):
// of `n - 1 >= 0` to `n - 4 >= 0`, the last; of a range's lower ends 0 and
// 1, 0; of its upper ends 2n - 2 and 2n - 1, 2n - 1.

// Each row writes out[0..3]: rows n apart touch no element twice when
// n >= 4 (which implies n >= 1, 2 and 3).
// CHECK-LABEL: void rgba(
// CHECK:       weft_for_inline(&weft_memo, weft_rgba_{{[0-9]+}}, 0, weft_trip) &&
// CHECK-NEXT:    weft_add(-4, (int64_t)n, &weft_bad) >= 0 &&
// CHECK-NEXT:    !weft_bad) {
void rgba(unsigned char *restrict out, const unsigned char *restrict in, int n,
          int m) {
  for (int i = 0; i < m; i++) { // expected-remark {{loop parallelized: a run-time check that no two iterations touch the same element of out}}
    out[0] = in[i];
    out[1] = in[i];
    out[2] = in[i];
    out[3] = 255;
    out += n;
  }
}

// q[2i] and q[2i + 1]: q from 0 to 2n - 1, not min(0, 1) to
// max(2n - 2, 2n - 1).
// CHECK-LABEL: void pairs(
// CHECK:       weft_apart((const void *)q, 0, weft_add(-1, weft_mul(2, (int64_t)n, &weft_bad), &weft_bad), sizeof(q[0]),
// CHECK-NEXT:    (const void *)p, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(p[0]), &weft_bad)) {
void pairs(float *q, const float *p, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: a run-time check that q and p do not overlap}}
    q[2 * i] = p[i];
    q[2 * i + 1] = -p[i];
  }
}
