/* matmul.c - C = A * B for square matrices, in plain sequential C.
 *
 * The i-k-j loop order streams rows of B and C; weft runs the i loop over
 * the team (each row of C is its own), and the initialization loops too.
 * Prints a checksum of C and a few entries, on stdout; the time goes to
 * stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1000 };

static void init(double *a, double *b, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = (double)((i * 7 + j * 3) % 17) / 17.0 - 0.5;
      b[i * n + j] = (double)((i * 5 + j * 11) % 23) / 23.0 - 0.5;
    }
}

static void matmul(const double *a, const double *b, double *c, int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      c[i * n + j] = 0;
    for (int k = 0; k < n; k++) {
      double aik = a[i * n + k];
      for (int j = 0; j < n; j++)
        c[i * n + j] += aik * b[k * n + j];
    }
  }
}

int main(void) {
  double *a = malloc(sizeof(double) * N * N);
  double *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N);
  init(a, b, N);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  matmul(a, b, c, N);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sum = 0;
  for (int i = 0; i < N * N; i++)
    sum += c[i] * (double)(i % 7 + 1);
  printf("checksum %.12e c[0] %.12f c[%d] %.12f\n", sum, c[0], N * N - 1,
         c[N * N - 1]);
  fprintf(stderr, "matmul %dx%d: %.1f ms\n", N, N,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  free(a);
  free(b);
  free(c);
  return 0;
}
