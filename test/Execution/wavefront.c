// RUN: %exec-check %s
// PARALLEL: 6
// Needleman-Wunsch scoring over a bordered matrix, as Rodinia's nw writes
// it: the row length is one more than the size read (w = n + 1) and the
// cells of each anti-diagonal, upper-left half then lower-right half, are
// computed in parallel (test/Translate/Detect/flattened.c). The diagonals
// themselves run in order.
#include <stdio.h>
#include <stdlib.h>

static int max3(int a, int b, int c) {
  int k = a > b ? a : b;
  return k > c ? k : c;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 700;
  if (n < 4 || n > 20000)
    return 1;
  int w = n + 1, penalty = 10;
  int *score = malloc(sizeof(int) * w * w);
  int *ref = malloc(sizeof(int) * w * w);
  if (!score || !ref) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < w; j++) {
      ref[i * w + j] = (int)((i * 7L + j * 13L) % 21) - 10;
      score[i * w + j] = 0;
    }
  for (int i = 1; i < w; i++)
    score[i * w] = -i * penalty;
  for (int j = 1; j < w; j++)
    score[j] = -j * penalty;

  for (int d = 0; d < w - 2; d++)
    for (int k = 0; k <= d; k++) {
      int at = (k + 1) * w + (d + 1 - k);
      score[at] = max3(score[at - 1 - w] + ref[at], score[at - 1] - penalty,
                       score[at - w] - penalty);
    }
  for (int d = w - 4; d >= 0; d--)
    for (int k = 0; k <= d; k++) {
      int at = (w - k - 2) * w + k + w - d - 2;
      score[at] = max3(score[at - 1 - w] + ref[at], score[at - 1] - penalty,
                       score[at - w] - penalty);
    }

  long sum = 0;
  for (int i = 0; i < w * w; i += 3)
    sum += score[i];
  printf("%ld %d %d %d\n", sum, score[w * w - 1], score[(w / 2) * w + w / 3],
         score[w + 1]);
  free(score), free(ref);
  return 0;
}
