void pairs(int n, const double *restrict in, double *restrict lo) {
  int i, ii;
  for (ii = 0, i = 0; i < n - 1; i += 2, ii++)
    lo[ii] = (in[i] + in[i + 1]) * 0.5;
}
