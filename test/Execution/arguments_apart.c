// RUN: %exec-check %s
// PARALLEL: 4
// Call-site alias facts (test/Translate/Detect/arguments-apart.c): static
// functions whose every call passes apart buffers run without a check
// (gather, cfd-like flux, a function called through a static caller, a
// recursive ping-pong); shift, called once with one buffer twice, keeps
// its check and runs as written there.
#include <stdio.h>
#include <stdlib.h>

static void gather(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++)
    out[i] = in[nb[i]] * 0.5 + i;
}

static void shift(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++)
    out[i] = in[nb[i]] + 1;
}

static void inner(int n, const int *nb, const double *in, double *out) {
  for (int i = 0; i < n; i++)
    out[i] += in[nb[i]] * 0.25;
}
static void step(int n, const int *nb, double *a, double *b) {
  inner(n, nb, a, b);
}

static void ping(int n, int depth, const int *nb, double *x, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = x[nb[i]] * 0.5 + depth;
  if (depth > 0)
    ping(n, depth - 1, nb, y, x);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30000;
  if (n < 2 || n > 1000000)
    return 1;
  int *nb = malloc(sizeof(int) * n);
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!nb || !a || !b) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    nb[i] = (int)((i * 7919L + 13) % n);
    a[i] = (double)(i % 23) - 11;
  }
  gather(n, nb, a, b);
  shift(n, nb, b, a); /* apart */
  shift(n, nb, a, a); /* one buffer: as written, out[i] reads out[nb[i]] */
  step(n, nb, a, b);
  ping(n, 4, nb, a, b);
  double s = 0, t = 0;
  for (int i = 0; i < n; i += 5)
    s += a[i], t += b[i];
  printf("%.6f %.6f %.6f %.6f\n", s, t, a[n / 3], b[n - 1]);
  free(nb), free(a), free(b);
  return 0;
}
