/*===- stub_android.c - A libandroid.so that records performance hints ---===*
 *
 * test_hint's stand-in for Android's libandroid.so: the APerformanceHint
 * functions libweft looks up with dlopen, each appending a line to a log
 * that the test reads back (weft_stub_android_log).
 *
 *===----------------------------------------------------------------------===*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static char log_text[1 << 16];
static size_t log_len;
static int manager, session;

static void note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(log_text + log_len, sizeof log_text - log_len, fmt, ap);
  va_end(ap);
  if (n > 0 && log_len + (size_t)n < sizeof log_text)
    log_len += (size_t)n;
}

void *APerformanceHint_getManager(void) {
  note("manager\n");
  return &manager;
}

void *APerformanceHint_createSession(void *m, const int32_t *tids, size_t n,
                                     int64_t target) {
  note("create %d threads=%zu target=%lld tids=", m == &manager, n,
       (long long)target);
  for (size_t i = 0; i < n; i++)
    note("%s%d", i ? "," : "", tids[i]);
  note("\n");
  return &session;
}

int APerformanceHint_updateTargetWorkDuration(void *s, int64_t target) {
  note("target %d %lld\n", s == &session, (long long)target);
  return 0;
}

int APerformanceHint_reportActualWorkDuration(void *s, int64_t actual) {
  note("actual %d %lld\n", s == &session, (long long)actual);
  return 0;
}

void APerformanceHint_closeSession(void *s) {
  note("close %d\n", s == &session);
}

const char *weft_stub_android_log(void) { return log_text; }
