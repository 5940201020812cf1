// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// GCC vectorizes the blur's row loop in the outlined kernel, as it does in
// the input: with restrict on locals of the body function, it did not
// (and the parallel build of a 2-pass blur ran 1.4x slower on one thread).
// RUN: gcc -std=c11 -O2 -fopt-info-vec-optimized -c %t.c -I %weft_runtime_include -o %t.o 2> %t.vec
// RUN: /usr/bin/python3 %S/Inputs/vectorized_in.py %t.c %t.vec weft_blur_
// And at -O3 the one-dimensional loop over four distinct allocations: it
// needs restrict (too many pairs for GCC's run-time alias checks) and a
// counter that steps as in the loop (rebuilt from weft_k through a
// conversion to int, GCC saw no evolution it could vectorize).
// RUN: gcc -std=c11 -O3 -fopt-info-vec-optimized -c %t.c -I %weft_runtime_include -o %t.o 2> %t.vec3
// RUN: /usr/bin/python3 %S/Inputs/vectorized_in.py %t.c %t.vec3 weft_planes_
// The pointers through which alone a loop reaches their memory (detection's
// noalias: restrict in the source, distinct allocations, or checked apart at
// run time) become restrict parameters of a kernel that runs the loop:
// compilers honor restrict on parameters, not on locals initialized from
// the context struct. Pointers that another variable of the loop also
// reaches stay plain locals; a loop without such pointers keeps the one
// body function.

#include <stdlib.h>

enum { W = 640 };

// CHECK-LABEL: struct weft_blur_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_blur_[[L:[0-9]+]]_run(struct weft_blur_[[L]]_ctx *weft_c,
// CHECK-NEXT:                                      float *restrict dst,
// CHECK-NEXT:                                      const float *restrict src,
// CHECK-NEXT:                                      int64_t weft_lo, int64_t weft_hi,
// CHECK-NEXT:                                      int64_t weft_chunk) {
// CHECK-NEXT:   (void)weft_chunk;
// CHECK: static void weft_blur_[[L]](void *weft_arg
// CHECK:   weft_blur_[[L]]_run(weft_c,
// CHECK-NEXT:                    weft_c->dst,
// CHECK-NEXT:                    weft_c->src,
// CHECK-NEXT:                    weft_lo, weft_hi, weft_chunk);
void blur(int h, const float *restrict src, float *restrict dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < W; x++) {
      int x0 = x < 1 ? 0 : x - 1, x2 = x > W - 2 ? W - 1 : x + 1;
      dst[y * W + x] =
          (src[y * W + x0] + src[y * W + x] + src[y * W + x2]) * (1.0f / 3);
    }
}

// A restrict local of the function, and a reduction: the kernel's
// parameters are the pointers (q is checked apart from p at run time);
// the partial sum stays a local of the kernel, stored for the chunk at its
// end.
// CHECK-LABEL: struct weft_local_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_local_[[M:[0-9]+]]_run(struct weft_local_[[M]]_ctx *weft_c,
// CHECK-NEXT:                                       float *restrict p,
// CHECK-NEXT:                                       const float *restrict q,
// CHECK-NEXT:                                       int64_t weft_lo, int64_t weft_hi,
// CHECK-NEXT:                                       int64_t weft_chunk) {
// CHECK-NEXT:   unsigned int s = 0; /* this chunk's partial add */
// CHECK:   weft_c->s_part[weft_chunk] = s;
// CHECK-NEXT: }
// CHECK: static void weft_local_[[M]](void *weft_arg
// CHECK:   weft_local_[[M]]_run(weft_c,
// CHECK-NEXT:                     weft_c->p,
// CHECK-NEXT:                     weft_c->q,
// CHECK-NEXT:                     weft_lo, weft_hi, weft_chunk);
int local(int n, float **rows, const float *q) {
  float *restrict p = rows[0];
  int s = 0;
  for (int i = 0; i < n; i++) {
    p[i] = q[i] * 2;
    s += (int)q[i];
  }
  return s;
}

// Pointers without restrict, checked apart at run time: the kernel runs
// only where the check passed, so they are restrict there.
// CHECK-LABEL: struct weft_checked_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_checked_{{[0-9]+}}_run(struct weft_checked_{{[0-9]+}}_ctx *weft_c,
// CHECK-NEXT:                                         float *restrict b,
// CHECK-NEXT:                                         const float *restrict a,
void checked(int n, const float *a, float *b) {
  for (int i = 0; i < n; i++)
    b[i] = a[i] + 1;
}

// Distinct allocations need no check, and an array declared in the
// function is apart from both.
// CHECK-LABEL: struct weft_fresh_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_fresh_{{[0-9]+}}_run(struct weft_fresh_{{[0-9]+}}_ctx *weft_c,
// CHECK-NEXT:                                       float *restrict x,
// CHECK-NEXT:                                       int64_t weft_lo
// CHECK: static inline void weft_fresh_{{[0-9]+}}_run(struct weft_fresh_{{[0-9]+}}_ctx *weft_c,
// CHECK-NEXT:                                       float *restrict y,
// CHECK-NEXT:                                       float *restrict x,
// CHECK-NEXT:                                       float *restrict t,
// CHECK-NEXT:                                       int64_t weft_lo
// CHECK-LABEL: float fresh(
float fresh(int n) {
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), t[64];
  if (!x || !y)
    return 0;
  for (int i = 0; i < n; i++)
    x[i] = (float)i;
  for (int i = 0; i < n; i++)
    y[i] = x[i] * t[i % 64];
  float r = y[n - 1];
  free(x);
  free(y);
  return r;
}

// Two names for one memory: neither is restrict (p[i] and a[i] are the
// same element), and b, which nothing else reaches, still is.
// CHECK-LABEL: struct weft_aliases_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_aliases_{{[0-9]+}}_run(struct weft_aliases_{{[0-9]+}}_ctx *weft_c,
// CHECK-NEXT:                                         const float *restrict b,
// CHECK-NEXT:                                         int64_t weft_lo
// CHECK-NEXT:                                         int64_t weft_chunk) {
// CHECK-NEXT:   float *p = weft_c->p;
// CHECK-NEXT:   float *a = weft_c->a;
void aliases(int n, float *a, const float *b) {
  float *p = a;
  for (int i = 0; i < n; i++)
    p[i] = a[i] + b[i];
}

// A pointer derived from another (q = a + 1) reaches its memory too.
// CHECK-LABEL: struct weft_derived_{{[0-9]+}}_ctx {
// CHECK-NOT: _run(
// CHECK: static void weft_derived_{{[0-9]+}}(void *weft_arg
// CHECK-NOT: _run(
// CHECK: void derived(
void derived(int n, float *a) {
  float *q = a + 1;
  for (int i = 0; i < n; i++)
    q[2 * i] = a[2 * i] * 2;
}

// CHECK-LABEL: struct weft_planes_{{[0-9]+}}_ctx {
// CHECK: static inline void weft_planes_{{[0-9]+}}_run(struct weft_planes_{{[0-9]+}}_ctx *weft_c,
// CHECK-NEXT:                                        float *restrict e,
// CHECK-NEXT:                                        float *restrict a,
// CHECK-NEXT:                                        float *restrict b,
// CHECK-NEXT:                                        float *restrict f,
// CHECK-NEXT:                                        float *restrict c,
// CHECK-NEXT:                                        float *restrict g,
// CHECK-NEXT:                                        float *restrict d,
// CHECK-NEXT:                                        float *restrict h,
// CHECK:         int i = (int)(weft_c->weft_start + weft_lo);
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
float planes(int n) {
  float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b),
        *c = calloc(n, sizeof *c), *d = calloc(n, sizeof *d),
        *e = malloc(n * sizeof *e), *f = malloc(n * sizeof *f),
        *g = malloc(n * sizeof *g), *h = malloc(n * sizeof *h);
  float s = 0;
  if (a && b && c && d && e && f && g && h) {
    for (int i = 0; i < n; i++) {
      e[i] = a[i] + b[i];
      f[i] = b[i] - c[i];
      g[i] = c[i] * d[i];
      h[i] = d[i] - a[i];
    }
    s = e[n / 2] + f[n / 3] + g[n / 4] + h[n / 5];
  }
  free(a), free(b), free(c), free(d), free(e), free(f), free(g), free(h);
  return s;
}
