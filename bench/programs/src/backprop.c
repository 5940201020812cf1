/* backprop.c - training a two-layer perceptron by back-propagation.
 * Modeled on Rodinia's backprop (OpenMP version): the weights are double **
 * matrices whose rows are allocated one by one; the layer's forward pass and
 * the weight adjustment walk them by column inside a row loop; the expert's
 * pragmas are on the output-unit loops of bpnn_layerforward and
 * bpnn_adjust_weights.
 * Written for weft's benchmark; no code of the original.
 * bench: args=400000 profile=40000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define ETA 0.3
#define MOMENTUM 0.3

static double **alloc_2d_dbl(int m, int n) {
  double **new = malloc(m * sizeof(double *));
  if (new == NULL) {
    fprintf(stderr, "alloc_2d_dbl: couldn't allocate array of dbl ptrs\n");
    exit(1);
  }
  for (int i = 0; i < m; i++) {
    new[i] = malloc(n * sizeof(double));
    if (new[i] == NULL) {
      fprintf(stderr, "alloc_2d_dbl: couldn't allocate a row\n");
      exit(1);
    }
  }
  return new;
}

static double squash(double x) { return 1.0 / (1.0 + exp(-x)); }

static void bpnn_layerforward(double *l1, double *l2, double **conn, int n1,
                              int n2) {
  double sum;
  int j, k;
  l1[0] = 1.0;
#pragma omp parallel for shared(conn, n1, n2, l1) private(k, j) reduction(+ : sum) schedule(static)
  for (j = 1; j <= n2; j++) {
    sum = 0.0;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void bpnn_adjust_weights(double *delta, int ndelta, double *ly,
                                int nly, double **w, double **oldw) {
  double new_dw;
  int k, j;
  ly[0] = 1.0;
#pragma omp parallel for shared(oldw, w, delta) private(j, k, new_dw) firstprivate(ndelta, nly)
  for (j = 1; j <= ndelta; j++) {
    for (k = 0; k <= nly; k++) {
      new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k][j]));
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
  }
}

int main(int argc, char **argv) {
  int in = argc > 1 ? atoi(argv[1]) : 400000;
  int hid = 16, out = 1, epochs = 10;
  if (in < 1) {
    fprintf(stderr, "usage: backprop [input units >= 1]\n");
    return 1;
  }
  double *input_units = malloc((in + 1) * sizeof(double));
  double *hidden_units = malloc((hid + 1) * sizeof(double));
  double *output_units = malloc((out + 1) * sizeof(double));
  double *hidden_delta = malloc((hid + 1) * sizeof(double));
  double *output_delta = malloc((out + 1) * sizeof(double));
  double *target = malloc((out + 1) * sizeof(double));
  double **input_weights = alloc_2d_dbl(in + 1, hid + 1);
  double **hidden_weights = alloc_2d_dbl(hid + 1, out + 1);
  double **input_prev_weights = alloc_2d_dbl(in + 1, hid + 1);
  double **hidden_prev_weights = alloc_2d_dbl(hid + 1, out + 1);
  srand(7);
  for (int i = 0; i <= in; i++)
    for (int j = 0; j <= hid; j++) {
      input_weights[i][j] = (double)(rand() % 2000 - 1000) / 100000.0;
      input_prev_weights[i][j] = 0.0;
    }
  for (int i = 0; i <= hid; i++)
    for (int j = 0; j <= out; j++) {
      hidden_weights[i][j] = (double)(rand() % 2000 - 1000) / 10000.0;
      hidden_prev_weights[i][j] = 0.0;
    }
  for (int i = 1; i <= in; i++)
    input_units[i] = (double)(rand() % 1000) / 1000.0;
  target[1] = 0.1;

  double out_err = 0, hid_err = 0;
  for (int e = 0; e < epochs; e++) {
    bpnn_layerforward(input_units, hidden_units, input_weights, in, hid);
    bpnn_layerforward(hidden_units, output_units, hidden_weights, hid, out);
    out_err = 0;
    for (int j = 1; j <= out; j++) {
      double o = output_units[j], t = target[j];
      output_delta[j] = o * (1.0 - o) * (t - o);
      out_err += fabs(output_delta[j]);
    }
    hid_err = 0;
    for (int j = 1; j <= hid; j++) {
      double h = hidden_units[j], sum = 0.0;
      for (int k = 1; k <= out; k++)
        sum += output_delta[k] * hidden_weights[j][k];
      hidden_delta[j] = h * (1.0 - h) * sum;
      hid_err += fabs(hidden_delta[j]);
    }
    bpnn_adjust_weights(output_delta, out, hidden_units, hid, hidden_weights,
                        hidden_prev_weights);
    bpnn_adjust_weights(hidden_delta, hid, input_units, in, input_weights,
                        input_prev_weights);
  }
  double wsum = 0;
  for (int i = 0; i <= in; i++)
    wsum += input_weights[i][1] + input_weights[i][hid];
  printf("backprop %d inputs: output %.9f errors %.9e %.9e weights %.9f\n",
         in, output_units[1], out_err, hid_err, wsum);
  return 0;
}
