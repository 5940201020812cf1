/* md.c - molecular dynamics of particles in a sinusoidal pair potential,
 * velocity Verlet time steps.
 * Modeled on John Burkardt's md_openmp: positions, velocities,
 * accelerations and forces in flat arrays of nd coordinates per particle
 * (pos[i + k*nd]); compute() sums the potential and kinetic energies and
 * calls dist() with a work array rij declared at the top of the function;
 * the expert's pragmas are on the particle loops of compute() (with a
 * reduction on the energies) and update().
 * Written for weft's benchmark; no code of the original.
 * bench: args=3000 10 profile=300 2
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI2 (3.141592653589793 / 2.0)

static double dist(int nd, double r1[], double r2[], double dr[]) {
  double d = 0.0;
  for (int i = 0; i < nd; i++) {
    dr[i] = r1[i] - r2[i];
    d = d + dr[i] * dr[i];
  }
  return sqrt(d);
}

static void compute(int np, int nd, double pos[], double vel[], double mass,
                    double f[], double *pot, double *kin) {
  double d, d2, ke = 0.0, pe = 0.0, rij[3];
  int i, j, k;
#pragma omp parallel for shared(f, nd, np, pos, vel) private(i, j, k, rij, d, d2) reduction(+ : pe, ke)
  for (k = 0; k < np; k++) {
    for (i = 0; i < nd; i++)
      f[i + k * nd] = 0.0;
    for (j = 0; j < np; j++) {
      if (k != j) {
        d = dist(nd, pos + k * nd, pos + j * nd, rij);
        d2 = d < PI2 ? d : PI2;
        pe = pe + 0.5 * pow(sin(d2), 2);
        for (i = 0; i < nd; i++)
          f[i + k * nd] = f[i + k * nd] - rij[i] * sin(2.0 * d2) / d;
      }
    }
    for (i = 0; i < nd; i++)
      ke = ke + vel[i + k * nd] * vel[i + k * nd];
  }
  ke = ke * 0.5 * mass;
  *pot = pe;
  *kin = ke;
}

static void update(int np, int nd, double pos[], double vel[], double f[],
                   double acc[], double mass, double dt) {
  double rmass = 1.0 / mass;
  int i, j;
#pragma omp parallel for shared(acc, dt, f, nd, np, pos, rmass, vel) private(i, j)
  for (j = 0; j < np; j++) {
    for (i = 0; i < nd; i++) {
      pos[i + j * nd] = pos[i + j * nd] + vel[i + j * nd] * dt +
                        0.5 * acc[i + j * nd] * dt * dt;
      vel[i + j * nd] =
          vel[i + j * nd] + 0.5 * dt * (f[i + j * nd] * rmass + acc[i + j * nd]);
      acc[i + j * nd] = f[i + j * nd] * rmass;
    }
  }
}

int main(int argc, char **argv) {
  int np = argc > 1 ? atoi(argv[1]) : 3000;
  int step_num = argc > 2 ? atoi(argv[2]) : 10;
  int nd = 3;
  double mass = 1.0, dt = 0.0001, pot, kin;
  if (np < 2 || step_num < 1) {
    fprintf(stderr, "usage: md [particles >= 2] [steps]\n");
    return 1;
  }
  double *acc = malloc(nd * np * sizeof(double));
  double *force = malloc(nd * np * sizeof(double));
  double *pos = malloc(nd * np * sizeof(double));
  double *vel = malloc(nd * np * sizeof(double));
  unsigned s = 123456789u;
  for (int k = 0; k < nd * np; k++) {
    s = s * 1664525u + 1013904223u;
    pos[k] = 10.0 * (double)(s >> 8) / 16777216.0;
    vel[k] = 0.0;
    acc[k] = 0.0;
  }
  for (int step = 0; step <= step_num; step++) {
    if (step > 0)
      update(np, nd, pos, vel, force, acc, mass, dt);
    compute(np, nd, pos, vel, mass, force, &pot, &kin);
    printf("step %2d: potential %.9e kinetic %.9e\n", step, pot, kin);
  }
  free(acc);
  free(force);
  free(pos);
  free(vel);
  return 0;
}
