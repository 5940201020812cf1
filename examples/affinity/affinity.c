/* affinity.c - the seeds' experiment: box filters on big and little cores.
 *
 * From ../shared/seeds/cpu-affinity-big-little.txt: four threads, each
 * running one box filter of radius 7 over its own 500x500 image. The total
 * time runs from starting the threads until all four have finished. It is
 * measured three ways: threads bound to no core, to the little cores, and
 * to the big cores. libweft supplies the topology (weft_topology(): a
 * core's capacity and class, from sysfs) and the filter
 * (weft_box_filter_u8, NEON). Each thread reports the CPU it ran on and its
 * own time.
 *
 * stdout: a checksum of each thread's output, the same in every mode. It
 * equals the sequential run (`affinity sequential`: the four filters one
 * after another on the main thread). stderr: the timings.
 *
 *   affinity [sequential|none|little|big|all]      (default all)
 *
 * EXAMPLE-LIBWEFT (examples/run.sh: it calls libweft itself)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <weft.h>

enum { W = 500, H = 500, R = 7, THREADS = 4, REPEAT = 20 };

typedef struct job {
  const uint8_t *in;
  uint8_t *out;
  cpu_set_t cpus;
  int bind;
  int cpu;   /* where it ran */
  double ms; /* its own time */
} job_t;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *run(void *arg) {
  job_t *j = arg;
  if (j->bind)
    pthread_setaffinity_np(pthread_self(), sizeof j->cpus, &j->cpus);
  double t0 = now_ms();
  for (int k = 0; k < REPEAT; k++)
    if (weft_box_filter_u8(j->in, W, j->out, W, W, H, R) < 0)
      abort();
  j->ms = now_ms() - t0;
  j->cpu = sched_getcpu();
  return NULL;
}

static unsigned long checksum(const uint8_t *p, int n) {
  unsigned long h = 5381;
  for (int i = 0; i < n; i++)
    h = h * 33 + p[i];
  return h;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "all";
  /* Each thread filters alone: libweft's team stays out of it. */
  weft_set_num_threads(1);
  uint8_t *in[THREADS], *out[THREADS];
  for (int t = 0; t < THREADS; t++) {
    in[t] = malloc(W * H);
    out[t] = malloc(W * H);
    for (int i = 0; i < W * H; i++)
      in[t][i] = (uint8_t)((i * (t + 3) + (i / W) * 7) * 2654435761u >> 24);
  }

  weft_cpu_info_t cpus[1024];
  int ncpu = weft_topology(cpus, 1024);
  cpu_set_t little, big;
  CPU_ZERO(&little);
  CPU_ZERO(&big);
  int min_class = 2, max_class = 0;
  for (int i = 0; i < ncpu; i++) {
    min_class = cpus[i].core_class < min_class ? cpus[i].core_class : min_class;
    max_class = cpus[i].core_class > max_class ? cpus[i].core_class : max_class;
  }
  for (int i = 0; i < ncpu; i++) {
    if (cpus[i].core_class == min_class)
      CPU_SET(cpus[i].cpu, &little);
    if (cpus[i].core_class == max_class)
      CPU_SET(cpus[i].cpu, &big);
  }
  fprintf(stderr, "%d CPUs:", ncpu);
  for (int i = 0; i < ncpu; i++)
    fprintf(stderr, " cpu%d %s (capacity %d)", cpus[i].cpu,
            cpus[i].core_class == WEFT_CORE_LITTLE ? "little"
            : cpus[i].core_class == WEFT_CORE_BIG  ? "big"
                                                   : "prime",
            cpus[i].capacity);
  fprintf(stderr, "\n");
  if (min_class == max_class)
    fprintf(stderr, "one class of cores: 'little' and 'big' are the same "
                    "CPUs here\n");

  const char *modes[] = {"none", "little", "big"};
  int first = 0, last = 2;
  if (!strcmp(mode, "sequential")) {
    double t0 = now_ms();
    for (int t = 0; t < THREADS; t++)
      for (int k = 0; k < REPEAT; k++)
        weft_box_filter_u8(in[t], W, out[t], W, W, H, R);
    fprintf(stderr, "sequential: %.1f ms\n", now_ms() - t0);
    first = 1, last = 0;
  } else if (strcmp(mode, "all")) {
    for (first = 0; first < 3 && strcmp(mode, modes[first]); first++)
      ;
    if (first == 3) {
      fprintf(stderr, "usage: affinity [sequential|none|little|big|all]\n");
      return 2;
    }
    last = first;
  }
  for (int m = first; m <= last; m++) {
    job_t jobs[THREADS];
    pthread_t th[THREADS];
    double t0 = now_ms();
    for (int t = 0; t < THREADS; t++) {
      jobs[t] = (job_t){.in = in[t], .out = out[t], .bind = m != 0};
      jobs[t].cpus = m == 1 ? little : big;
      pthread_create(&th[t], NULL, run, &jobs[t]);
    }
    for (int t = 0; t < THREADS; t++)
      pthread_join(th[t], NULL);
    double total = now_ms() - t0;
    fprintf(stderr, "bound to %-6s:", modes[m]);
    for (int t = 0; t < THREADS; t++)
      fprintf(stderr, " thread %d on cpu%d %.1f ms;", t, jobs[t].cpu,
              jobs[t].ms);
    fprintf(stderr, " total %.1f ms\n", total);
  }
  for (int t = 0; t < THREADS; t++)
    printf("image %d: %lu\n", t, checksum(out[t], W * H));
  for (int t = 0; t < THREADS; t++) {
    free(in[t]);
    free(out[t]);
  }
  return 0;
}
