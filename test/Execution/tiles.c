// RUN: %exec-check %s
// PARALLEL: 17
// GRAPHS: 0
// TILED: 8
// INTERCHANGED: 2
// Loop tiling (docs/analysis.md, "Loop tiling"): nests `for (k) for (j)`
// in parallel loops whose rows each stream a matrix run in tiles around
// each band's rows; every element gets the same updates in the same order,
// so the outputs are those of the sequential program to the last bit.
// Small caches (WEFT_CACHE_BYTES, set before the first parallel loop) cut
// many tiles, with remainders on both loops; the sizes are not multiples
// of the tiles.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

#define N 300
static double A[N][N], B[N][N], C[N][N];
static float X[257][263], Y[263][261], Z[257][261];
static long P[200][190], Q[190][210], R[200][210];

// The element set first (P0), then the nest.
static void matmul(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] = 0.25;
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

// PolyBench's 2mm shape, i-j-k with the element set first and scaled
// after: weft-interchange turns the pair, and the band then runs j around
// S1, the tiles of k and j around S2, and j around S3; a statement before
// the pair (P0) too.
static double T[N][N];
static void mm2(double alpha) {
  for (int i = 0; i < N; i++) {
    T[i][0] = (double)i;
    for (int j = 1; j < N; j++) {
      T[i][j] = 0.5;
      for (int k = 0; k < N; ++k)
        T[i][j] += alpha * A[i][k] * B[k][j];
      T[i][j] *= 0.75;
    }
  }
}

// A perfect i-j-k nest through pointers: turned, no S1 or S3.
static void ijk(int n, int m, const double *a, const double *b, double *d) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        d[i * m + j] += a[i * m + k] * b[k * m + j];
}

// k loops that set scalars before the j loop (T): declared there, or
// outside the loops; and one whose T reads the row the nest writes (not
// tiled: the second j tile would read a later value).
static void scaled(int n, int m, const double *a, const double *b, double *c,
                   double alpha) {
  double r;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      double x = a[i * m + k];
      r = x * alpha + 1.0;
      for (int j = 0; j < m; j++)
        c[i * m + j] += r * b[k * m + j] - x;
    }
}
static void reread(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      double x = C[i][(k * 7) % N] * 0.001;
      for (int j = 0; j < N; j++)
        C[i][j] = C[i][j] * 0.5 + x * B[k][j];
    }
}

// Pointers, size_t counters, k from 1, statements after the nest (P2), a
// scalar private to each (k, j).
static void gemm(int n, int m, int p, const double *a, const double *b,
                 double *c, double alpha) {
  for (int i = 0; i < n; i++) {
    for (size_t k = 1; k < (size_t)m; k++)
      for (size_t j = 0; j < (size_t)p; j++) {
        double t = alpha * a[(size_t)i * m + k];
        c[(size_t)i * p + j] += t * b[k * p + j];
      }
    for (int j = 0; j < p; j++)
      c[(size_t)i * p + j] = c[(size_t)i * p + j] * 0.5 + i;
  }
}

// Counters declared outside, an inclusive bound from a parameter, a j that
// starts at 3, floats.
static void fmm(int lo, int hi) {
  int i, j, k;
  for (i = 0; i < 257; i++)
    for (k = lo; k <= hi; k++)
      for (j = 3; j < 261; j++)
        Z[i][j] += X[i][k] * Y[k][j];
}

// Integers, and the parallel loop's counter starting at 5.
static void imm(void) {
  for (int i = 5; i < 200; i++)
    for (int k = 0; k < 190; k++)
      for (int j = 0; j < 210; j++)
        R[i][j] += P[i][k] * Q[k][j] - (k ^ j);
}

// Pointers held in structs, copied to locals before the loop: the loop's
// run-time checks set A, B and C apart, so the nest runs in tiles.
typedef struct { int rows, cols; double *data; } mat;
static void held(mat a, mat b, mat c) {
  int n = a.rows, m = a.cols, p = b.cols;
  const double *A = a.data, *B = b.data;
  double *C = c.data;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j < p; j++)
        C[i * p + j] += A[i * m + k] * B[k * p + j] - 0.5 * k;
}

static double hash(const double *v, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s = s * 1.0000001 + v[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  setenv("WEFT_CACHE_BYTES", "2K,16K", 1);
  int n = argc > 1 ? atoi(argv[1]) : 150;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 13.0;
      B[i][j] = (double)((i + 3 * j) % 11) / 11.0;
    }
  matmul();
  printf("matmul %.17g\n", hash(&C[0][0], (size_t)N * N));
  mm2(1.25);
  printf("mm2 %.17g\n", hash(&T[0][0], (size_t)N * N));

  double *a = malloc(sizeof(double) * n * 170), *b = malloc(sizeof(double) * 170 * 180),
         *c = malloc(sizeof(double) * n * 180);
  for (int i = 0; i < n * 170; i++)
    a[i] = (i % 17) / 17.0 - 0.3;
  for (int i = 0; i < 170 * 180; i++)
    b[i] = (i % 19) / 19.0;
  for (int i = 0; i < n * 180; i++)
    c[i] = (i % 7) / 7.0;
  gemm(n, 170, 180, a, b, c, 1.5);
  printf("gemm %.17g\n", hash(c, (size_t)n * 180));
  ijk(n, 170, a, b, c);
  printf("ijk %.17g\n", hash(c, (size_t)n * 170));
  scaled(n, 170, a, b, c, 0.75);
  printf("scaled %.17g\n", hash(c, (size_t)n * 170));
  reread();
  printf("reread %.17g\n", hash(&C[0][0], (size_t)N * N));
  // c is b: the run-time check sends the loop down its sequential path.
  gemm(20, 170, 180, a, b, b, 0.5);
  printf("gemm onto b %.17g\n", hash(b, 170 * 180));
  held((mat){n, 170, a}, (mat){170, 180, b}, (mat){n, 180, c});
  printf("held %.17g\n", hash(c, (size_t)n * 180));
  // C is B: sequential, as written.
  held((mat){20, 170, a}, (mat){170, 180, b}, (mat){20, 180, b});
  printf("held onto b %.17g\n", hash(b, 170 * 180));

  for (int i = 0; i < 257; i++)
    for (int k = 0; k < 263; k++)
      X[i][k] = (float)((i * k) % 10) * 0.1f;
  for (int k = 0; k < 263; k++)
    for (int j = 0; j < 261; j++)
      Y[k][j] = (float)((k + 2 * j) % 9) * 0.3f;
  fmm(2, 250);
  fmm(7, 3); // no k at all
  double zs = 0;
  for (int i = 0; i < 257; i++)
    for (int j = 0; j < 261; j++)
      zs = zs * 1.0000001 + Z[i][j];
  printf("fmm %.17g\n", zs);

  for (int i = 0; i < 200; i++)
    for (int k = 0; k < 190; k++)
      P[i][k] = (i * 3 + k) % 17 - 8;
  for (int k = 0; k < 190; k++)
    for (int j = 0; j < 210; j++)
      Q[k][j] = (k * j) % 23 - 11;
  imm();
  long rs = 0;
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 210; j++)
      rs = rs * 31 + R[i][j];
  printf("imm %ld\n", rs);
  free(a);
  free(b);
  free(c);
  return 0;
}
