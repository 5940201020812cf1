// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// Pointer counters (docs/analysis.md, "Pointer counters"): a loop whose
// condition compares a pointer with a bound and whose body or increment
// steps it by whole elements is counted; the trip count is the distance to
// the bound. Test/Execution/pointer_counters.c runs them.
#include <stddef.h>

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void scale(float *a, int n, float s) {
  float *end = a + n;
  for (float *p = a; p < end; p++)
    *p *= s;
}

// A second pointer stepped with the counter, both restrict.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void copy_r(float *restrict d, const float *restrict s, size_t n) {
  const float *e = s + n;
  for (; s < e; s++)
    *d++ = *s * 2;
}

// Both apart from one start: `d = s + n` reads and writes halves.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void halves(float *a, int n) {
  float *p = a;
  while (p != a + n) {
    *p = p[n];
    ++p;
  }
}

// The start and the end read from a struct: the loop's accesses are
// viewed from p where the loop starts.
struct gray { unsigned char *px; int w, h; };
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void invert(struct gray *im) {
  unsigned char *end = im->px + (long)im->w * im->h;
  for (unsigned char *p = im->px; p < end; ++p)
    *p = (unsigned char)(255 - *p);
}

// Without restrict, the check needs the trip count, `e - s`, which the C
// computes before it (weft_trip).
// expected-remark@+2 {{loop parallelized: a run-time check that d and s do not overlap}}
void range(float *d, const float *s, const float *e) {
  while (s < e)
    *d++ = *s++;
}

// An increment that steps a second pointer by a variable (`p++, col +=
// r`): an induction; the loop over the rows runs in parallel.
// expected-remark@+2 {{loop parallelized: a run-time check that t and a do not overlap}}
void transpose(const double *a, double *t, int r, int c) {
  for (int i = 0; i < r; i++) {
    const double *row = a + (size_t)i * c;
    double *col = t + i;
    // expected-remark@+1 {{loop not parallelized: the loop at 55:3 around it runs in parallel}}
    for (const double *p = row; p < row + c; p++, col += r)
      *col = *p;
  }
}

// A step that a variable holds, computed from what has no name (`n & 1`):
// the check's ranges are products of the iteration and the step, which
// name s (CNames: the variable in place of its value inside a product).
// expected-remark@+4 {{loop parallelized: a run-time check that y and x do not overlap; a run-time check that no two iterations touch the same element of y}}
int named_step(int n, double *y, const double *x) {
  int s = (n & 1) + 2;
  double *q = y;
  for (const double *p = x; p < x + n; p++, q += s)
    *q = *p * 0.75;
  return (int)(q - y);
}

// The same memory, one element on: carried.
// expected-remark@+2 {{loop not parallelized: *p written in iteration p is read in iteration p+1}}
void prefix(float *a, int n) {
  for (float *p = a + 1; p < a + n; p++)
    *p += p[-1]; // expected-note {{p[-1] read here}}
}

// A struct pointer going down, by two.
struct pt { float x, y; };
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void down(struct pt *v, int n) {
  struct pt *q = v + n;
  while (q > v) {
    q -= 2;
    q->x = q->y;
  }
}

// What is not counted, and why.
// expected-remark@+2 {{loop not parallelized: the condition is not a comparison of the counter p with a bound}}
void nul(char *s) {
  for (char *p = s; *p; p++)
    *p = 'x';
}
// expected-remark@+2 {{loop not parallelized: the increment of this for is not a constant step of one counter}}
void bytes(void *a, void *b) {
  for (void *p = a; p < b; p = (char *)p + 1)
    *(char *)p = 0;
}
// The condition steps the pointer: the body sees it stepped.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void in_condition(float *a, float *end) {
  float *p = a;
  while (p++ < end)
    p[-1] = 0;
}
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void down_in_condition(double *a, int n) {
  double *p = a + n;
  while (p-- > a)
    *p *= 2;
}
// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the counter p is changed in the body at}}
void twice(float *a, float *end) {
  float *p = a;
  while (p < end) {
    if (*p > 1)
      p++;
    *p++ = 0;
  }
}
// expected-remark@+2 {{loop not parallelized: the condition is not a comparison of the counter p with a bound}}
void other_type(int *a, int n, char *end) {
  for (int *p = a; (char *)p < end; p++)
    *p = n;
}
