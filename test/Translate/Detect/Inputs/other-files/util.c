/* Functions the main file calls, defined here. */
#include <math.h>

double sq(double x) { return x * x + 1.0; }

double norm3(const double *v) {
  return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

void scale(double *v, int n, double k) {
  for (int i = 0; i < n; i++)
    v[i] *= k;
}

/* Writes v[0] and v[1]: constant ranges cross over. */
void shift(double *v, double d) {
  v[0] += d;
  v[1] -= d;
}

typedef struct { double x, y, vx, vy; } particle;
void integrate(particle *p, double dt) {
  p->x += p->vx * dt;
  p->y += p->vy * dt;
}

static double hidden(double x) { return x * 0.5; }
double calls;
double logged(double x) {
  calls += 1;
  return hidden(x);
}

/* A definition with another parameter list than main.c declares: not
   taken. */
double twice(double x, double y) { return 2 * x + y; }
