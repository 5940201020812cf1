#include <stdio.h>

double sq(double x);
double norm3(const double *v);
void scale(double *v, int n, double k);
void shift(double *v, double d);
typedef struct { double x, y, vx, vy; } particle;
void integrate(particle *p, double dt);
double logged(double x);
double twice(double x);

#define N 100000
static double a[3 * N], out[N];
static particle ps[N];

int main(void) {
  for (int i = 0; i < 3 * N; i++)
    a[i] = i % 11;
  for (int i = 0; i < N; i++)
    out[i] = sq(a[i]);
  for (int i = 0; i < N; i++)
    out[i] += norm3(a + 3 * i);
  for (int i = 0; i < N; i++)
    scale(a + 3 * i, 3, 0.5);
  for (int i = 0; i < N; i++)
    shift(a + 3 * i, 0.25);
  for (int i = 0; i < N; i++)
    ps[i] = (particle){i * 0.5, 1.0, 0.25, -0.5};
  for (int i = 0; i < N; i++)
    integrate(&ps[i], 0.01);
  for (int i = 0; i < N; i++)
    out[i] += logged(a[i]);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  printf("%.17g %g %.17g\n", s, a[5], ps[77].x + ps[99].y);
  if (s < 0) /* never: keeps the declarations used */
    s = twice(s);
  return s < 0;
}
