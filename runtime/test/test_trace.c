/*===- test_trace.c - WEFT_TRACE writes a valid Chrome trace -------------===*
 *
 * A child process runs regions with WEFT_TRACE set (parallel loops with and
 * without spinning, an SPMD region) and exits; the parent parses the file
 * with a small JSON parser of its own and checks it against the Trace Event
 * Format: an object with a traceEvents array; every event an object with a
 * name, a known phase, pid and tid; complete events with ts and dur >= 0,
 * instants with ts and a scope, metadata with args.name; every thread with
 * events named, members by CPU. Then weft's own content: one region event
 * per region, work on more than one thread, blocked waits when workers
 * sleep.
 *
 * Then a process traced with "%p" in the path forks after its regions: the
 * child's file holds the child's regions only, the parent's its own; and a
 * child of a process traced without "%p" writes nothing over the parent's.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { REGIONS = 30 };

/*===--- A small JSON parser ---------------------------------------------===*/

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype_t;
typedef struct jval {
  jtype_t type;
  double num;
  char *str;
  struct jval **items; /* array elements, or object values */
  char **keys;         /* object keys */
  int n;
} jval_t;

static const char *js;
static int jerr;

static void ws(void) {
  while (isspace((unsigned char)*js))
    js++;
}

static jval_t *jnew(jtype_t t) {
  jval_t *v = calloc(1, sizeof *v);
  v->type = t;
  return v;
}

static char *jstring(void) {
  if (*js != '"') {
    jerr = 1;
    return NULL;
  }
  js++;
  size_t cap = 16, n = 0;
  char *s = malloc(cap);
  while (*js && *js != '"') {
    char c = *js++;
    if (c == '\\') {
      c = *js++;
      if (c == 'u') {
        for (int i = 0; i < 4; i++)
          if (!isxdigit((unsigned char)*js++))
            jerr = 1;
        c = '?';
      } else if (!strchr("\"\\/bfnrt", c)) {
        jerr = 1;
      }
    } else if ((unsigned char)c < 0x20) {
      jerr = 1;
    }
    if (n + 2 > cap)
      s = realloc(s, cap *= 2);
    s[n++] = c;
  }
  if (*js != '"')
    jerr = 1;
  else
    js++;
  s[n] = 0;
  return s;
}

static jval_t *jparse(void) {
  ws();
  jval_t *v;
  if (*js == '{' || *js == '[') {
    int obj = *js++ == '{';
    v = jnew(obj ? J_OBJ : J_ARR);
    ws();
    if (*js == (obj ? '}' : ']')) {
      js++;
      return v;
    }
    for (;;) {
      v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
      if (obj) {
        v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
        ws();
        v->keys[v->n] = jstring();
        ws();
        if (*js++ != ':')
          jerr = 1;
      }
      v->items[v->n++] = jparse();
      ws();
      if (*js == ',') {
        js++;
        continue;
      }
      if (*js++ != (obj ? '}' : ']'))
        jerr = 1;
      return v;
    }
  }
  if (*js == '"') {
    v = jnew(J_STR);
    v->str = jstring();
    return v;
  }
  if (!strncmp(js, "true", 4) || !strncmp(js, "null", 4)) {
    v = jnew(*js == 't' ? J_BOOL : J_NULL);
    js += 4;
    return v;
  }
  if (!strncmp(js, "false", 5)) {
    js += 5;
    return jnew(J_BOOL);
  }
  char *end;
  v = jnew(J_NUM);
  v->num = strtod(js, &end);
  if (end == js)
    jerr = 1, end = (char *)js + 1;
  js = end;
  return v;
}

static jval_t *get(const jval_t *o, const char *key) {
  if (!o || o->type != J_OBJ)
    return NULL;
  for (int i = 0; i < o->n; i++)
    if (o->keys[i] && !strcmp(o->keys[i], key))
      return o->items[i];
  return NULL;
}

static int is(const jval_t *v, jtype_t t) { return v && v->type == t; }

/*===--- The traced program ----------------------------------------------===*/

static _Atomic long sink;
static void body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  long s = 0;
  for (int64_t i = lo; i < hi; i++)
    for (int k = 0; k < 200; k++)
      s += (i * k) ^ chunk;
  atomic_fetch_add(&sink, s);
}
static void spmd(void *ctx, int member, int size) {
  weft_barrier();
  atomic_fetch_add(&sink, member);
}

static void busy_task(void *ctx) {
  (void)ctx;
  volatile double x = 0;
  for (int k = 0; k < 100000; k++)
    x += k;
}

static void traced_child(const char *path) {
  setenv("WEFT_TRACE", path, 1);
  /* Two threads: on two CPUs or more no member is oversubscribed, so with
     no spinning a waiting worker blocks at once. */
  weft_set_num_threads(2);
  weft_loop_t loop = {.trip = 4096,
                      .cost0 = 1,
                      .work_ns = 2e6,
                      .intent = WEFT_INTENT_COMPUTE,
                      .line = 42,
                      .region_id = 7,
                      .file = "dir/\"quoted\".c"};
  for (int r = 0; r < REGIONS; r++) {
    if (r == REGIONS / 2)
      weft_set_spin_us(0); /* the workers block between regions */
    weft_parallel_for(&loop, body, NULL);
    if (r >= REGIONS / 2)
      usleep(5000);
  }
  weft_spmd(&loop, spmd, NULL);
  /* A graph of two tasks: a region, and a task event per task. */
  weft_task_t tasks[2] = {{busy_task, 1e6, 0, 0}, {busy_task, 1e6, 0, 0}};
  weft_graph_t g = {2, WEFT_INTENT_COMPUTE, tasks, 7, 42, "dir/\"quoted\".c",
                    0};
  CHECK_EQ(weft_run_graph(&g, NULL), 2);
  exit(0);
}

/* The parsed trace at path (the file is removed), or NULL if absent. */
static jval_t *read_trace(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *text = malloc((size_t)size + 1);
  CHECK(fread(text, 1, (size_t)size, f) == (size_t)size);
  text[size] = 0;
  fclose(f);
  unlink(path);
  js = text;
  jval_t *root = jparse();
  ws();
  CHECK(!jerr && *js == 0);
  CHECK(is(root, J_OBJ));
  jval_t *events = get(root, "traceEvents");
  CHECK(is(events, J_ARR) && events->n > 0);
  return events;
}

/* Region events in a trace, all of process pid. */
static int regions_of(jval_t *events, long pid) {
  int regions = 0;
  for (int i = 0; i < events->n; i++) {
    CHECK((long)get(events->items[i], "pid")->num == pid);
    regions += !strcmp(get(events->items[i], "name")->str, "region");
  }
  return regions;
}

static void run_regions(int n) {
  weft_loop_t loop = {.trip = 4096, .line = 1, .file = "fork.c"};
  for (int r = 0; r < n; r++)
    weft_parallel_for(&loop, body, NULL);
}

/* Traced with pattern, runs 5 regions, forks a child that runs 3, waits
   for it; the child's pid goes to *child_pid through a pipe. With
   shutdown_first the team is stopped before the fork (qemu-user aborts on
   fork() of a multi-threaded guest, see test_fork.c). */
static int shutdown_first;
static void forking_parent(const char *pattern, int fd) {
  setenv("WEFT_TRACE", pattern, 1);
  weft_set_num_threads(2);
  run_regions(5);
  if (shutdown_first)
    CHECK_EQ(weft_shutdown(), 0);
  pid_t c = fork();
  CHECK(c >= 0);
  if (c == 0) {
    run_regions(3);
    exit(0);
  }
  int status;
  CHECK(waitpid(c, &status, 0) == c);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(write(fd, &c, sizeof c) == sizeof c);
  exit(0);
}

static pid_t run_forking_parent(const char *pattern, pid_t *child) {
  int fds[2];
  CHECK(pipe(fds) == 0);
  pid_t p = fork();
  CHECK(p >= 0);
  if (p == 0)
    forking_parent(pattern, fds[1]);
  int status;
  CHECK(waitpid(p, &status, 0) == p);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(read(fds[0], child, sizeof *child) == sizeof *child);
  close(fds[0]);
  close(fds[1]);
  return p;
}

static void check_forks(void) {
  char dir[] = "/tmp/weft-trace-fork-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char pattern[128], path[160];
  snprintf(pattern, sizeof pattern, "%s/t-%%p.json", dir);
  pid_t child, parent = run_forking_parent(pattern, &child);
  snprintf(path, sizeof path, "%s/t-%ld.json", dir, (long)parent);
  jval_t *ev = read_trace(path);
  CHECK(ev != NULL);
  CHECK_EQ(regions_of(ev, parent), 5);
  snprintf(path, sizeof path, "%s/t-%ld.json", dir, (long)child);
  ev = read_trace(path);
  CHECK(ev != NULL);
  CHECK_EQ(regions_of(ev, child), 3);

  /* Without %p: one file, the parent's, which the child leaves alone. */
  snprintf(pattern, sizeof pattern, "%s/one.json", dir);
  parent = run_forking_parent(pattern, &child);
  ev = read_trace(pattern);
  CHECK(ev != NULL);
  CHECK_EQ(regions_of(ev, parent), 5);
  CHECK(rmdir(dir) == 0);
}

int main(int argc, char **argv) {
  shutdown_first = argc > 1 && !strcmp(argv[1], "--shutdown-first");
  char path[] = "/tmp/weft-trace-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  unlink(path); /* the trace must create it */
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0)
    traced_child(path);
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  jval_t *events = read_trace(path);
  CHECK(events != NULL);
  check_forks();

  long tids[64];
  int ntids = 0, named[64] = {0}, worked[64] = {0};
  int regions = 0, blocked = 0, member_names = 0, quoted = 0;
  int tasks = 0, task_seen = 0;
  for (int i = 0; i < events->n; i++) {
    jval_t *e = events->items[i];
    CHECK(is(e, J_OBJ));
    jval_t *name = get(e, "name"), *ph = get(e, "ph");
    CHECK(is(name, J_STR) && is(ph, J_STR) && strlen(ph->str) == 1);
    CHECK(strchr("XiMBEC", ph->str[0]) != NULL);
    CHECK(is(get(e, "pid"), J_NUM) && is(get(e, "tid"), J_NUM));
    long tid = (long)get(e, "tid")->num;
    int t = 0;
    while (t < ntids && tids[t] != tid)
      t++;
    if (t == ntids) {
      CHECK(ntids < 64);
      tids[ntids++] = tid;
    }
    char p = ph->str[0];
    if (p == 'M') {
      jval_t *args = get(e, "args");
      CHECK(is(get(args, "name"), J_STR));
      if (!strcmp(name->str, "thread_name")) {
        named[t] = 1;
        const char *n = get(args, "name")->str;
        if (strstr(n, "weft member")) {
          member_names++;
          CHECK(strstr(n, "cpu") || strstr(n, "unpinned"));
        }
      }
      continue;
    }
    CHECK(is(get(e, "ts"), J_NUM) && get(e, "ts")->num >= 0);
    if (p == 'X')
      CHECK(is(get(e, "dur"), J_NUM) && get(e, "dur")->num >= 0);
    if (p == 'i')
      CHECK(is(get(e, "s"), J_STR) && strchr("tpg", get(e, "s")->str[0]));
    if (!strcmp(name->str, "region")) {
      regions++;
      jval_t *args = get(e, "args");
      CHECK(is(get(args, "chunks"), J_NUM) && is(get(args, "intent"), J_STR));
      CHECK(!strcmp(get(args, "intent")->str, "compute"));
      CHECK(get(args, "line")->num == 42 && get(args, "region_id")->num == 7);
      quoted += !strcmp(get(args, "file")->str, "dir/\"quoted\".c");
    }
    if (!strcmp(name->str, "task")) {
      jval_t *args = get(e, "args");
      CHECK(get(args, "line")->num == 42 && get(args, "region_id")->num == 7);
      CHECK(!strcmp(get(args, "file")->str, "dir/\"quoted\".c"));
      int k = (int)get(args, "task")->num;
      CHECK(k == 0 || k == 1);
      CHECK(get(args, "planned_member")->num == 0 ||
            get(args, "planned_member")->num == 1);
      task_seen |= 1 << k;
      tasks++;
    }
    if (!strcmp(name->str, "work"))
      worked[t] = 1;
    if (!strcmp(name->str, "blocked"))
      blocked++;
  }
  /* Every thread with events has a name (tid 0 is the process's). */
  for (int t = 0; t < ntids; t++)
    if (tids[t] != 0)
      CHECK(named[t]);
  CHECK_EQ(regions, REGIONS + 2); /* the loops, the SPMD region, the graph */
  CHECK_EQ(tasks, 2);
  CHECK_EQ(task_seen, 3);
  CHECK_EQ(quoted, regions);
  int working = 0;
  for (int t = 0; t < ntids; t++)
    working += worked[t];
  CHECK(working >= 2);
  CHECK(member_names >= 1);
  if (sysconf(_SC_NPROCESSORS_ONLN) >= 2)
    CHECK(blocked >= 1);
  printf("test_trace: ok (%d events, %d threads)\n", events->n, ntids);
  return 0;
}
