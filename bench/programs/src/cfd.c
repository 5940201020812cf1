/* cfd.c - a finite-volume flow solver on an unstructured mesh: step
 * factors, fluxes from the neighbours of each element, time steps.
 * Modeled on Rodinia's cfd (euler3d_cpu, OpenMP version): the variables of
 * element i live at variables[NVAR*i + v]; the neighbours come from an
 * index array (elements_surrounding_elements[i*NNB + j], negative on the
 * boundary); the expert's pragmas are on the element loops of
 * compute_step_factor, compute_flux and time_step. The physics is reduced
 * (a scalar conservation law per variable), the access pattern kept.
 * Written for weft's benchmark; no code of the original.
 * bench: args=200000 15 profile=20000 2
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NNB 4
#define NDIM 3
#define NVAR (NDIM + 2)
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define RK 3
#define GAMMA 1.4

static void compute_step_factor(int nelr, double *variables, double *areas,
                                double *step_factors) {
#pragma omp parallel for default(shared) schedule(static)
  for (int i = 0; i < nelr; i++) {
    double density = variables[NVAR * i + VAR_DENSITY];
    double mx = variables[NVAR * i + VAR_MOMENTUM + 0];
    double my = variables[NVAR * i + VAR_MOMENTUM + 1];
    double mz = variables[NVAR * i + VAR_MOMENTUM + 2];
    double de = variables[NVAR * i + VAR_DENSITY_ENERGY];
    double speed_sqd = (mx * mx + my * my + mz * mz) / (density * density);
    double pressure = (GAMMA - 1.0) * (de - 0.5 * density * speed_sqd);
    double speed_of_sound = sqrt(GAMMA * fabs(pressure) / density);
    step_factors[i] =
        0.5 / (sqrt(areas[i]) * (sqrt(speed_sqd) + speed_of_sound));
  }
}

static void compute_flux(int nelr, int *elements_surrounding_elements,
                         double *normals, double *variables, double *fluxes) {
  const double smoothing_coefficient = 0.2;
#pragma omp parallel for default(shared) schedule(static)
  for (int i = 0; i < nelr; i++) {
    double flux[NVAR];
    for (int v = 0; v < NVAR; v++)
      flux[v] = 0.0;
    double density_i = variables[NVAR * i + VAR_DENSITY];
    for (int j = 0; j < NNB; j++) {
      int nb = elements_surrounding_elements[i * NNB + j];
      double nx = normals[(i * NNB + j) * NDIM + 0];
      double ny = normals[(i * NNB + j) * NDIM + 1];
      double nz = normals[(i * NNB + j) * NDIM + 2];
      double normal_len = sqrt(nx * nx + ny * ny + nz * nz);
      if (nb >= 0) {
        double factor = -normal_len * smoothing_coefficient * 0.5 *
                        (density_i + variables[NVAR * nb + VAR_DENSITY]);
        for (int v = 0; v < NVAR; v++)
          flux[v] += factor * (variables[NVAR * i + v] -
                               variables[NVAR * nb + v]);
      } else {
        flux[VAR_MOMENTUM + 0] += nx * density_i;
        flux[VAR_MOMENTUM + 1] += ny * density_i;
        flux[VAR_MOMENTUM + 2] += nz * density_i;
      }
    }
    for (int v = 0; v < NVAR; v++)
      fluxes[NVAR * i + v] = flux[v];
  }
}

static void time_step(int j, int nelr, double *old_variables,
                      double *variables, double *step_factors,
                      double *fluxes) {
#pragma omp parallel for default(shared) schedule(static)
  for (int i = 0; i < nelr; i++) {
    double factor = step_factors[i] / (double)(RK + 1 - j);
    for (int v = 0; v < NVAR; v++)
      variables[NVAR * i + v] =
          old_variables[NVAR * i + v] + factor * fluxes[NVAR * i + v];
  }
}

int main(int argc, char **argv) {
  int nelr = argc > 1 ? atoi(argv[1]) : 200000;
  int iterations = argc > 2 ? atoi(argv[2]) : 15;
  if (nelr < 2 || iterations < 1) {
    fprintf(stderr, "usage: cfd [elements >= 2] [iterations]\n");
    return 1;
  }
  double *areas = malloc(sizeof(double) * nelr);
  int *ese = malloc(sizeof(int) * nelr * NNB);
  double *normals = malloc(sizeof(double) * nelr * NNB * NDIM);
  double *variables = malloc(sizeof(double) * nelr * NVAR);
  double *old_variables = malloc(sizeof(double) * nelr * NVAR);
  double *fluxes = malloc(sizeof(double) * nelr * NVAR);
  double *step_factors = malloc(sizeof(double) * nelr);
  if (!areas || !ese || !normals || !variables || !old_variables ||
      !fluxes || !step_factors) {
    fprintf(stderr, "cfd: out of memory\n");
    return 1;
  }
  srand(17);
  for (int i = 0; i < nelr; i++) {
    areas[i] = 0.5 + (double)(rand() % 1000) / 1000.0;
    for (int j = 0; j < NNB; j++) {
      int nb = (rand() % 16 == 0) ? -1 : rand() % nelr;
      ese[i * NNB + j] = nb;
      for (int d = 0; d < NDIM; d++)
        normals[(i * NNB + j) * NDIM + d] =
            (double)(rand() % 200 - 100) / 100.0;
    }
    variables[NVAR * i + VAR_DENSITY] = 1.4;
    variables[NVAR * i + VAR_MOMENTUM + 0] = 1.2 + 0.01 * (i % 7);
    variables[NVAR * i + VAR_MOMENTUM + 1] = 0.1;
    variables[NVAR * i + VAR_MOMENTUM + 2] = 0.0;
    variables[NVAR * i + VAR_DENSITY_ENERGY] = 2.5;
  }
  for (int it = 0; it < iterations; it++) {
    for (int k = 0; k < nelr * NVAR; k++)
      old_variables[k] = variables[k];
    compute_step_factor(nelr, variables, areas, step_factors);
    for (int j = 0; j < RK; j++) {
      compute_flux(nelr, ese, normals, variables, fluxes);
      time_step(j, nelr, old_variables, variables, step_factors, fluxes);
    }
  }
  double sum[NVAR] = {0};
  for (int i = 0; i < nelr; i++)
    for (int v = 0; v < NVAR; v++)
      sum[v] += variables[NVAR * i + v];
  printf("cfd %d elements %d iterations:", nelr, iterations);
  for (int v = 0; v < NVAR; v++)
    printf(" %.9e", sum[v]);
  printf("\n");
  return 0;
}
