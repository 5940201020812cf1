// RUN: %exec-check %s
// Error paths that macros write (docs/analysis.md, "Error paths"): assert,
// a CHECK macro of the do-while(0) kind, and one of the `?:` kind, each a
// statement of a loop body, braced or not, and FAIL and DIE (with
// __func__) macros as the branch of an if, and one that prints the
// loop's own scalars (its counter, a local, a value it reads), and ones
// that write their condition themselves. Each scenario runs in a child
// process with bad elements at chosen places; the parent prints how the
// child ended and everything it wrote, which must be what the sequential
// program writes: the message of the first bad iteration in loop order,
// with the file, line and function the sequential build prints
// (--line-directives), and the same exit status or signal.
// PARALLEL: 10
// OPENMP-PARALLEL: 10
// CFLAGS: -I%S
// WEFT-ARGS: --line-directives
#define _POSIX_C_SOURCE 200809L
#undef NDEBUG
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "Inputs/scenarios.h"

#define N 300000
#define R 400
#define C 500

#define CHECK(x)                                                               \
  do {                                                                         \
    if (!(x)) {                                                                \
      fprintf(stderr, "%s:%d: %s: check failed: %s\n", __FILE__, __LINE__,    \
              __func__, #x);                                                   \
      exit(9);                                                                 \
    }                                                                          \
  } while (0)
#define REQUIRE(x)                                                             \
  ((x) ? (void)0                                                               \
       : (fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #x),    \
          fflush(stderr), abort()))

static double a[N], b[N];
static int idx[N];
static float m[R][C];
static float rows[R];

static void fill(int bad1, int bad2) {
  for (int i = 0; i < N; i++) {
    a[i] = (i == bad1 || i == bad2) ? -1.0 : i * 0.5;
    idx[i] = (i == bad1 || i == bad2) ? N + i : (int)((i * 7L) % N);
  }
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      m[r][c] = (r * C + c == bad1 || r * C + c == bad2) ? -5.0f
                                                          : (float)(r + c);
}

/* assert, a statement of a block. */
static void scaled(void) {
  for (int i = 0; i < N; i++) {
    assert(a[i] >= 0 && "a negative value");
    b[i] = a[i] * 2.0;
  }
}

/* CHECK, then assert: two error paths. */
static long checked_sum(void) {
  long sum = 0;
  for (int i = 0; i < N; i++) {
    CHECK(idx[i] < N);
    assert(a[idx[i]] >= 0);
    sum += idx[i];
  }
  return sum;
}

/* In an inner loop, without braces: the first bad element of the first
   bad row. */
static void row_sums(void) {
  for (int r = 0; r < R; r++) {
    float s = 0;
    for (int c = 0; c < C; c++)
      REQUIRE(m[r][c] >= 0);
    for (int c = 0; c < C; c++)
      s += m[r][c];
    rows[r] = s;
  }
}

/* The condition calls a function of the file, once, as assert does. */
static int in_range(int k) { return k >= 0 && k < N; }
static void gathered(void) {
  for (int i = 0; i < N; i++) {
    CHECK(in_range(idx[i]));
    b[i] = a[idx[i]] * 0.25;
  }
}

/* An if the file writes whose branch a macro writes, do-while(0) and all,
   braceless, with an else. */
#define FAIL(msg)                                                              \
  do {                                                                         \
    fputs(msg, stderr);                                                        \
    exit(12);                                                                  \
  } while (0)
static void halved(void) {
  for (int i = 0; i < N; i++)
    if (a[i] < 0) FAIL("a negative value\n"); else b[i] = a[i] * 0.5;
}

/* A branch that a macro writes with __func__ in it, through a function of
   the file that ends the program. */
static void die(const char *where, const char *what, int code) {
  fprintf(stderr, "%s: %s\n", where, what);
  exit(code);
}
#define DIE(what) die(__func__, what, 13)
static void doubled(void) {
  for (int i = 0; i < N; i++) {
    if (idx[i] >= N) {
      DIE("an index out of range");
    }
    b[i] = a[idx[i]] * 2.0;
  }
}

/* A macro whose message prints the loop's scalars: the iteration, a local
   of the body, a value the loop only reads. */
#define ENSURE(c, k)                                                           \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "bad at %ld\n", (long)(k));                              \
      exit(14);                                                                \
    }                                                                          \
  } while (0)
static void ensured(int shift) {
  for (int i = 0; i < N; i++) {
    int at = i + shift;
    ENSURE(a[i] >= 0, at);
    ENSURE(idx[i] < N, i);
    ENSURE(idx[i] != -shift, shift);
    b[i] = a[idx[i]] * 3.0 + (double)at;
  }
}

/* Macros that write the condition themselves (`(v) > LIMIT`), with a
   macro constant, an enum constant and the loop's own scalars. */
#define LIMIT 200000.0
enum { FLOOR = -1 };
#define CHECK_VALUE(v, at)                                                     \
  do {                                                                         \
    if ((v) < FLOOR || (v) > LIMIT * 2)                                        \
      die("range", "value", (int)(at));                                        \
  } while (0)
#define CHECK_INDEX(k, at) if (!((k) >= 0 && (k) < N)) die("index", "k", at)
static void ranged(void) {
  for (int i = 0; i < N; i++) {
    double v = a[i] * 2.0;
    int k = idx[i];
    CHECK_VALUE(v, i);
    CHECK_INDEX(k, i);
    b[i] = v + (double)k;
  }
}

static double total(const double *v) {
  double t = 0;
  for (int i = 0; i < N; i++)
    t += v[i] * (i % 3);
  return t;
}

/* In a process of its own (this program, run again with the scenario). */
static void child(int which, int bad1, int bad2) {
  fill(bad1, bad2);
  printf("child %d starts\n", which);
  fflush(stdout); /* abort() flushes nothing */
  switch (which) {
  case 0:
    scaled();
    printf("scaled: %.1f\n", total(b));
    break;
  case 1:
    printf("checked: %ld\n", checked_sum());
    break;
  case 2:
    row_sums();
    printf("rows: %g %g\n", rows[0], rows[R - 1]);
    break;
  case 3:
    gathered();
    printf("gathered: %.1f\n", total(b));
    break;
  case 4:
    halved();
    printf("halved: %.1f\n", total(b));
    break;
  case 5:
    doubled();
    printf("doubled: %.1f\n", total(b));
    break;
  case 6:
    ensured(1000);
    printf("ensured: %.1f\n", total(b));
    break;
  case 7:
    ranged();
    printf("ranged: %.1f\n", total(b));
    break;
  }
  exit(0);
}

/* assert's message names the function by __PRETTY_FUNCTION__: GCC's is
   `scaled`, clang's `void scaled(void)`, and the reference is GCC's build
   where the ThreadSanitizer build is clang's. The name alone. */
static const char *unpretty(char *line) {
  static char out[4096];
  char *end = strstr(line, "): Assertion `");
  char *open = end ? strchr(line, '(') : NULL;
  if (!open || open > end)
    return line;
  char *name = open;
  while (name > line && name[-1] != ' ')
    name--;
  char *sig = name;
  while (sig > line + 1 && !(sig[-2] == ':' && sig[-1] == ' '))
    sig--;
  snprintf(out, sizeof out, "%.*s%.*s%s", (int)(sig - line), line,
           (int)(open - name), name, end + 1);
  return out;
}

int main(int argc, char **argv) {
  if (argc == 4)
    child(atoi(argv[1]), atoi(argv[2]), atoi(argv[3]));
  scenario_quiet_leaks();
  static const int bads[][2] = {
      {-1, -1},  {N - 1, -1}, {5, N - 2}, {150001, 149999},
      {0, 1},    {77777, 2},  {N / 2, N / 2 + 1}, {R * C - 1, 3 * C + 7}};
  fill(-1, -1);
  scaled();
  printf("scaled: %.1f, checked: %ld\n", total(b), checked_sum());
  row_sums();
  gathered();
  printf("rows: %g %g, gathered: %.1f\n", rows[0], rows[R - 1], total(b));
  halved();
  printf("halved: %.1f\n", total(b));
  doubled();
  printf("doubled: %.1f\n", total(b));
  ensured(1000);
  printf("ensured: %.1f\n", total(b));
  ranged();
  printf("ranged: %.1f\n", total(b));
  for (int w = 0; w < 8; w++)
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++)
      scenario("error_paths_macros", w, bads[k][0], bads[k][1], unpretty);
  return 0;
}
