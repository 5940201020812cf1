/* nn.c - the k nearest hurricanes to a position, from a table of records.
 * Modeled on Rodinia's nn (OpenMP version): records of latitude and
 * longitude, a distance for each (the expert's pragma is on that loop),
 * then a sequential selection of the k nearest that keeps a sorted list.
 * Written for weft's benchmark; no code of the original.
 * bench: args=4000000 profile=400000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define K 10

typedef struct {
  float lat, lng;
  int year, speed;
} record;

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000000;
  float target_lat = 30.0f, target_long = 90.0f;
  if (n < K) {
    fprintf(stderr, "usage: nn [records >= %d]\n", K);
    return 1;
  }
  record *recs = malloc(sizeof(record) * n);
  float *z = malloc(sizeof(float) * n);
  if (!recs || !z) {
    fprintf(stderr, "nn: out of memory\n");
    return 1;
  }
  srand(11);
  for (int i = 0; i < n; i++) {
    recs[i].lat = (float)(7 + rand() % 63) + (float)(rand() % 358) / 358.0f;
    recs[i].lng = (float)(rand() % 358) + (float)(rand() % 100) / 100.0f;
    recs[i].year = 1950 + rand() % 60;
    recs[i].speed = 10 + rand() % 150;
  }
  for (int rep = 0; rep < 10; rep++) {
    target_lat = 20.0f + 3.0f * rep;
#pragma omp parallel for shared(z, target_lat, target_long)
    for (int i = 0; i < n; i++) {
      z[i] = sqrtf(((recs[i].lat - target_lat) * (recs[i].lat - target_lat)) +
                   ((recs[i].lng - target_long) *
                    (recs[i].lng - target_long))) *
             (1.0f + 0.001f * expf(-(float)recs[i].speed / 50.0f));
    }
    float best[K];
    int which[K];
    for (int k = 0; k < K; k++) {
      best[k] = 1e30f;
      which[k] = -1;
    }
    for (int i = 0; i < n; i++) {
      if (z[i] < best[K - 1]) {
        int k = K - 1;
        while (k > 0 && best[k - 1] > z[i]) {
          best[k] = best[k - 1];
          which[k] = which[k - 1];
          k--;
        }
        best[k] = z[i];
        which[k] = i;
      }
    }
    printf("target %.1f %.1f:", target_lat, target_long);
    for (int k = 0; k < 3; k++)
      printf(" %d (%d, %.5f)", which[k], recs[which[k]].year, best[k]);
    printf("\n");
  }
  free(recs);
  free(z);
  return 0;
}
