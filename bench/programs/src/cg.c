/* cg.c - the smallest eigenvalue of a sparse symmetric matrix by inverse
 * power iteration, each step solved by 25 conjugate gradient iterations.
 * Modeled on the NAS Parallel Benchmarks' CG (OpenMP version): the matrix
 * in compressed rows in global arrays (a, colidx, rowstr), vectors indexed
 * from 1, a sparse matrix-vector product whose inner bounds come from
 * rowstr, dot products; the expert's pragmas are on every vector loop of
 * conj_grad, with reduction clauses on the dot products. The matrix is
 * generated more simply than NPB's makea (random off-diagonal entries,
 * symmetric, diagonally dominant).
 * Written for weft's benchmark; no code of the original.
 * bench: args= profile=
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NA 75000
#define NONZER 10
#define NZ (NA * (2 * NONZER + 1))
#define NITER 30
#define SHIFT 20.0
#define CGITMAX 25

static int colidx[NZ + 1];
static int rowstr[NA + 2];
static double a[NZ + 1];
static double x[NA + 3], z[NA + 3], p[NA + 3], q[NA + 3], r[NA + 3];
static int naa = NA, firstrow = 1, lastrow = NA;

static void makea(void) {
  /* Row i: the diagonal, then NONZER / 2 random pairs (i, j) and (j, i) in
   * the rows of both: counted per row first, then placed. */
  static int cnt[NA + 2];
  static int pi[NA * NONZER], pj[NA * NONZER];
  static double pv[NA * NONZER];
  unsigned s = 314159265u;
  int npairs = 0;
  for (int i = 1; i <= NA; i++)
    cnt[i] = 1;
  for (int i = 1; i <= NA; i++)
    for (int k = 0; k < NONZER / 2; k++) {
      s = s * 1103515245u + 12345u;
      int j = 1 + (int)((s >> 4) % NA);
      if (j == i)
        continue;
      s = s * 1103515245u + 12345u;
      pi[npairs] = i;
      pj[npairs] = j;
      pv[npairs] = -(double)(s >> 8 & 0xffff) / 65536.0;
      npairs++;
      cnt[i]++;
      cnt[j]++;
    }
  rowstr[1] = 0;
  for (int i = 1; i <= NA; i++)
    rowstr[i + 1] = rowstr[i] + cnt[i];
  for (int i = 1; i <= NA; i++) {
    a[rowstr[i]] = SHIFT; /* the diagonal first */
    colidx[rowstr[i]] = i;
    cnt[i] = 1;
  }
  for (int n = 0; n < npairs; n++) {
    int i = pi[n], j = pj[n];
    a[rowstr[i] + cnt[i]] = pv[n];
    colidx[rowstr[i] + cnt[i]++] = j;
    a[rowstr[j] + cnt[j]] = pv[n];
    colidx[rowstr[j] + cnt[j]++] = i;
  }
}

static void conj_grad(double *rnorm) {
  int j, k;
  double d, sum, rho, rho0, alpha, beta;
  rho = 0.0;
#pragma omp parallel for default(shared) private(j)
  for (j = 1; j <= naa + 1; j++) {
    q[j] = 0.0;
    z[j] = 0.0;
    r[j] = x[j];
    p[j] = r[j];
  }
#pragma omp parallel for default(shared) private(j) reduction(+ : rho)
  for (j = 1; j <= lastrow - firstrow + 1; j++)
    rho = rho + r[j] * r[j];

  for (int cgit = 1; cgit <= CGITMAX; cgit++) {
#pragma omp parallel for default(shared) private(j, k, sum)
    for (j = 1; j <= lastrow - firstrow + 1; j++) {
      sum = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
        sum = sum + a[k] * p[colidx[k]];
      q[j] = sum;
    }
    d = 0.0;
#pragma omp parallel for default(shared) private(j) reduction(+ : d)
    for (j = 1; j <= lastrow - firstrow + 1; j++)
      d = d + p[j] * q[j];
    alpha = rho / d;
    rho0 = rho;
    rho = 0.0;
#pragma omp parallel for default(shared) private(j) reduction(+ : rho)
    for (j = 1; j <= lastrow - firstrow + 1; j++) {
      z[j] = z[j] + alpha * p[j];
      r[j] = r[j] - alpha * q[j];
      rho = rho + r[j] * r[j];
    }
    beta = rho / rho0;
#pragma omp parallel for default(shared) private(j)
    for (j = 1; j <= lastrow - firstrow + 1; j++)
      p[j] = r[j] + beta * p[j];
  }

  sum = 0.0;
#pragma omp parallel for default(shared) private(j, k, d)
  for (j = 1; j <= lastrow - firstrow + 1; j++) {
    d = 0.0;
    for (k = rowstr[j]; k < rowstr[j + 1]; k++)
      d = d + a[k] * z[colidx[k]];
    r[j] = d;
  }
#pragma omp parallel for default(shared) private(j, d) reduction(+ : sum)
  for (j = 1; j <= lastrow - firstrow + 1; j++) {
    d = x[j] - r[j];
    sum = sum + d * d;
  }
  *rnorm = sqrt(sum);
}

int main(void) {
  makea();
  for (int i = 1; i <= NA + 1; i++)
    x[i] = 1.0;
  double zeta = 0.0, rnorm = 0.0;
  for (int it = 1; it <= NITER; it++) {
    conj_grad(&rnorm);
    double norm_temp1 = 0.0, norm_temp2 = 0.0;
    for (int j = 1; j <= lastrow - firstrow + 1; j++) {
      norm_temp1 = norm_temp1 + x[j] * z[j];
      norm_temp2 = norm_temp2 + z[j] * z[j];
    }
    norm_temp2 = 1.0 / sqrt(norm_temp2);
    zeta = SHIFT + 1.0 / norm_temp1;
    printf("iteration %2d: zeta %.10e\n", it, zeta);
    for (int j = 1; j <= lastrow - firstrow + 1; j++)
      x[j] = norm_temp2 * z[j];
  }
  printf("cg NA=%d: zeta %.10e residual below 1e-12: %s\n", NA, zeta,
         rnorm < 1e-12 ? "yes" : "no");
  return 0;
}
