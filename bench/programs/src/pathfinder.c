/* pathfinder.c - the cheapest path down a grid of weights, one row at a
 * time (dynamic programming).
 * Modeled on Rodinia's pathfinder (OpenMP version): the weights are an
 * int ** of row pointers into one block, two result rows are swapped each
 * step, the expert's pragma is on the column loop inside the row loop.
 * Written for weft's benchmark; no code of the original.
 * bench: args=200000 400 profile=20000 100
 */
#include <stdio.h>
#include <stdlib.h>

#define MIN(a, b) ((a) <= (b) ? (a) : (b))

int rows, cols;
int *data;
int **wall;
int *result;

static void init(int seed) {
  data = malloc(sizeof(int) * rows * cols);
  wall = malloc(sizeof(int *) * rows);
  result = malloc(sizeof(int) * cols);
  if (!data || !wall || !result) {
    fprintf(stderr, "pathfinder: out of memory\n");
    exit(1);
  }
  for (int n = 0; n < rows; n++)
    wall[n] = data + cols * n;
  srand(seed);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      wall[i][j] = rand() % 10;
  for (int j = 0; j < cols; j++)
    result[j] = wall[0][j];
}

int main(int argc, char **argv) {
  cols = argc > 1 ? atoi(argv[1]) : 200000;
  rows = argc > 2 ? atoi(argv[2]) : 400;
  if (cols < 2 || rows < 2) {
    fprintf(stderr, "usage: pathfinder [cols >= 2] [rows >= 2]\n");
    return 1;
  }
  init(9);
  int *src = malloc(sizeof(int) * cols), *dst = result, *temp;
  int min;
  for (int t = 0; t < rows - 1; t++) {
    temp = src;
    src = dst;
    dst = temp;
#pragma omp parallel for private(min)
    for (int n = 0; n < cols; n++) {
      min = src[n];
      if (n > 0)
        min = MIN(min, src[n - 1]);
      if (n < cols - 1)
        min = MIN(min, src[n + 1]);
      dst[n] = wall[t + 1][n] + min;
    }
  }
  long long sum = 0;
  int best = dst[0];
  for (int j = 0; j < cols; j++) {
    sum += dst[j];
    best = MIN(best, dst[j]);
  }
  printf("pathfinder %d cols %d rows: best %d sum %lld first %d last %d\n",
         cols, rows, best, sum, dst[0], dst[cols - 1]);
  free(data);
  free(wall);
  free(src == result ? dst : src);
  free(result);
  return 0;
}
