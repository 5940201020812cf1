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
 *   task     a member's span of running one task of a task graph: the
 *            graph's file, line and id, the task's index, and the member
 *            the plan gave it (another: the task was stolen)
 *   spin     a wait that spun, blocked: one that slept in the kernel
 *   split    an instant: each member's share of a loop's chunks, and its
 *            capacity weight
 *   steal    an instant: a chunk taken from another member (its index)
 *   hint     an instant: a frequency hint, its backend and outcome
 *   predict  an instant: the owner predicts the next region's start
 *   hit, early, late
 *            an instant at a fork that was predicted: the workers were
 *            spinning, still asleep, or had given up (a miss)
 *   pre-wake an instant: a worker's timed sleep ended, before the region
 *
 * Each thread is named for its role, its CPU and its cluster. A path with
 * "%p" gets the process id (a forked child then writes its own trace; one
 * without writes none). The file is written to a temporary and renamed, so
 * it is whole or absent. Without WEFT_TRACE every hook is one predictable
 * branch.
 *
 * A thread's buffers are mapped once, at its first event, at their full
 * size (the kernel backs pages as they fill): recording never allocates or
 * locks, so a traced fork/join path is as malloc- and mutex-free as an
 * untraced one. A split's weights are copied into the thread's weight log
 * only when they differ from the last ones it logged.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Events a thread keeps at most; later ones are counted as dropped. */
#define WEFT_TRACE_MAX_EVENTS (1 << 18)
/* Weight prefix sums a thread logs at most (each change of the team's
   weights logs size + 1 of them). */
#define WEFT_TRACE_MAX_WEIGHTS (1 << 16)

typedef struct trace_event {
  uint64_t ts, dur; /* ns since the process's trace started */
  const char *name;
  const char *file; /* region: the source file, may be NULL */
  char ph;          /* 'X' complete, 'i' instant */
  int64_t a, b, c, d;
} trace_event_t;

typedef struct trace_thread {
  struct trace_thread *next;
  long tid;
  char name[112];
  trace_event_t *events;    /* WEFT_TRACE_MAX_EVENTS, mapped once */
  uint64_t *weights;        /* WEFT_TRACE_MAX_WEIGHTS, mapped once */
  size_t count;             /* published events (release store) */
  size_t nweights, last;    /* weights logged; where the last set starts */
  uint64_t dropped;
} trace_thread_t;

int weft_trace_on;
static char trace_path[4096];
static char trace_pattern[4096]; /* WEFT_TRACE as given, %p unexpanded */
static pid_t trace_pid;
static uint64_t trace_t0;
/* Guards thread names, which workers set while the writer may read them. */
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(trace_thread_t *) trace_threads;
static _Thread_local trace_thread_t *trace_self;
static pthread_once_t trace_once = PTHREAD_ONCE_INIT;

static void trace_write(void);

/* The path for this process: "%p" becomes its id, so that forked children
   write traces of their own. */
static void trace_start(void) {
  const char *p = trace_pattern;
  trace_pid = getpid();
  const char *pc = strstr(p, "%p");
  if (pc)
    snprintf(trace_path, sizeof trace_path, "%.*s%ld%s", (int)(pc - p), p,
             (long)trace_pid, pc + 2);
  else
    snprintf(trace_path, sizeof trace_path, "%s", p);
  trace_t0 = weft_now_ns();
}

static void trace_init_once(void) {
  const char *p = getenv("WEFT_TRACE");
  if (!p || !*p || strlen(p) >= sizeof trace_path - 32)
    return;
  snprintf(trace_pattern, sizeof trace_pattern, "%s", p);
  trace_start();
  atexit(trace_write);
  weft_trace_on = 1;
}

void weft_trace_init(void) { pthread_once(&trace_once, trace_init_once); }

static void *map(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* The calling thread's buffers, made on its first event (a worker's when
   it starts, the owner's at its first region) and never grown. */
static trace_thread_t *self(void) {
  if (trace_self)
    return trace_self;
  trace_thread_t *t = map(sizeof *t);
  if (!t)
    return NULL;
  t->events = map(sizeof *t->events * WEFT_TRACE_MAX_EVENTS);
  t->weights = map(sizeof *t->weights * WEFT_TRACE_MAX_WEIGHTS);
  if (!t->events || !t->weights) {
    munmap(t->events, sizeof *t->events * WEFT_TRACE_MAX_EVENTS);
    munmap(t->weights, sizeof *t->weights * WEFT_TRACE_MAX_WEIGHTS);
    munmap(t, sizeof *t);
    return NULL;
  }
  t->last = SIZE_MAX;
  t->tid = weft_gettid();
  int cpu = sched_getcpu();
  snprintf(t->name, sizeof t->name, "weft owner (thread %ld, cpu%d)", t->tid,
           cpu);
  /* Published whole: the writer walks the list without a lock. */
  trace_thread_t *head = atomic_load_explicit(&trace_threads,
                                              memory_order_relaxed);
  do
    t->next = head;
  while (!atomic_compare_exchange_weak_explicit(
      &trace_threads, &head, t, memory_order_release, memory_order_relaxed));
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

/* Appends an event to the calling thread's buffer; the writer at exit may
   be reading it, so the event is published by a release store of the
   count. */
static void record(char ph, const char *name, uint64_t t0, uint64_t t1,
                   const char *file, int64_t a, int64_t b, int64_t c,
                   int64_t d) {
  trace_thread_t *t = self();
  if (!t)
    return;
  size_t n = t->count;
  if (n == WEFT_TRACE_MAX_EVENTS) {
    t->dropped++;
    return;
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
  __atomic_store_n(&t->count, n + 1, __ATOMIC_RELEASE);
}

void weft_trace_region(const weft_loop_t *loop, uint64_t t0, uint64_t t1,
                       int64_t chunks) {
  if (loop)
    record('X', "region", t0, t1, loop->file, loop->line, loop->region_id,
           chunks, loop->intent);
  else
    record('X', "region", t0, t1, NULL, 0, 0, chunks, 0);
}

void weft_trace_work(uint64_t t0, uint64_t t1, int64_t chunks, int64_t steals) {
  record('X', "work", t0, t1, NULL, chunks, steals, 0, 0);
}

void weft_trace_task(const weft_graph_t *g, int task, int planned, uint64_t t0,
                     uint64_t t1) {
  record('X', "task", t0, t1, g->file, g->line, g->region_id, task, planned);
}

void weft_trace_wait(int blocked, uint64_t t0, uint64_t t1) {
  record('X', blocked ? "blocked" : "spin", t0, t1, NULL, 0, 0, 0, 0);
}

void weft_trace_steal(int victim) {
  uint64_t now = weft_now_ns();
  record('i', "steal", now, now, NULL, victim, 0, 0, 0);
}

void weft_trace_split(const weft_team_t *team, int64_t chunks) {
  /* The chunks and the team's weight prefix sums; the writer works out each
     member's share. The sums are logged again only when they changed. */
  trace_thread_t *t = self();
  if (!t)
    return;
  size_t n = (size_t)team->size + 1;
  if (t->last == SIZE_MAX || t->nweights - t->last != n ||
      memcmp(t->weights + t->last, team->prefix, n * sizeof *t->weights)) {
    if (t->nweights + n > WEFT_TRACE_MAX_WEIGHTS) {
      t->dropped++;
      return;
    }
    memcpy(t->weights + t->nweights, team->prefix, n * sizeof *t->weights);
    t->last = t->nweights;
    t->nweights += n;
  }
  uint64_t now = weft_now_ns();
  record('i', "split", now, now, NULL, chunks, team->size, (int64_t)t->last,
         0);
}

void weft_trace_wake(const char *what, int64_t ns) {
  uint64_t now = weft_now_ns();
  record('i', what, now, now, NULL, ns, 0, 0, 0);
}

void weft_trace_hint(int intent, const char *backend, int ok) {
  uint64_t now = weft_now_ns();
  record('i', "hint", now, now, backend, intent, ok, 0, 0);
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

static void write_event(FILE *f, long pid, const trace_thread_t *t,
                        const trace_event_t *e) {
  long tid = t->tid;
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
  } else if (!strcmp(e->name, "task")) {
    fprintf(f, "\"file\":");
    json_string(f, e->file ? e->file : "");
    fprintf(f,
            ",\"line\":%lld,\"region_id\":%lld,\"task\":%lld,"
            "\"planned_member\":%lld",
            (long long)e->a, (long long)e->b, (long long)e->c, (long long)e->d);
  } else if (!strcmp(e->name, "work")) {
    fprintf(f, "\"chunks\":%lld,\"stolen\":%lld", (long long)e->a,
            (long long)e->b);
  } else if (!strcmp(e->name, "steal")) {
    fprintf(f, "\"from_member\":%lld", (long long)e->a);
  } else if (!strcmp(e->name, "predict")) {
    fprintf(f, "\"start_in_us\":%.3f", (double)e->a / 1e3);
  } else if (!strcmp(e->name, "hit") || !strcmp(e->name, "early") ||
             !strcmp(e->name, "late")) {
    fprintf(f, "\"from_predicted_us\":%.3f", (double)e->a / 1e3);
  } else if (!strcmp(e->name, "pre-wake")) {
    fprintf(f, "\"late_us\":%.3f", (double)e->a / 1e3);
  } else if (!strcmp(e->name, "split")) {
    /* Each member's share of the chunks, and its weight. */
    const uint64_t *prefix = t->weights + e->c;
    int size = (int)e->b;
    for (int pass = 0; pass < 2; pass++) {
      fputs(pass ? "],\"weights\":[" : "\"chunks\":[", f);
      for (int m = 0; m < size; m++) {
        long long v =
            pass ? (long long)(prefix[m + 1] - prefix[m])
                 : (long long)(weft_split_start(e->a, prefix, size, m + 1) -
                               weft_split_start(e->a, prefix, size, m));
        fprintf(f, "%s%lld", m ? "," : "", v);
      }
    }
    fputs("]", f);
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
  for (trace_thread_t *t =
           atomic_load_explicit(&trace_threads, memory_order_acquire);
       t; t = t->next) {
    fprintf(f,
            ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%ld,"
            "\"tid\":%ld,\"args\":{\"name\":",
            pid, t->tid);
    json_string(f, t->name);
    fprintf(f, ",\"dropped_events\":%llu}}", (unsigned long long)t->dropped);
    size_t n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
    for (size_t i = 0; i < n; i++)
      write_event(f, pid, t, &t->events[i]);
  }
  pthread_mutex_unlock(&trace_lock);
  fprintf(f, "\n]}\n");
  if (fclose(f) == 0)
    rename(tmp, trace_path);
  else
    unlink(tmp);
}

void weft_trace_flush(void) { trace_write(); }

void weft_trace_atfork(enum weft_fork_phase phase) {
  if (phase == WEFT_FORK_PREPARE) {
    pthread_mutex_lock(&trace_lock);
    return;
  }
  if (phase == WEFT_FORK_CHILD && weft_trace_on) {
    /* The buffers hold the parent's events (left to it, as the team's
       memory is). With "%p" the child starts a trace of its own; without,
       it records nothing, since it would write nothing. */
    atomic_store_explicit(&trace_threads, NULL, memory_order_relaxed);
    trace_self = NULL;
    if (strstr(trace_pattern, "%p"))
      trace_start();
    else
      weft_trace_on = 0;
  }
  pthread_mutex_unlock(&trace_lock);
}
