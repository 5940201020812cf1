// <ctype.h> in loops (docs/analysis.md, "The C library's character
// tables"): its functions read only the locale's tables, and glibc's
// macros (and, with -O2, its inline toupper and tolower) read them through
// the pointers __ctype_b_loc(), __ctype_toupper_loc() and
// __ctype_tolower_loc() return: memory of the C library, which no loop
// writes. A string literal is never written either (ctype-own.c: a
// toupper of the file's own).
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false -- -O0
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false -- -O2
#include <stddef.h>

#include <ctype.h>

void upcase(char *s, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    s[i] = (char)toupper((unsigned char)s[i]);
}

void lower_into(char *out, const char *in, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and in do not overlap}}
    out[i] = (char)tolower((unsigned char)in[i]);
}

void classify(const char *s, int *cls, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that cls and s do not overlap}}
    cls[i] = isalnum((unsigned char)s[i]) + 2 * !!isxdigit((unsigned char)s[i]) +
             4 * !!isspace((unsigned char)s[i]);
}

void hex(const unsigned *v, char *out, size_t n) {
  const char *digits = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and v do not overlap}}
    out[i] = digits[v[i] & 15];
}

void fill(char *out, size_t n) {
  for (size_t i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = "abcdefgh"[i % 8];
}
