/*===- test_dlclose.c - libweft.so can be loaded and unloaded -------------===*
 *
 * dlopen the shared library, run regions through it, dlclose it: the
 * destructor must join the workers before the code is unmapped (otherwise
 * they would crash running freed code). Repeated several times.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "weft.h"
#include "check.h"

#include <dirent.h>
#include <time.h>
#include <string.h>
#include <dlfcn.h>
#include <stdatomic.h>

/// Threads of this process named "weft-*": the team's workers. (Counting
/// all threads would also count a sanitizer's helper threads.)
static int thread_count(void) {
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  struct dirent *e;
  CHECK(d);
  while ((e = readdir(d))) {
    char path[300], comm[64] = {0};
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
    FILE *f = fopen(path, "r");
    if (f && fgets(comm, sizeof comm, f) && strncmp(comm, "weft-", 5) == 0)
      n++;
    if (f)
      fclose(f);
  }
  closedir(d);
  return n;
}

/// The worker count once it settles: a joined thread can linger in
/// /proc/self/task for a moment (under qemu-user especially).
static int settled_count(int want) {
  int n = thread_count();
  for (int i = 0; i < 200 && n != want; i++) {
    struct timespec ts = {0, 5 * 1000 * 1000};
    nanosleep(&ts, NULL);
    n = thread_count();
  }
  return n;
}

static _Atomic int64_t sum;

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  atomic_fetch_add(&sum, hi - lo);
}

int main(int argc, char **argv) {
  CHECK(argc > 1);
  int base = thread_count();
  for (int round = 0; round < 5; round++) {
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!h)
      fprintf(stderr, "%s\n", dlerror());
    CHECK(h);
    int (*set_threads)(int) = (int (*)(int))dlsym(h, "weft_set_num_threads");
    int64_t (*pfor)(const weft_loop_t *, weft_body_fn, void *) =
        (int64_t(*)(const weft_loop_t *, weft_body_fn, void *))dlsym(
            h, "weft_parallel_for");
    CHECK(set_threads && pfor);
    CHECK(!dlsym(h, "weft_grid_init")); /* internals stay hidden */
    set_threads(3);
    atomic_store(&sum, 0);
    weft_loop_t l = {.trip = 5000};
    for (int i = 0; i < 100; i++)
      pfor(&l, body, NULL);
    CHECK_EQ(atomic_load(&sum), 500000);
    CHECK_EQ(settled_count(base + 2), base + 2);
    CHECK_EQ(dlclose(h), 0);
    CHECK_EQ(settled_count(base), base);
  }
  printf("test_dlclose: ok\n");
  return 0;
}
