// RUN: weft-translate %s --emit-mlir -- | weft-opt --weft-detect-parallel-loops --weft-outline-tasks="fork-join-ns=0" --weft-assign-cores --weft-fuse-regions | FileCheck %s
// RUN: weft-translate %s --emit-mlir -- | weft-opt --weft-detect-parallel-loops --weft-outline-tasks="fork-join-ns=0" --weft-assign-cores --weft-fuse-regions="enabled=false" | FileCheck %s --check-prefix=OFF
// weft-fuse-regions on the tasks of C functions: which consecutive tasks
// share a region, and how each is ordered after the ones before it.
// OFF-NOT: region_leader

// Independent loops: nothing to wait for.
// CHECK-LABEL: func.func @independent
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L:[0-9]+]] : i64
// CHECK: weft.task "{{.*}}" attributes {after = "none", {{.*}}region_leader = [[L]] : i64
void independent(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    b[i] = 2 * i;
}

// Iteration k of the second reads what iteration k of the first wrote.
// CHECK-LABEL: func.func @pointwise
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L:[0-9]+]] : i64
// CHECK: weft.task "{{.*}}" attributes {after = "chunkwise", {{.*}}region_leader = [[L]] : i64
void pointwise(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    b[i] = a[i] * a[i];
}

// A stencil reads the neighbours: a barrier.
// CHECK-LABEL: func.func @stencil
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L:[0-9]+]] : i64
// CHECK: weft.task "{{.*}}" attributes {after = "barrier", {{.*}}region_leader = [[L]] : i64
void stencil(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] + a[i + 1];
}

// Counted from different starts, the same element is another iteration.
// CHECK-LABEL: func.func @shifted
// CHECK: weft.task "{{.*}}" attributes {after = "barrier"
void shifted(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 1; i < n; i++)
    b[i] = a[i];
}

// Three: the third depends on the first through an independent second,
// which does not order them: a barrier. A fourth after it, pointwise on
// the third only: chunkwise.
// CHECK-LABEL: func.func @chain
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L:[0-9]+]] : i64
// CHECK: weft.task "{{.*}}" attributes {after = "none",
// CHECK: weft.task "{{.*}}" attributes {after = "barrier",
// CHECK: weft.task "{{.*}}" attributes {after = "chunkwise",
void chain(int n, float *restrict a, float *restrict b, float *restrict c,
           float *restrict d) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    b[i] = i;
  for (int i = 0; i < n; i++)
    c[i] = a[i] + 1;
  for (int i = 0; i < n; i++)
    d[i] = c[i] * 2;
}

// A chunkwise chain: the third reads the first at the same index, which
// the second (chunkwise after the first) orders.
// CHECK-LABEL: func.func @chunkwise_chain
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader
// CHECK: weft.task "{{.*}}" attributes {after = "chunkwise",
// CHECK: weft.task "{{.*}}" attributes {after = "chunkwise",
void chunkwise_chain(int n, float *restrict a, float *restrict b,
                     float *restrict c) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    b[i] = a[i] + 1;
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}

// A reduction's result used by the next loop ties them: not fused.
// CHECK-LABEL: func.func @uses_reduction
// CHECK-NOT: region_leader
// CHECK: weft.task
// CHECK-NOT: region_leader
// CHECK: weft.task {{.*}}unfused = "it uses s, which a loop before it sets when its region ends"
// CHECK-NOT: region_leader
// CHECK: return
int uses_reduction(int n, int *restrict a, int *restrict b) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  for (int i = 0; i < n; i++)
    b[i] = a[i] - s;
  return s;
}

// A reduction's result as the next loop's bound: not fused.
// CHECK-LABEL: func.func @bound_from_reduction
// CHECK-NOT: region_leader
// CHECK: unfused = "the code between them uses m, which a loop before it sets when its region ends"
// CHECK-NOT: region_leader
// CHECK: return
void bound_from_reduction(int n, int *restrict a, float *restrict b) {
  int m = 0;
  for (int i = 0; i < n; i++)
    m += a[i];
  for (int i = 0; i < m; i++)
    b[i] = i;
}

// Cheap code between them that neither touches: fused (it moves before).
// CHECK-LABEL: func.func @glue
// CHECK: region_leader
// CHECK: after = "none"
void glue(int n, float k, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  float scale = k * 2;
  for (int i = 0; i < n; i++)
    b[i] = scale * i;
}

// Code between them that writes what the first loop reads: not fused.
// CHECK-LABEL: func.func @glue_conflict
// CHECK-NOT: region_leader
// CHECK: unfused = "the code between them writes memory that a loop before reads, and would have to run before the region"
// CHECK-NOT: region_leader
// CHECK: return
float scale;
void glue_conflict(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = scale * i;
  scale = 3;
  for (int i = 0; i < n; i++)
    b[i] = scale * i;
}

// A call with effects between them: not fused.
// CHECK-LABEL: func.func @call_between
// CHECK-NOT: region_leader
// CHECK: unfused = "the code between them calls printf, which is not pure"
// CHECK-NOT: region_leader
// CHECK: return
#include <stdio.h>
void call_between(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  printf("half way\n");
  for (int i = 0; i < n; i++)
    b[i] = i;
}

// One counter for both loops, declared before them: fused, since the
// second starts again from 0.
// CHECK-LABEL: func.func @shared_counter
// CHECK: region_leader
// CHECK: after = "none"
int shared_counter(int n, float *restrict a, float *restrict b) {
  int i;
  for (i = 0; i < n; i++)
    a[i] = i;
  for (i = 0; i < n; i++)
    b[i] = i;
  return i;
}

// The second goes on from the first's counter: not fused.
// CHECK-LABEL: func.func @continued_counter
// CHECK-NOT: region_leader
// CHECK: unfused = "the code between them uses i, which a loop before it sets when its region ends"
// CHECK-NOT: region_leader
// CHECK: return
void continued_counter(int n, float *restrict a) {
  int i;
  for (i = 0; i < n / 2; i++)
    a[i] = i;
  for (; i < n; i++)
    a[i] = -i;
}

// In different blocks: not fused.
// CHECK-LABEL: func.func @blocks
// CHECK-NOT: {{region_leader|unfused}}
// CHECK: return
void blocks(int n, int c, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  if (c)
    for (int i = 0; i < n; i++)
      b[i] = i;
}

// Pointers that may alias: each loop has its run-time check, which names
// variables only: fused, and a possible overlap between the loops is a
// barrier.
// CHECK-LABEL: func.func @checked
// CHECK: region_leader
// CHECK: after = "barrier"
void checked(int n, float *a, float *b, const float *c) {
  for (int i = 0; i < n; i++)
    a[i] = c[i];
  for (int i = 0; i < n; i++)
    b[i] = c[i] * 2;
}

// A check that names memory (v->data) reads it before the region: not
// fused.
// CHECK-LABEL: func.func @check_names_memory
// CHECK-NOT: region_leader
// CHECK: unfused = "its run-time checks or cost read memory, or a variable a loop before it sets"
// CHECK-NOT: region_leader
// CHECK: return
struct vec { float *data; int n; };
void check_names_memory(struct vec *v, float *restrict a, float *out) {
  for (int i = 0; i < v->n; i++)
    a[i] = i;
  for (int i = 0; i < v->n; i++)
    out[i] = v->data[i];
}

// A size read from memory once, before the first loop, into a variable
// never assigned (`int rows = ...argv[1]...`): the loops' bounds name the
// variable, which no loop changes: fused. A bound that reads memory right
// before the second loop, which the first may write, is not (the read is
// glue that would have to move before the region).
// CHECK-LABEL: func.func @size_read_before
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L:[0-9]+]] : i64
// CHECK: weft.task "{{.*}}" attributes {{{.*}}region_leader = [[L]] : i64
int atoi(const char *);
void size_read_before(char **argv, float *a, float *b) {
  int rows = argv[1] ? atoi(argv[1]) : 100;
  for (int i = 0; i < rows; i++)
    a[i] = i;
  for (int i = 0; i < rows; i++)
    b[i] = 2 * i;
}

// CHECK-LABEL: func.func @size_read_between
// CHECK-NOT: region_leader
// CHECK: unfused = "the code between them reads memory that a loop before writes, and would have to run before the region"
// CHECK: return
void size_read_between(int *len, float *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < *len; i++)
    a[i] += 1;
}
