/* Three files away from main.c. */
double deep_half(double x) { return x * 0.5; }
