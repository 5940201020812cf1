/* nw.c - Needleman-Wunsch global alignment of two random sequences.
 * Modeled on Rodinia's nw (OpenMP version): the score matrix is a flat
 * int array, filled by anti-diagonals in two triangles; the element index is
 * a scalar temporary computed from the diagonal and the position on it; the
 * expert's pragmas are on the loops along a diagonal. The traceback is
 * sequential.
 * Written for weft's benchmark; no code of the original.
 * bench: args=4096 10 profile=1024 10
 */
#include <stdio.h>
#include <stdlib.h>

static int blosum62[24][24];

static int maximum(int a, int b, int c) {
  int k;
  if (a <= b)
    k = b;
  else
    k = a;
  if (k <= c)
    return c;
  else
    return k;
}

int main(int argc, char **argv) {
  int max_rows = argc > 1 ? atoi(argv[1]) : 4096;
  int penalty = argc > 2 ? atoi(argv[2]) : 10;
  if (max_rows < 2) {
    fprintf(stderr, "usage: nw [dimension >= 2] [penalty]\n");
    return 1;
  }
  int max_cols = max_rows = max_rows + 1;
  int *referrence = malloc(max_rows * max_cols * sizeof(int));
  int *input_itemsets = malloc(max_rows * max_cols * sizeof(int));
  if (!referrence || !input_itemsets) {
    fprintf(stderr, "nw: out of memory\n");
    return 1;
  }
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < 24; j++)
      blosum62[i][j] = (i == j) ? 4 + i % 5 : ((i * 7 + j * 3) % 9) - 4;
  srand(7);
  for (int i = 0; i < max_cols; i++)
    for (int j = 0; j < max_rows; j++)
      input_itemsets[i * max_cols + j] = 0;
  for (int i = 1; i < max_rows; i++)
    input_itemsets[i * max_cols] = rand() % 10 + 1;
  for (int j = 1; j < max_cols; j++)
    input_itemsets[j] = rand() % 10 + 1;
  for (int i = 1; i < max_cols; i++)
    for (int j = 1; j < max_rows; j++)
      referrence[i * max_cols + j] =
          blosum62[input_itemsets[i * max_cols]][input_itemsets[j]];
  for (int i = 1; i < max_rows; i++)
    input_itemsets[i * max_cols] = -i * penalty;
  for (int j = 1; j < max_cols; j++)
    input_itemsets[j] = -j * penalty;

  int idx, index;
  for (int i = 0; i < max_cols - 2; i++) {
#pragma omp parallel for shared(input_itemsets) firstprivate(i, max_cols, penalty) private(idx, index)
    for (idx = 0; idx <= i; idx++) {
      index = (idx + 1) * max_cols + (i + 1 - idx);
      input_itemsets[index] =
          maximum(input_itemsets[index - 1 - max_cols] + referrence[index],
                  input_itemsets[index - 1] - penalty,
                  input_itemsets[index - max_cols] - penalty);
    }
  }
  for (int i = max_cols - 4; i >= 0; i--) {
#pragma omp parallel for shared(input_itemsets) firstprivate(i, max_cols, penalty) private(idx, index)
    for (idx = 0; idx <= i; idx++) {
      index = (max_cols - idx - 2) * max_cols + idx + max_cols - i - 2;
      input_itemsets[index] =
          maximum(input_itemsets[index - 1 - max_cols] + referrence[index],
                  input_itemsets[index - 1] - penalty,
                  input_itemsets[index - max_cols] - penalty);
    }
  }

  /* Traceback from the bottom right corner. */
  long steps = 0, trace = 0;
  for (int i = max_rows - 2, j = max_rows - 2; i >= 0 && j >= 0;) {
    int nw = 0, n = 0, w = 0, traceback;
    if (i > 0 && j > 0) {
      nw = input_itemsets[(i - 1) * max_cols + j - 1];
      w = input_itemsets[i * max_cols + j - 1];
      n = input_itemsets[(i - 1) * max_cols + j];
    } else if (i == 0) {
      nw = n = -1000000;
      w = input_itemsets[i * max_cols + j - 1];
    } else {
      nw = w = -1000000;
      n = input_itemsets[(i - 1) * max_cols + j];
    }
    int new_nw = nw + referrence[i * max_cols + j];
    int new_w = w - penalty, new_n = n - penalty;
    traceback = maximum(new_nw, new_w, new_n);
    trace += traceback;
    steps++;
    if (traceback == new_nw) {
      i--;
      j--;
    } else if (traceback == new_w) {
      j--;
    } else {
      i--;
    }
  }
  printf("nw %d: score %d traceback %ld steps sum %ld\n", max_rows - 1,
         input_itemsets[(max_rows - 2) * max_cols + max_cols - 2], steps,
         trace);
  free(referrence);
  free(input_itemsets);
  return 0;
}
