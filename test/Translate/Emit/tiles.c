// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s -o %t.c -- 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP
// RUN: weft-translate %s --emit=openmp -o %t.omp.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -fopenmp -c %t.omp.c -o %t.o
// RUN: weft-translate %s --analyze --remarks=none --report=%t.json --
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: weft-translate %s --interchange=false -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OFF
// RUN: weft-translate %s --tile=false -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=NOTILE
// RUN: clang-19 -fplugin=%weft_plugin -fplugin-arg-weft-tile=0 -fplugin-arg-weft-emit=%t.plugin.c -O1 -c %s -o %t.o 2>/dev/null
// RUN: grep -v "^// " %t.plugin.c | FileCheck %s --check-prefix=NOTILE
// --tile=false (plugin: tile=0): no tiles, the 2mm pair still interchanged.
// NOTILE-NOT: weft_tile_sizes
// NOTILE: /* weft: the k loop runs outside the j loop (loop interchange: B[k][j] now goes along its rows) */
// NOTILE-NOT: weft_tile_sizes
// Loop tiling (docs/analysis.md, "Loop tiling"; docs/output.md, "Tiled
// loops in the outlined body"): each band of the parallel loop's rows runs
// the statements before the nest over the band, then the nest's tiles
// around the band's rows, then the statements after it; the tile sizes come
// from the caches' sizes (weft_cache_bytes with libweft, WEFT_L1_BYTES and
// WEFT_L2_BYTES with OpenMP).

#include <stddef.h>

#define N 1024
static double A[N][N], B[N][N], C[N][N];

// CHECK-LABEL: static void weft_matmul_{{[0-9]+}}(
// CHECK:      int64_t weft_first = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_lo);
// CHECK-NEXT: int64_t weft_last = weft_band_start(weft_c->weft_trip, weft_c->weft_bands, weft_hi);
// CHECK-NEXT: /* weft: the k and j loops run in tiles around this band's rows (loop tiling: B[k][j] stays in cache for all of them) */
// CHECK-NEXT: int i;
// CHECK-NEXT: i = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++) {
// CHECK-NEXT:   for (int j = 0; j < N; j++)
// CHECK-NEXT:     C[i][j] = 0;
// CHECK-NEXT: }
// CHECK-NEXT: int64_t weft_k_trip = weft_trip_up((int64_t)(0), (int64_t)(N), 1, 0);
// CHECK-NEXT: int64_t weft_j_trip = weft_trip_up((int64_t)(0), (int64_t)(N), 1, 0);
// CHECK-NEXT: int64_t weft_k_tile, weft_j_tile;
// CHECK-NEXT: weft_tile_sizes(weft_k_trip, weft_j_trip, 8, 8, weft_cache_bytes(1), weft_cache_bytes(2), &weft_k_tile, &weft_j_tile);
// CHECK-NEXT: for (int64_t weft_k0 = 0; weft_k0 < weft_k_trip; weft_k0 += weft_k_tile) {
// CHECK-NEXT:   int64_t weft_k1 = weft_k_trip - weft_k0 < weft_k_tile ? weft_k_trip : weft_k0 + weft_k_tile;
// CHECK-NEXT:   for (int64_t weft_j0 = 0; weft_j0 < weft_j_trip; weft_j0 += weft_j_tile) {
// CHECK-NEXT:     int64_t weft_j1 = weft_j_trip - weft_j0 < weft_j_tile ? weft_j_trip : weft_j0 + weft_j_tile;
// CHECK-NEXT:     i = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT:     for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++)
// CHECK-NEXT:       for (int k = weft_k0; k < weft_k1; k++)
// CHECK-NEXT:         for (int j = weft_j0; j < weft_j1; j++)
// CHECK-NEXT:           C[i][j] += A[i][k] * B[k][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK:      int64_t weft_bands = weft_sweep_bands(weft_trip, WEFT_TURNED_MIN_BAND);
// REMARK: tiles.c:[[@LINE+7]]:5: remark: loops tiled: this loop and the loop at [[@LINE+8]]:7 run in tiles around the parallel loop's rows, so that B[k][j] stays in cache for all of them; every element gets the same updates in the same order
// OFF-NOT: weft_tile_sizes
// OFF: void matmul(void)
void matmul(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] = 0;
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

// Through pointers, size_t counters, a start that is not 0, statements
// after the nest; OpenMP shares out the bands.
// CHECK-LABEL: weft_gemm_{{[0-9]+}}_run(
// CHECK:       for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++)
// CHECK-NEXT:    for (size_t k = 1 + weft_k0; k < (size_t)(1 + weft_k1); k++)
// CHECK-NEXT:      for (size_t j = weft_j0; j < (size_t)weft_j1; j++) {
// CHECK-NEXT:        c[(size_t)i * p + j] += alpha * a[(size_t)i * m + k] * b[k * p + j];
// CHECK-NEXT:      }
// CHECK-NEXT:  }
// CHECK-NEXT: }
// CHECK-NEXT: i = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++) {
// CHECK-NEXT:   for (int j = 0; j < p; j++)
// CHECK-NEXT:     c[(size_t)i * p + j] += 1.0;
// CHECK-NEXT: }
// OMP-LABEL: void gemm(
// OMP:       #pragma omp parallel for schedule(static)
// OMP:       for (int64_t weft_b = 0; weft_b < weft_bands; weft_b++) {
// OMP:         weft_tile_sizes(weft_k_trip, weft_j_trip, 8, 8, WEFT_L1_BYTES, WEFT_L2_BYTES, &weft_k_tile, &weft_j_tile);
// REMARK: tiles.c:[[@LINE+4]]:5: remark: loops tiled
void gemm(int n, int m, int p, const double *a, const double *b, double *c,
          double alpha) {
  for (int i = 0; i < n; i++) {
    for (size_t k = 1; k < (size_t)m; k++)
      for (size_t j = 0; j < (size_t)p; j++) {
        c[(size_t)i * p + j] += alpha * a[(size_t)i * m + k] * b[k * p + j];
      }
    for (int j = 0; j < p; j++)
      c[(size_t)i * p + j] += 1.0;
  }
}

// A pair that weft-interchange turns (2mm's i-j-k) is tiled too: the
// band runs the j loop around S1 over its rows, then the tiles of k and j
// around S2, then the j loop around S3.
// CHECK-LABEL: static void weft_mm2_{{[0-9]+}}(
// CHECK:      /* weft: the k and j loops run in tiles around this band's rows (loop tiling: B[k][j] stays in cache for all of them) */
// CHECK-NEXT: /* weft: the k loop runs outside the j loop (loop interchange: B[k][j] now goes along its rows) */
// CHECK-NEXT: int i;
// CHECK-NEXT: i = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++) {
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     C[i][j] = 0.0;
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:              for (int k = weft_k0; k < weft_k1; k++)
// CHECK-NEXT:           for (int j = weft_j0; j < weft_j1; j++)
// CHECK-NEXT:             C[i][j] += alpha * A[i][k] * B[k][j];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: i = (int)(weft_c->weft_start + weft_first);
// CHECK-NEXT: for (int64_t weft_k = weft_first; weft_k < weft_last; weft_k++, i++) {
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     C[i][j] *= 0.5;
// CHECK-NEXT:   }
// CHECK-NEXT: }
// REMARK: tiles.c:[[@LINE+4]]:5: remark: loops interchanged
// REMARK: tiles.c:[[@LINE+3]]:5: remark: loops tiled: this loop and the loop at [[@LINE+5]]:7 run in tiles
void mm2(double alpha) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
      C[i][j] *= 0.5;
    }
}

// The report: the k loop's tiled_with is the j loop's id, and tile_gain
// what a tile keeps in cache; tile_missed says why not.
// REPORT: "tile_gain": "B[k][j]",
// REPORT-NEXT: "tiled_with": 3
// REPORT: "tile_missed": "weft cannot write the tiles in C (a loop of the nest is not `for (c = start; c < end; c++)` over an integer)"

// What the text cannot take: a k that steps by 2.
// REMARK: tiles.c:[[@LINE+4]]:5: remark: loops not tiled with the loop at [[@LINE+5]]:7 (b[k * p + j] would stay in cache): weft cannot write the tiles in C (a loop of the nest is not `for (c = start; c < end; c++)` over an integer)
void strided(int n, int m, int p, const double *a, const double *b,
             double *c) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k += 2)
      for (int j = 0; j < p; j++)
        c[i * p + j] += a[i * m + k] * b[k * p + j];
}
// A k loop that sets scalars before the j loop (T): each j tile runs T
// again, in k's braces. Not when T reads what the nest writes: the value
// would be a later one in the second j tile.
// CHECK-LABEL: weft_scaled_{{[0-9]+}}_run(
// CHECK:            for (int k = weft_k0; k < weft_k1; k++) {
// CHECK-NEXT:         double x = a[i * m + k];
// CHECK-NEXT:         for (int j = weft_j0; j < weft_j1; j++)
// CHECK-NEXT:           c[i * p + j] += x * b[k * p + j];
// CHECK-NEXT:       }
// REMARK: tiles.c:[[@LINE+4]]:5: remark: loops tiled: this loop and the loop at [[@LINE+6]]:7
// REMARK: tiles.c:[[@LINE+12]]:5: remark: loops not tiled with the loop at [[@LINE+14]]:7 (B[k][j] would stay in cache): G[i][0], read before the j loop, may be what G[i][j] writes in it
void scaled(int n, int m, int p, const double *a, const double *b, double *c) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      double x = a[i * m + k];
      for (int j = 0; j < p; j++)
        c[i * p + j] += x * b[k * p + j];
    }
}
static double G[64][N];
void reread(void) {
  for (int i = 0; i < 64; i++)
    for (int k = 0; k < N; k++) {
      double x = G[i][0];
      for (int j = 0; j < N; j++)
        G[i][j] += x * B[k][j];
    }
}

// Pointers held in a struct, copied to locals: the reused matrix is found
// (its base is a pointer loaded in the loop, from a variable the loop never
// writes), and the task's run-time checks set such bases apart inside a
// row as they do parameters (apartByChecks with the loop's invariants).
typedef struct { int rows, cols; float *data; } mat;
// REMARK: tiles.c:[[@LINE+6]]:5: remark: loops tiled: this loop and the loop at [[@LINE+7]]:7 run in tiles around the parallel loop's rows, so that B[k * p + j] stays in cache
void held(mat a, mat b, mat c) {
  int n = a.rows, m = a.cols, p = b.cols;
  const float *A = a.data, *B = b.data;
  float *C = c.data;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j < p; j++)
        C[i * p + j] += A[i * m + k] * B[k * p + j];
}
