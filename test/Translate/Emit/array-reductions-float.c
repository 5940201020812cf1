// A floating-point array reduction's bands (docs/analysis.md, "Array
// reductions"; weft_checks.h): the least iterations of a band follow from
// the estimated work of one iteration and the bytes of the copies, so a
// loop of a few long iterations (NAS EP's batches) gets a band each, and a
// cheap one long bands. The same in the OpenMP output.
// RUN: weft-translate %s --fp-reductions -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --fp-reductions -o %t.c -- 2>/dev/null
// RUN: clang-19 -std=c11 -Wall -Wextra -Werror -I %weft_runtime_include -c %t.c -o %t.o
// RUN: weft-translate %s --fp-reductions --emit=openmp -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s --check-prefix=OMP

double annuli(int batches, double *out) {
  double q[10] = {0}, sx = 0.0;
  // CHECK-LABEL: double annuli(
  // CHECK:      int64_t weft_bands = weft_copy_bands(weft_trip, {{[1-9]\.?[0-9]*e\+0[4-6]}}, 128);
  // CHECK:      .trip = weft_bands,
  // OMP-LABEL:  double annuli(
  // OMP:        int64_t weft_bands = weft_copy_bands(weft_trip, {{[1-9]\.?[0-9]*e\+0[4-6]}}, 128);
  for (int k = 0; k < batches; k++) {
    unsigned g = 2654435761u * (unsigned)(k + 1);
    for (int i = 0; i < 4096; i++) {
      g = g * 1664525u + 1013904223u;
      double x = (double)(g >> 8) / 16777216.0 * 9.99;
      q[(int)x] += 1.0;
      sx += x;
    }
  }
  for (int i = 0; i < 10; i++)
    out[i] = q[i];
  return sx;
}

// 64 doubles and 8 x 4 floats: 512 + 128 bytes of copies in a band, in a
// loop of a few nanoseconds an iteration.
void classes(const int *k, const double *w, double *out, int n) {
  double h[64] = {0};
  float s[8][4] = {{0}};
  // CHECK-LABEL: void classes(
  // CHECK:      int64_t weft_bands = weft_copy_bands(weft_trip, {{[0-9.]+}}, 640);
  for (int i = 0; i < n; i++) {
    h[k[i] & 63] += w[i];
    s[k[i] >> 6 & 7][i & 3] += (float)w[i];
  }
  for (int j = 0; j < 64; j++)
    out[j] = h[j] + s[j & 7][j & 3];
}
