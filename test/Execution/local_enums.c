// RUN: %exec-check %s
// Enumerators declared inside the function (`enum { W = 640, H = 48 };`
// in main, as benchmarks write their sizes): the outlined function cannot
// see them, so weft writes each one's value in its place, in the loop's
// header and body: array sizes of a private array, case labels, a negative
// value. Not in a task graph's statements, whose parallel loops' checks
// and fallbacks are written from the file's text: a recurrence beside a
// parallel loop that could be one runs in order, its loop in parallel.
// A variable of an enum type declared in the function gets the enum's
// integer type (unsigned int here, so `s - 1` wraps as it does in C).
// The parallel build must print what the sequential one prints.
// PARALLEL: 6
// GRAPHS: 0
// OPENMP-GRAPHS: 0
// WEFT-ARGS: --fork-join-ns=0
#include <stdio.h>

static float img[48][640], out[48][640];
static int hist[48][4];
static double a[20000], b[20000], c[100000], d[100000];

/* A recurrence beside a parallel loop: they could run as a task graph,
   but for the enumerators. */
static void pair(void) {
  enum { N2 = 100000, K2 = 3, W2 = 640 };
  for (int i = 1; i < N2; i++)
    c[i] = c[i - 1] * 0.5 + i % K2;
  for (int i = 0; i < N2; i++)
    d[i] = (i % W2) * 0.25 - K2;
}

int main(void) {
  enum { W = 640, H = 48, K = 3, NEG = -3 };
  enum shade { DARK, MID = 5, LIGHT };
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      img[y][x] = (float)((y * W + x * 7) % 251 + NEG);
  for (int y = 0; y < H; y++) {
    float tmp[W];
    for (int x = 0; x < W; x++)
      tmp[x] = img[y][x] * 0.5f;
    for (int x = K; x < W - K; x++)
      out[y][x] = tmp[x - K] + tmp[x + K];
  }
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      enum shade s = img[y][x] < 80 ? DARK : img[y][x] < 160 ? MID : LIGHT;
      hist[y][3] += s - 1 > 100;
      switch (s) {
      case DARK:
        hist[y][0]++;
        break;
      case MID:
        hist[y][1]++;
        break;
      case LIGHT:
        hist[y][2]++;
        break;
      }
    }
  }
  for (int i = 0; i < 20000; i++)
    a[i] = i % W + NEG;
  for (int i = 0; i < 20000; i++)
    b[i] = i % H * K;
  pair();
  double s = 0;
  for (int i = 0; i < 100000; i += 101)
    s += c[i] + d[i];
  for (int y = 0; y < H; y++)
    s += out[y][W / 2] + hist[y][0] * 3 + hist[y][1] * 5 + hist[y][2] * 7 +
         hist[y][3] * 11;
  for (int i = 0; i < 20000; i += 97)
    s += a[i] + b[i];
  printf("%.3f\n", s);
  return 0;
}
