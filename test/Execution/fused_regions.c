// RUN: %exec-check %s
// PARALLEL: 13
// Loops that share one parallel region (weft-fuse-regions), with what the
// region must keep: a chunkwise chain that ends in a reduction, last values
// and a counter shared by two loops, a stencil after a barrier, code between
// the loops that moves before the region, independent loops, loops with
// run-time overlap checks (the region when they pass, each loop alone when
// they fail), and a region too short for its minimum (each loop alone),
// called many times as a frame loop would.
#include <stdio.h>

#define N 50000
static float img[N], tmp[N], out[N];
static int cls[N];

static double chain(int n, const float *restrict in, float *restrict a,
                    float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = in[i] * 0.5f + 1.0f;
  for (int i = 0; i < n; i++)
    b[i] = a[i] * a[i];
  for (int i = 0; i < n; i++)
    a[i] = b[i] - a[i];
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)(a[i] * 16.0f);
  return (double)s;
}

static int last_and_counter(int n, float *restrict a, int *restrict k,
                            float *last) {
  int i;
  float v = 0;
  for (i = 0; i < n; i++) {
    v = a[i] * 2;
    a[i] = v;
  }
  int m = n / 3;
  for (i = 0; i < n; i++)
    k[i] = (i * 7 + m) % 5;
  *last = v;
  return i;
}

static void stencil(int n, const float *restrict in, float *restrict t,
                    float *restrict o, float k) {
  for (int i = 0; i < n; i++)
    t[i] = in[i] + 1;
  float scale = k * 0.25f; /* between the loops: moves before the region */
  for (int i = 1; i < n - 1; i++)
    o[i] = (t[i - 1] + t[i] + t[i + 1]) * scale;
}

static void independent(int n, float *restrict a, int *restrict c) {
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 13);
  for (int i = 0; i < n; i++)
    c[i] = i % 7;
}

/* May alias: each loop has its check; called with a and b overlapping. */
static void checked(int n, float *a, float *b, const float *c) {
  for (int i = 0; i < n; i++)
    a[i] = c[i] + 1;
  for (int i = 0; i < n; i++)
    b[i] = c[i] * 2;
}

static double sum(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s = s * 0.999 + v[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    img[i] = (float)((i * 37) % 101) * 0.01f;
  double total = 0;
  for (int frame = 0; frame < 30; frame++) {
    total += chain(N, img, tmp, out);
    stencil(N, img, tmp, out, (float)frame);
    total += sum(out, N);
  }
  printf("chain and stencil: %.6f\n", total);
  printf("small chain: %.1f\n", chain(6, img, tmp, out)); /* below minimum */

  float last;
  int i = last_and_counter(N, img, cls, &last);
  printf("last %.4f counter %d cls %d %d\n", last, i, cls[10], cls[N - 1]);

  independent(N, out, cls);
  printf("independent: %.3f %d\n", sum(out, N), cls[N / 2]);

  checked(N, tmp, out, img); /* apart */
  printf("checked apart: %.3f %.3f\n", sum(tmp, N), sum(out, N));
  checked(N - 10, out + 10, out, img); /* b overlaps a */
  printf("checked overlapping: %.3f\n", sum(out, N));
  return 0;
}
