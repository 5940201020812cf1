/* ep.c - the embarrassingly parallel kernel: Gaussian pairs by the
 * Marsaglia polar method from a linear congruential generator, counted in
 * annuli.
 * Modeled on the NAS Parallel Benchmarks' EP (OpenMP version): a batch
 * loop whose seed is computed by jumping the generator ahead, a work array
 * x[] filled by vranlc inside each batch, sums sx and sy, and a histogram
 * q[l] of the annulus of each pair; the expert's pragma is on the batch
 * loop (the original keeps a private q per thread and adds them up; here
 * the expert writes OpenMP's array-section reduction).
 * Written for weft's benchmark; no code of the original.
 * bench: args=24 profile=18
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MK 16
#define NK (1 << MK)
#define NQ 10
#define A 1220703125.0
#define S 271828183.0

static double randlc(double *x, double a) {
  const double r23 = 1.0 / 8388608.0, r46 = r23 * r23;
  const double t23 = 8388608.0, t46 = t23 * t23;
  double t1 = r23 * a, a1 = (int)t1, a2 = a - t23 * a1;
  t1 = r23 * *x;
  double x1 = (int)t1, x2 = *x - t23 * x1;
  t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(r23 * t1), z = t1 - t23 * t2;
  double t3 = t23 * z + a2 * x2, t4 = (int)(r46 * t3);
  *x = t3 - t46 * t4;
  return r46 * *x;
}

static void vranlc(int n, double *x, double a, double y[]) {
  for (int i = 0; i < n; i++)
    y[i] = randlc(x, a);
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 24;
  if (m < MK + 1 || m > 40) {
    fprintf(stderr, "usage: ep [class exponent %d..40]\n", MK + 1);
    return 1;
  }
  int nn = 1 << (m - MK);
  double q[NQ], sx = 0.0, sy = 0.0, an, t1 = A;
  for (int i = 0; i < NQ; i++)
    q[i] = 0.0;
  for (int i = 0; i < MK + 1; i++)
    randlc(&t1, t1);
  an = t1;

#pragma omp parallel for reduction(+ : sx, sy) reduction(+ : q[:NQ])
  for (int k = 1; k <= nn; k++) {
    double x[2 * NK];
    int kk = k - 1;
    double t1 = S, t2 = an, t3;
    for (int i = 1; i <= 100; i++) {
      int ik = kk / 2;
      if (2 * ik != kk)
        t3 = randlc(&t1, t2);
      if (ik == 0)
        break;
      t3 = randlc(&t2, t2);
      kk = ik;
    }
    vranlc(2 * NK, &t1, A, x);
    for (int i = 0; i < NK; i++) {
      double x1 = 2.0 * x[2 * i] - 1.0;
      double x2 = 2.0 * x[2 * i + 1] - 1.0;
      t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        t2 = sqrt(-2.0 * log(t1) / t1);
        t3 = x1 * t2;
        double t4 = x2 * t2;
        int l = (int)fmax(fabs(t3), fabs(t4));
        q[l] += 1.0;
        sx += t3;
        sy += t4;
      }
    }
  }
  double gc = 0.0;
  for (int i = 0; i < NQ; i++)
    gc += q[i];
  printf("ep m=%d: pairs %.0f sx %.10e sy %.10e\n", m, gc, sx, sy);
  for (int i = 0; i < NQ; i++)
    printf("q[%d] %.0f\n", i, q[i]);
  return 0;
}
