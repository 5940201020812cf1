// RUN: %host_cc -std=c11 -O1 -Wall -Wextra -Werror -fopenmp -I %weft_runtime_include %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=2 %t.gomp measure
// RUN: env OMP_NUM_THREADS=2 WEFT_MEASURE=0 %t.gomp off
// RUN: clang-19 -std=c11 -O1 -Wall -Wextra -Werror -fopenmp -I %weft_runtime_include %s -o %t.omp
// RUN: env OMP_NUM_THREADS=2 %t.omp measure
// RUN: env OMP_NUM_THREADS=2 WEFT_MEASURE=0 %t.omp off
// RUN: clang-19 -std=c11 -O1 -Wall -Wextra -Werror -I %weft_runtime_include %s -o %t.seq
// RUN: %t.seq none
// The measured sites of --emit=openmp output (weft_checks.h; docs/output.md,
// "Measured sites"): the policy libweft shares (weft_site_decide), on given
// times, and the calls the generated code makes, through what holds on any
// machine's load (a timing may come out long, never short), with the
// grants of calls that run as written the site keeps (weft_site_inline_run).
#include "weft_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #c);         \
      failures++;                                                              \
    }                                                                          \
  } while (0)

/// The policy on given facts (the same cases as libweft's test_sites.c
/// decisions(), which reaches it through sites.c).
static void decide(void) {
  weft_site_facts_t f = {0};
  /* Not measured: short estimates on the caller, long or none on the team. */
  EXPECT(weft_site_decide(&f, 0, 100, 500, 1) == WEFT_SITE_CALLER);
  EXPECT(weft_site_decide(&f, 0, 100, 1e9, 1) == WEFT_SITE_TEAM);
  EXPECT(weft_site_decide(&f, 0, 100, 0, 1) == WEFT_SITE_TEAM);
  EXPECT(weft_site_decide(&f, 0, 0, 500, 1) == WEFT_SITE_TEAM);
  /* 1 ns an iteration, a team of 2 not timed yet. */
  f.serial = 1;
  f.par_size = 2;
  EXPECT(weft_site_decide(&f, 1, 100, 0, 1) == WEFT_SITE_CALLER); /* warm */
  /* 100 ns alone: the team saves 50 ns, below the 1 us floor: as written,
     timed once in WEFT_RETIME_INLINE calls, and never on the team. */
  EXPECT(weft_site_decide(&f, 5, 100, 0, 1) == WEFT_SITE_INLINE);
  EXPECT(weft_site_decide(&f, 5, 100, 0, 0) == WEFT_SITE_CALLER);
  EXPECT(weft_site_decide(&f, WEFT_RETIME_INLINE, 100, 0, 1) ==
         WEFT_SITE_CALLER);
  EXPECT(weft_site_decide(&f, 100000, 100, 0, 1) == WEFT_SITE_INLINE);
  /* 100 us alone: the team, timed, but on the caller once in
     WEFT_REPROBE_EVERY calls; 200 us: on the team, untimed. */
  EXPECT(weft_site_decide(&f, 5, 100000, 0, 1) == WEFT_SITE_TEAM_TIMED);
  EXPECT(weft_site_decide(&f, WEFT_REPROBE_EVERY, 100000, 0, 1) ==
         WEFT_SITE_CALLER);
  EXPECT(weft_site_decide(&f, 5, 200000, 0, 1) == WEFT_SITE_TEAM);
  /* A timed team call of 10000 iterations took 20 us: 15 us beyond its
     share. 20 us alone saves 10 us: as written, until the calls since the
     team call (at call 10) ran 32 times those 15 us. */
  f.par_ns = 20000;
  f.par_trip = 10000;
  f.team_call = 10;
  EXPECT(weft_site_decide(&f, 11, 20000, 0, 1) == WEFT_SITE_INLINE);
  EXPECT(weft_site_decide(&f, 10 + 23, 20000, 0, 1) == WEFT_SITE_INLINE);
  EXPECT(weft_site_decide(&f, 10 + 24, 20000, 0, 1) == WEFT_SITE_TEAM_TIMED);
  /* 40 us alone saves 20 us, more than 15: the team. */
  EXPECT(weft_site_decide(&f, 11, 40000, 0, 1) == WEFT_SITE_TEAM_TIMED);
  /* A team of one saves nothing: as written, however long the loop. */
  f.par_size = 1;
  f.par_trip = 0;
  EXPECT(weft_site_decide(&f, 11, 100000, 0, 1) == WEFT_SITE_INLINE);
  EXPECT(weft_site_decide(&f, 100000, 100000, 0, 1) == WEFT_SITE_INLINE);
  /* The filter: shorter taken, longer a quarter of the way. */
  EXPECT(weft_site_filter(0, 2) == 2);
  EXPECT(weft_site_filter(2, 1) == 1);
  EXPECT(weft_site_filter(2, 6) == 3);
  EXPECT(weft_site_filter(2, 0) > 0);
}

static float a[4096];

/// A loop as the generated code runs it: on the "team" (here a parallel
/// loop) or as written, and the call recorded.
static int call(weft_omp_site_t *s, int64_t trip, double work_ns) {
  double t0 = 0;
  int mode = weft_omp_site_mode(s, trip, work_ns, 1, &t0);
  if (mode < WEFT_SITE_CALLER) {
#pragma omp parallel for schedule(static)
    for (int64_t k = 0; k < trip; k++)
      a[k] = a[k] * 0.5f + 1;
    weft_omp_site_end(s, mode, 1, trip, t0);
  } else {
    for (int64_t k = 0; k < trip; k++)
      a[k] = a[k] * 0.5f + 1;
    weft_omp_site_end(s, mode, 0, trip, t0);
  }
  return mode;
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "measure";
  decide();
  weft_omp_site_t s;
  memset(&s, 0, sizeof s);
  if (!strcmp(how, "none")) {
    /* Built without OpenMP: as written, nothing kept. */
    for (int i = 0; i < 10; i++)
      EXPECT(call(&s, 64, 100) == WEFT_SITE_INLINE);
    EXPECT(s.calls == 0 && s.serial == 0);
  } else if (!strcmp(how, "off")) {
    /* WEFT_MEASURE=0: every call on the team, untimed. */
    for (int i = 0; i < 10; i++)
      EXPECT(call(&s, 64, 100) == WEFT_SITE_TEAM);
    EXPECT(s.calls == 0 && s.serial == 0 && s.par_trip == 0);
  } else {
    /* A short site: its first call on the caller, timed; every call
       counted; a time recorded. */
    EXPECT(call(&s, 64, 100) == WEFT_SITE_CALLER);
    EXPECT(s.serial > 0);
    for (int i = 1; i < 300; i++)
      call(&s, 64, 100);
    /* Counted, the calls of the grant the site holds included (a grant of
       calls that run as written is counted when made, and what a call past
       it did not take is given back). */
    EXPECT(s.calls - (s.memo & 0xffu) == 300);
    /* Too short for any team (64 iterations of one multiply-add, well below
       1 us however loaded the machine is, unless preempted in every call):
       the site never asked for the team's size, libomp's first call. */
    EXPECT(s.par_size == 0 || s.serial * 64 >= WEFT_SERIAL_BELOW_NS / 2);
    /* A call longer than the grant holds asks: what was left goes back,
       and the call is counted once. */
    uint32_t before = s.calls - (s.memo & 0xffu);
    if (s.memo) {
      call(&s, (int64_t)(s.memo >> 8) + 1 <= 4096 ? (s.memo >> 8) + 1 : 4096,
           100);
      EXPECT(s.calls - (s.memo & 0xffu) == before + 1);
    }
    /* A team call is recorded only when it ran on the team; a call not
       asked (-1), or that ran otherwise than its mode, not at all. */
    weft_omp_site_t t;
    memset(&t, 0, sizeof t);
    weft_omp_site_end(&t, WEFT_SITE_TEAM_TIMED, 0, 64, 0);
    weft_omp_site_end(&t, -1, 0, 64, 0);
    weft_omp_site_end(&t, -1, 1, 64, 0);
    weft_omp_site_end(&t, WEFT_SITE_INLINE, 0, 64, 0);
    EXPECT(t.serial == 0 && t.par_trip == 0);
    weft_omp_site_end(&t, WEFT_SITE_TEAM_TIMED, 1, 64, 0);
    EXPECT(t.par_trip == 64 && t.par_ns > 0 && t.par_size == 2);
    /* A loop measured long enough for a team of some size to gain asks
       for the size. */
    weft_omp_site_t v;
    memset(&v, 0, sizeof v);
    v.serial = 1;
    v.calls = 5;
    double t0;
    weft_omp_site_mode(&v, 4000, 0, 1, &t0);
    EXPECT(v.par_size == 2);
    /* A long estimate, not measured: the team, untimed. */
    weft_omp_site_t u;
    memset(&u, 0, sizeof u);
    EXPECT(call(&u, 4096, 1e9) == WEFT_SITE_TEAM);
    EXPECT(u.serial == 0 && u.par_trip == 0);
  }
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
