// Volumes and images kept flat, their sizes read at run time: a 7-point
// stencil over a 160x160x160 volume of doubles indexed `(z * ny + y) * nx
// + x`, 6 sweeps, and a 4000x3000 image shrunk by a factor of 2 read at
// run time (`in[y * f * iw + x * f]`), 12 times. The subscripts are of
// degree 3.
#include "kernel.h"
#include <stdlib.h>

static void stencil(int nz, int ny, int nx, double *out, const double *in) {
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[(z * ny + y) * nx + x] =
            0.4 * in[(z * ny + y) * nx + x] +
            0.1 * (in[((z - 1) * ny + y) * nx + x] +
                   in[((z + 1) * ny + y) * nx + x] +
                   in[(z * ny + y - 1) * nx + x] +
                   in[(z * ny + y + 1) * nx + x] +
                   in[(z * ny + y) * nx + x - 1] +
                   in[(z * ny + y) * nx + x + 1]);
}

static void shrink(int oh, int ow, int iw, int f, unsigned char *out,
                   const unsigned char *in) {
  for (int y = 0; y < oh; y++)
    for (int x = 0; x < ow; x++)
      out[y * ow + x] = (unsigned char)((in[y * f * iw + x * f] +
                                         in[y * f * iw + x * f + 1] +
                                         in[(y * f + 1) * iw + x * f] +
                                         in[(y * f + 1) * iw + x * f + 1]) /
                                        4);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 160, f = argc > 2 ? atoi(argv[2]) : 2;
  int iw = 4000, ih = 3000, ow = iw / f, oh = ih / f;
  size_t nv = (size_t)n * n * n;
  double *a = malloc(sizeof(double) * nv), *b = malloc(sizeof(double) * nv);
  unsigned char *img = malloc((size_t)iw * ih), *small = malloc((size_t)ow * oh);
  for (size_t i = 0; i < nv; i++)
    a[i] = b[i] = (double)(i % 101) * 0.01;
  for (int i = 0; i < iw * ih; i++)
    img[i] = (unsigned char)((i * 7) % 251);
  KERNEL_BEGIN
  for (int r = 0; r < 3; r++) {
    KERNEL_FENCE();
    stencil(n, n, n, b, a);
    KERNEL_FENCE();
    stencil(n, n, n, a, b);
  }
  for (int r = 0; r < 12; r++) {
    KERNEL_FENCE();
    shrink(oh, ow, iw, f, small, img);
  }
  KERNEL_END
  double sum = 0;
  for (size_t i = 0; i < nv; i += 13)
    sum += a[i];
  for (int i = 0; i < ow * oh; i += 7)
    sum += small[i];
  printf("%.6f\n", sum);
  return 0;
}
