/* Functions defined in a header included after the static arrays they
   read (private-globals.c). peek is called by the file: weft imports it for
   its summary and sees what it reads. peek_hidden is called by no function
   of the file, but other files may call it: weft does not import it, and
   the array it reads escapes. */
static inline double peek(int k) { return peeked[k]; }
double peek_hidden(int k) { return hidden[k]; }
