// RUN: %exec-check %s
// Loops whose iterations may take an error path: a branch that writes a
// message and ends the program (docs/analysis.md, "Error paths"). Each
// scenario runs in a child process, with bad elements at chosen places;
// the parent prints how the child ended and everything it wrote, which
// must be what the sequential program writes: the message of the first bad
// iteration in loop order, after what the program wrote before, and the
// same exit status, on any team and schedule.
// PARALLEL: 7
// OPENMP-PARALLEL: 6
// (validated() has two error paths: OpenMP allows one ordered region.)
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Through a function of the program that ends it. */
static void die(const char *what, int code) {
  fprintf(stderr, "%s: %s\n", __func__, what);
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

static void scenario(int which, int bad1, int bad2) {
  fflush(stdout);
  int fd[2];
  if (pipe(fd) != 0)
    exit(1);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    dup2(fd[1], 2);
    close(fd[0]);
    char w[16], b1[16], b2[16];
    snprintf(w, sizeof w, "%d", which);
    snprintf(b1, sizeof b1, "%d", bad1);
    snprintf(b2, sizeof b2, "%d", bad2);
    execl("/proc/self/exe", "error_paths", w, b1, b2, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  char out[4096];
  size_t len = 0;
  ssize_t n;
  while (len + 1 < sizeof out &&
         (n = read(fd[0], out + len, sizeof out - 1 - len)) > 0)
    len += (size_t)n;
  out[len] = 0;
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status))
    printf("scenario %d (%d, %d): exit %d\n", which, bad1, bad2,
           WEXITSTATUS(status));
  else
    printf("scenario %d (%d, %d): signal %d\n", which, bad1, bad2,
           WIFSIGNALED(status) ? WTERMSIG(status) : -1);
  /* Less the runtime's statistics (WEFT_STATS, which exec_check sets) and
     Archer's greeting (the OpenMP build under ThreadSanitizer). */
  for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
    if (strncmp(line, "weft: ", 6) != 0 && strncmp(line, "Archer ", 7) != 0)
      printf("%s\n", line);
  printf("---\n");
}

int main(int argc, char **argv) {
  if (argc == 4)
    child(atoi(argv[1]), atoi(argv[2]), atoi(argv[3]));
  /* Under ThreadSanitizer: a program that exits from a thread other than
     the main one leaves the others unjoined, which is no bug here. */
  const char *tsan = getenv("TSAN_OPTIONS");
  if (tsan) {
    static char opts[512];
    snprintf(opts, sizeof opts, "%s report_thread_leaks=0", tsan);
    setenv("TSAN_OPTIONS", opts, 1);
  }
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
      scenario(w, bads[k][0], bads[k][1]);
  return 0;
}
