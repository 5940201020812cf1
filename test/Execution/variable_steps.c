// RUN: %exec-check %s
// PARALLEL: 9
// Inductions stepped by a variable the loop does not write (docs/analysis.md,
// "Other counters"): row pointers that the loop over the rows steps by
// their strides (`src += ss; dst += ds;`), which then runs in parallel when
// the run-time check finds the rows apart (strides at least the row's
// width, and the images apart; a stride of 0, rows wider than the stride
// and images that overlap run as written), an int stepped by a parameter
// that may be negative or 0, a pointer stepped down by a long (a step
// below 1 fails the check), and size_t, long and unsigned steps (0 to 3,
// and down by a long: in uint64_t, as C wraps them).
#include <stdio.h>
#include <stdlib.h>
static void scale2d(int h, int w, const float *src, int ss, float *dst, int ds) {
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++)
      dst[x] = src[x] * 2.0f + 1.0f;
    src += ss;
    dst += ds;
  }
}
static int gather(int n, const int *a, int m, int *out) {
  int j = 1;
  for (int i = 0; i < n; i++) {
    out[i] = a[j];
    j += m;
  }
  return j;
}
static long down(int n, float *q, long step, const float *in) {
  float *p = q + n * step;
  for (int i = 0; i < n; i++) {
    p -= step;
    *p = in[i];
  }
  return p - q;
}
static double GW[200000], GV[200000];
static size_t gather_wide(size_t n, size_t stride, size_t j) {
  for (size_t i = 0; i < n; i++) {
    GW[i] = GV[j] * 0.5;
    j += stride;
  }
  return j;
}
static long down_long(long n, long m, long j) {
  for (long i = 0; i < n; i++) {
    GW[i + 1000] = GV[j] + 1.0;
    j -= m;
  }
  return j;
}
static const double *walk_unsigned(int n, const double *p, unsigned s, double *out) {
  for (int i = 0; i < n; i++) {
    out[i] = *p;
    p += s;
  }
  return p;
}
int main(void) {
  enum { H = 300, W = 200 };
  float *src = malloc(sizeof(float) * H * 256), *dst = malloc(sizeof(float) * H * 256);
  int *a = malloc(sizeof(int) * 100000), *o = malloc(sizeof(int) * 100000);
  for (int i = 0; i < H * 256; i++) src[i] = (float)(i % 37), dst[i] = 0;
  for (int i = 0; i < 100000; i++) a[i] = i * 3;
  unsigned long h = 0;
  int cfg[][3] = {{256, 256, W}, {256, 200, 200}, {200, 256, W}, {0, 256, W}, {100, 100, 150}};
  for (int c = 0; c < 5; c++) {
    scale2d(H - 10, cfg[c][2], src, cfg[c][0], dst, cfg[c][1]);
    for (int i = 0; i < H * 256; i++) h = h * 31 + (unsigned long)dst[i];
    scale2d(H / 2, W, src, 256, src + 256, 256);  /* overlapping rows: as written */
    for (int i = 0; i < H * 256; i++) h = h * 31 + (unsigned long)src[i];
  }
  for (int m = -1; m <= 3; m++) {
    h += gather(m < 0 ? 1000 : 20000, a + (m < 0 ? 2000 : 0), m, o);
    for (int i = 0; i < 20000; i++) h = h * 31 + (unsigned)o[i];
  }
  for (long st = 1; st <= 3; st++) {
    h += down(9000, dst, st, src);
    for (int i = 0; i < H * 256; i++) h = h * 31 + (unsigned long)dst[i];
  }
  for (int i = 0; i < 200000; i++)
    GV[i] = i % 101;
  for (size_t s = 0; s < 4; s++) {
    h += gather_wide(30000, s, 7);
    h += (unsigned long)down_long(30000, (long)s, 120000);
    h += (unsigned long)(walk_unsigned(30000, GV + 3, (unsigned)s + 1, GW + 100000) - GV);
    for (int i = 0; i < 200000; i++)
      h = h * 31 + (unsigned long)GW[i];
  }
  printf("%lu\n", h);
  return 0;
}
