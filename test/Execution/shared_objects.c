// RUN: %exec-check %s
// PARALLEL: 3
// Variables an outlined loop must reach by address: a local struct whose
// array field is written at distinct indices, a static local array, a
// local scalar that is only read, and a local array of structs.
#include <stdio.h>

struct hist {
  int count[4096];
  double scale;
};

struct pt {
  float x, y;
};

static double run(int n) {
  struct hist h;
  h.scale = 0.5;
  for (int i = 0; i < 4096; i++)
    h.count[i] = i * 3;
  static double table[4096];
  for (int i = 0; i < n; i++)
    table[i] = h.count[i] * h.scale;
  struct pt pts[4096];
  float shift = 1.5f;
  for (int i = 0; i < n; i++) {
    pts[i].x = (float)i + shift;
    pts[i].y = (float)table[i] - shift;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += pts[i].x * 0.25 + pts[i].y;
  return s + table[n - 1];
}

int main(void) {
  printf("%.17g\n", run(4096));
  return 0;
}
