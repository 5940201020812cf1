// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --analyze -- 2>&1 | FileCheck %s --check-prefix=REMARK
// Run-time checks over the elements a bound on the subscript gives
// (docs/analysis.md, "Run-time checks"): a table read through a subscript
// that weft cannot name in C, but whose ops bound it, is checked over
// [0, bound - 1]; a bound of a variable must also be positive where the
// loop starts (`% nt` of an nt < 1 bounds nothing).

// REMARK: bounded-guards.c:[[@LINE+5]]:3: remark: loop parallelized: a run-time check that out and in do not overlap; a run-time check that out and lut do not overlap
// CHECK-LABEL: void apply_lut(
// CHECK:         (const void *)lut, 0, 255, sizeof(lut[0]), &weft_bad)) {
void apply_lut(const unsigned char *in, unsigned char *out,
               const unsigned char *lut, int n) {
  for (int i = 0; i < n; i++)
    out[i] = lut[in[i]];
}

// REMARK: bounded-guards.c:[[@LINE+7]]:3: remark: loop parallelized: a run-time check that out and k do not overlap; a run-time check that out and table do not overlap
// CHECK-LABEL: void gather_mod(
// CHECK:         weft_add(-1, (int64_t)nt, &weft_bad) >= 0 &&
// CHECK-NEXT:    weft_apart((const void *)out, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(out[0]),
// CHECK-NEXT:          (const void *)table, 0, weft_add(-1, (int64_t)nt, &weft_bad), sizeof(table[0]), &weft_bad)) {
void gather_mod(const unsigned *k, double *out, const double *table, int nt,
                int n) {
  for (int i = 0; i < n; i++)
    out[i] = table[k[i] % nt] * 2.0;
}

// An int's remainder may be negative: no bound, and no check.
// REMARK: bounded-guards.c:[[@LINE+3]]:3: remark: loop not parallelized: out and table may overlap, and the elements table[k[i] % nt] touches depend on values weft cannot name in C
void signed_mod(const int *k, double *out, const double *table, int nt,
                int n) {
  for (int i = 0; i < n; i++)
    out[i] = table[k[i] % nt] * 2.0;
}
