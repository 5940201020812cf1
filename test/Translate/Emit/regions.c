// RUN: cp %s %t.c
// RUN: weft-translate %t.c -o %t.out.c -- 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: grep -v "^// " %t.out.c | FileCheck %s
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.out.c -I %weft_runtime_include -o %t.o
// RUN: weft-translate %t.c --line-directives -o %t.ld.c --
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.ld.c -I %weft_runtime_include -o %t.ld.o
// RUN: weft-translate %t.c --fuse-regions=false -o %t.off.c --
// RUN: grep -v "^// " %t.off.c | FileCheck %s --check-prefix=OFF
// RUN: weft-translate %t.c --analyze --report=%t.json -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "unfused": "the code between them calls log_frame, which is not pure"
// Consecutive parallel loops in one region (weft-fuse-regions): the SPMD
// function after the loops' bodies, with each loop's flags; the code between
// the loops moved before the region's block; the block's condition over
// every loop's minimum trip; the region's site; and each loop alone as the
// fallback.

// REMARK: [[#@LINE+30]]:3: remark: loop parallelized: {{.*}}; the loops at [[#@LINE+33]]:3 and [[#@LINE+35]]:3 share its parallel region
// REMARK: [[#@LINE+32]]:3: remark: loop parallelized: {{.*}}; it shares the parallel region of the loop at [[#@LINE+29]]:3, each chunk after the same chunk of the loop before
// REMARK: [[#@LINE+33]]:3: remark: loop parallelized: {{.*}}; it shares the parallel region of the loop at [[#@LINE+28]]:3, after a barrier
// CHECK: static void [[B1:weft_frame_[0-9]+]](void *weft_arg,
// CHECK: static void [[B2:weft_frame_[0-9]+]](void *weft_arg,
// CHECK: static void [[B3:weft_frame_[0-9]+]](void *weft_arg,
// CHECK: static void [[R:weft_frame_[0-9]+_region]](void *weft_arg, int weft_member, int weft_size) {
// CHECK-NEXT: struct [[R]]_ctx *weft_r = (struct [[R]]_ctx *)weft_arg;
// CHECK: weft_spmd_for_ex(weft_r->l1, [[B1]], weft_r->c1, WEFT_FOR_NOWAIT);
// CHECK-NEXT: weft_spmd_for_ex(weft_r->l2, [[B2]], weft_r->c2, WEFT_FOR_CHUNKWISE);
// CHECK-NEXT: weft_spmd_for_ex(weft_r->l3, [[B3]], weft_r->c3, WEFT_FOR_NOWAIT);
// CHECK: void frame(
// CHECK: float *restrict c) {
// CHECK-NEXT: float scale = k * 2; /* moves before the region */
// CHECK-NEXT: { /* weft: one parallel region, in [[R]](), when every loop's checks pass; else each loop as before */
// CHECK: static weft_memo_t weft_rmemo; /* libweft's answers kept: calls that run as written */
// CHECK-NEXT: int weft_as_written = 0; /* the runtime said: this call runs the loops as written */
// CHECK-NEXT: if (weft_trip >= {{[0-9]+}} && weft_trip_2 >= {{[0-9]+}} && weft_trip_3 >= {{[0-9]+}} && weft_ready() && !(weft_as_written = weft_spmd_inline(&weft_rmemo, [[R]], {{[0-9]+}}, weft_trip))) {
// CHECK: .work_ns = weft_l.work_ns,
// CHECK: weft_spmd(&weft_site, [[R]], &weft_r);
// CHECK: } else {
// CHECK: && weft_ready() && !weft_as_written && !weft_for_inline(&weft_memo, [[B1]],
// CHECK: weft_parallel_for(&weft_l, [[B1]], &weft_c);
// CHECK: weft_parallel_for(&weft_l, [[B2]], &weft_c);
// CHECK: weft_parallel_for(&weft_l, [[B3]], &weft_c);
// OFF-NOT: weft_spmd
// OFF: weft_parallel_for
// OFF-NOT: weft_spmd
void frame(int n, float k, float *restrict a, float *restrict b,
           float *restrict c) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  float scale = k * 2; /* moves before the region */
  for (int i = 0; i < n; i++)
    b[i] = a[i] * scale;
  for (int i = 1; i < n - 1; i++)
    c[i] = b[i - 1] + b[i + 1];
}

// The text decides too: a name declared between the loops that the loop
// before uses (another `t`) would change meaning if it moved, so each
// loop keeps a region of its own.
// REMARK: [[#@LINE+4]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from {{[0-9]+}} iterations (about {{.*}} each){{$}}
// REMARK: [[#@LINE+6]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from {{[0-9]+}} iterations (about {{.*}} each){{$}}
float t = 1;
void shadowed(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = t * i;
  float t = 2;
  for (int i = 0; i < n; i++)
    b[i] = t * i;
}

// A call with effects between two parallel loops: each has a region of its
// own, and the second's remark says why.
// REMARK: [[#@LINE+4]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from {{[0-9]+}} iterations (about {{.*}} each){{$}}
// REMARK: [[#@LINE+6]]:3: remark: loop parallelized: its iterations are independent; it runs in parallel from {{[0-9]+}} iterations (about {{.*}} each); it does not share the parallel region of the loop at [[#@LINE+3]]:3: the code between them calls log_frame, which is not pure{{$}}
void log_frame(const char *what);
void logged(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  log_frame("half way");
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2;
}
