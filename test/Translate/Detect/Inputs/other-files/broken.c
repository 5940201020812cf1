/* Mentions sq(x), so weft parses it; it does not compile: weft takes
   nothing from it, and says nothing. */
double other(double x) { return x +; }
