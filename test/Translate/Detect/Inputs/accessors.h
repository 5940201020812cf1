/* A project header of accessors and helpers (included-functions.c): weft
   imports the definitions the file's functions call, directly or through
   each other, for their summaries; it says nothing of their own loops. */
#include <stdio.h>

typedef struct {
  int n;
  double *data;
} vec;

static inline int clampi(int x, int lo, int hi) {
  return x < lo ? lo : x > hi ? hi : x;
}
static inline int clamp_byte(int x) { return clampi(x, 0, 255); }

static inline double vec_get(const vec *v, int i) { return v->data[i]; }

/* A loop in a header: not the file's to rewrite, and not reported. */
static inline double row_sum(const double *r, int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    s += r[j];
  return s;
}

static inline void scale_row(double *r, int n, double f) {
  for (int j = 0; j < n; j++)
    r[j] *= f;
}

static inline void trace_value(double x) { printf("%g\n", x); }

static int counter;
static inline int next_id(void) { return counter++; }
