/* A program of a project that finds an installed weft: the plugin makes its
   loop parallel, and it calls libweft's API itself. */
#include <stdio.h>
#include <stdlib.h>
#include <weft.h>

static void square_roots(double *y, const double *x, int n) {
  for (int i = 0; i < n; i++) {
    double r = x[i] > 1 ? x[i] / 2 : 1;
    for (int k = 0; k < 20; k++)
      r = 0.5 * (r + x[i] / r);
    y[i] = r;
  }
}

int main(void) {
  enum { N = 100000 };
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = i + 1;
  square_roots(y, x, N);
  weft_stats_t stats;
  weft_get_stats(&stats);
  printf("threads %d, y[99] %.6f, y[N-1] %.6f, regions %s\n",
         weft_num_threads(), y[99], y[N - 1],
         stats.regions > 0 ? "some" : "none");
  free(x);
  free(y);
  return 0;
}
