// RUN: %exec-check %s
// PARALLEL: 3
// Global pointer variables read in a loop that writes through another
// (pathfinder's set-up: wall[n] = data + cols * n): the run-time check
// compares the table with the variables' own storage (&data, &wall), so it
// passes and the loop runs in parallel (it compared the table with what
// data points to, and with wall's own first element, which always
// overlaps, before). Then the rows are filled through the table (in
// parallel behind a check that the rows are apart from each other and
// from &wall, wall's slots, cols and rows: docs/analysis.md, "Row tables")
// and summed.
#include <stdio.h>
#include <stdlib.h>

int *data, **wall, cols, rows;

static void carve(void) {
  for (int n = 0; n < rows; n++)
    wall[n] = data + cols * n;
}

static void fill(void) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      wall[i][j] = (i * 7 + j * 3) % 11;
}

int main(void) {
  cols = 300;
  rows = 5000;
  data = malloc(sizeof(int) * rows * cols);
  wall = malloc(sizeof(int *) * rows);
  if (!data || !wall)
    return 1;
  carve();
  fill();
  long s = 0;
  for (int i = 0; i < rows; i += 7)
    for (int j = 0; j < cols; j += 3)
      s += wall[i][j] * (i % 5 + 1);
  printf("%ld %d\n", s, (int)(wall[rows - 1] - data));
  free(wall);
  free(data);
  return 0;
}
