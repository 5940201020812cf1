// RUN: %exec-check %s
// Text loops that call <ctype.h>: toupper and tolower in place and into
// another buffer, isalpha/isdigit/isspace/ispunct classifications into an
// int array, and counts. glibc's macros read the locale's tables through
// the pointer __ctype_b_loc() returns, and with -O2 toupper is an inline
// look-up through __ctype_toupper_loc(): memory of the C library that no
// program writes, so the loops run in parallel (docs/analysis.md, "The C
// library's character tables"). A loop whose output overlaps its input
// (shifted by one) still runs as written; the loop that fills the text
// from a string literal runs in parallel too (a literal is never
// written). The parallel build must print what the sequential one prints.
// PARALLEL: 6
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
// CFLAGS: -O2
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void upcase(char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    s[i] = (char)toupper((unsigned char)s[i]);
}

static void lower_into(char *out, const char *in, size_t n) {
  for (size_t i = 0; i < n; i++)
    out[i] = (char)tolower((unsigned char)in[i]);
}

static void classify(const char *s, int *cls, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    cls[i] = isalpha(c) ? 1 : isdigit(c) ? 2 : isspace(c) ? 3 : ispunct(c) ? 4 : 0;
  }
}

static long words(const char *s, size_t n) {
  long w = 0;
  for (size_t i = 1; i < n; i++)
    w += isspace((unsigned char)s[i - 1]) && !isspace((unsigned char)s[i]);
  return w;
}

static unsigned long hash(const char *s, size_t n) {
  unsigned long h = 5381;
  for (size_t i = 0; i < n; i++)
    h = h * 33 + (unsigned char)s[i];
  return h;
}

int main(void) {
  size_t n = 200000;
  char *text = malloc(n + 1), *low = malloc(n + 1);
  int *cls = malloc(sizeof(int) * n);
  if (!text || !low || !cls)
    return 1;
  const char *alphabet = "Hello, World 42! the quick BROWN fox; 7 jumps.\t";
  size_t len = strlen(alphabet);
  for (size_t i = 0; i < n; i++)
    text[i] = alphabet[(i * 7 + i / 13) % len];
  text[n] = 0;
  classify(text, cls, n);
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += cls[i] * (long)(1 + i % 5);
  printf("classes %ld words %ld\n", sum, words(text, n));
  lower_into(low, text, n);
  printf("lower %lu\n", hash(low, n));
  upcase(text, n);
  printf("upper %lu\n", hash(text, n));
  lower_into(text + 1, text, n - 1);
  printf("shifted %lu\n", hash(text, n));
  free(text);
  free(low);
  free(cls);
  return 0;
}
