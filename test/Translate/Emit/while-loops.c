// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze --remarks=none --report=%t.json --
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// A counted while or do loop (docs/analysis.md, "While and do loops") keeps
// its body as written, step included: each chunk starts the counter at its
// first iteration's value and the body's own `i++` steps it (no step in the
// chunk loop's header); OpenMP gives each iteration its own counter. A do
// loop runs at least once (weft_trip_once). A step that is the body's first
// statement is kept too. The counter gets its exit value after the loop. The JSON report gives the loop's kind as C wrote it.

// JSON:      "counter": "i",
// JSON:      "function": "up",
// JSON:      "kind": "while",
// JSON:      "verdict": "parallel",
// JSON:      "counter": "j",
// JSON:      "function": "down_do",
// JSON:      "kind": "do",
// JSON:      "verdict": "parallel",

// CHECK-LABEL: static inline void weft_up_{{[0-9]+}}_run(
// CHECK:         int i = (int)(weft_c->weft_start + weft_lo);
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++) {
// CHECK-NEXT:      {
// CHECK-NEXT:        a[i] = b[i] * 2;
// CHECK-NEXT:        i++;
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-LABEL: void up(
// CHECK:         int weft_start = i;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 1, 0);
// CHECK:         i = (int)(weft_start + weft_trip); /* its value after the loop */
// CHECK:       } else {
// CHECK-NEXT:    while (i < n) {
// OMP-LABEL: void up(
// OMP:         for (int64_t weft_k = 0; weft_k < weft_trip; weft_k++) {
// OMP-NEXT:      int i = (int)(weft_start + weft_k);
// OMP-NEXT:      {
// OMP-NEXT:        a[i] = b[i] * 2;
// OMP-NEXT:        i++;
void up(int n, float *restrict a, const float *restrict b) {
  int i = 0;
  while (i < n) {
    a[i] = b[i] * 2;
    i++;
  }
  a[0] = (float)i;
}

// CHECK-LABEL: static inline void weft_down_do_{{[0-9]+}}_run(
// CHECK:         long j = (long)((uint64_t)weft_c->weft_start + (uint64_t)weft_lo * (uint64_t)(-2));
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++) {
// CHECK-LABEL: void down_do(
// CHECK:         int64_t weft_trip = weft_trip_once(weft_trip_down((int64_t)weft_start, (int64_t)(0), 2, 1));
// CHECK:       } else {
// CHECK-NEXT:    do {
// CHECK-NEXT:      a[j] = 1.0;
// CHECK-NEXT:      j -= 2;
// CHECK-NEXT:    } while (j >= 0);
// OMP-LABEL: void down_do(
// OMP:         int64_t weft_trip = weft_trip_once(weft_trip_down((int64_t)weft_start, (int64_t)(0), 2, 1));
// OMP:           long j = (long)((uint64_t)weft_start + (uint64_t)weft_k * (uint64_t)(-2));
void down_do(long n, double *restrict a) {
  long j = n;
  do {
    a[j] = 1.0;
    j -= 2;
  } while (j >= 0);
}

// CHECK-LABEL: static inline void weft_first_{{[0-9]+}}_run(
// CHECK:         int i = (int)(weft_c->weft_start + weft_lo * -1);
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++) {
// CHECK-NEXT:      {
// CHECK-NEXT:        i--;
// CHECK-NEXT:        a[i] = (float)i;
// CHECK-LABEL: void first(
// CHECK:         int64_t weft_trip = weft_trip_down((int64_t)weft_start, (int64_t)(0), 1, 0);
// OMP-LABEL: void first(
// OMP:           int i = (int)(weft_start + weft_k * -1);
// OMP-NEXT:      {
// OMP-NEXT:        i--;
void first(int n, float *restrict a) {
  int i = n;
  while (i > 0) {
    i--;
    a[i] = (float)i;
  }
}
