// RUN: %exec-check %s
// PARALLEL: 6
// Pointer parameters that may alias get a run-time overlap check. Each
// function is called with disjoint arguments (the parallel version runs)
// and with overlapping ones (the loop as written runs, so the result is the
// sequential one even though the loop then carries a dependence).
#include <stdio.h>
#include <stdlib.h>

static void shift_add(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
}

struct particle {
  double x, v;
};

static void advance(int n, struct particle *p, const double *force, double dt) {
  for (int i = 0; i < n; i++) {
    p[i].v += force[i] * dt;
    p[i].x += p[i].v * dt;
  }
}

static void scale_rows(int rows, int cols, float *out, const float *in,
                       float k) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      out[r * cols + c] = in[r * cols + c] * k;
}

int main(void) {
  int n = 40000;
  double *buf = malloc(sizeof *buf * (size_t)(2 * n));
  for (int i = 0; i < 2 * n; i++)
    buf[i] = (double)(i % 17);
  shift_add(n, buf + n, buf);     // disjoint halves
  shift_add(n, buf + 1, buf);     // overlapping: a running sum
  double s = 0;
  for (int i = 0; i < 2 * n; i += 3)
    s += buf[i];
  printf("%.17g %.17g\n", s, buf[n - 1]);

  struct particle *p = malloc(sizeof *p * (size_t)n);
  double *f = malloc(sizeof *f * (size_t)n);
  for (int i = 0; i < n; i++) {
    p[i].x = i;
    p[i].v = 0;
    f[i] = (i % 5) - 2.0;
  }
  advance(n, p, f, 0.01);
  advance(n, p, &p[0].v, 0.01); // the forces overlap the particles
  printf("%.17g %.17g\n", p[n / 2].x, p[n - 1].v);

  int rows = 300, cols = 200;
  float *img = malloc(sizeof *img * (size_t)(rows * cols + cols));
  for (int i = 0; i < rows * cols + cols; i++)
    img[i] = (float)(i % 255);
  scale_rows(rows, cols, img + cols, img, 0.5f); // overlapping, one row apart
  scale_rows(rows - 1, cols, img, img + cols, 2.0f);
  double t = 0;
  for (int i = 0; i < rows * cols; i += 7)
    t += img[i];
  printf("%.17g\n", t);
  free(buf);
  free(p);
  free(f);
  free(img);
  return 0;
}
