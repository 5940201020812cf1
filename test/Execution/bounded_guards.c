// RUN: %exec-check %s
// PARALLEL: 10
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fork-join-ns=0
// Run-time checks over elements that a bound on the subscript gives
// (docs/analysis.md, "Run-time checks"): a lookup table through a pointer
// that may be the output (`out[i] = lut[in[i]]`: lut's 256 elements), a
// table at `k[i] % nt` (nt elements, and nt must be positive: with nt =
// -1 the remainder is k[i] itself), and a clamped index. main passes
// tables apart from the output, and then inside it, where the checks fail
// and the loops run as written.
#include <stdio.h>
#include <stdlib.h>

#define N 200000

static void apply_lut(const unsigned char *in, unsigned char *out,
                      const unsigned char *lut, int n) {
  for (int i = 0; i < n; i++)
    out[i] = lut[in[i]];
}

static void gather_mod(const unsigned *k, double *out, const double *table,
                       int nt, int n) {
  for (int i = 0; i < n; i++)
    out[i] = table[k[i] % nt] * 2.0 + 1.0;
}

static void clamped(const float *x, float *out, const float *table, int nt,
                    int n) {
  for (int i = 0; i < n; i++) {
    int c = (int)x[i];
    if (c < 0)
      c = 0;
    if (c > nt - 1)
      c = nt - 1;
    out[i] = table[c] + x[i];
  }
}

static unsigned long mix(unsigned long h, unsigned long x) {
  return h * 1099511628211ul ^ x;
}

int main(void) {
  unsigned char *in = malloc(N), *buf = malloc(N + 256);
  unsigned *k = malloc(N * sizeof *k);
  double *d = malloc((N + 64) * sizeof *d);
  float *x = malloc(N * sizeof *x), *f = malloc((N + 64) * sizeof *f);
  for (int i = 0; i < N; i++) {
    k[i] = (unsigned)i * 2654435761u >> 20;
    in[i] = (unsigned char)(k[i] * 7);
    x[i] = (float)(k[i] % 97) - 20.0f;
  }
  unsigned char lut[256];
  double table[64];
  float ft[64];
  for (int b = 0; b < 256; b++)
    lut[b] = (unsigned char)(255 - b / 2);
  for (int b = 0; b < 64; b++) {
    table[b] = b * 0.5;
    ft[b] = (float)b * 0.25f;
  }
  for (int i = 0; i < N + 256; i++)
    buf[i] = (unsigned char)i;
  unsigned long h = 14695981039346656037ul;
  apply_lut(in, buf, lut, N); // apart
  for (int i = 0; i < N; i += 13)
    h = mix(h, buf[i]);
  apply_lut(in, buf, buf + 1000, N); // the table is in the output
  for (int i = 0; i < N; i += 13)
    h = mix(h, buf[i]);
  for (int i = 0; i < N + 64; i++)
    d[i] = i * 0.25;
  gather_mod(k, d, table, 64, N);
  for (int i = 0; i < N; i += 17)
    h = mix(h, (unsigned long)(d[i] * 4.0));
  gather_mod(k, d + 64, d, 64, N); // the table is the output's start
  for (int i = 0; i < N; i += 17)
    h = mix(h, (unsigned long)(d[i] * 4.0));
  for (int i = 0; i < N; i++)
    k[i] &= 63;
  // % 4294967295u: k[i] itself, in d's first 64 elements, which the loop
  // writes from d[1] on: the check must not take [0, nt - 1] for nt = -1.
  gather_mod(k, d + 1, d, -1, N);
  for (int i = 0; i < N; i += 17)
    h = mix(h, (unsigned long)(d[i] * 4.0));
  for (int i = 0; i < N + 64; i++)
    f[i] = (float)(i % 50);
  clamped(x, f, ft, 40, N);
  for (int i = 0; i < N; i += 11)
    h = mix(h, (unsigned long)(f[i] * 8.0f));
  clamped(x, f + 8, f, 40, N); // the table is in the output
  for (int i = 0; i < N; i += 11)
    h = mix(h, (unsigned long)(f[i] * 8.0f));
  printf("hash %lu\n", h);
  free(in);
  free(buf);
  free(k);
  free(d);
  free(x);
  free(f);
  return 0;
}
