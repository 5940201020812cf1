// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -fopenmp -Wall -Wextra -Werror -c %t.omp.c -o %t.omp.o
// RUN: weft-translate %s --task-graphs=false -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OFF
// The C of a task graph: a function per task, with the variables its
// statement uses bound as a loop body's are (a written local by address),
// and a block that hands the graph to weft_run_graph, else runs the
// statements as written. OpenMP output: sections, level by level.
// OFF-NOT: weft_run_graph

#define N 4096
static float a[N], b[N];

static void iir(float *x, int n, float k) {
  for (int i = 1; i < n; i++)
    x[i] = x[i] + k * x[i - 1];
}

// CHECK: struct weft_filters_graph{{[0-9]+}}_ctx {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *sum;
// CHECK-NEXT: };
// CHECK: static void weft_filters_graph[[G:[0-9]+]]_t0(void *weft_arg) {
// CHECK:   int n = weft_c->n;
// CHECK-NEXT:   iir(a, n, 0.5f);
// CHECK: static void weft_filters_graph[[G]]_t1(void *weft_arg) {
// CHECK:   iir(b, n, 0.25f);
// CHECK: static void weft_filters_graph[[G]]_t2(void *weft_arg) {
// CHECK:   double *sum = weft_c->sum;
// CHECK-NEXT:   for (int i = 0; i < n; i++)
// CHECK-NEXT:     (*sum) = (*sum) * 0.5 + a[i];
// CHECK: if (weft_ready()) {
// CHECK: {weft_filters_graph[[G]]_t0, {{[0-9.]+}}, 0x0u, 0},
// CHECK-NEXT: {weft_filters_graph[[G]]_t1, {{[0-9.]+}}, 0x0u, 0},
// CHECK-NEXT: {weft_filters_graph[[G]]_t2, {{[0-9.]+}}, 0x1u, 0}
// CHECK: static const weft_graph_t weft_graph = {3, WEFT_INTENT_NONE, weft_tasks,
// CHECK-NEXT: weft_run_graph(&weft_graph, &weft_c);
// CHECK-NEXT: } else {
// CHECK-NEXT: iir(a, n, 0.5f);
// CHECK-NEXT: iir(b, n, 0.25f);
// CHECK-NEXT: for (int i = 0; i < n; i++)
// OMP: double filters(int n) {
// OMP-NOT: omp sections
// OMP: return sum;
double filters(int n) {
  double sum = 0;
  iir(a, n, 0.5f);
  iir(b, n, 0.25f);
  for (int i = 0; i < n; i++)
    sum = sum * 0.5 + a[i];
  return sum;
}

// No scalar written: sections in OpenMP output, a level for the two
// filters and one for the loop that reads a.
// OMP: void arrays(int n) {
// OMP: #pragma omp parallel
// OMP: #pragma omp sections nowait
// OMP: #pragma omp section
// OMP: iir(a, n, 0.5f);
// OMP: #pragma omp section
// OMP: iir(b, n, 0.25f);
// OMP: #pragma omp barrier
// OMP-NEXT: #pragma omp sections nowait
// OMP: #pragma omp section
// OMP: for (int i = 1; i < n; i++)
void arrays(int n) {
  iir(a, n, 0.5f);
  iir(b, n, 0.25f);
  for (int i = 1; i < n; i++)
    a[i] = a[i] * 0.5f + a[i - 1];
}

// A parallel loop as a task: its function runs the loop's block as weft
// writes it in place, with s a copy under its own name (no edits), stored
// back after it since the task writes it; the task is WEFT_TASK_LOOP.
// OpenMP output keeps the statements as written (the loop on its own).
// CHECK: static void weft_beside_graph[[B:[0-9]+]]_t1(void *weft_arg) {
// CHECK:   long s = *weft_c->s;
// CHECK-NEXT:   { /* weft: in parallel in weft_beside_{{[0-9]+}}() when the checks pass; else as written */
// CHECK:       int64_t weft_chunks = weft_parallel_for(&weft_l, weft_beside_{{[0-9]+}}, &weft_c);
// CHECK:         s = (long)((unsigned long)s + weft_s_part[weft_j]);
// CHECK:     } else {
// CHECK-NEXT:       for (int i = 0; i < N; i++)
// CHECK-NEXT:         s += (long)a[i] ^ 5;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   *weft_c->s = s;
// CHECK-NEXT: }
// CHECK: long beside(void) {
// CHECK: {weft_beside_graph[[B]]_t0, {{[0-9.]+}}, 0x0u, 0},
// CHECK-NEXT: {weft_beside_graph[[B]]_t1, {{[0-9.]+}}, 0x0u, WEFT_TASK_LOOP}
// CHECK: } else {
// CHECK-NEXT: for (int i = 1; i < N; i++)
// OMP: long beside(void) {
// OMP-NOT: omp sections
// OMP: #pragma omp parallel for
// OMP: return s;
long beside(void) {
  long s = 0;
  for (int i = 1; i < N; i++)
    b[i] = b[i] * 0.5f + b[i - 1];
  for (int i = 0; i < N; i++)
    s += (long)a[i] ^ 5;
  return s;
}

// Two pointers that may be the same memory: a run-time check decides
// whether the second statement waits for the first. The tasks and the
// graph are then no longer static. OpenMP output has no such check: the
// edge stays, and the two statements are two levels.
// CHECK: void checked(float *p, float *q, int n) {
// CHECK: if (weft_ready()) {
// CHECK-NEXT: int weft_bad = 0;
// CHECK-NEXT: /* weft: does the statement at line [[Q:[0-9]+]] touch memory apart from what the one at line [[P:[0-9]+]] writes or reads? */
// CHECK-NEXT: int weft_apart0 = 1 &&
// CHECK-NEXT: weft_apart((const void *)p, {{.*}}, sizeof(p[0]),
// CHECK-NEXT: (const void *)q, {{.*}}, sizeof(q[0]), &weft_bad);
// CHECK: const weft_task_t weft_tasks[] = {
// CHECK-NEXT: {weft_checked_graph{{[0-9]+}}_t0, {{[0-9.]+}}, 0x0u, 0},
// CHECK-NEXT: {weft_checked_graph{{[0-9]+}}_t1, {{[0-9.]+}}, 0x0u | (weft_apart0 ? 0u : 0x1u), 0}
// CHECK: const weft_graph_t weft_graph = {2,
// OMP: void checked(float *p, float *q, int n) {
// OMP: #pragma omp sections nowait
// OMP: p[i] = p[i] * 0.5f + p[i - 1];
// OMP: #pragma omp barrier
// OMP-NEXT: #pragma omp sections nowait
// OMP: q[i] = q[i] * 0.25f + q[i - 1];
void checked(float *p, float *q, int n) {
  for (int i = 1; i < n; i++)
    p[i] = p[i] * 0.5f + p[i - 1];
  for (int i = 1; i < n; i++)
    q[i] = q[i] * 0.25f + q[i - 1];
}
