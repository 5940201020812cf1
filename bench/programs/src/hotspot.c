/* hotspot.c - chip temperature from a power map: an explicit thermal
 * stencil over a grid, two buffers swapped each step.
 * Modeled on Rodinia's hotspot (OpenMP version): flat row-major double
 * grids behind pointers, one branch per edge and corner inside the row
 * loop, the expert's pragma on the row loop of each step.
 * Written for weft's benchmark; no code of the original.
 * bench: args=1024 200 profile=256 20
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX_PD 3.0e6
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5
#define T_CHIP 0.0005
#define CHIP_HEIGHT 0.016
#define CHIP_WIDTH 0.016
#define AMB_TEMP 80.0

static void single_iteration(double *result, double *temp, double *power,
                             int row, int col, double Cap, double Rx,
                             double Ry, double Rz, double step) {
  double delta;
  int r, c;
#pragma omp parallel for shared(power, temp, result) private(r, c, delta) firstprivate(row, col)
  for (r = 0; r < row; r++) {
    for (c = 0; c < col; c++) {
      if (r == 0 && c == 0) {
        delta = (step / Cap) *
                (power[0] + (temp[1] - temp[0]) / Rx +
                 (temp[col] - temp[0]) / Ry + (AMB_TEMP - temp[0]) / Rz);
      } else if (r == 0 && c == col - 1) {
        delta = (step / Cap) *
                (power[c] + (temp[c - 1] - temp[c]) / Rx +
                 (temp[c + col] - temp[c]) / Ry + (AMB_TEMP - temp[c]) / Rz);
      } else if (r == row - 1 && c == col - 1) {
        delta = (step / Cap) *
                (power[r * col + c] +
                 (temp[r * col + c - 1] - temp[r * col + c]) / Rx +
                 (temp[(r - 1) * col + c] - temp[r * col + c]) / Ry +
                 (AMB_TEMP - temp[r * col + c]) / Rz);
      } else if (r == row - 1 && c == 0) {
        delta = (step / Cap) *
                (power[r * col] + (temp[r * col + 1] - temp[r * col]) / Rx +
                 (temp[(r - 1) * col] - temp[r * col]) / Ry +
                 (AMB_TEMP - temp[r * col]) / Rz);
      } else if (r == 0) {
        delta = (step / Cap) *
                (power[c] + (temp[c + 1] + temp[c - 1] - 2.0 * temp[c]) / Rx +
                 (temp[col + c] - temp[c]) / Ry + (AMB_TEMP - temp[c]) / Rz);
      } else if (c == col - 1) {
        delta = (step / Cap) *
                (power[r * col + c] +
                 (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] -
                  2.0 * temp[r * col + c]) / Ry +
                 (temp[r * col + c - 1] - temp[r * col + c]) / Rx +
                 (AMB_TEMP - temp[r * col + c]) / Rz);
      } else if (r == row - 1) {
        delta = (step / Cap) *
                (power[r * col + c] +
                 (temp[r * col + c + 1] + temp[r * col + c - 1] -
                  2.0 * temp[r * col + c]) / Rx +
                 (temp[(r - 1) * col + c] - temp[r * col + c]) / Ry +
                 (AMB_TEMP - temp[r * col + c]) / Rz);
      } else if (c == 0) {
        delta = (step / Cap) *
                (power[r * col] +
                 (temp[(r + 1) * col] + temp[(r - 1) * col] -
                  2.0 * temp[r * col]) / Ry +
                 (temp[r * col + 1] - temp[r * col]) / Rx +
                 (AMB_TEMP - temp[r * col]) / Rz);
      } else {
        delta = (step / Cap) *
                (power[r * col + c] +
                 (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] -
                  2.0 * temp[r * col + c]) / Ry +
                 (temp[r * col + c + 1] + temp[r * col + c - 1] -
                  2.0 * temp[r * col + c]) / Rx +
                 (AMB_TEMP - temp[r * col + c]) / Rz);
      }
      result[r * col + c] = temp[r * col + c] + delta;
    }
  }
}

static void compute_tran_temp(double *result, int num_iterations,
                              double *temp, double *power, int row, int col) {
  double grid_height = CHIP_HEIGHT / row;
  double grid_width = CHIP_WIDTH / col;
  double Cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * grid_width * grid_height;
  double Rx = grid_width / (2.0 * K_SI * T_CHIP * grid_height);
  double Ry = grid_height / (2.0 * K_SI * T_CHIP * grid_width);
  double Rz = T_CHIP / (K_SI * grid_height * grid_width);
  double max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
  double step = PRECISION / max_slope;
  double *r = result, *t = temp, *tmp;
  for (int i = 0; i < num_iterations; i++) {
    single_iteration(r, t, power, row, col, Cap, Rx, Ry, Rz, step);
    tmp = t;
    t = r;
    r = tmp;
  }
  if (t != result)
    for (int i = 0; i < row * col; i++)
      result[i] = t[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  int iters = argc > 2 ? atoi(argv[2]) : 200;
  if (n < 4 || iters < 1) {
    fprintf(stderr, "usage: hotspot [grid size >= 4] [iterations]\n");
    return 1;
  }
  double *temp = malloc(sizeof(double) * n * n);
  double *power = malloc(sizeof(double) * n * n);
  double *result = malloc(sizeof(double) * n * n);
  if (!temp || !power || !result) {
    fprintf(stderr, "hotspot: out of memory\n");
    return 1;
  }
  unsigned s = 12345;
  for (int i = 0; i < n * n; i++) {
    s = s * 1103515245u + 12345u;
    temp[i] = 320.0 + (double)(s >> 16 & 1023) / 64.0;
    power[i] = (i / n > n / 4 && i / n < n / 2) ? 1.0e-3 : 1.0e-5;
  }
  compute_tran_temp(result, iters, temp, power, n, n);
  double sum = 0, mx = 0;
  for (int i = 0; i < n * n; i++) {
    sum += result[i];
    if (result[i] > mx)
      mx = result[i];
  }
  printf("hotspot %dx%d %d steps: mean %.9f max %.9f corner %.9f\n", n, n,
         iters, sum / ((double)n * n), mx, result[n * n - 1]);
  free(temp);
  free(power);
  free(result);
  return 0;
}
