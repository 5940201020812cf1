/* ping and pong call each other across two files: where the cycle closes,
   the call is unknown, so neither is known to main.c. */
double pong(double x, int n);

double ping(double x, int n) { return n > 0 ? pong(x * 0.5, n - 1) : x; }
