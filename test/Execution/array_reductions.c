// RUN: %exec-check %s
// PARALLEL: 7
// Array reductions (docs/analysis.md, "Array reductions"): histograms and
// per-class sums into arrays of known size, each thread updating its own
// copy. Every result is exact on any team, in any chunk order (the copies
// of signed arrays are kept in the unsigned type, whose wrap-around is
// defined; the unsigned char counters here wrap).
#include <stdio.h>

#define N 200000
static unsigned char pixels[N];
static int keys[N], vals[N];

static int hist[256];                 // a global histogram
static long long by_class[8][4];      // rows of a 2-D global
static unsigned char wrapped[16];     // char counters that wrap

// A histogram of one image, into the global.
static void histogram(const unsigned char *img, int n) {
  for (int i = 0; i < n; i++)
    hist[img[i]]++;
}

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    pixels[i] = (unsigned char)(s >> 16);
    keys[i] = (int)(s >> 8) & 1023;
    vals[i] = (int)(s >> 12 & 0x1ffff) - 0x10000;
  }
  histogram(pixels, N);

  // A local array with an initializer, sums of both signs.
  int sums[32] = {0};
  for (int i = 0; i < N; i++)
    sums[keys[i] & 31] += vals[i];

  // Two arrays in one loop, and an inner loop over a row.
  long counts[8] = {0};
  for (int i = 0; i < N; i++) {
    int c = keys[i] % 8;
    counts[c]++;
    for (int j = 0; j < 4; j++)
      by_class[c][j] += (long long)vals[i] * (j + 1);
  }

  // Bitwise: or and xor into separate arrays, and - as +.
  unsigned seen[32] = {0}, parity[32] = {0};
  for (int i = 0; i < N; i++)
    seen[keys[i] >> 5] |= 1u << (keys[i] & 31);
  for (int i = 0; i < N; i++)
    parity[keys[i] & 31] ^= (unsigned)vals[i];
  for (int i = 0; i < N; i++)
    wrapped[keys[i] & 15] -= (unsigned char)(vals[i] & 7);

  // A static local of signed char, whose copies are unsigned char.
  static signed char tally[8];
  for (int i = 0; i < N; i++)
    tally[keys[i] & 7] += (signed char)(vals[i] & 3);

  unsigned long long check = 0;
  for (int i = 0; i < 256; i++)
    check = check * 31 + hist[i];
  for (int i = 0; i < 32; i++)
    check = check * 31 + sums[i] + seen[i] + parity[i];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++)
      check = check * 31 + by_class[i][j] + counts[i];
  for (int i = 0; i < 16; i++)
    check = check * 31 + wrapped[i];
  for (int i = 0; i < 8; i++)
    check = check * 31 + (unsigned long long)(tally[i] + 128);
  printf("hist[0]=%d hist[255]=%d sums[0]=%d counts[7]=%ld\n", hist[0],
         hist[255], sums[0], counts[7]);
  printf("check=%llu\n", check);
  return 0;
}
