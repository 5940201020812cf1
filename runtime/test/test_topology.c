/*===- test_topology.c - Clusters and core classes from fake sysfs ------===*
 *
 * Each case writes a sysfs cpu directory in a temporary directory, in the
 * kernel's formats, and checks the clusters, capacities and classes that
 * topology.c reads from it:
 *
 *  - an 8-core phone: cpus 0-3 at 1.805 GHz, capacity 512 (little); 4-5 at
 *    1.92 GHz, 800 (big); 6-7 at 2.6 GHz, 1024 (prime);
 *  - a 1+3+4 phone (prime cpu 7, big 4-6, little 0-3);
 *  - a board with cpufreq but no cpu_capacity (capacities from frequencies);
 *  - a machine with no cpufreq and no capacities (this one): one cluster;
 *  - capacities without cpufreq; an offline CPU; malformed files;
 *  - caches: the smallest L1 data and L2 of a big.LITTLE phone's online
 *    CPUs, instruction caches and malformed sizes skipped.
 *
 * Then WEFT_SYSFS_ROOT points the process's own topology (and caches) at a
 * tree, and WEFT_CACHE_BYTES overrides the caches in a child process.
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "../src/internal.h"
#include "check.h"

#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char base[256];
static int serial;

/// A new empty tree; returns its root.
static const char *tree(char *root, size_t size) {
  snprintf(root, size, "%s/t%d", base, serial++);
  CHECK(mkdir(root, 0700) == 0);
  return root;
}

/// Writes root/rel (making its directories) with printf-formatted content.
static void put(const char *root, const char *rel, const char *fmt, ...) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  for (char *p = path + strlen(root) + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      mkdir(path, 0700);
      *p = '/';
    }
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fclose(f);
}

/// cpuN/cache/indexK of one cache, in the kernel's formats.
static void cache(const char *root, int cpu, int index, int level,
                  const char *type, const char *size) {
  char rel[96];
  snprintf(rel, sizeof rel, "cpu%d/cache/index%d/level", cpu, index);
  put(root, rel, "%d\n", level);
  snprintf(rel, sizeof rel, "cpu%d/cache/index%d/type", cpu, index);
  put(root, rel, "%s\n", type);
  snprintf(rel, sizeof rel, "cpu%d/cache/index%d/size", cpu, index);
  put(root, rel, "%s\n", size);
}

/// A phone's caches: cpus 0-3 32K L1d and 128K L2, 4-7 64K and 512K, all
/// sharing a 2M L3; instruction caches larger than any data cache.
static void phone_caches(const char *root) {
  for (int c = 0; c < 8; c++) {
    cache(root, c, 0, 1, "Data", c < 4 ? "32K" : "64K");
    cache(root, c, 1, 1, "Instruction", "16K");
    cache(root, c, 2, 2, "Unified", c < 4 ? "128K" : "512K");
    cache(root, c, 3, 3, "Unified", "2048K");
  }
}

static void caches(void) {
  char buf[256];
  const char *root = tree(buf, sizeof buf);
  put(root, "online", "0-7\n");
  phone_caches(root);
  weft_topology_t t;
  weft_topology_read(root, &t);
  int64_t got[3];
  weft_cache_read(root, &t, got);
  CHECK_EQ(got[1], 32 * 1024);
  CHECK_EQ(got[2], 128 * 1024);
  /* The little CPUs offline: the big ones' caches. */
  put(root, "online", "4-7\n");
  weft_topology_read(root, &t);
  weft_cache_read(root, &t, got);
  CHECK_EQ(got[1], 64 * 1024);
  CHECK_EQ(got[2], 512 * 1024);
  /* Malformed sizes and types are skipped, and no cache says 0. */
  cache(root, 5, 0, 1, "Data", "lots");
  cache(root, 6, 2, 2, "Weird", "4K");
  weft_cache_read(root, &t, got);
  CHECK_EQ(got[1], 64 * 1024);
  CHECK_EQ(got[2], 512 * 1024);
  const char *none = tree(buf, sizeof buf);
  put(none, "online", "0-1\n");
  weft_topology_read(none, &t);
  weft_cache_read(none, &t, got);
  CHECK_EQ(got[1], 0);
  CHECK_EQ(got[2], 0);
}

static void cpu_capacity(const char *root, int cpu, int cap) {
  char rel[64];
  snprintf(rel, sizeof rel, "cpu%d/cpu_capacity", cpu);
  put(root, rel, "%d\n", cap);
}

static void policy(const char *root, int id, const char *cpus, int khz) {
  char rel[64];
  snprintf(rel, sizeof rel, "cpufreq/policy%d/related_cpus", id);
  put(root, rel, "%s\n", cpus);
  snprintf(rel, sizeof rel, "cpufreq/policy%d/cpuinfo_max_freq", id);
  put(root, rel, "%d\n", khz);
}

static weft_topology_t t;

static void phone8(void) {
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-7\n");
  for (int c = 0; c < 8; c++)
    cpu_capacity(root, c, c < 4 ? 512 : c < 6 ? 800 : 1024);
  policy(root, 0, "0 1 2 3", 1805000);
  policy(root, 4, "4 5", 1920000);
  policy(root, 6, "6 7", 2600000);
  weft_topology_read(root, &t);
  CHECK_EQ(t.ncpus, 8);
  CHECK_EQ(t.nclusters, 3);
  CHECK(t.has_cpufreq);
  CHECK_EQ(t.clusters[0].core_class, WEFT_CORE_LITTLE);
  CHECK_EQ(t.clusters[0].capacity, 512);
  CHECK_EQ(t.clusters[0].ncpus, 4);
  CHECK_EQ(t.clusters[0].max_khz, 1805000);
  CHECK_EQ(t.clusters[1].core_class, WEFT_CORE_BIG);
  CHECK_EQ(t.clusters[1].capacity, 800);
  CHECK_EQ(t.clusters[1].first_cpu, 4);
  CHECK_EQ(t.clusters[2].core_class, WEFT_CORE_PRIME);
  CHECK_EQ(t.clusters[2].capacity, 1024);
  CHECK_EQ(t.clusters[2].ncpus, 2);
  for (int c = 0; c < 8; c++) {
    CHECK_EQ(t.cpu[c].cluster, c < 4 ? 0 : c < 6 ? 1 : 2);
    CHECK_EQ(t.cpu[c].core_class, c < 4   ? WEFT_CORE_LITTLE
                                  : c < 6 ? WEFT_CORE_BIG
                                          : WEFT_CORE_PRIME);
  }
  CHECK_EQ(t.cpu[6].max_khz, 2600000);
}

static void phone_1_3_4(void) {
  /* Policies listed prime first, as some kernels number them: the order
     comes from capacity, not from the files. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-7\n");
  for (int c = 0; c < 8; c++)
    cpu_capacity(root, c, c < 4 ? 325 : c < 7 ? 871 : 1024);
  policy(root, 0, "0 1 2 3", 1785600);
  policy(root, 4, "4 5 6", 2419200);
  policy(root, 7, "7", 2841600);
  weft_topology_read(root, &t);
  CHECK_EQ(t.nclusters, 3);
  CHECK_EQ(t.clusters[0].ncpus, 4);
  CHECK_EQ(t.clusters[1].ncpus, 3);
  CHECK_EQ(t.clusters[2].ncpus, 1);
  CHECK_EQ(t.cpu[7].core_class, WEFT_CORE_PRIME);
  CHECK_EQ(t.cpu[7].capacity, 1024);
  CHECK_EQ(t.cpu[5].core_class, WEFT_CORE_BIG);
  CHECK_EQ(t.cpu[5].capacity, 871);
  CHECK_EQ(t.cpu[0].core_class, WEFT_CORE_LITTLE);
}

static void board_no_capacity(void) {
  /* A 4+2 board with cpufreq but no cpu_capacity: capacities from the top
     frequencies, 1024 for the fastest. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-5\n");
  policy(root, 0, "0-3", 1400000);
  policy(root, 4, "4-5", 1800000);
  weft_topology_read(root, &t);
  CHECK_EQ(t.nclusters, 2);
  CHECK_EQ(t.clusters[0].capacity, 1024 * 1400000 / 1800000);
  CHECK_EQ(t.clusters[0].core_class, WEFT_CORE_LITTLE);
  CHECK_EQ(t.clusters[1].capacity, 1024);
  CHECK_EQ(t.clusters[1].core_class,
           WEFT_CORE_BIG); /* two clusters: no prime */
  CHECK_EQ(t.cpu[5].capacity, 1024);
  CHECK_EQ(t.cpu[2].capacity, 796);
}

static void plain_machine(void) {
  /* This machine: an online list and nothing else. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-1\n");
  weft_topology_read(root, &t);
  CHECK_EQ(t.ncpus, 2);
  CHECK_EQ(t.nclusters, 1);
  CHECK(!t.has_cpufreq);
  CHECK_EQ(t.clusters[0].capacity, WEFT_DEFAULT_WEIGHT);
  CHECK_EQ(t.cpu[1].core_class, WEFT_CORE_BIG);
  CHECK_EQ(t.cpu[1].max_khz, 0);
}

static void capacities_only(void) {
  /* arm64 without cpufreq (a VM, a locked-down kernel): clusters of equal
     capacity. An offline CPU is skipped. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-2,4-5\n");
  for (int c = 0; c < 6; c++)
    cpu_capacity(root, c, c < 3 ? 430 : 1024);
  weft_topology_read(root, &t);
  CHECK_EQ(t.ncpus, 5);
  CHECK(!t.cpu[3].online);
  CHECK_EQ(t.nclusters, 2);
  CHECK_EQ(t.clusters[0].capacity, 430);
  CHECK_EQ(t.clusters[0].ncpus, 3);
  CHECK_EQ(t.clusters[1].ncpus, 2);
  CHECK_EQ(t.cpu[4].core_class, WEFT_CORE_BIG);
  CHECK_EQ(t.cpu[0].core_class, WEFT_CORE_LITTLE);
}

static void malformed(void) {
  /* Garbage in every file: one cluster of the CPUs the system reports. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "zero-seven\n");
  cpu_capacity(root, 0, -5);
  put(root, "cpufreq/policy0/related_cpus", "3-1\n");
  weft_topology_read(root, &t);
  CHECK(t.ncpus >= 1);
  CHECK_EQ(t.nclusters, 1);
  CHECK_EQ(t.clusters[0].capacity, WEFT_DEFAULT_WEIGHT);
  /* A missing tree entirely: the same. */
  weft_topology_read("/nonexistent/weft", &t);
  CHECK(t.ncpus >= 1);
  CHECK_EQ(t.nclusters, 1);
}

static void cpulists(void) {
  unsigned char s[16];
  CHECK(weft_parse_cpulist("0-3,6\n", s, 16) == 0);
  CHECK(s[0] && s[3] && !s[4] && s[6] && !s[7]);
  CHECK(weft_parse_cpulist("4 5", s, 16) == 0);
  CHECK(!s[3] && s[4] && s[5]);
  CHECK(weft_parse_cpulist("", s, 16) != 0);
  CHECK(weft_parse_cpulist("2-1", s, 16) != 0);
  CHECK(weft_parse_cpulist("1,x", s, 16) != 0);
  CHECK(weft_parse_cpulist("0-100", s, 16) == 0); /* clipped */
  CHECK(s[15]);
}

static void process_view(void) {
  /* The public API reads WEFT_SYSFS_ROOT once, and lists the CPUs of the
     affinity mask: here the first ones of an 8-core phone tree. */
  char root[300];
  tree(root, sizeof root);
  put(root, "online", "0-7\n");
  for (int c = 0; c < 8; c++)
    cpu_capacity(root, c, c < 4 ? 512 : 1024);
  policy(root, 0, "0-3", 1800000);
  policy(root, 4, "4-7", 2400000);
  setenv("WEFT_SYSFS_ROOT", root, 1);
  cpu_set_t mask;
  CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
  weft_cpu_info_t info[8];
  int n = weft_topology(info, 8);
  int want = 0;
  for (int c = 0; c < 8; c++)
    want += CPU_ISSET(c, &mask);
  CHECK_EQ(n, want);
  for (int i = 0; i < n && i < 8; i++) {
    CHECK(CPU_ISSET(info[i].cpu, &mask));
    CHECK_EQ(info[i].capacity, info[i].cpu < 4 ? 512 : 1024);
    CHECK_EQ(info[i].core_class,
             info[i].cpu < 4 ? WEFT_CORE_LITTLE : WEFT_CORE_BIG);
    CHECK_EQ(info[i].max_khz, info[i].cpu < 4 ? 1800000 : 2400000);
  }
  CHECK_EQ(weft_topology(NULL, 0), n);
  /* Its caches: the online CPUs' smallest, each level read once. */
  phone_caches(root);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    /* The override, in a child that has not read them yet. */
    setenv("WEFT_CACHE_BYTES", "48K,2M", 1);
    _exit(weft_cache_bytes(1) == 48 * 1024 &&
                  weft_cache_bytes(2) == 2 * 1024 * 1024
              ? 0
              : 1);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0);
  pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    /* A malformed override is ignored, with a message. */
    setenv("WEFT_CACHE_BYTES", "48K", 1);
    _exit(weft_cache_bytes(1) == 32 * 1024 ? 0 : 1);
  }
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0);
  CHECK_EQ(weft_cache_bytes(1), 32 * 1024);
  CHECK_EQ(weft_cache_bytes(2), 128 * 1024);
  CHECK_EQ(weft_cache_bytes(0), 0);
  CHECK_EQ(weft_cache_bytes(3), 0);
}

int main(void) {
  snprintf(base, sizeof base, "/tmp/weft-topology-XXXXXX");
  CHECK(mkdtemp(base) != NULL);
  cpulists();
  phone8();
  phone_1_3_4();
  board_no_capacity();
  plain_machine();
  capacities_only();
  malformed();
  caches();
  process_view();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
  CHECK(system(cmd) == 0);
  printf("test_topology: ok\n");
  return 0;
}
