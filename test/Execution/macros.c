// RUN: %exec-check %s
// PARALLEL: 4
// OPENMP-PARALLEL: 3
// CFLAGS: -Wno-misleading-indentation
// Macros in loop bodies and bounds move with the outlined body: they are
// defined before the function, so they mean the same there. A statement
// that ends in macros expanding to nothing before its `;`, or in one that
// expands to the `;`, moves whole (gcc takes the line after `END` for one
// the loop guards).
#include <stdio.h>

#define SQ(x) ((x) * (x))
#define IDX(r, c, w) ((r) * (w) + (c))
#define ROWS 200
#define COLS 300
#define UNUSED_RESULT
#define END ;

static float grid[ROWS * COLS];

int main(void) {
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      grid[IDX(r, c, COLS)] = (float)SQ(r - c) / 100.0f;
  static float twice[ROWS * COLS], thrice[ROWS * COLS];
  for (int i = 0; i < ROWS * COLS; i++)
    twice[i] = 2 * grid[i] UNUSED_RESULT UNUSED_RESULT;
  for (int i = 0; i < ROWS * COLS; i++)
    thrice[i] = 3 * grid[i] END
  float mx = 0;
  for (int i = 0; i < ROWS * COLS; i++)
    if (grid[i] > mx)
      mx = grid[i];
  printf("%.9g %.9g %.9g %.9g\n", mx, grid[IDX(ROWS / 2, COLS / 3, COLS)],
         twice[ROWS * COLS - 7], thrice[12345]);
  return 0;
}
