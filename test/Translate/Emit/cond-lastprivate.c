// RUN: weft-translate %s --fork-join-ns=0 -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --fork-join-ns=0 --task-graphs=false --verify -o %t.c --
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// RUN: weft-translate %s --fork-join-ns=0 --emit=openmp -o %t.omp.c -- 2>&1 | FileCheck %s --check-prefix=OMP
// A variable written in only some iterations and read after the loop
// (conditionally last-private): in the body function every assignment to
// it sets a flag, and each chunk stores its flag and, if set, its copy;
// after the loop the last chunk in order that assigned it gives the value.

// CHECK-LABEL: struct weft_find_last_{{[0-9]+}}_ctx {
// CHECK:        int *last_part;
// CHECK-NEXT:   unsigned char *last_set;
// CHECK:      static inline void weft_find_last_{{[0-9]+}}_run(struct weft_find_last_{{[0-9]+}}_ctx *weft_c,
// CHECK:        int last = 0;
// CHECK-NEXT:   unsigned char weft_last_asg = 0; /* set by every assignment to last */
// CHECK:            (*(weft_last_asg = 1, &last)) = i;
// CHECK:        weft_c->last_set[weft_chunk] = weft_last_asg;
// CHECK-NEXT:   if (weft_last_asg)
// CHECK-NEXT:     weft_c->last_part[weft_chunk] = last;
// CHECK-LABEL: int find_last(
// CHECK:            int weft_last_part[WEFT_MAX_CHUNKS];
// CHECK-NEXT:       unsigned char weft_last_set[WEFT_MAX_CHUNKS];
// CHECK:            int64_t weft_chunks = weft_parallel_for(&weft_l, weft_find_last_{{[0-9]+}}, &weft_c);
// CHECK-NEXT:       for (int64_t weft_j = 0; weft_j < weft_chunks; weft_j++) { /* in chunk order */
// CHECK-NEXT:         if (weft_last_set[weft_j]) /* the last chunk that assigned it */
// CHECK-NEXT:           last = weft_last_part[weft_j];
// CHECK-NEXT:       }
// CHECK-NEXT:     } else {
// CHECK-NEXT:       for (int i = 0; i < n; i++)
// OMP: cond-lastprivate.c:[[@LINE+4]]:3: remark: loop not parallelized: last is written in only some iterations, and OpenMP's lastprivate(conditional:) for it is wrong with Clang 19 when no iteration writes it
// expected-remark@+3 {{loop parallelized: last is conditionally last-private (the last iteration that assigns it gives its value)}}
int find_last(int n, const int *v) {
  int last = -1;
  for (int i = 0; i < n; i++)
    if (v[i] > 0)
      last = i;
  return last;
}

// Compound assignments and ++ are assignments too; a read in between is
// the copy's own value.
// CHECK-LABEL: static inline void weft_compound_{{[0-9]+}}_run(
// CHECK:            (*(weft_x_asg = 1, &x)) = v[i];
// CHECK-NEXT:       (*(weft_x_asg = 1, &x)) += x / 2;
// CHECK-NEXT:       (*(weft_x_asg = 1, &x))++;
// expected-remark@+3 {{loop parallelized: x is conditionally last-private (the last iteration that assigns it gives its value)}}
double compound(int n, const double *v) {
  double x = 0.5;
  for (int i = 0; i < n; i++)
    if (v[i] < 0) {
      x = v[i];
      x += x / 2;
      x++;
    }
  return x;
}

// weft must see every assignment: one inside a macro, or a use of the
// variable that is neither a read nor an assignment, keeps the loop as
// written.
#define SET(var, val) var = (val)
// expected-remark@+3 {{loop not parallelized: the body assigns last inside a macro, where weft cannot record the assignment}}
int in_macro(int n, const int *v) {
  int last = -1;
  for (int i = 0; i < n; i++)
    if (v[i] > 0)
      SET(last, i);
  return last;
}

// expected-remark@+3 {{loop not parallelized: the loop uses last other than by reading or assigning it, and weft must see every assignment to it}}
int in_sizeof(int n, const int *v, long *restrict out) {
  int last = -1;
  for (int i = 0; i < n; i++) {
    if (v[i] > 0)
      last = i;
    out[i] = (long)sizeof(last);
  }
  return last;
}
