// RUN: %exec-check %s
// PARALLEL: 4
// Element indices kept in scalar temporaries declared before the loops and
// assigned in the body, as Rodinia's srad writes them: k = i * cols + j,
// then reads and writes at k, one of them inside an if (the clamp of c[k]).
// A temporary assigned only under a condition stays sequential.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 300, cols = rows + 7;
  if (rows < 2 || rows > 5000)
    return 1;
  float *J = malloc(sizeof(float) * rows * cols);
  float *c = malloc(sizeof(float) * rows * cols);
  float *dN = malloc(sizeof(float) * rows * cols);
  int *iN = malloc(sizeof(int) * rows);
  if (!J || !c || !dN || !iN)
    return 1;
  for (int i = 0; i < rows; i++)
    iN[i] = i > 0 ? i - 1 : 0;
  int i, j, k;
  for (i = 0; i < rows * cols; i++)
    J[i] = (float)((i * 37) % 101) / 50.0f + 0.5f;
  for (int iter = 0; iter < 3; iter++) {
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++) {
        k = i * cols + j;
        dN[k] = J[iN[i] * cols + j] - J[k];
        c[k] = 1.0f / (1.0f + dN[k] * dN[k]);
        if (c[k] < 0.6f)
          c[k] = 0.6f;
        else if (c[k] > 0.9f)
          c[k] = 0.9f;
      }
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++) {
        k = i * cols + j;
        J[k] = J[k] + 0.25f * c[k] * dN[k];
      }
  }
  /* Assigned only for some elements: k may be the one from before. */
  k = 0;
  for (i = 0; i < rows * cols; i++) {
    if (J[i] > 1.5f)
      k = i;
    c[k] += 1.0f;
  }
  double s = 0;
  for (i = 0; i < rows * cols; i += 3)
    s += J[i] + 0.5 * c[i];
  printf("%.6f %d %.6f\n", s, k, (double)J[rows * cols / 2]);
  free(J);
  free(c);
  free(dN);
  free(iN);
  return 0;
}
