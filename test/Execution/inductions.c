// RUN: %exec-check %s
// PARALLEL: 14
// Other counters (docs/analysis.md, "Other counters"): a variable that the
// body steps by a constant in every iteration, besides the counter, holds
// its value before the loop plus k steps in iteration k: each iteration of
// the outlined loop sets its own copy so, and the variable gets its exit
// value after the loop. Read before its step and after it, stepped in a
// subscript (`a[j--]`), in a while loop, in an inner loop that steps it
// across the rows of the loop around it (that loop stays sequential: the
// inner one runs in parallel), size_t stepped down, a continue after the
// step, two loops in one region, a sweep candidate (each chunk would run
// the loop around from where it started: refused, the inner loop runs in
// parallel), and what is left as written: a continue before the step, a
// step under a condition. Steps in a for's increment (`i++, j += 2`) are
// inductions too, but for a continue, which jumps to the increment. Each
// function returns the variable's value
// after the loop; main calls them with no iteration, one, and many.
#include <stdio.h>
#include <stdlib.h>

#define N 60000

static float fa[4 * N + 8], fb[4 * N + 8];
static int oi[N + 1];
static double dd[N + 64], ds[N + 64];
static unsigned char uo[N], ui[2 * N + 4];

static int gather(int n, int j) {
  for (int i = 0; i < n; i++) {
    fa[i] = fb[j];
    j += 3;
    fa[i] += fb[j] * 0.5f;
  }
  return j;
}

static long long scatter(int n) {
  long long j = 2 * (long long)n;
  for (int i = 0; i < n; i++)
    fa[j--] = fb[i];
  return j;
}

static int while_loop(int n) {
  int i = 0, k = 7;
  while (i < n) {
    oi[i] = k * k;
    i++;
    k += 5;
  }
  return k + i;
}

static int rows(int n, int m) {
  int p = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < m; c++) {
      dd[p] = ds[r * m + c] * 2.0;
      p++;
    }
  return p;
}

static size_t down(size_t n, size_t q) {
  for (size_t i = 0; i < n; i++) {
    uo[i] = ui[q];
    q -= 2;
  }
  return q;
}

static int after_continue(int n) {
  int j = 1;
  for (int i = 0; i < n; i++) {
    j += 4;
    if (i % 3 == 0)
      continue;
    oi[i] = j;
  }
  return j;
}

static int two(int n, int *k_out) {
  int j = 3, k = 100;
  for (int i = 0; i < n; i++) {
    fa[i] = fb[j] * 2.0f;
    j += 1;
  }
  for (int i = 0; i < n; i++) {
    fb[i + n + 8] = (float)k;
    k -= 3;
  }
  *k_out = k;
  return j;
}

static int sweep(int reps, int n) {
  int j = 0;
  for (int t = 0; t < reps; t++)
    for (int i = 0; i < n; i++) {
      fa[j] = fb[i] + (float)t;
      j++;
    }
  return j;
}

static int before_continue(int n) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    if (i % 5 == 0)
      continue;
    oi[i] = j;
    j++;
  }
  return j;
}

static int conditional(int n) {
  int j = 0;
  for (int i = 0; i < n; i++) {
    oi[i] = j;
    if (fb[i] > 3.0f)
      j += 2;
  }
  return j;
}

// Steps in a for's increment (`i++, j += 2`), one without an init, and
// two other variables; one with a continue stays as written.
static int comma(int n) {
  int i, j = 0, k = 5;
  for (i = 0; i < n; i++, j += 2, k -= 3)
    oi[i] = j * 3 + k;
  return i + j + k;
}

static int comma_no_init(int n, int i) {
  int j = 1;
  for (; i < n; ++i, ++j)
    fa[i] = fb[j] * 0.5f;
  return j;
}

static int comma_continue(int n) {
  int j = 0;
  for (int i = 0; i < n; i++, j++) {
    if (i & 1)
      continue;
    oi[i] = j;
  }
  return j;
}

static unsigned long hash_f(const float *a, int n, unsigned long h) {
  for (int i = 0; i < n; i++)
    h = h * 31 + (unsigned long)(a[i] * 8);
  return h;
}

static unsigned long hash_i(const int *a, int n, unsigned long h) {
  for (int i = 0; i < n; i++)
    h = h * 31 + (unsigned)a[i];
  return h;
}

int main(void) {
  for (int i = 0; i < 4 * N + 8; i++)
    fb[i] = (float)(i % 97) * 0.25f;
  for (int i = 0; i < N + 64; i++)
    ds[i] = i * 0.5;
  for (int i = 0; i < 2 * N + 4; i++)
    ui[i] = (unsigned char)(i * 7);
  int sizes[] = {0, 1, 2, 1000, N};
  for (int s = 0; s < 5; s++) {
    int n = sizes[s];
    unsigned long h = 0;
    h = hash_f(fa, N, h + (unsigned)gather(n, s));
    h = hash_f(fa, 2 * N + 1, h + (unsigned long long)scatter(n));
    h = hash_i(oi, N, h + (unsigned)while_loop(n));
    h = hash_i(oi, N, h + (unsigned)after_continue(n));
    h = hash_i(oi, N, h + (unsigned)before_continue(n));
    h = hash_i(oi, N, h + (unsigned)conditional(n));
    h = hash_i(oi, N, h + (unsigned)comma(n));
    h = hash_f(fa, N, h + (unsigned)comma_no_init(n, s));
    h = hash_i(oi, N, h + (unsigned)comma_continue(n));
    int r = n / 1000 + 1, c = n / r;
    h += (unsigned)rows(r, c);
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long)dd[i];
    h += down((size_t)n, 2 * (size_t)n + 1);
    for (int i = 0; i < N; i++)
      h = h * 31 + uo[i];
    int k;
    h += (unsigned)two(n, &k) * 7 + (unsigned)k;
    h = hash_f(fb, 2 * N + 8, hash_f(fa, N, h));
    h = hash_f(fa, 3 * N, h + (unsigned)sweep(3, n));
    printf("n=%d: %lu\n", n, h);
  }
  return 0;
}
