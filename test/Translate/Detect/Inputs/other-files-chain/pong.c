double ping(double x, int n);

double pong(double x, int n) { return n > 0 ? ping(x + 1.0, n - 1) : x; }
