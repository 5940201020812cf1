// RUN: %exec-check %s
// PARALLEL: 2
// OPENMP-PARALLEL: 1
// Macros in loop bodies and bounds move with the outlined body: they are
// defined before the function, so they mean the same there.
#include <stdio.h>

#define SQ(x) ((x) * (x))
#define IDX(r, c, w) ((r) * (w) + (c))
#define ROWS 200
#define COLS 300

static float grid[ROWS * COLS];

int main(void) {
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      grid[IDX(r, c, COLS)] = (float)SQ(r - c) / 100.0f;
  float mx = 0;
  for (int i = 0; i < ROWS * COLS; i++)
    if (grid[i] > mx)
      mx = grid[i];
  printf("%.9g %.9g\n", mx, grid[IDX(ROWS / 2, COLS / 3, COLS)]);
  return 0;
}
