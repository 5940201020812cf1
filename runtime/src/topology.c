/*===- topology.c - Which cores are big: CPUs and clusters from sysfs ----===*
 *
 * Reads, under /sys/devices/system/cpu (or WEFT_SYSFS_ROOT, for tests):
 *
 *   online                         the online CPUs, a cpulist ("0-3,6")
 *   cpuN/cpu_capacity              the scheduler's capacity (arm64, 1024 for
 *                                  the fastest core)
 *   cpufreq/policyN/related_cpus   the CPUs of one frequency domain
 *   cpufreq/policyN/cpuinfo_max_freq   its top frequency, in kHz
 *
 * A cpufreq policy is a cluster. Without cpufreq, CPUs of equal capacity are
 * one; without either, all CPUs are one cluster. A cluster's capacity is its
 * cpu_capacity, else 1024 scaled by its top frequency against the fastest
 * cluster's, else 1024. Sorted by capacity, the slowest cluster is little,
 * the fastest is prime when there are three or more (else big), and the
 * ones between are big; a single cluster is big. ncnn reads the same files
 * but only splits big from little (../shared/notes/anchors-runtime.md).
 *
 * Files that are missing or malformed are skipped, never fatal: the
 * topology degrades to one cluster of equal CPUs.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int weft_sysfs_read(const char *root, const char *rel, char *buf, size_t size) {
  char path[1024];
  if (snprintf(path, sizeof path, "%s/%s", root, rel) >= (int)sizeof path)
    return -1;
  FILE *f = fopen(path, "re");
  if (!f)
    return -1;
  size_t n = fread(buf, 1, size - 1, f);
  fclose(f);
  buf[n] = 0;
  return n > 0 ? 0 : -1;
}

long weft_sysfs_long(const char *root, const char *rel) {
  char buf[64], *end;
  if (weft_sysfs_read(root, rel, buf, sizeof buf) != 0)
    return -1;
  long v = strtol(buf, &end, 10);
  if (end == buf || v < 0 || (*end && *end != '\n' && *end != ' '))
    return -1;
  return v;
}

int weft_parse_cpulist(const char *s, unsigned char *set, int max) {
  /* "0-3,6", or a space-separated list as in related_cpus ("4 5"). */
  int any = 0;
  memset(set, 0, (size_t)max);
  while (*s) {
    while (*s == ',' || *s == ' ' || *s == '\n')
      s++;
    if (!*s)
      break;
    char *end;
    long a = strtol(s, &end, 10), b;
    if (end == s || a < 0)
      return -1;
    s = end;
    b = a;
    if (*s == '-') {
      b = strtol(s + 1, &end, 10);
      if (end == s + 1 || b < a)
        return -1;
      s = end;
    }
    if (*s && *s != ',' && *s != ' ' && *s != '\n')
      return -1;
    for (long c = a; c <= b && c < max; c++)
      set[c] = 1, any = 1;
  }
  return any ? 0 : -1;
}

static int by_capacity(const void *a, const void *b) {
  const weft_cluster_t *x = a, *y = b;
  if (x->capacity != y->capacity)
    return x->capacity < y->capacity ? -1 : 1;
  return x->first_cpu - y->first_cpu;
}

void weft_topology_read(const char *root, weft_topology_t *t) {
  unsigned char online[WEFT_TOPO_MAX_CPUS], related[WEFT_TOPO_MAX_CPUS];
  char buf[4096], rel[128];
  memset(t, 0, sizeof *t);
  if (weft_sysfs_read(root, "online", buf, sizeof buf) != 0 ||
      weft_parse_cpulist(buf, online, WEFT_TOPO_MAX_CPUS) != 0) {
    /* No online list: the CPUs the system says it has. */
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
      n = 1;
    memset(online, 0, sizeof online);
    for (long c = 0; c < n && c < WEFT_TOPO_MAX_CPUS; c++)
      online[c] = 1;
  }
  for (int c = 0; c < WEFT_TOPO_MAX_CPUS; c++) {
    t->cpu[c].cluster = -1;
    if (!online[c])
      continue;
    t->cpu[c].online = 1;
    t->ncpus++;
    snprintf(rel, sizeof rel, "cpu%d/cpu_capacity", c);
    t->cpu[c].capacity = (int)weft_sysfs_long(root, rel);
    t->max_cpu = c;
  }
  /* Clusters from cpufreq policies. */
  for (int p = 0; p <= t->max_cpu && t->nclusters < WEFT_TOPO_MAX_CLUSTERS;
       p++) {
    snprintf(rel, sizeof rel, "cpufreq/policy%d/related_cpus", p);
    if (weft_sysfs_read(root, rel, buf, sizeof buf) != 0 ||
        weft_parse_cpulist(buf, related, WEFT_TOPO_MAX_CPUS) != 0)
      continue;
    snprintf(rel, sizeof rel, "cpufreq/policy%d/cpuinfo_max_freq", p);
    long khz = weft_sysfs_long(root, rel);
    int k = t->nclusters, members = 0;
    for (int c = 0; c <= t->max_cpu; c++)
      if (related[c] && t->cpu[c].online && t->cpu[c].cluster < 0) {
        t->cpu[c].cluster = k;
        members++;
      }
    if (!members)
      continue;
    t->clusters[k].id = k;
    t->clusters[k].max_khz = khz > 0 ? (int)khz : 0;
    t->nclusters++;
    t->has_cpufreq = 1;
  }
  /* CPUs no policy named: clusters of equal capacity (or one cluster). */
  int policies = t->nclusters;
  for (int c = 0; c <= t->max_cpu; c++) {
    if (!t->cpu[c].online || t->cpu[c].cluster >= 0)
      continue;
    int k = -1;
    for (int d = 0; d < c; d++)
      if (t->cpu[d].online && t->cpu[d].cluster >= policies &&
          t->cpu[d].capacity == t->cpu[c].capacity) {
        k = t->cpu[d].cluster;
        break;
      }
    if (k < 0) {
      if (t->nclusters == WEFT_TOPO_MAX_CLUSTERS)
        k = t->nclusters - 1;
      else {
        k = t->nclusters++;
        t->clusters[k].id = k;
      }
    }
    t->cpu[c].cluster = k;
  }
  /* Each cluster's capacity, and its first CPU and size. */
  int top_khz = 0;
  for (int k = 0; k < t->nclusters; k++)
    if (t->clusters[k].max_khz > top_khz)
      top_khz = t->clusters[k].max_khz;
  for (int k = 0; k < t->nclusters; k++) {
    weft_cluster_t *cl = &t->clusters[k];
    cl->first_cpu = -1;
    int cap = -1;
    for (int c = 0; c <= t->max_cpu; c++)
      if (t->cpu[c].online && t->cpu[c].cluster == k) {
        if (cl->first_cpu < 0)
          cl->first_cpu = c;
        cl->ncpus++;
        if (t->cpu[c].capacity > cap)
          cap = t->cpu[c].capacity;
      }
    if (cap > 0)
      cl->capacity = cap;
    else if (cl->max_khz > 0 && top_khz > 0)
      cl->capacity =
          (int)((int64_t)WEFT_DEFAULT_WEIGHT * cl->max_khz / top_khz);
    else
      cl->capacity = WEFT_DEFAULT_WEIGHT;
    if (cl->capacity < 1)
      cl->capacity = 1;
  }
  /* Slowest first; then the classes; then each CPU's view. */
  weft_cluster_t sorted[WEFT_TOPO_MAX_CLUSTERS];
  memcpy(sorted, t->clusters, sizeof(weft_cluster_t) * (size_t)t->nclusters);
  int old_of[WEFT_TOPO_MAX_CLUSTERS];
  qsort(sorted, (size_t)t->nclusters, sizeof sorted[0], by_capacity);
  for (int k = 0; k < t->nclusters; k++) {
    old_of[sorted[k].id] = k;
    sorted[k].id = k;
    sorted[k].core_class = t->nclusters == 1 ? WEFT_CORE_BIG
                           : k == 0          ? WEFT_CORE_LITTLE
                           : k == t->nclusters - 1 && t->nclusters >= 3
                               ? WEFT_CORE_PRIME
                               : WEFT_CORE_BIG;
  }
  memcpy(t->clusters, sorted, sizeof(weft_cluster_t) * (size_t)t->nclusters);
  for (int c = 0; c <= t->max_cpu; c++) {
    if (!t->cpu[c].online)
      continue;
    int k = old_of[t->cpu[c].cluster];
    t->cpu[c].cluster = k;
    t->cpu[c].capacity = t->clusters[k].capacity;
    t->cpu[c].core_class = t->clusters[k].core_class;
    t->cpu[c].max_khz = t->clusters[k].max_khz;
  }
}

/* The process's topology, read once. */
static weft_topology_t topo;
static pthread_once_t topo_once = PTHREAD_ONCE_INIT;

static void topo_init(void) {
  const char *root = getenv("WEFT_SYSFS_ROOT");
  weft_topology_read(root && *root ? root : "/sys/devices/system/cpu", &topo);
}

const weft_topology_t *weft_topology_get(void) {
  pthread_once(&topo_once, topo_init);
  return &topo;
}

int weft_topology(weft_cpu_info_t *out, int max) {
  const weft_topology_t *t = weft_topology_get();
  cpu_set_t allowed;
  int have_mask = sched_getaffinity(0, sizeof allowed, &allowed) == 0;
  int n = 0;
  for (int c = 0; c <= t->max_cpu; c++) {
    if (!t->cpu[c].online ||
        (have_mask && c < CPU_SETSIZE && !CPU_ISSET(c, &allowed)))
      continue;
    if (out && n < max) {
      out[n].cpu = c;
      out[n].capacity = t->cpu[c].capacity;
      out[n].cluster = t->cpu[c].cluster;
      out[n].core_class = t->cpu[c].core_class;
      out[n].max_khz = t->cpu[c].max_khz;
    }
    n++;
  }
  return n;
}

/*===--- Cache sizes ------------------------------------------------------===*
 *
 * cpuN/cache/indexK/{level,type,size} of the online CPUs ("2", "Unified",
 * "2048K"): for each level, the smallest data or unified cache any online
 * CPU has, so that tiles sized from it fit on every core of a big.LITTLE
 * team. WEFT_CACHE_BYTES ("48K,2M": L1 data, L2) overrides them; without
 * either, 32 KiB and 256 KiB, a small phone core's.
 */
static int64_t cache_bytes[3];
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

void weft_cache_read(const char *root, const weft_topology_t *t,
                     int64_t out[3]) {
  char rel[128], buf[64];
  out[0] = out[1] = out[2] = 0;
  for (int c = 0; c <= t->max_cpu; c++) {
    if (!t->cpu[c].online)
      continue;
    for (int k = 0; k < 16; k++) {
      snprintf(rel, sizeof rel, "cpu%d/cache/index%d/level", c, k);
      long level = weft_sysfs_long(root, rel);
      if (level < 1 || level > 2)
        continue;
      snprintf(rel, sizeof rel, "cpu%d/cache/index%d/type", c, k);
      if (weft_sysfs_read(root, rel, buf, sizeof buf) != 0 ||
          (strncmp(buf, "Data", 4) != 0 && strncmp(buf, "Unified", 7) != 0))
        continue;
      snprintf(rel, sizeof rel, "cpu%d/cache/index%d/size", c, k);
      size_t size;
      if (weft_sysfs_read(root, rel, buf, sizeof buf) != 0 ||
          weft_parse_size(buf, 1024, &size) != 0)
        continue;
      if (out[level] == 0 || (int64_t)size < out[level])
        out[level] = (int64_t)size;
    }
  }
}

static void cache_init(void) {
  const char *root = getenv("WEFT_SYSFS_ROOT");
  weft_cache_read(root && *root ? root : "/sys/devices/system/cpu",
                  weft_topology_get(), cache_bytes);
  const char *s = getenv("WEFT_CACHE_BYTES");
  if (s && *s) {
    const char *comma = strchr(s, ',');
    char l1[32];
    size_t a = 0, b = 0;
    size_t len = comma ? (size_t)(comma - s) : 0;
    if (comma && len < sizeof l1) {
      memcpy(l1, s, len);
      l1[len] = 0;
    }
    if (comma && len < sizeof l1 && weft_parse_size(l1, 1024, &a) == 0 &&
        weft_parse_size(comma + 1, 1024, &b) == 0 && a <= ((size_t)1 << 40) &&
        b <= ((size_t)1 << 40)) {
      cache_bytes[1] = (int64_t)a;
      cache_bytes[2] = (int64_t)b;
    } else {
      fprintf(stderr,
              "weft: ignoring WEFT_CACHE_BYTES='%s': expected two sizes of at "
              "least 1024 bytes, L1 data then L2, such as 48K,2M; using "
              "the caches' sizes\n",
              s);
    }
  }
  if (cache_bytes[1] <= 0)
    cache_bytes[1] = WEFT_L1_BYTES;
  if (cache_bytes[2] <= 0)
    cache_bytes[2] = WEFT_L2_BYTES;
}

int64_t weft_cache_bytes(int level) {
  if (level < 1 || level > 2)
    return 0;
  pthread_once(&cache_once, cache_init);
  return cache_bytes[level];
}
