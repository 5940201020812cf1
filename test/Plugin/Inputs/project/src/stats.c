#include "demo.h"

long histogram(const unsigned char *img, int n, long counts[256]) {
  for (int v = 0; v < 256; v++)
    counts[v] = 0;
  long sum = 0;
  for (int i = 0; i < n; i++) {
    counts[img[i]]++;
    sum += img[i];
  }
  return sum;
}

double mean_square(const unsigned char *a, const unsigned char *b, int n) {
  long long s = 0;
  for (int i = 0; i < n; i++) {
    int d = a[i] - b[i];
    s += d * d;
  }
  return (double)s / n;
}
