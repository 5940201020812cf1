// RUN: weft-translate %s --analyze --remarks=none --report=%t.json --
// RUN: FileCheck %s < %t.json
// The JSON report (docs/report.md): one entry per loop, with its verdict,
// its reason, and for a loop that runs in parallel, what it became.

// CHECK: "loops": [

// CHECK:      "cost_shape": "uniform",
// CHECK:      "counter": "i",
// CHECK:      "function": "saxpy",
// CHECK:      "guards": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "a": "y",
// CHECK-NEXT:     "b": "x",
// CHECK-NEXT:     "kind": "no-overlap"
// CHECK:      "min_trip": {{[0-9]+}},
// CHECK:      "outlined": "weft_saxpy_[[@LINE+5]]",
// CHECK:      "parallelizable": true,
// CHECK:      "verdict": "parallel",
// CHECK:      "work_per_iteration_ns": {{.*}}
void saxpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

// CHECK:      "function": "prefix",
// CHECK:      "line": [[@LINE+7]],
// CHECK:      "notes": [
// CHECK:          "text": "a[i - 1] read here"
// CHECK:      "parallelizable": false,
// CHECK:      "reason": "a[i] written in iteration i is read in iteration i+1",
// CHECK:      "verdict": "sequential"
void prefix(int *a, int n) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}

// CHECK:      "function": "tiny",
// CHECK:      "parallelizable": true,
// CHECK:      "reason": "too little work to pay for a fork/join: {{.*}}",
// CHECK:      "verdict": "sequential"
void tiny(int *a) {
  for (int i = 0; i < 8; i++)
    a[i] = i;
}

// An array reduction: the array, its operator, and what sizes its copies.
// CHECK:      "array_reductions": [{{$}}
// CHECK-NEXT:   {
// CHECK-NEXT:     "float": false,
// CHECK-NEXT:     "op": "+",
// CHECK-NEXT:     "sized_by": "declaration",
// CHECK-NEXT:     "variable": "bins"
// CHECK:      "function": "histogram",
int bins[64];
void histogram(const unsigned char *v, int n) {
  for (int i = 0; i < n; i++)
    bins[v[i] >> 2]++;
}

// Through a pointer: the subscripts' bound.
// CHECK:      "array_reductions": [{{$}}
// CHECK-NEXT:   {
// CHECK-NEXT:     "float": false,
// CHECK-NEXT:     "op": "^",
// CHECK-NEXT:     "sized_by": "subscripts",
// CHECK-NEXT:     "variable": "h"
// CHECK:      "function": "hashes",
void hashes(const unsigned *k, int n, unsigned *h) {
  for (int i = 0; i < n; i++)
    h[k[i] >> 24] ^= k[i];
}

// s->data is read only in the loop over j: the checks are made only when
// it runs.
// CHECK:      "function": "scale_rows",
// CHECK:      "guards": [
// CHECK:            "b": "s->data",
// CHECK-NEXT:       "kind": "no-overlap"
// CHECK:            "kind": "checked-only-when",
// CHECK-NEXT:       "what": "the loop at [[@LINE+4]]:5 runs"
typedef struct { long n; double *data; } vec;
void scale_rows(double *a, long m, long c, const vec *s) {
  for (long i = 0; i < m; i++)
    for (long j = 0; j < c; j++)
      a[i * c + j] *= s->data[i];
}

// CHECK:      "schema": "weft-report",
// CHECK-NEXT: "task_graphs": [],
// CHECK-NEXT: "version": 1
