// RUN: %exec-check %s
// PARALLEL: 8
// GRAPHS: 1
// Subscripts of degree 3 (docs/analysis.md, "The dependence test"): a
// volume kept flat, `a[(z * ny + y) * nx + x]`, and an image shrunk by a
// factor, `in[y * f * iw + x * f]`. The loop over planes runs in parallel
// where the bounds put x in [0, nx) and y in [0, ny) (two levels of
// delinearization: each plane its own rows, each row its own elements),
// also where each row is read from the next one of its plane; the shrink's
// rows run in parallel. Rows that overlap (x up to nx, one past a row)
// leave only the loop over x in parallel.
#include <stdio.h>
#include <stdlib.h>

#define NZ 24
#define NY 60
#define NX 70

static void smooth(int nz, int ny, int nx, float *restrict out,
                   const float *restrict in) {
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[(z * ny + y) * nx + x] =
            in[(z * ny + y) * nx + x] * 0.5f +
            (in[((z - 1) * ny + y) * nx + x] +
             in[((z + 1) * ny + y) * nx + x]) * 0.25f;
}

static void scale(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        a[(z * ny + y) * nx + x] *= 1.5f;
}

static void shrink(int oh, int ow, int iw, int f, unsigned char *out,
                   const unsigned char *in) {
  for (int y = 0; y < oh; y++)
    for (int x = 0; x < ow; x++)
      out[y * ow + x] = (unsigned char)(in[y * f * iw + x * f] / 2 + 1);
}

/* Each row from the next one: sequential in y, parallel in x. */
static void from_next(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 0; x < nx; x++)
        a[(z * ny + y) * nx + x] = a[(z * ny + y + 1) * nx + x] + 1.0f;
}

/* One past each row: the rows overlap, sequential in y. */
static void overlapping(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 0; x <= nx; x++)
        a[(z * ny + y) * nx + x] = a[(z * ny + y) * nx + x] * 0.5f + (float)y;
}

int main(void) {
  size_t n = (size_t)NZ * NY * NX + NX + 1;
  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  unsigned char *img = malloc(600 * 800), *small = malloc(200 * 266);
  for (size_t i = 0; i < n; i++)
    a[i] = (float)(i % 37) * 0.125f, b[i] = 0;
  for (int i = 0; i < 600 * 800; i++)
    img[i] = (unsigned char)(i * 7 % 253);
  smooth(NZ, NY, NX, b, a);
  scale(NZ, NY, NX, b);
  shrink(200, 266, 800, 3, small, img);
  from_next(NZ, NY, NX, a);
  overlapping(NZ, NY, NX, a);
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += (double)b[i] * (double)(i % 11) + (double)a[i] * (double)(i % 7);
  long t = 0;
  for (int i = 0; i < 200 * 266; i++)
    t += small[i] * (i % 5);
  printf("%.3f %ld\n", s, t);
  free(a), free(b), free(img), free(small);
  return 0;
}
