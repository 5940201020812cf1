// RUN: %exec-check %s
// PARALLEL: 7
// GRAPHS: 1
// OPENMP-GRAPHS: 0
// Conditions that compare the counter plus or minus a value the loop does
// not change (docs/analysis.md, "Counted loops"): `i + w <= n` (moving
// averages), `w + i < n` with the int sum compared with a long, `i - k >=
// 0` counting down, a while loop, a width read through a struct, and a
// width behind a pointer the body may write (checked at run time: the
// call that writes it runs as written). Widths of 0, negative, equal to n
// and past it (no iteration), and the counter's value after the loop.
// Left sequential: the sum in unsigned arithmetic, `i + w != n`, and a
// width the body steps.
#include <stdio.h>
#include <stdlib.h>

#define N 5000

struct win {
  int w;
  float scale;
};

static int average(const float *x, float *y, int n, int w) {
  int i;
  for (i = 0; i + w <= n; i++) {
    float s = 0;
    for (int j = 0; j < w; j++)
      s += x[i + j];
    y[i] = w > 0 ? s / (float)w : 0;
  }
  return i;
}

static int lagged(const int *a, int *d, int n, int lag) {
  int i = 0;
  while (i + lag < n) {
    d[i] = a[i + lag] - a[i];
    i++;
  }
  return i;
}

static long down(const long *a, long *b, long n, long k) {
  long i;
  for (i = n; i - k >= 0; i--)
    b[i] = a[i - k] * 2 + 1;
  return i;
}

static int widened(const int *a, int *b, long n, int w) {
  int i;
  for (i = 0; w + i < n; i += 2)
    b[i] = a[i] + w;
  return i;
}

static void by_struct(const struct win *s, const float *x, float *y, int n) {
  for (int i = 0; i + s->w < n; i++)
    y[i] = x[i + s->w] * s->scale;
}

/* *w may be one of the elements the loop writes: checked at run time. */
static int behind(int *out, const int *w, const int *a, int n) {
  int i;
  for (i = 0; i + *w < n; i++)
    out[i] = a[i] * a[i] + 500;
  return i;
}

static unsigned unsigned_sum(const int *a, int *b, int n, unsigned w) {
  int i;
  for (i = 0; i + w < (unsigned)n; i++)
    b[i] = a[i + w];
  return (unsigned)i;
}

static int not_equal(int *b, int n, int w) {
  int i;
  for (i = 0; i + w != n; i++)
    b[i] = i;
  return i;
}

static int stepped(int *b, int n) {
  int i = 0, k = 0;
  while (i + k < n) {
    b[i] = k;
    k++;
    i++;
  }
  return i;
}

int main(void) {
  float *x = malloc(sizeof(float) * N), *y = malloc(sizeof(float) * N);
  int *a = malloc(sizeof(int) * N), *d = malloc(sizeof(int) * (N + 8));
  long *la = malloc(sizeof(long) * N), *lb = malloc(sizeof(long) * N);
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i * 7) % 23) * 0.5f;
    a[i] = (i * 37) % 101 - 50;
    la[i] = i * 3 - 7;
    y[i] = 0;
    d[i] = 0;
    lb[i] = 0;
  }
  long check = 0;
  double fs = 0;
  int widths[] = {16, 1, 2, N, N + 1, 2500};
  for (int k = 0; k < 6; k++) {
    int w = widths[k];
    check += average(x, y, N, w);
    for (int i = 0; i < N; i += 101)
      fs += y[i];
    check += lagged(a, d, N, w);
    check += d[N / 3] + d[N / 2];
    check += down(la, lb, N - 1, w > 0 ? w : 0);
    check += lb[N / 2] + lb[N - 1];
    check += widened(a, d, (long)N, w);
    check += d[10] + d[N / 4];
    struct win s = {w, 0.25f};
    by_struct(&s, x, y, N);
    fs += y[7] + y[N / 5];
    check += unsigned_sum(a, d, N, (unsigned)(w > 0 ? w : 0));
    check += not_equal(d, N, w > 0 && w <= N ? w : 0) + d[N / 7];
  }
  check += lagged(a, d, N, 0) + widened(a, d, (long)N, 0) + d[N - 1];
  /* A negative lag: i runs to n + 3. */
  check += lagged(a + 8, d + 8, N - 16, -3) + d[N / 2];
  check += widened(a + 8, d + 8, (long)N - 16, -5) + d[N / 2 + 1];
  int w = 100;
  check += behind(d, &w, a, N) + d[99];
  /* The loop writes d[3] = a[3] * a[3] + 500 = 2100: the bound moves. */
  d[3] = 2000;
  check += behind(d, &d[3], a, N) + d[1000];
  check += stepped(d, N) + d[N / 2 - 1];
  printf("%ld %.3f\n", check, fs);
  free(x);
  free(y);
  free(a);
  free(d);
  free(la);
  free(lb);
  return 0;
}
