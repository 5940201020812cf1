// Text loops with <ctype.h>, as a log or CSV tool writes them: a copy
// folded to upper case, a class per character (letter, digit, space,
// punctuation) into an int array, a count of words, and a do loop that
// folds the classes back into a second buffer. glibc's ctype macros read
// the locale's tables through the pointer __ctype_b_loc() returns, memory
// no program writes (docs/analysis.md, "The C library's character
// tables"), and the do loop runs in parallel on a check that its first
// test passes ("While and do loops").
#include "kernel.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void upper(char *out, const char *in, size_t n) {
  for (size_t i = 0; i < n; i++)
    out[i] = (char)toupper((unsigned char)in[i]);
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

static void marks(char *out, const int *cls, int n) {
  int i = 0;
  do {
    out[i] = "?ad_."[cls[i]];
    i++;
  } while (i < n);
}

int main(void) {
  enum { N = 1 << 24 };
  char *text = malloc(N), *up = malloc(N), *mk = malloc(N);
  int *cls = malloc(sizeof(int) * N);
  const char *words_ = "Lorem ipsum 42, dolor sit amet; consectetur 7 adipiscing\n";
  size_t len = strlen(words_);
  for (size_t i = 0; i < N; i++)
    text[i] = words_[(i * 7 + i / 13) % len];
  long count = 0;
  KERNEL_BEGIN
  for (int r = 0; r < 8; r++) {
    KERNEL_FENCE();
    text[(r * 7919) % N] = 'x';
    upper(up, text, N);
    KERNEL_FENCE();
    classify(up, cls, N);
    KERNEL_FENCE();
    count += words(up, N);
    KERNEL_FENCE();
    marks(mk, cls, N);
  }
  KERNEL_END
  unsigned long h = 0;
  for (size_t i = 0; i < N; i += 3)
    h = h * 31 + (unsigned char)up[i] + (unsigned char)mk[i];
  printf("%ld %lu\n", count, h);
  return 0;
}
