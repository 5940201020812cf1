// RUN: %exec-check %s
// PARALLEL: 5
// Remainders in subscripts (test/Translate/Detect/remainders.c): Conway's
// life on a torus between two buffers swapped by pointer, each step behind
// a run-time check that bounds the wrapped rows and columns; a ring buffer
// read from `start`, also from a negative start, where the check's
// dividend test fails and the loop runs as written (C's remainder is then
// negative: the buffer has room before it); and a read three elements
// back with wraparound, whose dividend is negative in the first
// iterations (the check bounds the remainder in [1 - cap, cap - 1]).
#include <stdio.h>
#include <stdlib.h>

static void life(const unsigned char *cur, unsigned char *next, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int n = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          if (dx == 0 && dy == 0)
            continue;
          int yy = (y + dy + h) % h, xx = (x + dx + w) % w;
          n += cur[yy * w + xx];
        }
      next[y * w + x] = n == 3 || (cur[y * w + x] && n == 2);
    }
}

static void ring(double *out, const double *buf, int start, int cap, int n) {
  for (int i = 0; i < n; i++)
    out[i] = buf[(start + i) % cap] * 0.5 + i;
}

static void back(double *out, const double *buf, int cap, int n) {
  for (int i = 0; i < n; i++)
    out[i] = buf[(i - 3) % cap + cap] * 0.25 - i;
}

int main(void) {
  int w = 300, h = 200;
  unsigned char *a = calloc((size_t)w * h, 1), *b = calloc((size_t)w * h, 1);
  double *room = malloc(sizeof(double) * 2048), *out = malloc(sizeof(double) * 5000);
  if (!a || !b || !room || !out)
    return 1;
  unsigned s = 12345;
  for (int i = 0; i < w * h; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (s >> 16) & 1;
  }
  for (int t = 0; t < 20; t++) {
    life(a, b, w, h);
    unsigned char *tmp = a;
    a = b;
    b = tmp;
  }
  long alive = 0;
  for (int i = 0; i < w * h; i++)
    alive += a[i] * (i % 13 + 1);
  printf("alive %ld\n", alive);
  for (int i = 0; i < 2048; i++)
    room[i] = (i * 37 % 101) * 0.25;
  double *buf = room + 1024; /* 1024 elements on either side */
  ring(out, buf, 700, 1000, 5000);
  double sum = 0;
  for (int i = 0; i < 5000; i++)
    sum += out[i] * (i % 7);
  printf("ring %.4f\n", sum);
  ring(out, buf, -4000, 1000, 5000);
  sum = 0;
  for (int i = 0; i < 5000; i++)
    sum += out[i] * (i % 7);
  printf("ring from -4000 %.4f\n", sum);
  back(out, room, 1000, 5000);
  sum = 0;
  for (int i = 0; i < 5000; i++)
    sum += out[i] * (i % 5);
  printf("back %.4f\n", sum);
  free(a);
  free(b);
  free(room);
  free(out);
  return 0;
}
