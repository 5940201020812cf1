/*===- test_env.c - Configuration from the environment and the API --------===*
 *
 * The parsers accept what docs/runtime.md says and nothing else; a bad
 * environment value prints one clear message and the default is used; API
 * setters reject bad values.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_parsers(void) {
  long v;
  size_t z;
  int w[8], n;
  CHECK(weft_parse_int("4", 1, 1024, &v) == 0 && v == 4);
  CHECK(weft_parse_int(" 12 ", 1, 1024, &v) == 0 && v == 12);
  CHECK(weft_parse_int("0", 1, 1024, &v) == -1);
  CHECK(weft_parse_int("1025", 1, 1024, &v) == -1);
  CHECK(weft_parse_int("-1", 0, 10, &v) == -1);
  CHECK(weft_parse_int("4x", 1, 1024, &v) == -1);
  CHECK(weft_parse_int("", 1, 1024, &v) == -1);
  CHECK(weft_parse_int("99999999999999999999999", 1, 1024, &v) == -1);
  CHECK(weft_parse_int(NULL, 1, 1024, &v) == -1);
  CHECK(weft_parse_size("65536", 65536, &z) == 0 && z == 65536);
  CHECK(weft_parse_size("256K", 65536, &z) == 0 && z == 262144);
  CHECK(weft_parse_size("8m", 65536, &z) == 0 && z == 8u << 20);
  CHECK(weft_parse_size("1G", 65536, &z) == 0 && z == 1u << 30);
  CHECK(weft_parse_size("4K", 65536, &z) == -1); /* below the minimum */
  CHECK(weft_parse_size("12Q", 65536, &z) == -1);
  CHECK(weft_parse_size("-5", 0, &z) == -1);
  CHECK(weft_parse_size("99999999999999999999G", 0, &z) == -1);
  CHECK(weft_parse_weights("1024,1024,512,512", w, 8, &n) == 0 && n == 4 &&
        w[2] == 512);
  CHECK(weft_parse_weights("7", w, 8, &n) == 0 && n == 1 && w[0] == 7);
  CHECK(weft_parse_weights("1024,,512", w, 8, &n) == -1);
  CHECK(weft_parse_weights("1024,0", w, 8, &n) == -1);
  CHECK(weft_parse_weights("1024,abc", w, 8, &n) == -1);
  CHECK(weft_parse_weights("1,2,3,4,5,6,7,8,9", w, 8, &n) == -1);
  CHECK(weft_parse_weights("2000000", w, 8, &n) == -1);
}

static void test_setters(void) {
  CHECK(weft_set_num_threads(-1) == -1);
  CHECK(weft_set_num_threads(1025) == -1);
  CHECK(weft_set_spin_us(-1) == -1);
  CHECK(weft_set_spin_us(1000001) == -1);
  CHECK(weft_set_stack_size(100) == -1);
  CHECK(weft_set_bind(-1) == -1);
  int bad[] = {1024, 0};
  CHECK(weft_set_weights(bad, 2) == -1);
  CHECK(weft_set_weights(NULL, 3) == -1);
  CHECK(weft_set_num_threads(3) == 0 && weft_num_threads() == 3);
  CHECK(weft_set_spin_us(77) == 0 && weft_spin_us() == 77);
  CHECK(weft_set_num_threads(0) == 0 && weft_num_threads() >= 1);
}

static void nop(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  (void)p, (void)lo, (void)hi, (void)chunk;
}

static void print_config(void) {
  weft_config_t cfg;
  weft_config_snapshot(&cfg);
  /* Use the team too: a bad value must not break it. */
  weft_loop_t l = {.trip = 100};
  weft_parallel_for(&l, nop, NULL);
  printf("threads=%d spin=%d stack=%zu weights=", weft_num_threads(),
         cfg.spin_us, cfg.stack_size);
  for (int i = 0; i < cfg.nweights; i++)
    printf("%d,", cfg.weights[i]);
  printf("\n");
}

/// Runs the configuration printer in a forked child with one variable set,
/// and returns what it printed on stdout and stderr. The parent must not have
/// read the environment yet: the child reads it on first use. (No exec, so
/// it also runs under qemu-user, which cannot exec a foreign binary.)
static int with_defaults; /* the child sets a compile-time default team */

static void child(const char *var, const char *value, char *out, size_t len) {
  int fd[2];
  CHECK(pipe(fd) == 0);
  fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    dup2(fd[1], 1);
    dup2(fd[1], 2);
    close(fd[0]);
    if (var)
      setenv(var, value, 1);
    if (with_defaults) {
      int w[] = {100, 200};
      CHECK(weft_set_default_team(3, w, 2) == 0);
    }
    print_config();
    fflush(stdout);
    fflush(stderr);
    _exit(0);
  }
  close(fd[1]);
  size_t got = 0;
  ssize_t r;
  while (got + 1 < len && (r = read(fd[0], out + got, len - 1 - got)) > 0)
    got += (size_t)r;
  out[got] = 0;
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}


static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++)
    n++;
  return n;
}

static void test_environment(void) {
  char out[4096];
  child("WEFT_NUM_THREADS", "3", out, sizeof out);
  CHECK(strstr(out, "threads=3 ") && !strstr(out, "weft:"));
  child("WEFT_NUM_THREADS", "lots", out, sizeof out);
  CHECK(count(out, "weft: ignoring WEFT_NUM_THREADS='lots'") == 1);
  CHECK(!strstr(out, "threads=lots"));
  child("WEFT_SPIN_US", "1234", out, sizeof out);
  CHECK(strstr(out, "spin=1234 "));
  child("WEFT_SPIN_US", "-4", out, sizeof out);
  CHECK(count(out, "weft: ignoring WEFT_SPIN_US='-4'") == 1);
  char dflt[32];
  snprintf(dflt, sizeof dflt, "spin=%d ", weft_default_spin_us);
  CHECK(strstr(out, dflt));
  child("WEFT_WEIGHTS", "1024,zero", out, sizeof out);
  CHECK(count(out, "weft: ignoring WEFT_WEIGHTS='1024,zero'") == 1);
  child("WEFT_STACK_SIZE", "12", out, sizeof out);
  CHECK(count(out, "weft: ignoring WEFT_STACK_SIZE='12'") == 1);
  child("WEFT_STACK_SIZE", "1M", out, sizeof out);
  CHECK(strstr(out, "stack=1048576"));
  child("WEFT_BIND", "yes", out, sizeof out);
  CHECK(count(out, "weft: ignoring WEFT_BIND='yes'") == 1);
  child("WEFT_WEIGHTS", "512,1024", out, sizeof out);
  CHECK(strstr(out, "weights=512,1024,"));
}

/// Compile-time defaults (weft-translate --cores, --core-weights) apply
/// where the environment says nothing, and the environment wins.
static void test_default_team(void) {
  char out[4096];
  with_defaults = 1;
  child(NULL, NULL, out, sizeof out);
  CHECK(strstr(out, "threads=3 ") && strstr(out, "weights=100,200,"));
  child("WEFT_NUM_THREADS", "2", out, sizeof out);
  CHECK(strstr(out, "threads=2 ") && strstr(out, "weights=100,200,"));
  child("WEFT_WEIGHTS", "7,8,9", out, sizeof out);
  CHECK(strstr(out, "threads=3 ") && strstr(out, "weights=7,8,9,"));
  with_defaults = 0;
  int bad[] = {0};
  CHECK(weft_set_default_team(-1, NULL, 0) == -1);
  CHECK(weft_set_default_team(2, bad, 1) == -1);
  CHECK(weft_set_default_team(2, NULL, 3) == -1);
}

int main(void) {
  test_environment(); /* first: the parent must not read the environment */
  test_default_team();
  test_parsers();
  test_setters();
  printf("test_env: ok\n");
  return 0;
}
