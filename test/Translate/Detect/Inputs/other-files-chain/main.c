/* Calls functions of mid.c, which call those of leaf.c, which call
   deep.c's: their summaries cross over through every file. */
#include <stdio.h>

double scaled(double x);
void nudge(double *v, double d);
double far(double x);
double tallied(double x);
double ping(double x, int n);

#define N 100000
static double a[2 * N], out[N];

int main(void) {
  for (int i = 0; i < 2 * N; i++)
    a[i] = i % 13;
  for (int i = 0; i < N; i++)
    out[i] = scaled(a[i]);
  for (int i = 0; i < N; i++)
    nudge(a + 2 * i, 0.25);
  for (int i = 0; i < N; i++)
    out[i] += far(a[2 * i + 1]);
  for (int i = 0; i < N - 1; i++)
    nudge(a + i, 0.5);
  for (int i = 0; i < N; i++)
    out[i] += tallied(a[i]);
  for (int i = 0; i < N; i++)
    out[i] += ping(a[i], 3);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  printf("%.17g %.17g\n", s, a[7]);
  return 0;
}
