/* kmeans.c - k-means clustering of random points.
 * Modeled on Rodinia's kmeans (OpenMP version): the features are a float **
 * of row pointers into one block; each point's nearest cluster comes from a
 * function call; the new centers are accumulated by cluster index (an
 * array reduction: the original keeps one partial array per thread, here
 * the expert writes OpenMP's array-section reduction); the loop repeats
 * until few points change cluster. The expert's pragma is on the point
 * loop.
 * Written for weft's benchmark; no code of the original.
 * bench: args=400000 profile=40000
 */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

static float euclid_dist_2(float *pt1, float *pt2, int numdims) {
  float ans = 0.0f;
  for (int i = 0; i < numdims; i++)
    ans += (pt1[i] - pt2[i]) * (pt1[i] - pt2[i]);
  return ans;
}

static int find_nearest_point(float *pt, int nfeatures, float **pts,
                              int npts) {
  int index = -1;
  float min_dist = FLT_MAX;
  for (int i = 0; i < npts; i++) {
    float dist = euclid_dist_2(pt, pts[i], nfeatures);
    if (dist < min_dist) {
      min_dist = dist;
      index = i;
    }
  }
  return index;
}

int main(int argc, char **argv) {
  int npoints = argc > 1 ? atoi(argv[1]) : 400000;
  int nfeatures = 16, nclusters = 8, max_loops = 20;
  float threshold = 0.001f;
  if (npoints < nclusters) {
    fprintf(stderr, "usage: kmeans [points >= 8]\n");
    return 1;
  }
  float **feature = malloc(npoints * sizeof(float *));
  feature[0] = malloc(npoints * nfeatures * sizeof(float));
  for (int i = 1; i < npoints; i++)
    feature[i] = feature[i - 1] + nfeatures;
  srand(3);
  for (int i = 0; i < npoints; i++)
    for (int j = 0; j < nfeatures; j++)
      feature[i][j] = (float)(rand() % 64) + 8.0f * (float)(i % nclusters);

  float **clusters = malloc(nclusters * sizeof(float *));
  clusters[0] = malloc(nclusters * nfeatures * sizeof(float));
  for (int i = 1; i < nclusters; i++)
    clusters[i] = clusters[i - 1] + nfeatures;
  for (int i = 0; i < nclusters; i++)
    for (int j = 0; j < nfeatures; j++)
      clusters[i][j] = feature[i * 7][j];

  int *membership = malloc(npoints * sizeof(int));
  int *new_centers_len = calloc(nclusters, sizeof(int));
  float *new_centers = calloc(nclusters * nfeatures, sizeof(float));
  for (int i = 0; i < npoints; i++)
    membership[i] = -1;

  int loop = 0;
  float delta;
  do {
    delta = 0.0f;
#pragma omp parallel for reduction(+ : delta) reduction(+ : new_centers_len[:nclusters], new_centers[:nclusters * nfeatures])
    for (int i = 0; i < npoints; i++) {
      int index = find_nearest_point(feature[i], nfeatures, clusters,
                                     nclusters);
      if (membership[i] != index)
        delta += 1.0f;
      membership[i] = index;
      new_centers_len[index]++;
      for (int j = 0; j < nfeatures; j++)
        new_centers[index * nfeatures + j] += feature[i][j];
    }
    for (int i = 0; i < nclusters; i++) {
      for (int j = 0; j < nfeatures; j++) {
        if (new_centers_len[i] > 0)
          clusters[i][j] = new_centers[i * nfeatures + j] / new_centers_len[i];
        new_centers[i * nfeatures + j] = 0.0f;
      }
      new_centers_len[i] = 0;
    }
  } while (delta > threshold * npoints && ++loop < max_loops);

  long counts[8] = {0};
  for (int i = 0; i < npoints; i++)
    counts[membership[i]]++;
  printf("kmeans %d points: %d loops\n", npoints, loop);
  for (int i = 0; i < nclusters; i++)
    printf("cluster %d: %ld points, center %.4f %.4f\n", i, counts[i],
           clusters[i][0], clusters[i][nfeatures - 1]);
  free(feature[0]);
  free(feature);
  free(clusters[0]);
  free(clusters);
  free(membership);
  free(new_centers_len);
  free(new_centers);
  return 0;
}
