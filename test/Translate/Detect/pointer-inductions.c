// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s
// RUN: weft-translate %s -o - --emit=openmp --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | FileCheck %s --check-prefix=OMP
// Pointer inductions (docs/analysis.md, "Other counters"): a local pointer
// that the body steps by whole elements in every iteration is its value
// before the loop advanced by k steps; its accesses are subscripts of what
// it points to. Execution: test/Execution/pointer_inductions.c.
#include <stddef.h>

// Each iteration of a chunk sets its own q and p, which the body steps;
// after the loop both get their values. p starts at in: the run-time
// check names in.
// CHECK-LABEL: struct weft_copy_{{[0-9]+}}_ctx {
// CHECK:         float *weft_q_start;
// CHECK:         const float *weft_p_start;
// CHECK:       for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
// CHECK-NEXT:    float *q = weft_c->weft_q_start + weft_k * 2;
// CHECK-NEXT:    const float *p = weft_c->weft_p_start + weft_k;
// CHECK-NEXT:    {
// CHECK-NEXT:      q[0] = *p;
// CHECK-NEXT:      q[1] = *p++;
// CHECK-NEXT:      q += 2;
// CHECK-LABEL: {{^}}float *copy(
// CHECK:         float *weft_q_start = q; /* the loop steps q by 2 */
// CHECK-NEXT:    const float *weft_p_start = p; /* the loop steps p by 1 */
// CHECK:         weft_apart((const void *)q, 0, weft_add(-1, weft_mul(2, (int64_t)n, &weft_bad), &weft_bad), sizeof(q[0]),
// CHECK-NEXT:          (const void *)in, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(in[0]), &weft_bad)) {
// CHECK:           q = weft_q_start + weft_trip * 2; /* its value after the loop */
// CHECK-NEXT:      p = weft_p_start + weft_trip; /* its value after the loop */
// CHECK-NEXT:    } else {
// OMP-LABEL:   {{^}}float *copy(
// OMP:           for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:        int i = (int)(weft_start + weft_k);
// OMP-NEXT:        (void)i;
// OMP-NEXT:        float *q = weft_q_start + weft_k * 2;
// OMP-NEXT:        const float *p = weft_p_start + weft_k;
// OMP:           q = weft_q_start + weft_trip * 2; /* its value after the loop */
// expected-remark@+3 {{loop parallelized: a run-time check that q and in do not overlap}}
float *copy(int n, float *q, const float *in) {
  const float *p = in;
  for (int i = 0; i < n; i++) {
    q[0] = *p;
    q[1] = *p++;
    q += 2;
  }
  return q;
}

// Down by a cast through char *: 8 bytes are two floats; a struct pointer
// stepped in the for's increment.
typedef struct {
  float x, y;
} pt;
// CHECK-LABEL: {{^}}void down(
// CHECK:         const float *weft_p_start = p; /* the loop steps p by -2 */
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void down(int n, float *restrict out, const float *restrict in) {
  const float *p = in + 2 * n;
  for (int i = 0; i < n; i++) {
    out[i] = *p;
    p = (const float *)((const char *)p - 8);
  }
}
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void points(int n, pt *s) {
  for (int i = 0; i < n; i++, s++)
    s->y = s->x * 2.0f;
}

// A row pointer that the loop around sets: each row's elements are
// out[y * w + k], and the rows are apart.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
// expected-remark@+4 {{loop not parallelized: the loop at 75:3 around it runs in parallel}}
void rows(int h, int w, double *out) {
  for (int y = 0; y < h; y++) {
    double *row = out + y * w;
    for (int x = 0; x < w; x++)
      *row++ = (double)(x + y);
  }
}

// Not pointer inductions: 6 bytes over floats (no whole element), a step
// under a condition, a pointer to what has no size.
// expected-remark@+3 {{loop not parallelized: p carries a value from one iteration to the next}}
void bytes6(int n, float *restrict out, const float *restrict in) {
  const float *p = in;
  for (int i = 0; i < n; i++) {
    out[i] = *p; // expected-note {{p read here}}
    p = (const float *)((const char *)p + 6);
  }
}
// expected-remark@+2 {{loop not parallelized: q carries a value from one iteration to the next}}
void some(int n, float *q, const float *restrict in) {
  for (int i = 0; i < n; i++) {
    *q = in[i]; // expected-note {{q read here}}
    if (in[i] > 0)
      q++;
  }
}
// expected-remark@+2 {{loop not parallelized: v carries a value from one iteration to the next}}
void voids(int n, void *v, float *restrict out) {
  for (int i = 0; i < n; i++) {
    out[i] = (float)(size_t)v; // expected-note {{v read here}}
    v = (char *)v + 1;
  }
}

// Stepped by a variable the loop does not write: the rows of an image
// (strides ss, ds); the check asks that a row fits its stride.
// CHECK-LABEL: struct weft_image_{{[0-9]+}}_ctx {
// CHECK:       for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, y++) {
// CHECK-NEXT:    float *dst = weft_c->weft_dst_start + weft_k * ds;
// CHECK-NEXT:    const float *src = weft_c->weft_src_start - weft_k * ss;
// CHECK-LABEL: {{^}}void image(
// CHECK:         const float *weft_src_start = src; /* the loop steps src by -ss */
// CHECK:           dst = weft_dst_start + weft_trip * ds; /* its value after the loop */
// CHECK-NEXT:      src = weft_src_start - weft_trip * ss; /* its value after the loop */
// OMP-LABEL:   {{^}}void image(
// OMP:             float *dst = weft_dst_start + weft_k * ds;
// OMP-NEXT:        const float *src = weft_src_start - weft_k * ss;
// expected-remark@+2 {{loop parallelized: a run-time check that dst and src do not overlap; a run-time check that no two iterations touch the same element of dst}}
void image(int h, int w, const float *src, int ss, float *dst, int ds) {
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 123:3 around it runs in parallel}}
      dst[x] = src[x] * 0.5f;
    dst += ds;
    src -= ss;
  }
}

// A step the loop writes is no step by a variable.
// expected-remark@+4 {{loop not parallelized: p carries a value from one iteration to the next}}
void growing(int n, float *restrict out, const float *restrict in) {
  const float *p = in;
  int s = 1;
  for (int i = 0; i < n; i++) {
    out[i] = *p; // expected-note {{p read here}}
    p += s;
    s = s * 2 % 7;
  }
}
