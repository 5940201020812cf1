// RUN: weft-translate %s --emit-mlir -- | weft-opt --weft-pipeline | FileCheck %s
// weft-task-graph: which statements of a block may run at the same time,
// and which wait for which (preds: a bit mask of earlier tasks).

#include <stdio.h>

void iir(float *x, int n, float a) {
  for (int i = 1; i < n; i++)
    x[i] = x[i] + a * x[i - 1];
}

float L[4096], R[4096], M[2][4096];
double eL, eR;

// Two channels, then each channel's energy: 2 waits for 0, 3 for 1.
// CHECK-LABEL: func.func @channels
// CHECK: weft.graph = {captures = [{{.*}}], copy_out = [{{.*}}], estimated = {{true|false}}, id = {{[0-9]+}} : i64, loops = array<i1: {{.*}}>, preds = array<i64: 0, 0, 1, 2>,
// CHECK-SAME: weft.graph_remark = "the 4 statements at lines {{[0-9]+}}-{{[0-9]+}} run as a task graph (about {{.*}}, with trip counts assumed); line {{[0-9]+}} waits: it reads memory, which the statement at line
void channels(int n) {
  iir(L, n, 0.5f);
  iir(R, n, 0.25f);
  for (int i = 0; i < n; i++)
    eL = eL * 0.999 + L[i] * L[i];
  for (int i = 0; i < n; i++)
    eR = eR * 0.999 + R[i] * R[i];
}

// Rows 0 and 1 of one array: apart.
// CHECK-LABEL: func.func @rows
// CHECK: weft.graph = {captures = [{{.*}}], copy_out = [{{.*}}], estimated = {{true|false}}, id = {{[0-9]+}} : i64, loops = array<i1: {{.*}}>, preds = array<i64: 0, 0>,
void rows(int n) {
  iir(&M[0][0], n, 0.5f);
  iir(&M[1][0], n, 0.5f);
}

// Two halves of one array, and then both halves overlapping.
// CHECK-LABEL: func.func @halves
// CHECK: weft.graph = {captures = [{{.*}}], copy_out = [{{.*}}], estimated = {{true|false}}, id = {{[0-9]+}} : i64, loops = array<i1: {{.*}}>, preds = array<i64: 0, 0, 3>,
void halves(int n) {
  for (int i = 1; i < 2048; i++)
    L[i] = L[i] + L[i - 1] * 0.5f;
  for (int i = 2049; i < 4096; i++)
    L[i] = L[i] + L[i - 1] * 0.5f;
  for (int i = 1; i < 3000; i++)
    L[i] = L[i] + L[i - 1] * 0.25f;
}

// Two pointer parameters may be the same memory: a run-time check that the
// elements each loop touches are apart (from 0 to 4095 of each: min(1, 0)
// and max(4095, 4094), the second bounds those of x[i - 1], written
// without the ends another one makes redundant; [] is the polynomial 0)
// drops the edge when it passes.
// CHECK-LABEL: func.func @pointers
// CHECK: weft.graph = {captures = [{{.*}}], checks = [{earlier = 0 : i64, guards = [{a = {base = {decl = [[A:[0-9]+]] : i64, name = "a"}, elem_size = 4 : i64, hi = [[HI:\[\[array<i64: 4095>\]\]]], lo = [[LO:\[\[\]\]]]}, b = {base = {decl = {{[0-9]+}} : i64, name = "b"}, elem_size = 4 : i64, hi = [[HI]], lo = [[LO]]}}], later = 1 : i64}], {{.*}}preds = array<i64: 0, 0>,
// CHECK-SAME: weft.graph_remark = "the 2 statements at lines [[P0:[0-9]+]]-[[P1:[0-9]+]] run as a task graph (about {{.*}}); line [[P1]] runs beside line [[P0]] when a run-time check finds a and b apart (else it waits: it writes memory, which may be the memory of memory, which the statement at line [[P0]] reads)"
void pointers(float *a, float *b) {
  for (int i = 1; i < 4096; i++)
    a[i] = a[i] + a[i - 1] * 0.5f;
  for (int i = 1; i < 4096; i++)
    b[i] = b[i] + b[i - 1] * 0.5f;
}

// The same with two calls: each side from the callee's summary, over
// what iir touches of x with n = 4096 (elements 0 to 4095).
// CHECK-LABEL: func.func @calls
// CHECK: weft.graph = {captures = [{{.*}}], checks = [{earlier = 0 : i64, guards = [{a = {base = {decl = {{[0-9]+}} : i64, name = "a"}, elem_size = 4 : i64, hi = {{.*}}, lo = {{.*}}}, b = {base = {decl = {{[0-9]+}} : i64, name = "b"}, {{.*}}}], later = 1 : i64}], {{.*}}preds = array<i64: 0, 0>,
// CHECK-SAME: weft.graph_remark = "the 2 statements at lines [[C0:[0-9]+]]-[[C1:[0-9]+]] run as a task graph (about {{.*}}); line [[C1]] runs beside line [[C0]] when a run-time check finds a and b apart (else it waits: {{.*}})"
void calls(float *a, float *b) {
  iir(a, 4096, 0.5f);
  iir(b, 4096, 0.25f);
}

// Output, a return, a break out of the statement: no tasks there. The loop
// whose own break is inside it is a task, but it writes L, as the call
// before it does: in order.
// CHECK-LABEL: func.func @not_tasks
// CHECK-NOT: weft.graph =
// CHECK-LABEL: func.func @lopsided
void not_tasks(int n, int k) {
  iir(L, n, 0.5f);
  printf("%f\n", L[0]);
  iir(R, n, 0.5f);
  if (k)
    return;
  iir(L, n, 0.5f);
  for (int j = 0; j < 4; j++) {
    iir(R, n, 0.5f);
    if (j == k)
      break;
    iir(L, n, 0.5f);
  }
}

// One statement's estimated work (assumed trip counts: n by n) so long that
// the other beside it saves too small a part of it: no graph, and a remark
// that says why (nothing waits).
// CHECK: weft.graph_remark = "the statements at lines {{[0-9]+}}-{{[0-9]+}} could run at the same time, but about {{.*}} saves too small a part of its estimated work"
// CHECK-NOT: weft.graph =
// CHECK-LABEL: func.func @small
void lopsided(int n) {
  for (int i = 1; i < 200; i++) L[i] += L[i - 1];
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      R[j] = R[j] * 0.5f + R[j - 1] * R[j - 1] / (1.0f + R[j]);
}

// Too little work to pay for a fork/join.
// CHECK: weft.graph_remark = "the statements at lines {{[0-9]+}}-{{[0-9]+}} could run at the same time, but about {{.*}} saves less than a fork/join"
// CHECK-NOT: weft.graph =
// CHECK-LABEL: func.func @parallel
void small(void) {
  for (int i = 1; i < 8; i++) L[i] += L[i - 1];
  for (int i = 1; i < 8; i++) R[i] += R[i - 1];
}

// A loop that runs in parallel is a task, but this one reads R, which the
// call after it writes: in order.
// CHECK-NOT: weft.graph =
// CHECK-LABEL: func.func @beside
void parallel(int n) {
  for (int i = 0; i < 4096; i++)
    L[i] = R[i] * 2;
  iir(R, n, 0.5f);
}

// A parallel loop (a reduction into s) beside a recurrence: a graph whose
// loop task the other member helps once its recurrence is done; the task
// writes s, which its function copies back (copy_out: s's decl). Then a
// recurrence over what the first one wrote.
// CHECK: weft.graph = {captures = [{{.*}}#weft.capture<shared, "s", [[S:[0-9]+]]>{{.*}}], copy_out = [array<i64>, array<i64: [[S]]>, array<i64>], estimated = false, id = {{[0-9]+}} : i64, loops = array<i1: false, true, false>, preds = array<i64: 0, 0, 1>,
// CHECK-SAME: weft.graph_remark = "the 3 statements at lines [[L0:[0-9]+]]-{{[0-9]+}} run as a task graph (about {{.*}} of work, {{.*}} on two cores, {{.*}} in order with its loops in parallel); line {{[0-9]+}} runs its loop in parallel on the members the others leave idle; line {{[0-9]+}} waits: it reads {{.*}}, which the statement at line [[L0]] writes"
// CHECK-LABEL: func.func @guess
int beside(void) {
  int s = 0;
  for (int i = 1; i < 4096; i++)
    L[i] = L[i] + 0.5f * L[i - 1];
  for (int i = 0; i < 4096; i++)
    s += R[i] > 0;
  for (int i = 1; i < 4096; i++)
    M[0][i] = M[0][i - 1] * 0.5f + L[i];
  return s;
}

// A parallel loop of a symbolic trip count beside a short loop: the
// parallel loop's work is a guess, but it saves nothing either way; the
// short loop's known nanoseconds are all the graph could save, less than a
// fork/join (kmeans' point loop ran such a graph once per point: 0.34x).
// CHECK-NOT: weft.graph =
// CHECK: weft.graph_remark = "the statements at lines {{[0-9]+}}-{{[0-9]+}} could run at the same time, but about {{.*}} in order with its loops in parallel saves less than a fork/join"
// CHECK-LABEL: func.func @address
void guess(int n) {
  for (int k = 0; k < 64; k++)
    M[1][k] = M[1][k] * 0.5f + 1;
  for (int i = 0; i < n; i++)
    R[i] = M[1][i + 64] * 2;
}

// A loop task's function names each variable as the loop's own code does:
// a scalar whose address is taken (*pp may reach it) would be a copy
// there, so the parallel loop that reads k is no task.
// CHECK-NOT: weft.graph =
// CHECK-LABEL: func.func @after
float address(int **pp, int n) {
  int k = n;
  *pp = &k;
  for (int i = 1; i < 4096; i++)
    L[i] = L[i] + 0.5f * L[i - 1];
  for (int i = 0; i < 4096; i++)
    M[0][i] = R[i] * k;
  return M[0][n];
}
void after(void) {}
