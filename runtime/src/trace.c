/*===- trace.c - WEFT_TRACE: regions, work and waits as a Chrome trace ---===*
 *
 * With WEFT_TRACE=path, every thread that takes part in regions records its
 * events in a buffer of its own (no lock on the way), and at exit the
 * buffers are written as one JSON file in the Chrome Trace Event Format,
 * which chrome://tracing and Perfetto (ui.perfetto.dev) open:
 *
 *   region   the owner's span of a parallel loop or SPMD region, with its
 *            file, line, region id, chunks and intent
 *   work     a member's span of running chunks, with how many and stolen
 *   spin     a wait that spun, blocked: one that slept in the kernel
 *   split    an instant: each member's share of a loop's chunks, and its
 *            capacity weight
 *   steal    an instant: a chunk taken from another member (its index)
 *   hint     an instant: a frequency hint, its backend and outcome
 *
 * Each thread is named for its role, its CPU and its cluster. A path with
 * "%p" gets the process id (a forked child then writes its own trace; one
 * without writes none). The file is written to a temporary and renamed, so
 * it is whole or absent. Without WEFT_TRACE every hook is one predictable
 * branch.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Events a thread keeps at most; later ones are counted as dropped. */
#define WEFT_TRACE_MAX_EVENTS (1 << 18)

typedef struct trace_event {
  uint64_t ts, dur; /* ns since the process's trace started */
  const char *name;
  const char *file; /* region: the source file, may be NULL */
  char *args;       /* split: the members of its args object (owned) */
  char ph;          /* 'X' complete, 'i' instant */
  int64_t a, b, c, d;
} trace_event_t;

typedef struct trace_thread {
  struct trace_thread *next;
  long tid;
  char name[112];
  trace_event_t *events;
  size_t count, cap;
  uint64_t dropped;
} trace_thread_t;

int weft_trace_on;
static char trace_path[4096];
static pid_t trace_pid;
static uint64_t trace_t0;
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static trace_thread_t *trace_threads;
static _Thread_local trace_thread_t *trace_self;
static pthread_once_t trace_once = PTHREAD_ONCE_INIT;

static void trace_write(void);

static void trace_init_once(void) {
  const char *p = getenv("WEFT_TRACE");
  if (!p || !*p || strlen(p) >= sizeof trace_path - 16)
    return;
  trace_pid = getpid();
  /* "%p": the process id, so that forked children write traces of their
     own. */
  const char *pc = strstr(p, "%p");
  if (pc)
    snprintf(trace_path, sizeof trace_path, "%.*s%ld%s", (int)(pc - p), p,
             (long)trace_pid, pc + 2);
  else
    snprintf(trace_path, sizeof trace_path, "%s", p);
  trace_t0 = weft_now_ns();
  atexit(trace_write);
  weft_trace_on = 1;
}

void weft_trace_init(void) { pthread_once(&trace_once, trace_init_once); }

/* The calling thread's buffer, made on its first event. */
static trace_thread_t *self(void) {
  if (trace_self)
    return trace_self;
  trace_thread_t *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->tid = (long)syscall(SYS_gettid);
  int cpu = sched_getcpu();
  snprintf(t->name, sizeof t->name, "weft owner (thread %ld, cpu%d)", t->tid,
           cpu);
  pthread_mutex_lock(&trace_lock);
  t->next = trace_threads;
  trace_threads = t;
  pthread_mutex_unlock(&trace_lock);
  trace_self = t;
  return t;
}

void weft_trace_name_member(int member, int cpu) {
  if (!weft_trace_on)
    return;
  trace_thread_t *t = self();
  if (!t)
    return;
  pthread_mutex_lock(&trace_lock); /* the writer at exit reads names */
  const weft_topology_t *topo = weft_topology_get();
  static const char *classes[] = {"little", "big", "prime"};
  if (cpu >= 0 && cpu < WEFT_TOPO_MAX_CPUS && topo->cpu[cpu].online)
    snprintf(t->name, sizeof t->name,
             "weft member %d (cpu%d, cluster %d, %s, capacity %d)", member, cpu,
             topo->cpu[cpu].cluster, classes[topo->cpu[cpu].core_class % 3],
             topo->cpu[cpu].capacity);
  else
    snprintf(t->name, sizeof t->name, "weft member %d (unpinned)", member);
  pthread_mutex_unlock(&trace_lock);
}

/* Appends an event to the calling thread's buffer. The buffer grows under
   the lock (the writer at exit may be reading it); the event is published
   by a release store of the count. */
static void record(char ph, const char *name, uint64_t t0, uint64_t t1,
                   const char *file, int64_t a, int64_t b, int64_t c, int64_t d,
                   char *args) {
  trace_thread_t *t = self();
  if (!t) {
    free(args);
    return;
  }
  size_t n = t->count;
  if (n == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 1024;
    trace_event_t *e = NULL;
    pthread_mutex_lock(&trace_lock);
    if (cap <= WEFT_TRACE_MAX_EVENTS &&
        (e = realloc(t->events, cap * sizeof *e))) {
      t->events = e;
      t->cap = cap;
    }
    pthread_mutex_unlock(&trace_lock);
    if (!e) {
      t->dropped++;
      free(args);
      return;
    }
  }
  trace_event_t *e = &t->events[n];
  e->ph = ph;
  e->name = name;
  e->file = file;
  e->ts = t0 > trace_t0 ? t0 - trace_t0 : 0;
  e->dur = t1 > t0 ? t1 - t0 : 0;
  e->a = a;
  e->b = b;
  e->c = c;
  e->d = d;
  e->args = args;
  __atomic_store_n(&t->count, n + 1, __ATOMIC_RELEASE);
}

void weft_trace_region(const weft_loop_t *loop, uint64_t t0, uint64_t t1,
                       int64_t chunks) {
  if (loop)
    record('X', "region", t0, t1, loop->file, loop->line, loop->region_id,
           chunks, loop->intent, NULL);
  else
    record('X', "region", t0, t1, NULL, 0, 0, chunks, 0, NULL);
}

void weft_trace_work(uint64_t t0, uint64_t t1, int64_t chunks, int64_t steals) {
  record('X', "work", t0, t1, NULL, chunks, steals, 0, 0, NULL);
}

void weft_trace_wait(int blocked, uint64_t t0, uint64_t t1) {
  record('X', blocked ? "blocked" : "spin", t0, t1, NULL, 0, 0, 0, 0, NULL);
}

void weft_trace_steal(int victim) {
  uint64_t now = weft_now_ns();
  record('i', "steal", now, now, NULL, victim, 0, 0, 0, NULL);
}

void weft_trace_split(const weft_team_t *team, int64_t chunks) {
  /* Each member's share of the chunks, and its weight. */
  size_t cap = 64 + (size_t)team->size * 48, len = 0;
  char *text = malloc(cap);
  if (!text)
    return;
  for (int pass = 0; pass < 2; pass++) {
    len += (size_t)snprintf(text + len, cap - len,
                            pass ? "],\"weights\":[" : "\"chunks\":[");
    for (int m = 0; m < team->size; m++) {
      long long v = pass ? (long long)(team->prefix[m + 1] - team->prefix[m])
                         : (long long)(weft_split_start(chunks, team->prefix,
                                                        team->size, m + 1) -
                                       weft_split_start(chunks, team->prefix,
                                                        team->size, m));
      len += (size_t)snprintf(text + len, cap - len, "%s%lld", m ? "," : "", v);
    }
  }
  snprintf(text + len, cap - len, "]");
  uint64_t now = weft_now_ns();
  record('i', "split", now, now, NULL, 0, 0, 0, 0, text);
}

void weft_trace_hint(int intent, const char *backend, int ok) {
  uint64_t now = weft_now_ns();
  record('i', "hint", now, now, backend, intent, ok, 0, 0, NULL);
}

/* A JSON string: the characters C source paths use, others escaped. */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(f, "\\%c", ch);
    else if (ch < 0x20)
      fprintf(f, "\\u%04x", ch);
    else
      fputc(ch, f);
  }
  fputc('"', f);
}

static void write_event(FILE *f, long pid, long tid, const trace_event_t *e) {
  static const char *intents[] = {"none", "compute", "memory", "serial"};
  fprintf(f,
          ",\n{\"name\":\"%s\",\"cat\":\"weft\",\"ph\":\"%c\",\"pid\":%ld,"
          "\"tid\":%ld,\"ts\":%.3f",
          e->name, e->ph, pid, tid, (double)e->ts / 1e3);
  if (e->ph == 'X')
    fprintf(f, ",\"dur\":%.3f", (double)e->dur / 1e3);
  else
    fprintf(f, ",\"s\":\"t\"");
  fprintf(f, ",\"args\":{");
  if (!strcmp(e->name, "region")) {
    fprintf(f, "\"file\":");
    json_string(f, e->file ? e->file : "");
    fprintf(f,
            ",\"line\":%lld,\"region_id\":%lld,\"chunks\":%lld,"
            "\"intent\":\"%s\"",
            (long long)e->a, (long long)e->b, (long long)e->c,
            intents[e->d >= 0 && e->d < 4 ? e->d : 0]);
  } else if (!strcmp(e->name, "work")) {
    fprintf(f, "\"chunks\":%lld,\"stolen\":%lld", (long long)e->a,
            (long long)e->b);
  } else if (!strcmp(e->name, "steal")) {
    fprintf(f, "\"from_member\":%lld", (long long)e->a);
  } else if (!strcmp(e->name, "split") && e->args) {
    fputs(e->args, f);
  } else if (!strcmp(e->name, "hint")) {
    fprintf(f, "\"intent\":\"%s\",\"backend\":",
            intents[e->a >= 0 && e->a < 4 ? e->a : 0]);
    json_string(f, e->file);
    fprintf(f, ",\"ok\":%s", e->b ? "true" : "false");
  }
  fprintf(f, "}}");
}

/* Writes every thread's events. Called at exit, when the team's workers
   may still be running: each buffer is read up to the count its thread had
   published when the lock was taken. */
static void trace_write(void) {
  if (!weft_trace_on || getpid() != trace_pid)
    return;
  char tmp[sizeof trace_path + 32];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", trace_path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f)
    return;
  long pid = (long)trace_pid;
  fprintf(f,
          "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":"
          "\"libweft\"},\n\"traceEvents\":[\n"
          "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%ld,\"tid\":0,"
          "\"args\":{\"name\":\"weft process %ld\"}}",
          pid, pid);
  pthread_mutex_lock(&trace_lock);
  for (trace_thread_t *t = trace_threads; t; t = t->next) {
    fprintf(f,
            ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%ld,"
            "\"tid\":%ld,\"args\":{\"name\":",
            pid, t->tid);
    json_string(f, t->name);
    fprintf(f, ",\"dropped_events\":%llu}}", (unsigned long long)t->dropped);
    size_t n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
    for (size_t i = 0; i < n; i++)
      write_event(f, pid, t->tid, &t->events[i]);
  }
  pthread_mutex_unlock(&trace_lock);
  fprintf(f, "\n]}\n");
  if (fclose(f) == 0)
    rename(tmp, trace_path);
  else
    unlink(tmp);
}

void weft_trace_flush(void) { trace_write(); }
