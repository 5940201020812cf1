// A file that does not include <ctype.h> may define a toupper of its own:
// it is judged by its body, not by the C library's name (ctype.c).
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false -- -O2
#include <stddef.h>

static long calls;
static int toupper(int c) {
  calls++;
  return c >= 'a' && c <= 'z' ? c - 32 : c;
}
void upcase(char *s, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop not parallelized: the loop calls a function that uses the global calls}}
    s[i] = (char)toupper((unsigned char)s[i]); // expected-note {{calls used here}}
}
