// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// Reductions: each chunk starts from the identity (or, for min and max of
// integers, from the value before the loop), keeps its partial in the
// slot of its chunk, and the partials are combined in chunk order after the
// loop. Signed integer + keeps partials unsigned, so that no chunk's sum
// overflows a signed type; min and max replay the loop's own comparison.

// CHECK-LABEL: struct weft_sum_{{[0-9]+}}_ctx {
// CHECK-NEXT:   unsigned int *s_part;
// CHECK:        unsigned int s = 0; /* this chunk's partial add */
// CHECK:        weft_c->s_part[weft_chunk] = s;
// CHECK:      unsigned int weft_s_part[WEFT_MAX_CHUNKS];
// CHECK:      int64_t weft_chunks = weft_parallel_for(&weft_l, weft_sum_{{[0-9]+}}, &weft_c);
// CHECK-NEXT: for (int64_t weft_j = 0; weft_j < weft_chunks; weft_j++) { /* in chunk order */
// CHECK-NEXT:   s = (int)((unsigned int)s + weft_s_part[weft_j]);
// CHECK-NEXT: }
int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

// CHECK-LABEL: struct weft_peak_{{[0-9]+}}_ctx {
// CHECK:        double m = -WEFT_INF; /* this chunk's partial max:ge */
// CHECK:        long lo = weft_c->lo; /* this chunk's partial min:lt */
// CHECK:        if (weft_m_part[weft_j] >= m)
// CHECK-NEXT:     m = weft_m_part[weft_j];
// CHECK-NEXT:   if (weft_lo_part[weft_j] < lo)
// CHECK-NEXT:     lo = weft_lo_part[weft_j];
double peak(const double *v, const long *w, int n) {
  double m = -1e300;
  long lo = 1000;
  for (int i = 0; i < n; i++) {
    if (v[i] >= m)
      m = v[i];
    lo = w[i] < lo ? w[i] : lo;
  }
  return m + (double)lo;
}

// CHECK-LABEL: struct weft_bits_{{[0-9]+}}_ctx {
// CHECK:        unsigned char a = (unsigned char)~(unsigned char)0; /* this chunk's partial and */
// CHECK:        unsigned char x = 0; /* this chunk's partial xor */
// CHECK:        a &= weft_a_part[weft_j];
// CHECK-NEXT:   x ^= weft_x_part[weft_j];
unsigned bits(const unsigned char *v, int n) {
  unsigned char a = 0xff, x = 0;
  for (int i = 0; i < n; i++) {
    a &= v[i];
    x ^= v[i];
  }
  return a + x;
}
