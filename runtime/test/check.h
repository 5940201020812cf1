/*===- check.h - A minimal assertion harness for the runtime tests --------===*/
#ifndef WEFT_TEST_CHECK_H
#define WEFT_TEST_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CHECK_EQ(a, b)                                                         \
  do {                                                                         \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);            \
    if (check_a_ != check_b_) {                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld vs %lld)\n",        \
              __FILE__, __LINE__, #a, #b, check_a_, check_b_);                 \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* ThreadSanitizer and qemu make everything much slower: scale stress loops. */
#if defined(__SANITIZE_THREAD__)
#define WEFT_TEST_SLOW 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WEFT_TEST_SLOW 1
#endif
#endif
#ifndef WEFT_TEST_SLOW
#define WEFT_TEST_SLOW 0
#endif

static inline int test_scale_down(void) {
  const char *s = getenv("WEFT_TEST_SCALE_DOWN");
  int d = s ? atoi(s) : 1;
  if (WEFT_TEST_SLOW)
    d *= 10;
  return d > 0 ? d : 1;
}

#endif
