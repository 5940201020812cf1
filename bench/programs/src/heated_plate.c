/* heated_plate.c - the steady temperature of a plate with fixed edges, by
 * Jacobi iteration until the largest change falls below epsilon.
 * Modeled on John Burkardt's heated_plate_openmp: global M x N arrays,
 * a while loop on the convergence test, a copy, an averaging sweep, and the
 * largest change found with a running maximum (each thread's my_diff,
 * combined under a critical section in the original); the expert's pragmas
 * are on the row loops of the copy, the sweep and the maximum.
 * Written for weft's benchmark; no code of the original.
 * bench: args=0.008 profile=0.1
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define M 500
#define N 500

static double u[M][N];
static double w[M][N];

int main(int argc, char **argv) {
  double epsilon = argc > 1 ? atof(argv[1]) : 0.008;
  if (!(epsilon > 0.0)) {
    fprintf(stderr, "usage: heated_plate [epsilon > 0]\n");
    return 1;
  }
  double mean = 0.0, diff, my_diff;
  int i, j, iterations = 0, iterations_print = 1;
  for (i = 1; i < M - 1; i++) {
    w[i][0] = 100.0;
    w[i][N - 1] = 100.0;
  }
  for (j = 0; j < N; j++) {
    w[M - 1][j] = 100.0;
    w[0][j] = 0.0;
  }
  for (i = 1; i < M - 1; i++)
    mean = mean + w[i][0] + w[i][N - 1];
  for (j = 0; j < N; j++)
    mean = mean + w[M - 1][j] + w[0][j];
  mean = mean / (double)(2 * M + 2 * N - 4);
  printf("mean boundary value %f\n", mean);
  for (i = 1; i < M - 1; i++)
    for (j = 1; j < N - 1; j++)
      w[i][j] = mean;

  diff = epsilon;
  while (epsilon <= diff) {
#pragma omp parallel for private(i, j) shared(u, w)
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++)
        u[i][j] = w[i][j];
#pragma omp parallel for private(i, j) shared(u, w)
    for (i = 1; i < M - 1; i++)
      for (j = 1; j < N - 1; j++)
        w[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) /
                  4.0;
    diff = 0.0;
    my_diff = 0.0;
#pragma omp parallel for private(i, j) reduction(max : my_diff)
    for (i = 1; i < M - 1; i++)
      for (j = 1; j < N - 1; j++)
        if (my_diff < fabs(w[i][j] - u[i][j]))
          my_diff = fabs(w[i][j] - u[i][j]);
    if (diff < my_diff)
      diff = my_diff;
    iterations++;
    if (iterations == iterations_print) {
      printf("%8d  %.10f\n", iterations, diff);
      iterations_print = 2 * iterations_print;
    }
  }
  printf("%8d  %.10f\n", iterations, diff);
  printf("w[M/2][N/2] %.10f w[10][10] %.10f\n", w[M / 2][N / 2], w[10][10]);
  return 0;
}
