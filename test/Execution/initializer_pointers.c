// RUN: %exec-check %s
// PARALLEL: 3
// Pointers that an initializer list keeps (docs/ir.md, "Effects"): an
// allocation whose pointers go only into `float *outs[] = {f + 2 * N, f +
// 3, f}` and a struct's fields reaches the functions called with what is
// loaded from there. A static function called so (every call in the file,
// weft.args_apart) once took its parameters as apart memory (the
// allocation counted as captured nowhere, a loaded pointer as never into
// it) and ran without a check; called with the buffer itself (`shift(f,
// outs[2])`), it read elements other threads had written. It keeps its
// check now, and runs as written there.
#include <stdio.h>
#include <stdlib.h>

#define N 6000

struct pair {
  float *a, *b;
};

static void shift(const float *in, float *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i + 1] * 0.5f + 1;
}

static void scale(const float *in, float *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i + 2] * 0.25f - 1;
}

int main(void) {
  float *f = malloc(sizeof(float) * 4 * N);
  for (int i = 0; i < 4 * N; i++)
    f[i] = (float)(i % 97);
  float *outs[] = {f + 2 * N, f + 3, f};
  for (int c = 0; c < 3; c++)
    shift(f, outs[c], N);
  struct pair p = {f + 2 * N, f};
  scale(f, p.a, N);
  scale(f, p.b, N);
  double s = 0;
  for (int i = 0; i < 4 * N; i++)
    s += f[i] * (i % 7 + 1);
  printf("%.3f %.3f %.3f\n", s, f[5], f[2 * N + 9]);
  free(f);
  return 0;
}
