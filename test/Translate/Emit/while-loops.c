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
// OMP:         for (int weft_k = 0; weft_k < weft_trip; weft_k++) {
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

// `while (i-- > 0)`: the condition steps the counter, so the chunk loop
// steps it in its header; the body sees it one step on from the value the
// test reads, and so does the code after the loop.
// CHECK-LABEL: static inline void weft_post_{{[0-9]+}}_run(
// CHECK:         int i = (int)(weft_c->weft_start + (weft_lo + 1) * -1);
// CHECK-NEXT:    for (int64_t weft_k = weft_lo; weft_k < weft_hi; weft_k++, i--) {
// CHECK-NEXT:      a[i] = (float)i;
// CHECK-LABEL: void post(
// CHECK:         int weft_start = i;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_down((int64_t)weft_start, (int64_t)(0), 1, 0);
// CHECK:         i = (int)(weft_start + (weft_trip + 1) * -1); /* its value after the loop */
// OMP-LABEL: void post(
// OMP:           int i = (int)(weft_start + (weft_k + 1) * -1);
// OMP-NEXT:      a[i] = (float)i;
void post(int n, float *restrict a) {
  int i = n;
  while (i-- > 0)
    a[i] = (float)i;
  a[0] = (float)i;
}

// `while (++i < n)` starts one step on.
// CHECK-LABEL: void pre(
// CHECK:         int weft_start = i + 1;
// CHECK-NEXT:    int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 1, 0);
// CHECK:         i = (int)(weft_start + weft_trip); /* its value after the loop */
void pre(int n, float *restrict a) {
  int i = -1;
  while (++i < n)
    a[i] = (float)i;
  a[0] = (float)i;
}

// The run-time check of an inner loop names the counter of a loop around
// it, which steps first: in the body, i is one step past the iteration
// that starts it, and the check's ranges use that value (fuzz seed 381
// once got them one row off, and TSan saw the race).
// CHECK-LABEL: void nested_check(
// CHECK:         weft_apart((const void *)y, weft_add(45, weft_mul(-1, (int64_t)i, &weft_bad), &weft_bad), weft_add(71, weft_mul(-1, (int64_t)i, &weft_bad), &weft_bad), sizeof(y[0]),
// CHECK-NEXT:          (const void *)z, weft_mul(28, (int64_t)i, &weft_bad), weft_add(26, weft_mul(28, (int64_t)i, &weft_bad), &weft_bad), sizeof(z[0]), &weft_bad)
void nested_check(double *y, const double *z) {
  int i = -1;
  while (i < 23) {
    i++;
    int j = 0;
    while (j < 27) {
      y[45 - i + j] = -0.5 * z[i * 28 + j];
      j = j + 1;
    }
  }
}

// `while (n--)`: the bound is 0, which the C does not write.
// CHECK-LABEL: void countdown(
// CHECK:         int64_t weft_trip = weft_trip_ne((int64_t)weft_start, (int64_t)(0), 1);
// CHECK:         n = (int)(weft_start + (weft_trip + 1) * -1); /* its value after the loop */
void countdown(int n, float *restrict a) {
  while (n--)
    a[n] = (float)n;
}
