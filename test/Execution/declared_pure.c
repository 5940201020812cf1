// RUN: %exec-check %s
// PARALLEL: 5
// Functions of other files (docs/analysis.md, "Functions of other files"):
// the loops call functions weft sees only declared, whose declarations
// say what they touch: `#pragma weft pure(ext_norm)` (reads through its
// pointer arguments only), GCC's const, glibc's pure strlen writing into
// an allocation nothing else keeps. (Each declared function is defined
// here under another C name and the same symbol, so that this one file
// links: weft sees the declaration only.) The results equal the
// sequential ones.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 20000
double ext_norm(const double *v, int n) __asm__("weft_test_norm");
/* Compilers other than weft do not know the pragma. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#pragma weft pure(ext_norm)
double ext_sq(double x) __asm__("weft_test_sq") __attribute__((const));
double ext_sum(const double *v, int n) __asm__("weft_test_sum")
    __attribute__((pure));

double real_norm(const double *v, int n) __asm__("weft_test_norm");
double real_norm(const double *v, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += v[k] * v[k];
  return s;
}
double real_sq(double x) __asm__("weft_test_sq");
double real_sq(double x) { return x * x + 1; }
double real_sum(const double *v, int n) __asm__("weft_test_sum");
double real_sum(const double *v, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += v[k];
  return s;
}

static double x[3 * N], out1[N], out2[N];
static char names[N][24];

int main(void) {
  for (int i = 0; i < 3 * N; i++)
    x[i] = (double)((i * 37) % 101) / 7.0;
  for (int i = 0; i < N; i++)
    snprintf(names[i], sizeof names[i], "item-%d-%d", i, i * i % 977);
  for (int i = 0; i < N; i++)
    out1[i] = ext_norm(x + 3 * i, 3);
  for (int i = 0; i < N; i++)
    out2[i] = ext_sq(x[i]) - ext_sq(x[i + 1]);
  int *len = malloc(N * sizeof *len);
  double *part = malloc(N * sizeof *part);
  if (!len || !part)
    return 1;
  for (int i = 0; i < N; i++)
    len[i] = (int)strlen(names[i]);
  for (int i = 0; i < N; i++)
    part[i] = ext_sum(x + i, 4);
  double s = 0;
  long l = 0;
  for (int i = 0; i < N; i++) {
    s += out1[i] + out2[i] + part[i];
    l += len[i];
  }
  printf("%.17g %ld\n", s, l);
  free(len);
  free(part);
  return 0;
}
