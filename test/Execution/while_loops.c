// RUN: %exec-check %s
// PARALLEL: 13
// While and do loops with a counter (docs/analysis.md, "While and do
// loops"): counted by weft-count-loops, and run in parallel like the for
// loops they are. Up and down, steps of 1, 2 and -3, <, <=, >=, >, !=, a
// bound read from a struct, unsigned and size_t counters, a do loop (which
// runs once even when its test fails at once), a while nested in a for,
// loops that step first (`i--;` as the first statement, with a continue
// after it), and the counters' values after the loops. Two loops stay
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
