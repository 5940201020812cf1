// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// The shape of the output: the runtime header before the first function
// with a parallel loop, a context struct and an outlined body function
// before that function (its loop in a kernel that takes the restrict
// pointers as parameters), and the loop replaced by a block that runs it in
// parallel when the checks pass and as written otherwise. Everything else
// is the input, byte for byte.

#include <stddef.h>

// CHECK: #include <stddef.h>
// CHECK: /* A comment that stays where it is. */
// CHECK-NEXT: #include "weft.h" /* weft: the parallel runtime */
// CHECK-EMPTY:
// CHECK-NEXT: /* weft: the loop at basic.c:[[LINE:[0-9]+]] (in scale), outlined to run in parallel on libweft's team. */
// CHECK-NEXT: struct weft_scale_[[LINE]]_ctx {
// CHECK-NEXT:   float *out;
// CHECK-NEXT:   float k;
// CHECK-NEXT:   const float *in;
// CHECK-NEXT:   int weft_start;
// CHECK-NEXT:   int64_t weft_trip;
// CHECK-NEXT: };
// CHECK-EMPTY:
// CHECK-NEXT: static inline void weft_scale_[[LINE]]_run(struct weft_scale_[[LINE]]_ctx *weft_c,
// CHECK-NEXT:                                       float *restrict out,
// CHECK-NEXT:                                       const float *restrict in,
// CHECK-NEXT:                                       int64_t weft_lo, int64_t weft_hi,
// CHECK-NEXT:                                       int64_t weft_chunk) {
// CHECK-NEXT:   float k = weft_c->k;
// CHECK-NEXT:   (void)weft_chunk;
// CHECK-NEXT:   int i = (int)(weft_c->weft_start + weft_lo);
// CHECK-NEXT:   for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i++) {
// CHECK-NEXT:     out[i] = k * in[i];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: static void weft_scale_[[LINE]](void *weft_arg, int64_t weft_lo, int64_t weft_hi,
// CHECK-NEXT:                              int64_t weft_chunk) {
// CHECK-NEXT:   struct weft_scale_[[LINE]]_ctx *weft_c = (struct weft_scale_[[LINE]]_ctx *)weft_arg;
// CHECK-NEXT:   weft_scale_[[LINE]]_run(weft_c,
// CHECK-NEXT:                        weft_c->out,
// CHECK-NEXT:                        weft_c->in,
// CHECK-NEXT:                        weft_lo, weft_hi, weft_chunk);
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: void scale(int n, float k, const float *restrict in, float *restrict out) {
// CHECK-NEXT:   int unused_before = 1;
// CHECK-NEXT:   (void)unused_before;
// CHECK-NEXT:   { /* weft: in parallel in weft_scale_[[LINE]]() when the checks pass; else as written */
// CHECK-NEXT:     int weft_start = 0;
// CHECK-NEXT:     int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 1, 0);
// CHECK-NEXT:     static weft_memo_t weft_memo; /* libweft's answers kept: calls that run as written */
// CHECK-NEXT:     if (weft_trip >= {{[0-9]+}} && weft_ready() && !weft_for_inline(&weft_memo, weft_scale_[[LINE]], [[ID:[0-9]+]], weft_trip)) {
// CHECK-NEXT:       struct weft_scale_[[LINE]]_ctx weft_c = {
// CHECK-NEXT:           .out = out,
// CHECK-NEXT:           .k = k,
// CHECK-NEXT:           .in = in,
// CHECK-NEXT:           .weft_start = weft_start,
// CHECK-NEXT:           .weft_trip = weft_trip
// CHECK-NEXT:       };
// CHECK-NEXT:       weft_loop_t weft_l = {
// CHECK-NEXT:           .trip = weft_trip,
// CHECK-NEXT:           .shape = WEFT_SHAPE_UNIFORM,
// CHECK-NEXT:           .intent = WEFT_INTENT_MEMORY,
// CHECK-NEXT:           .cost0 = 0,
// CHECK-NEXT:           .cost1 = 0,
// CHECK-NEXT:           .work_ns = {{.*}} * (double)weft_trip,
// CHECK-NEXT:           .region_id = [[ID]],
// CHECK-NEXT:           .line = [[LINE]],
// CHECK-NEXT:           .file = "basic.c"};
// CHECK-NEXT:       weft_parallel_for(&weft_l, weft_scale_[[LINE]], &weft_c);
// CHECK-NEXT:     } else {
// CHECK-NEXT:       for (int i = 0; i < n; i++) // the loop, as written
// CHECK-NEXT:         out[i] = k * in[i];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   /* after the loop */
// CHECK-NEXT: }

/* A comment that stays where it is. */
void scale(int n, float k, const float *restrict in, float *restrict out) {
  int unused_before = 1;
  (void)unused_before;
  for (int i = 0; i < n; i++) // the loop, as written
    out[i] = k * in[i];
  /* after the loop */
}
