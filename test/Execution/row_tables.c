// RUN: %exec-check %s
// PARALLEL: 7
// Row tables (test/Translate/Detect/row-tables.c): weight matrices whose
// rows are allocated one by one, as Rodinia's backprop does. The forward
// pass and the weight update run over the columns in parallel, the rows
// apart from each other and from the vectors; a smoothing pass runs rows
// in parallel and one down the columns runs each row's columns in
// parallel. decay, called with one table twice, stays as written.
#include <stdio.h>
#include <stdlib.h>

static double **alloc_rows(int m, int n) {
  double **t = malloc(m * sizeof(double *));
  if (!t) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (int i = 0; i < m; i++) {
    t[i] = malloc(n * sizeof(double));
    if (t[i] == NULL) {
      fprintf(stderr, "out of memory\n");
      exit(1);
    }
  }
  return t;
}

static void free_rows(double **t, int m) {
  for (int i = 0; i < m; i++)
    free(t[i]);
  free(t);
}

static void forward(const double *l1, double *l2, double **conn, int n1,
                    int n2) {
  for (int j = 1; j <= n2; j++) {
    double sum = 0;
    for (int k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = 1.0 / (1.0 + sum * sum);
  }
}

static void adjust(const double *delta, int nd, const double *ly, int nly,
                   double **w, double **oldw) {
  for (int j = 1; j <= nd; j++)
    for (int k = 0; k <= nly; k++) {
      double dw = 0.3 * delta[j] * ly[k] + 0.3 * oldw[k][j];
      w[k][j] += dw;
      oldw[k][j] = dw;
    }
}

static void decay(const double *delta, int nd, int nly, double **w,
                  double **oldw) {
  for (int j = 1; j <= nd; j++)
    for (int k = 0; k <= nly; k++)
      w[k][j] -= delta[j] * oldw[k][j - 1];
}

static void along(double **w, int m, int n) {
  for (int k = 0; k < m; k++)
    for (int j = 1; j < n; j++)
      w[k][j] = 0.5 * (w[k][j] + w[k][j - 1]);
}

static void down(double **w, int m, int n) {
  for (int k = 1; k < m; k++)
    for (int j = 0; j < n; j++)
      w[k][j] = 0.5 * (w[k][j] + w[k - 1][j]);
}

int main(int argc, char **argv) {
  int in = argc > 1 ? atoi(argv[1]) : 3000, hid = 16;
  if (in < 1 || in > 1000000)
    return 1;
  double *units = malloc((in + 1) * sizeof(double));
  double *hidden = malloc((hid + 1) * sizeof(double));
  double *delta = malloc((hid + 1) * sizeof(double));
  if (!units || !hidden || !delta)
    return 1;
  double **w = alloc_rows(in + 1, hid + 1);
  double **oldw = alloc_rows(in + 1, hid + 1);
  double **u = alloc_rows(in + 1, hid + 1);
  for (int k = 0; k <= in; k++) {
    units[k] = (double)((k * 37) % 101) / 101.0;
    for (int j = 0; j <= hid; j++) {
      w[k][j] = (double)((k * 7 + j * 13) % 29) / 290.0 - 0.05;
      oldw[k][j] = 0;
      u[k][j] = (double)((k + j) % 5);
    }
  }
  for (int j = 0; j <= hid; j++)
    delta[j] = (double)(j % 7) / 70.0 - 0.04;
  for (int epoch = 0; epoch < 4; epoch++) {
    forward(units, hidden, w, in, hid);
    for (int j = 1; j <= hid; j++)
      delta[j] = 0.5 * delta[j] + 0.01 * hidden[j];
    adjust(delta, hid, units, in, w, oldw);
    decay(delta, hid, in, u, u);
  }
  along(w, in + 1, hid + 1);
  down(u, in + 1, hid + 1);
  double s = 0, t = 0;
  for (int k = 0; k <= in; k += 7)
    for (int j = 0; j <= hid; j++)
      s += w[k][j], t += u[k][j];
  printf("%.9f %.9f %.9f %.9f\n", s, t, hidden[3], oldw[in / 2][5]);
  free_rows(w, in + 1), free_rows(oldw, in + 1), free_rows(u, in + 1);
  free(units), free(hidden), free(delta);
  return 0;
}
