// RUN: weft-translate %s --emit=openmp --fp-reductions -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --emit=openmp --fp-reductions -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -Wno-unknown-pragmas -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp --fp-reductions --line-directives -o %t.lines.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.lines.c -o %t.o
// Measured sites in OpenMP output (docs/output.md): a loop whose estimate
// may be short keeps its times in a static of its function, asks it after
// the checks (the minimum trip count is tested there, not in an `if`
// clause), runs the loop as written when the team would not pay, and
// records the calls it times. A fused region asks once; its `else` runs
// each loop as written without asking when the region's site said so.

// CHECK-LABEL: void scale(
// CHECK:        int64_t weft_trip = weft_trip_up((int64_t)weft_start, (int64_t)(n), 1, 0);
// CHECK-NEXT:   static weft_omp_site_t weft_site; /* its times */
// CHECK-NEXT:   int weft_mode = -1; /* how this call runs, WEFT_SITE_* */
// CHECK-NEXT:   double weft_t0 = 0;
// CHECK-NEXT:   if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip >= {{[0-9]+}} &&
// CHECK-NEXT:       (weft_mode = weft_omp_site_mode(&weft_site, weft_trip, {{[0-9.]+}} * (double)weft_trip, 1, &weft_t0)) < WEFT_SITE_CALLER) {
// CHECK-NEXT:     #pragma omp parallel for schedule(static) {{\\}}
// CHECK-NEXT:         firstprivate(a, b)
// CHECK:          weft_omp_site_end(&weft_site, weft_mode, 1, weft_trip, weft_t0);
// CHECK-NEXT:   } else {
// CHECK-NEXT:     for (int i = 0; i < n; i++)
// CHECK-NEXT:       a[i] = b[i] * 2.0f;
// CHECK-NEXT:     weft_omp_site_end(&weft_site, weft_mode, 0, weft_trip, weft_t0);
// CHECK-NEXT:   }
// CHECK-NEXT: }
void scale(int n, float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0f;
}

// CHECK-LABEL: void frame(
// CHECK:        static weft_omp_site_t weft_rsite; /* its times */
// CHECK-NEXT:   int weft_rmode = -1; /* how this call runs, WEFT_SITE_* */
// CHECK-NEXT:   double weft_rt0 = 0;
// CHECK-NEXT:   if ({{.*}} && weft_trip >= {{[0-9]+}} && weft_trip_2 >= {{[0-9]+}} &&
// CHECK-NEXT:       (weft_rmode = weft_omp_site_mode(&weft_rsite, weft_trip, {{[0-9.]+}} * (double)weft_trip + {{[0-9.]+}} * (double)weft_trip_2, 1, &weft_rt0)) < WEFT_SITE_CALLER) {
// CHECK-NEXT:     #pragma omp parallel{{$}}
// CHECK:          weft_omp_site_end(&weft_rsite, weft_rmode, 1, weft_trip, weft_rt0);
// CHECK-NEXT:   } else {
// CHECK:            static weft_omp_site_t weft_site; /* its times */
// CHECK:            if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip >= {{[0-9]+}} && weft_rmode < WEFT_SITE_CALLER &&
// CHECK-NEXT:           (weft_mode = weft_omp_site_mode(&weft_site,
// CHECK:            if (weft_trip > 0 && weft_trip <= INT32_MAX && weft_trip >= {{[0-9]+}} && weft_rmode < WEFT_SITE_CALLER &&
// CHECK:              weft_omp_site_end(&weft_site, weft_mode, 0, weft_trip, weft_t0);
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     weft_omp_site_end(&weft_rsite, weft_rmode, 0, weft_trip, weft_rt0);
// CHECK-NEXT:   }
// CHECK-NEXT: }
void frame(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = (float)i;
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 3.0f;
}

// A floating-point sum reassociated (--fp-reductions) rounds otherwise than
// the loop as written: no site, and the `if` clause.
// CHECK-LABEL: double sum(
// CHECK-NOT:    weft_site
// CHECK:        if (weft_trip > 0 && weft_trip <= INT32_MAX) {
// CHECK-NEXT:     #pragma omp parallel for schedule(static) {{\\}}
// CHECK-NEXT:         if(weft_trip >= {{[0-9]+}}) {{\\}}
// CHECK-NEXT:         firstprivate(x) reduction(+: s)
double sum(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

// C11 6.7.4p3: no static in an inline definition with external linkage; a
// static inline function has its site.
// CHECK-LABEL: inline void twice(
// CHECK-NOT:    weft_site
// CHECK:        if(weft_trip >= {{[0-9]+}})
// CHECK-LABEL: static inline void thrice(
// CHECK:        static weft_omp_site_t weft_site; /* its times */
inline void twice(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f;
}
static inline void thrice(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 3.0f;
}
void use(int n, float *restrict a) {
  twice(n, a);
  thrice(n, a);
}
