/* What main.c calls: each through a function of leaf.c. */
double leaf_sq(double x);
void leaf_shift(double *v, double d);
double leaf_far(double x);
double leaf_count(double x);

double scaled(double x) { return 2.0 * leaf_sq(x); }

void nudge(double *v, double d) { leaf_shift(v, d); }

double far(double x) { return 3.0 * leaf_far(x); }

double tallied(double x) { return leaf_count(x) - 1.0; }
