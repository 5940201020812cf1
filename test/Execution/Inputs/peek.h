/* A function defined in a header included after a static array it reads:
   weft does not import it, so the array escapes (private_globals.c). */
static inline double peek(int k) { return peeked[k]; }
