/* One loop, which must stay sequential: the file is compiled as written. */
void running_sum(float *y, int n) {
  /* Each element needs the one before. */
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
