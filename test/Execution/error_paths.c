// RUN: %exec-check %s
// Loops whose iterations may take an error path: a branch that writes a
// message and ends the program (docs/analysis.md, "Error paths"). Each
// scenario runs in a child process, with bad elements at chosen places;
// the parent prints how the child ended and everything it wrote, which
// must be what the sequential program writes: the message of the first bad
// iteration in loop order, after what the program wrote before, and the
// same exit status, on any team and schedule.
// PARALLEL: 7
// OPENMP-PARALLEL: 7
// CFLAGS: -I%S
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "Inputs/scenarios.h"

#define N 300000
#define R 400
#define C 500

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

/* A block that writes to stderr, then exits with a status that depends on
   the iteration. */
static void checked_scale(void) {
  for (int i = 0; i < N; i++) {
    if (a[i] < 0) {
      fprintf(stderr, "%s: negative value %.1f at %d\n", __func__, a[i], i);
      exit(3 + i % 7);
    }
    b[i] = a[i] * 2.0;
  }
}

/* One statement: abort. */
static long gather(void) {
  long sum = 0;
  for (int i = 0; i < N; i++) {
    if (idx[i] >= N)
      abort();
    sum += idx[i];
  }
  return sum;
}

/* The else branch, to stdout, after output the program buffered. */
static void checked_copy(void) {
  for (int i = 0; i < N; i++) {
    if (a[i] >= 0)
      b[i] = a[i] + 1.0;
    else {
      printf("bad element %d\n", i);
      puts("giving up");
      exit(11);
    }
  }
}

/* In an inner loop: the first bad element of the first bad row. */
static void row_sums(void) {
  for (int r = 0; r < R; r++) {
    float s = 0;
    for (int c = 0; c < C; c++) {
      if (m[r][c] < 0) {
        fprintf(stderr, "row %d, column %d: %g\n", r, c, m[r][c]);
        exit(20 + c % 5);
      }
      s += m[r][c];
    }
    rows[r] = s;
  }
}

/* Through a function of the program that ends it, which reads globals
   (a flag, and an array it prints): reads of the loop that calls it. */
static int quiet;
static char tag[8] = "ep";
static void die(const char *what, int code) {
  if (!quiet)
    fprintf(stderr, "%s: %s: %s\n", tag, __func__, what);
  fflush(stdout);
  exit(code);
}

static void validated(void) {
  for (int i = 0; i < N; i++) {
    if (idx[i] >= N)
      die("index out of range", 30);
    if (a[i] < 0)
      die("negative value", 31);
    b[i] = a[idx[i]] * 0.25;
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
  printf("child %d starts\n", which); /* buffered until exit */
  if (which == 1)
    fflush(stdout); /* abort() flushes nothing (but under TSan) */
  switch (which) {
  case 0:
    checked_scale();
    printf("scaled: %.1f\n", total(b));
    break;
  case 1:
    printf("gathered: %ld\n", gather());
    break;
  case 2:
    checked_copy();
    printf("copied: %.1f\n", total(b));
    break;
  case 3:
    row_sums();
    printf("rows: %g %g\n", rows[0], rows[R - 1]);
    break;
  case 4:
    validated();
    printf("validated: %.1f\n", total(b));
    break;
  }
  exit(0);
}

int main(int argc, char **argv) {
  if (argc == 4)
    child(atoi(argv[1]), atoi(argv[2]), atoi(argv[3]));
  scenario_quiet_leaks();
  static const int bads[][2] = {
      {-1, -1},  {N - 1, -1}, {5, N - 2}, {150001, 149999},
      {0, 1},    {77777, 2},  {N / 2, N / 2 + 1}, {R * C - 1, 3 * C + 7}};
  /* The loops without a bad element, here, then in children forked from
     a process whose team has run. */
  fill(-1, -1);
  checked_scale();
  printf("scaled: %.1f, gathered: %ld\n", total(b), gather());
  checked_copy();
  row_sums();
  printf("copied: %.1f, rows: %g %g\n", total(b), rows[0], rows[R - 1]);
  validated();
  printf("validated: %.1f\n", total(b));
  for (int w = 0; w < 5; w++)
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++)
      scenario("error_paths", w, bads[k][0], bads[k][1], NULL);
  return 0;
}
