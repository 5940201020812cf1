/* srad.c - speckle reducing anisotropic diffusion of an ultrasound-like
 * image.
 * Modeled on Rodinia's srad (v2, OpenMP version): the neighbour rows and
 * columns come from index arrays (iN, iS, jW, jE), the element index is a
 * scalar temporary k = i * cols + j, the statistics of a region of interest
 * are summed each iteration; the expert's pragmas are on the row loops of
 * the two diffusion passes.
 * Written for weft's benchmark; no code of the original.
 * bench: args=1024 100 profile=256 6
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 1024;
  int niter = argc > 2 ? atoi(argv[2]) : 100;
  int cols = rows;
  float lambda = 0.5f;
  int r1 = 0, r2 = rows / 8, c1 = 0, c2 = cols / 8;
  if (rows < 16 || niter < 1) {
    fprintf(stderr, "usage: srad [rows >= 16] [iterations]\n");
    return 1;
  }
  int size_I = cols * rows;
  int size_R = (r2 - r1 + 1) * (c2 - c1 + 1);
  float *I = malloc(size_I * sizeof(float));
  float *J = malloc(size_I * sizeof(float));
  float *c = malloc(size_I * sizeof(float));
  int *iN = malloc(sizeof(int) * rows);
  int *iS = malloc(sizeof(int) * rows);
  int *jW = malloc(sizeof(int) * cols);
  int *jE = malloc(sizeof(int) * cols);
  float *dN = malloc(sizeof(float) * size_I);
  float *dS = malloc(sizeof(float) * size_I);
  float *dW = malloc(sizeof(float) * size_I);
  float *dE = malloc(sizeof(float) * size_I);
  if (!I || !J || !c || !iN || !iS || !jW || !jE || !dN || !dS || !dW ||
      !dE) {
    fprintf(stderr, "srad: out of memory\n");
    return 1;
  }
  for (int i = 0; i < rows; i++) {
    iN[i] = i - 1;
    iS[i] = i + 1;
  }
  for (int j = 0; j < cols; j++) {
    jW[j] = j - 1;
    jE[j] = j + 1;
  }
  iN[0] = 0;
  iS[rows - 1] = rows - 1;
  jW[0] = 0;
  jE[cols - 1] = cols - 1;

  unsigned s = 7;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      s = s * 1664525u + 1013904223u;
      I[i * cols + j] = (float)(s >> 8) / 16777216.0f;
    }
  for (int k = 0; k < size_I; k++)
    J[k] = (float)exp(I[k]);

  for (int iter = 0; iter < niter; iter++) {
    float sum = 0, sum2 = 0;
    for (int i = r1; i <= r2; i++)
      for (int j = c1; j <= c2; j++) {
        float tmp = J[i * cols + j];
        sum += tmp;
        sum2 += tmp * tmp;
      }
    float meanROI = sum / size_R;
    float varROI = (sum2 / size_R) - meanROI * meanROI;
    float q0sqr = varROI / (meanROI * meanROI);

    int i, j, k;
    float Jc, G2, L, num, den, qsqr;
#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW, jE) private(i, j, k, Jc, G2, L, num, den, qsqr)
    for (i = 0; i < rows; i++) {
      for (j = 0; j < cols; j++) {
        k = i * cols + j;
        Jc = J[k];
        dN[k] = J[iN[i] * cols + j] - Jc;
        dS[k] = J[iS[i] * cols + j] - Jc;
        dW[k] = J[i * cols + jW[j]] - Jc;
        dE[k] = J[i * cols + jE[j]] - Jc;
        G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) /
             (Jc * Jc);
        L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
        num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
        den = 1 + (.25f * L);
        qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        c[k] = 1.0f / (1.0f + den);
        if (c[k] < 0)
          c[k] = 0;
        else if (c[k] > 1)
          c[k] = 1;
      }
    }
    float cN, cS, cW, cE, D;
#pragma omp parallel for shared(J, c, rows, cols, lambda) private(i, j, k, D, cS, cN, cW, cE)
    for (i = 0; i < rows; i++) {
      for (j = 0; j < cols; j++) {
        k = i * cols + j;
        cN = c[k];
        cS = c[iS[i] * cols + j];
        cW = c[k];
        cE = c[i * cols + jE[j]];
        D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
        J[k] = J[k] + 0.25f * lambda * D;
      }
    }
  }
  double total = 0;
  for (int k = 0; k < size_I; k++)
    total += J[k];
  printf("srad %dx%d %d iterations: sum %.6e J[0] %.6e J[mid] %.6e\n", rows,
         cols, niter, total, J[0], J[size_I / 2 + cols / 3]);
  free(I);
  free(J);
  free(c);
  free(iN);
  free(iS);
  free(jW);
  free(jE);
  free(dN);
  free(dS);
  free(dW);
  free(dE);
  return 0;
}
