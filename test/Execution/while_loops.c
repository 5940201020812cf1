// RUN: %exec-check %s
// PARALLEL: 24
// GRAPHS: 2
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fork-join-ns=0
// While and do loops with a counter (docs/analysis.md, "While and do
// loops"): counted by weft-count-loops, and run in parallel like the for
// loops they are. Up and down, steps of 1, 2 and -3, <, <=, >=, >, !=, a
// bound read from a struct, unsigned and size_t counters, a do loop (which
// runs once even when its test fails at once), a while nested in a for,
// loops that step first (`i--;` as the first statement, with a continue
// after it), between statements, inside an expression (`c[i++] += x`), or
// in the condition (`i-- > 0`, `++i < n`, a do loop's
// `++i < n`, an unsigned `u-- > 0` that ends at UINT_MAX), the counter as
// the condition (`while (k)`, `while (i--)`), and the
// counters' values after the loops. Two loops stay
// sequential: a continue skips the step, and a bound the body changes.
#include <stddef.h>
#include <stdio.h>

#define N 40000
static double a[N], b[N], c[N];
static long h[N];
static float img[200][300];

struct span {
  int n;
  double *v;
};

static int up(int n) {
  int i = 0;
  while (i < n) {
    a[i] = b[i] * 2.0 + 1.0;
    i++;
  }
  return i;
}

static int evens(int n) {
  int i = 0;
  while (i <= n - 2) {
    c[i] = a[i] + b[i + 1];
    i += 2;
  }
  return i;
}

static long down(long n) {
  long k = n - 1;
  while (k >= 0) {
    h[k] = k * 3 + (long)b[k];
    k--;
  }
  return k;
}

static int dostep(int from, int to) {
  int j = from;
  do {
    c[j] = c[j] * 0.5 + (double)j;
    j = j + 1;
  } while (j < to);
  return j;
}

static int dodown(int n) {
  int j = n;
  do {
    a[j - 1] = a[j - 1] - 1.0;
    j -= 3;
  } while (j > 2);
  return j;
}

static int inspan(struct span *s) {
  int i = 0;
  while (i < s->n) {
    s->v[i] = s->v[i] * 3.0 - b[i];
    ++i;
  }
  return i;
}

static unsigned unsig(unsigned n) {
  unsigned u = 0;
  while (u != n) {
    b[u] = b[u] + (double)(u % 7);
    u++;
  }
  return u;
}

static size_t sizes(size_t len) {
  size_t z = 0;
  while (z < len) {
    h[z] += (long)z;
    z += 1;
  }
  return z;
}

static void rows(int r, int w) {
  for (int y = 0; y < r; y++) {
    int x = 0;
    while (x < w) {
      img[y][x] = (float)(y * w + x) * 0.25f;
      x++;
    }
  }
}

/* The step first: the body sees i - 1; a continue is fine. */
static int countdown(int n) {
  int i = n;
  while (i > 0) {
    i--;
    if (i % 3 == 0)
      continue;
    h[i] = h[i] * 2 + i;
  }
  return i;
}

static long dofirst(long n) {
  long j = -1;
  do {
    j += 1;
    c[j] = c[j] + (double)(j % 5);
  } while (j < n - 1);
  return j;
}

/* The step in the condition: tested before it (`i-- > 0`, `j++ < n`: the
 * body sees the stepped value, and so does the code after the loop, one
 * step past the last test), after it (`++i < n`), or after a do loop's
 * body. */
static int post_down(int n) {
  int i = n;
  while (i-- > 0)
    a[i] = a[i] * 0.5 + (double)i;
  return i;
}

static int pre_up(int n) {
  int i = -1;
  while (++i < n) {
    if (i % 4 == 1)
      continue;
    b[i] = b[i] * 2 + (double)i;
  }
  return i;
}

static int do_pre(int n) {
  int i = 0;
  do {
    h[i] += i;
  } while (++i < n);
  return i;
}

static unsigned post_unsigned(unsigned n) {
  unsigned u = n;
  while (u-- > 0)
    h[u] = h[u] * 3 + (long)u;
  return u;
}

static int post_up(int n) {
  int j = 0;
  while (j++ < n)
    c[j - 1] += (double)j;
  return j;
}

/* The inner loop's overlap check names i, the counter of a loop around it
 * that steps first: in the body, one step past its iteration (fuzz seed
 * 381). Called on distinct arrays and on overlapping ones. */
static void nested_check(double *y, const double *z) {
  int i = -1;
  while (i < 23) {
    i++;
    int j = 0;
    while (j < 27) {
      y[45 - i + j] = -0.5 * z[i * 28 + j] + y[45 - i + j] * 0.25;
      j = j + 1;
    }
  }
}

/* A step between statements (the body reads i before it and i + 1 after
 * it), and a step inside an expression. */
static int between(int n) {
  int i = 0;
  while (i < n / 2) {
    h[2 * i] += 1;
    i++;
    h[2 * i - 1] += 2;
  }
  return i;
}

static int in_subscript(int n) {
  int i = 0;
  while (i < n)
    c[i++] += 0.5;
  return i;
}

/* The counter as the condition: `while (k)`, `while (i--)` (which ends at
 * -1, and an unsigned one at UINT_MAX). */
static unsigned truth(unsigned n) {
  unsigned k = n;
  while (k) {
    h[k - 1] += (long)k;
    k--;
  }
  return k;
}

static int truth_step(int n) {
  int i = n;
  while (i--)
    a[i] += 1.0;
  return i;
}

static unsigned truth_unsigned(unsigned n) {
  unsigned k = n;
  while (k--)
    c[k] -= 1.0;
  return k;
}

/* Sequential: the continue skips the step (C runs the same i again). */
static int skips(int n) {
  int i = 0, again = 0;
  while (i < n) {
    if (h[i] % 5 == 0 && again < 3) {
      again++;
      continue;
    }
    c[i] += 1.0;
    i++;
  }
  return i + again;
}

/* Sequential: the body changes the bound. */
static int shrinks(int n) {
  int i = 0;
  while (i < n) {
    if (a[i] > 1e9)
      n--;
    c[i] -= 2.0;
    i++;
  }
  return i;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    b[i] = (double)((i * 37) % 101);
    c[i] = (double)(i % 13);
  }
  double v[N];
  for (int i = 0; i < N; i++)
    v[i] = (double)(i % 17);
  struct span s = {N - 5, v};
  long r = 0;
  r += up(N);
  r += evens(N);
  r += down(N);
  r += dostep(0, N);
  r += dostep(7, 3); /* runs once */
  r += dodown(N);
  r += inspan(&s);
  r += (long)unsig(N - 1);
  r += (long)sizes(N);
  rows(200, 300);
  r += countdown(N);
  r += dofirst(N);
  r += post_down(N);
  r += pre_up(N);
  r += do_pre(N);
  r += do_pre(0) * 1000; /* runs once */
  r += (long)post_unsigned(N); /* ends at UINT_MAX */
  r += post_up(N);
  r += (long)truth(N);
  r += truth_step(N);
  r += (long)truth_unsigned(N);
  r += between(N);
  r += in_subscript(N);
  nested_check(c, b);
  nested_check(a + 620, a); /* at i = 23, y[45 - i + j] meets z[28 i + j] */
  r += skips(N);
  r += shrinks(N);
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i] + b[i] * 2 + c[i] * 3 + (double)h[i] + v[i];
  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 300; x += 7)
      sum += img[y][x];
  printf("%ld %.17g\n", r, sum);
  return 0;
}
