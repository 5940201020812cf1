/* What mid.c calls. */
double deep_half(double x);

double leaf_sq(double x) { return x * x + 1.0; }

/* Writes v[0] and v[1]: constant ranges, through nudge too. */
void leaf_shift(double *v, double d) {
  v[0] += d;
  v[1] -= d;
}

double leaf_far(double x) { return deep_half(x) + 1.0; }

double count;
double leaf_count(double x) {
  count += 1;
  return x;
}
