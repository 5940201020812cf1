// RUN: %exec-check %s
// Do loops over memory that a run-time check sets apart (docs/analysis.md,
// "While and do loops"): a do loop runs its body once before its first
// test, so weft judges it as the while loop it is when that test passes
// and the check also tests that (`n >= 1`, the start below the bound).
// Up and down, a start read from a struct (`int i = w->n;`), two bounds
// (`i < n && i < m`), a step of 2. Each is also called so that its first
// test fails (the body runs once: as written), with buffers that overlap
// (as written; not push, whose buffers have two types), and apart; the
// counters' values after the loops are printed. The parallel build must print what the sequential one prints.
// PARALLEL: 7
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
#include <stdio.h>

typedef struct {
  double x, vx, m;
} particle;
typedef struct {
  int n;
  particle *p;
  double *f;
} world;

static int up(double *d, const double *s, int n) {
  int i = 0;
  do {
    d[i] = s[i] * 0.5 + 1;
    i++;
  } while (i < n);
  return i;
}

static int down(double *d, const double *s, int n) {
  int i = n;
  do {
    --i;
    d[i] = s[i] * 0.75 - d[i] * 0.5;
  } while (i > 0);
  return i;
}

static int push(world *w, double dt) {
  int i = w->n;
  do {
    i--;
    particle *q = &w->p[i];
    q->vx += dt * w->f[i] / q->m;
    q->x += dt * q->vx;
  } while (i > 0);
  return i;
}

static int two(double *d, const double *s, int n, int m) {
  int i = 0;
  do {
    d[i] += s[i];
    i++;
  } while (i < n && i < m);
  return i;
}

static int evens(double *d, const double *s, int n) {
  int i = 0;
  do {
    d[i] = s[i + 1] - s[i];
    i += 2;
  } while (i < n);
  return i;
}

static double A[5000], B[5000];
static particle P[3000];
static double F[3000];

static void show(const char *what, int r) {
  double h = 0;
  for (int i = 0; i < 5000; i++)
    h += (A[i] + 2 * B[i]) * (1 + i % 13);
  printf("%s %d %.6f\n", what, r, h);
}

int main(void) {
  for (int i = 0; i < 5000; i++) {
    A[i] = (i * 37 % 101) * 0.125;
    B[i] = (i * 53 % 97) * 0.25;
  }
  for (int i = 0; i < 3000; i++) {
    P[i].x = i * 0.5;
    P[i].vx = (i % 7) - 3;
    P[i].m = 1 + i % 5;
    F[i] = (i % 11) - 5;
  }
  show("up", up(A, B, 4000));
  show("up once", up(A + 10, B, 0));
  show("up over", up(A + 1, A, 3000));
  show("down", down(B, A, 4000));
  show("down once", down(B + 7, A + 10, -3));
  show("down over", down(A, A + 2, 3000));
  world w = {3000, P, F};
  int r = push(&w, 0.01);
  double hp = 0;
  for (int i = 0; i < 3000; i++)
    hp += (P[i].x + P[i].vx) * (1 + i % 13);
  printf("push %d %.6f\n", r, hp);
  world one = {0, P + 5, F + 5};
  r = push(&one, 0.5);
  printf("push once %d %.6f\n", r, P[4].x);
  show("two", two(A, B, 4000, 2500));
  show("two once", two(A, B + 3, 1, 9));
  show("two over", two(A + 1, A, 300, 4000));
  show("evens", evens(A, B, 3999));
  show("evens over", evens(A + 1, A, 3001));
  return 0;
}
