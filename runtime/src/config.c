/*===- config.c - Configuration from the environment and the API ----------===*
 *
 * The environment is read once, on first use. API setters override it and
 * bump a generation counter; the thread that owns the team compares that
 * counter at each region (one relaxed load) and applies a change when the
 * team is idle. An invalid value prints one message on stderr and the default
 * is kept.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Default spin budget of an idle member, in microseconds. From the sweep in
/// bench/runtime/README.md ("Choosing the spin time"): past a few hundred
/// microseconds the hot fork/join cost stops improving, and the CPU burned per
/// idle second grows with the budget. 300 us keeps regions that follow each
/// other within 0.3 ms hot and burns 0.4 ms of CPU per idle second (libgomp:
/// 11 ms).
const int weft_default_spin_us = 300;

_Atomic unsigned weft_config_generation = 1;

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
/* What the per-call questions of any thread need of the environment, read
   once (read_env): ENV_REVERSE_BIT (WEFT_SCHEDULE=reverse) and
   ENV_MEASURE_BIT (WEFT_MEASURE), with ENV_READ_BIT once they are set. One
   relaxed load per question, where pthread_once and env_cfg cost a short site's
   call two more cache lines. */
enum { ENV_READ_BIT = 1, ENV_REVERSE_BIT = 2, ENV_MEASURE_BIT = 4 };
static _Atomic int env_bits;

/* Each setting has an environment value and an API value; the API wins. */
static weft_config_t env_cfg;
static int api_num_threads = -1, api_spin_us = -1, api_nweights = -1;
static int api_bind = -1;
/* Compile-time defaults (weft_set_default_team): below the environment. */
static int default_cores, default_nweights;
static int default_weights[WEFT_MAX_TEAM];
static size_t api_stack_size;
static int api_weights[WEFT_MAX_TEAM];
static int api_restrict_cpus = -1; /* -1: the environment's WEFT_CPUS */
static unsigned char api_cpus[WEFT_TOPO_MAX_CPUS];

static const char *trim(const char *s, size_t *len) {
  while (isspace((unsigned char)*s))
    s++;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1]))
    n--;
  *len = n;
  return s;
}

int weft_parse_int(const char *s, long min, long max, long *out) {
  size_t len;
  char buf[32], *end;
  if (!s)
    return -1;
  s = trim(s, &len);
  if (len == 0 || len >= sizeof buf)
    return -1;
  memcpy(buf, s, len);
  buf[len] = 0;
  errno = 0;
  long v = strtol(buf, &end, 10);
  if (errno || *end || v < min || v > max)
    return -1;
  *out = v;
  return 0;
}

int weft_parse_size(const char *s, size_t min, size_t *out) {
  size_t len;
  char buf[32], *end;
  if (!s)
    return -1;
  s = trim(s, &len);
  if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)s[0]))
    return -1;
  memcpy(buf, s, len);
  buf[len] = 0;
  errno = 0;
  unsigned long long v = strtoull(buf, &end, 10);
  if (errno)
    return -1;
  unsigned shift = 0;
  if (*end == 'k' || *end == 'K')
    shift = 10, end++;
  else if (*end == 'm' || *end == 'M')
    shift = 20, end++;
  else if (*end == 'g' || *end == 'G')
    shift = 30, end++;
  if (*end || v > ((unsigned long long)SIZE_MAX >> shift))
    return -1;
  v <<= shift;
  if (v < min)
    return -1;
  *out = (size_t)v;
  return 0;
}

int weft_parse_weights(const char *s, int *out, int max, int *count) {
  int n = 0;
  if (!s)
    return -1;
  for (;;) {
    const char *comma = strchr(s, ',');
    size_t len = comma ? (size_t)(comma - s) : strlen(s);
    char buf[32];
    long v;
    if (len >= sizeof buf || n >= max)
      return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    if (weft_parse_int(buf, 1, 1048576, &v))
      return -1;
    out[n++] = (int)v;
    if (!comma)
      break;
    s = comma + 1;
  }
  *count = n;
  return 0;
}

static void complain(const char *name, const char *value, const char *want,
                     const char *dflt) {
  fprintf(stderr, "weft: ignoring %s='%s': expected %s; using %s\n", name,
          value, want, dflt);
}

static void read_env(void) {
  const char *s;
  long v;
  env_cfg.spin_us = weft_default_spin_us;
  env_cfg.bind = 1;
  env_cfg.wake_ahead = 1;
  env_cfg.measure = 1;
  if ((s = getenv("WEFT_MEASURE")) && *s) {
    if (weft_parse_int(s, 0, 1, &v) == 0)
      env_cfg.measure = (int)v;
    else
      complain("WEFT_MEASURE", s, "0 or 1",
               "1 (run regions measured to be shorter than a fork/join on "
               "the calling thread)");
  }
  if ((s = getenv("WEFT_WAKE_AHEAD")) && *s) {
    if (weft_parse_int(s, 0, 1, &v) == 0)
      env_cfg.wake_ahead = (int)v;
    else
      complain("WEFT_WAKE_AHEAD", s, "0 or 1",
               "1 (wake workers ahead of regions that come on a beat)");
  }
  if ((s = getenv("WEFT_BIND")) && *s) {
    if (weft_parse_int(s, 0, 1, &v) == 0)
      env_cfg.bind = (int)v;
    else
      complain("WEFT_BIND", s, "0 or 1", "1 (pin members to CPUs)");
  }
  if ((s = getenv("WEFT_NUM_THREADS")) && *s) {
    if (weft_parse_int(s, 1, WEFT_MAX_TEAM, &v) == 0)
      env_cfg.num_threads = (int)v;
    else
      complain("WEFT_NUM_THREADS", s, "an integer from 1 to 1024",
               "one thread per CPU of the affinity mask");
  }
  if ((s = getenv("WEFT_SPIN_US")) && *s) {
    if (weft_parse_int(s, 0, 1000000, &v) == 0)
      env_cfg.spin_us = (int)v;
    else {
      char d[32];
      snprintf(d, sizeof d, "%d", weft_default_spin_us);
      complain("WEFT_SPIN_US", s, "an integer from 0 to 1000000", d);
    }
  }
  if ((s = getenv("WEFT_WEIGHTS")) && *s) {
    if (weft_parse_weights(s, env_cfg.weights, WEFT_MAX_TEAM,
                           &env_cfg.nweights) != 0) {
      env_cfg.nweights = 0;
      complain("WEFT_WEIGHTS", s,
               "a comma-separated list of integers from 1 to 1048576",
               "equal weights");
    }
  }
  if ((s = getenv("WEFT_CPUS")) && *s) {
    if (weft_parse_cpulist(s, env_cfg.cpus, WEFT_TOPO_MAX_CPUS) == 0)
      env_cfg.restrict_cpus = 1;
    else
      complain("WEFT_CPUS", s, "a CPU list such as 0-3,6",
               "the CPUs of the affinity mask");
  }
  if ((s = getenv("WEFT_SCHEDULE")) && *s) {
    if (strcmp(s, "reverse") == 0)
      env_cfg.reverse = 1;
    else if (strcmp(s, "eager") == 0)
      env_cfg.eager = 1;
    else if (strcmp(s, "normal") != 0)
      complain("WEFT_SCHEDULE", s, "normal, reverse or eager", "normal");
  }
  if ((s = getenv("WEFT_STACK_SIZE")) && *s) {
    if (weft_parse_size(s, 65536, &env_cfg.stack_size) != 0) {
      env_cfg.stack_size = 0;
      complain("WEFT_STACK_SIZE", s,
               "a size of at least 65536 bytes, with an optional K, M or G",
               "the system default");
    }
  }
  atomic_store_explicit(&env_bits,
                        ENV_READ_BIT | (env_cfg.reverse ? ENV_REVERSE_BIT : 0) |
                            (env_cfg.measure ? ENV_MEASURE_BIT : 0),
                        memory_order_relaxed);
}

/// env_bits, read first if need be.
static int env_flags(void) {
  int b = atomic_load_explicit(&env_bits, memory_order_relaxed);
  if (!b) {
    pthread_once(&env_once, read_env);
    b = atomic_load_explicit(&env_bits, memory_order_relaxed);
  }
  return b;
}

int weft_schedule_reversed(void) {
  return (env_flags() & ENV_REVERSE_BIT) != 0;
}

int weft_measure_sites(void) { return (env_flags() & ENV_MEASURE_BIT) != 0; }

int weft_schedule_eager(void) {
  pthread_once(&env_once, read_env);
  return env_cfg.eager;
}

void weft_config_snapshot(weft_config_t *out) {
  pthread_once(&env_once, read_env);
  pthread_mutex_lock(&config_lock);
  *out = env_cfg;
  if (out->num_threads == 0 && default_cores > 0)
    out->num_threads = default_cores;
  if (out->nweights == 0 && default_nweights > 0) {
    out->nweights = default_nweights;
    memcpy(out->weights, default_weights,
           sizeof(int) * (size_t)default_nweights);
  }
  if (api_num_threads >= 0)
    out->num_threads = api_num_threads;
  if (api_spin_us >= 0)
    out->spin_us = api_spin_us;
  if (api_stack_size)
    out->stack_size = api_stack_size;
  if (api_bind >= 0)
    out->bind = api_bind;
  if (api_nweights >= 0) {
    out->nweights = api_nweights;
    memcpy(out->weights, api_weights, sizeof(int) * (size_t)api_nweights);
  }
  if (api_restrict_cpus >= 0) {
    out->restrict_cpus = api_restrict_cpus;
    memcpy(out->cpus, api_cpus, sizeof api_cpus);
  }
  pthread_mutex_unlock(&config_lock);
}

void weft_config_atfork(enum weft_fork_phase phase) {
  if (phase == WEFT_FORK_PREPARE)
    pthread_mutex_lock(&config_lock);
  else
    pthread_mutex_unlock(&config_lock); /* the child's thread took it */
}

static void changed(void) {
  atomic_fetch_add_explicit(&weft_config_generation, 1, memory_order_release);
}

int weft_set_num_threads(int n) {
  if (n < 0 || n > WEFT_MAX_TEAM)
    return -1;
  pthread_mutex_lock(&config_lock);
  api_num_threads = n == 0 ? -1 : n;
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_set_spin_us(int us) {
  if (us < 0 || us > 1000000)
    return -1;
  pthread_mutex_lock(&config_lock);
  api_spin_us = us;
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_spin_us(void) {
  weft_config_t c;
  weft_config_snapshot(&c);
  return c.spin_us;
}

int weft_set_weights(const int *weights, int n) {
  if (n < 0 || n > WEFT_MAX_TEAM || (n > 0 && !weights))
    return -1;
  for (int i = 0; i < n; i++)
    if (weights[i] < 1 || weights[i] > 1048576)
      return -1;
  pthread_mutex_lock(&config_lock);
  if (n == 0 || !weights) {
    api_nweights = -1;
  } else {
    api_nweights = n;
    memcpy(api_weights, weights, sizeof(int) * (size_t)n);
  }
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_set_cpus(const int *cpus, int n) {
  if (n < 0 || n > WEFT_TOPO_MAX_CPUS || (n > 0 && !cpus))
    return -1;
  for (int i = 0; i < n; i++)
    if (cpus[i] < 0 || cpus[i] >= WEFT_TOPO_MAX_CPUS)
      return -1;
  pthread_mutex_lock(&config_lock);
  if (n == 0) {
    api_restrict_cpus = -1;
  } else {
    api_restrict_cpus = 1;
    memset(api_cpus, 0, sizeof api_cpus);
    for (int i = 0; i < n; i++)
      api_cpus[cpus[i]] = 1;
  }
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_set_bind(int on) {
  if (on != 0 && on != 1)
    return -1;
  pthread_mutex_lock(&config_lock);
  api_bind = on;
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_set_stack_size(size_t bytes) {
  if (bytes < 65536)
    return -1;
  pthread_mutex_lock(&config_lock);
  api_stack_size = bytes;
  pthread_mutex_unlock(&config_lock);
  changed();
  return 0;
}

int weft_set_default_team(int cores, const int *weights, int nweights) {
  if (cores < 0 || cores > WEFT_MAX_TEAM || nweights < 0 ||
      nweights > WEFT_MAX_TEAM || (nweights > 0 && !weights))
    return -1;
  for (int i = 0; i < nweights; i++)
    if (weights[i] < 1 || weights[i] > 1048576)
      return -1;
  pthread_mutex_lock(&config_lock);
  int same = default_cores == cores && default_nweights == nweights &&
             (nweights == 0 ||
              memcmp(default_weights, weights, sizeof(int) * (size_t)nweights) == 0);
  default_cores = cores;
  default_nweights = nweights;
  if (nweights > 0)
    memcpy(default_weights, weights, sizeof(int) * (size_t)nweights);
  pthread_mutex_unlock(&config_lock);
  if (!same)
    changed();
  return 0;
}
