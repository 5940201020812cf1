// RUN: %exec-check %s
// PARALLEL: 2
// Triangular nests: the cost of an outer iteration is linear in its counter,
// so the runtime cuts chunks of equal work (the linear cost shape). Results
// are exact whatever the split.
#include <stdio.h>

#define N 700
static double L[N][N];
static double g[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      L[i][j] = 1.0 / (1 + i + j);
  // Row i touches columns 0..i (cost grows with i).
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      g[i][j] = L[j][i] * 2.0 - (double)(j - i);
  double s = 0;
  for (int i = 0; i < N; i += 13)
    for (int j = 0; j < N; j += 17)
      s += g[i][j] + L[i][j];
  printf("%.17g\n", s);
  return 0;
}
