/* lud.c - LU decomposition in place, without pivoting, of a diagonally
 * dominant matrix.
 * Modeled on Rodinia's lud (OpenMP base version): a flat row-major float
 * matrix indexed a[i*size+j]; for each pivot row, the row of U and the
 * column of L are computed by dot products; the expert's pragmas are on
 * the two loops inside the pivot loop.
 * Written for weft's benchmark; no code of the original.
 * bench: args=1024 profile=256
 */
#include <stdio.h>
#include <stdlib.h>

static void lud_base(float *a, int size) {
  int i, j, k;
  float sum;
  for (i = 0; i < size; i++) {
#pragma omp parallel for private(j, k, sum) shared(size, i, a)
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j];
      a[i * size + j] = sum;
    }
#pragma omp parallel for private(j, k, sum) shared(size, i, a)
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

int main(int argc, char **argv) {
  int size = argc > 1 ? atoi(argv[1]) : 1024;
  if (size < 1) {
    fprintf(stderr, "usage: lud [matrix size >= 1]\n");
    return 1;
  }
  float *m = malloc(sizeof(float) * size * size);
  if (!m) {
    fprintf(stderr, "lud: out of memory\n");
    return 1;
  }
  srand(5);
  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++)
      m[i * size + j] = (float)(rand() % 100) / 100.0f +
                        (i == j ? (float)size : 0.0f);
  lud_base(m, size);
  double trace = 0, lsum = 0;
  for (int i = 0; i < size; i++) {
    trace += m[i * size + i];
    for (int j = 0; j < i; j++)
      lsum += m[i * size + j];
  }
  printf("lud %d: trace of U %.6f sum of L %.6f a[n-1][n-1] %.6f\n", size,
         trace, lsum, m[size * size - 1]);
  free(m);
  return 0;
}
