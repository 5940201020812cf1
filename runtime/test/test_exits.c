/*===- test_exits.c - Loops with error paths: the first one, in order -----===*
 *
 * What the generated code of a loop with error paths relies on
 * (docs/output.md, "Error paths"): under weft_parallel_for_exits, the
 * iteration that goes down its error path (weft_exit_first returns 1) is the
 * first, in loop order, of those that take one, and every iteration before
 * it has run to its end; the program then ends there. Each scenario runs in
 * a child process (forked before the parent has a team: no exec, which
 * qemu-user could not follow), which ends with the exit status of the error
 * path that ran, or 0 when none did; the parent checks the status and what
 * the child printed, for teams of 1 to 4, members that
 * spin or sleep (then the first chunks a failing chunk waits for are a
 * sleeper's, which the owner has not started), and chunks in reverse
 * (WEFT_SCHEDULE=reverse must still run them in order).
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "check.h"
#include "weft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 4096

static unsigned char ran[N]; /* iteration k ran to its end */
static int bad[N];           /* iteration k takes its error path */

typedef struct {
  weft_exits_t *x;
  int slow; /* later chunks take longer: earlier ones finish late */
} ctx_t;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  for (int64_t k = lo; k < hi; k++) {
    if (c->slow && k % 64 == 0)
      for (volatile int spin = 0; spin < 200 * (int)(N - k) / 64; spin++)
        ;
    if (bad[k]) {
      if (!weft_exit_first(c->x, k, chunk))
        return;
      for (int64_t j = 0; j < k; j++)
        if (!__atomic_load_n(&ran[j], __ATOMIC_ACQUIRE)) {
          printf("iteration %lld had not run\n", (long long)j);
          fflush(stdout);
          _exit(99);
        }
      printf("error at %lld\n", (long long)k);
      exit(10 + (int)(k % 50));
    }
    __atomic_store_n(&ran[k], 1, __ATOMIC_RELEASE);
  }
}

/* The child: the bad iterations, then the loop. */
static int child(int slow, const int *bads, int nbad) {
  for (int i = 0; i < nbad; i++)
    bad[bads[i]] = 1;
  weft_exits_t x;
  ctx_t c = {&x, slow};
  weft_loop_t l = {.trip = N, .shape = WEFT_SHAPE_UNIFORM};
  for (int rep = 0; rep < 3; rep++) {
    memset(ran, 0, sizeof ran);
    weft_parallel_for_exits(&l, body, &c, &x);
    for (int k = 0; k < N; k++)
      CHECK(ran[k]);
  }
  printf("no error\n");
  return 0;
}

/* Runs the child with `env` (NAME=VALUE pairs, NULL-terminated) and checks
   its status and its output. */
static void expect(const char *const *env, int slow, const int *bads, int nbad,
                   int status, const char *out) {
  int fd[2];
  CHECK(pipe(fd) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    dup2(fd[1], 1);
    close(fd[0]);
    for (int i = 0; env[i]; i++)
      putenv((char *)env[i]);
    /* The parent has no team yet: the child starts one of its own, which
       reads the environment above. */
    exit(child(slow, bads, nbad));
  }
  close(fd[1]);
  char got[256] = "";
  size_t len = 0;
  ssize_t r;
  while (len + 1 < sizeof got &&
         (r = read(fd[0], got + len, sizeof got - 1 - len)) > 0)
    len += (size_t)r;
  got[len] = 0;
  close(fd[0]);
  int ws;
  CHECK(waitpid(pid, &ws, 0) == pid);
  if (!WIFEXITED(ws) || WEXITSTATUS(ws) != status || strcmp(got, out) != 0) {
    fprintf(stderr,
            "test_exits: %s %s slow=%d: status %d, printed '%s'; "
            "expected %d, '%s'\n",
            env[0], env[1] ? env[1] : "", slow,
            WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, got, status, out);
    exit(1);
  }
}

int main(void) {
  static const char *const envs[][4] = {
      {"WEFT_NUM_THREADS=1", NULL},
      {"WEFT_NUM_THREADS=2", NULL},
      {"WEFT_NUM_THREADS=4", NULL},
      {"WEFT_NUM_THREADS=2", "WEFT_SPIN_US=0", NULL},
      {"WEFT_NUM_THREADS=4", "WEFT_SPIN_US=0", NULL},
      {"WEFT_NUM_THREADS=4", "WEFT_SCHEDULE=reverse", NULL},
  };
  int rounds = WEFT_TEST_SLOW || getenv("WEFT_TEST_SCALE_DOWN") ? 1 : 4;
  for (int round = 0; round < rounds; round++)
    for (size_t e = 0; e < sizeof envs / sizeof envs[0]; e++)
      for (int slow = 0; slow < 2; slow++) {
        expect(envs[e], slow, NULL, 0, 0, "no error\n");
        /* One in the last chunk: a thief's first. */
        int last[] = {N - 3};
        expect(envs[e], slow, last, 1, 10 + (N - 3) % 50, "error at 4093\n");
        /* Several: the first in loop order wins, wherever it runs. */
        int many[] = {N - 1, 3000, 1200, 2047, 1201};
        expect(envs[e], slow, many, 5, 10 + 1200 % 50, "error at 1200\n");
        int first[] = {0, 5, N - 1};
        expect(envs[e], slow, first, 3, 10, "error at 0\n");
      }
  printf("test_exits: ok\n");
  return 0;
}
