/*===- cadence.c - When will the next region start? -----------------------===*
 *
 * Wake ahead: a frame loop forks a few short regions, then idles until the
 * next frame (16.7 ms at 60 fps). Past their spin, the workers sleep, and
 * the next frame pays a wake system call and the wake-up itself (tens of
 * microseconds to milliseconds on a phone's idle core). But the next frame
 * comes on a beat. This file learns the beat from the forks the owner sees,
 * and predicts when the next one comes, so that the workers can sleep with a
 * timed wait that ends a short lead before it, then spin into the region.
 *
 * Sites are call sites of regions (the body or SPMD function, with the
 * descriptor's region id). For each site it keeps:
 *   - whether the forks that followed its last regions came after idle (the
 *     team's workers slept: the site is the last loop of a frame);
 *   - which site forked next (the first loop of the next frame);
 *   - for forks of the site that came after idle, their last start and
 *     the last few periods between such starts: the beat.
 * When a region starts whose site is followed by idle, and the site that
 * comes next has a steady beat (WEFT_CADENCE_PERIODS periods that agree
 * within WEFT_CADENCE_TOL), the next start is that site's last start plus
 * its period. The lead before it grows with how late workers wake from a
 * timed wait; the window after it covers the beat's jitter. A prediction
 * whose window is too dear (more than an eighth of the period) is not made:
 * a loop with no cadence, or too much jitter, is left to the usual spin.
 *
 * Whether the team idled comes from the caller (region.c: a worker sleeps,
 * or woke from a planned sleep, since the last join), not from the clock:
 * a hot fork, one that no idle came before and none follows, with no
 * prediction pending, reads no clock at all (a clock read costs 20-80 ns
 * on the bench VM, a hot fork and join 200-300 ns). The join reads none.
 *
 * The fork takes the clock as a function: tests drive it with an injected
 * one (runtime/test/test_cadence.c). The team's owner alone calls these.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <string.h>

/// The least time worth a timed sleep before a predicted start, besides
/// the lead: shorter, and the workers spin.
#define WEFT_CADENCE_MIN_SLEEP_NS 250000ll
/// The shortest and longest beat predicted: under 1 ms the spin covers it;
/// over a second nothing is saved.
#define WEFT_CADENCE_MIN_PERIOD_NS 1000000ll
#define WEFT_CADENCE_MAX_PERIOD_NS 1000000000ll
/// The least lead and window: the wake-up of a timed wait is late by tens
/// of microseconds on the bench VM and on phones' idle cores.
#define WEFT_CADENCE_MIN_LEAD_NS 50000ll
#define WEFT_CADENCE_MAX_LEAD_NS 2000000ll
#define WEFT_CADENCE_MIN_WINDOW_NS 100000ll

static int64_t abs64(int64_t x) { return x < 0 ? -x : x; }

static weft_cadence_site_t *find(weft_cadence_t *c, uintptr_t key, int make) {
  weft_cadence_site_t *free_slot = NULL, *oldest = NULL;
  for (int i = 0; i < WEFT_CADENCE_SITES; i++) {
    weft_cadence_site_t *s = &c->sites[i];
    if (s->key == key && key != 0) {
      s->last_use = c->forks;
      return s;
    }
    if (!s->key && !free_slot)
      free_slot = s;
    if (!oldest || s->last_use < oldest->last_use)
      oldest = s;
  }
  if (!make)
    return NULL;
  weft_cadence_site_t *s = free_slot ? free_slot : oldest;
  memset(s, 0, sizeof *s);
  s->key = key;
  s->last_use = c->forks;
  return s;
}

/// The median of a site's periods and their largest distance from it.
static void beat(const weft_cadence_site_t *s, int64_t *period,
                 int64_t *jitter) {
  int64_t v[WEFT_CADENCE_PERIODS];
  int n = s->nperiods;
  memcpy(v, s->periods, sizeof(int64_t) * (size_t)n);
  for (int i = 1; i < n; i++) /* insertion sort: four values */
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      int64_t t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  *period = v[n / 2];
  *jitter = 0;
  for (int i = 0; i < n; i++)
    if (abs64(v[i] - *period) > *jitter)
      *jitter = abs64(v[i] - *period);
}

/// Is the site's beat steady enough to predict by?
static int steady(const weft_cadence_site_t *s, int64_t *period,
                  int64_t *jitter) {
  if (s->nperiods < WEFT_CADENCE_PERIODS || !s->last_start)
    return 0;
  beat(s, period, jitter);
  return *jitter <= *period / WEFT_CADENCE_TOL;
}

void weft_cadence_reset(weft_cadence_t *c) { memset(c, 0, sizeof *c); }

/// The time, read once per fork and only when needed.
typedef struct {
  uint64_t (*read)(void);
  uint64_t t;
  int have;
} lazy_clock_t;

static uint64_t now_of(lazy_clock_t *k) {
  if (!k->have) {
    k->t = k->read();
    k->have = 1;
  }
  return k->t;
}

int weft_cadence_fork(weft_cadence_t *c, uintptr_t key, int idle,
                      uint64_t (*now_fn)(void), weft_wake_plan_t *plan,
                      int64_t *from_predicted) {
  lazy_clock_t k = {now_fn, 0, 0};
  c->forks++;
  /* How the prediction made for this fork turned out. */
  int outcome = WEFT_WAKE_NONE;
  *from_predicted = 0;
  if (c->pending) {
    uint64_t now = now_of(&k);
    *from_predicted = (int64_t)(now - c->pending_start);
    outcome = now < c->pending_at      ? WEFT_WAKE_EARLY
              : now <= c->pending_until ? WEFT_WAKE_HIT
                                        : WEFT_WAKE_LATE;
    c->pending = 0;
  }
  /* Whether idle followed the site that ended last. */
  if (c->joined) {
    weft_cadence_site_t *l = find(c, c->last_key, 0);
    if (l) {
      l->long_gaps = idle ? (l->long_gaps < 8 ? l->long_gaps + 1 : 8) : 0;
      l->next_key = key;
    }
  }
  weft_cadence_site_t *s = find(c, key, 1);
  if (idle || !c->joined) {
    /* A start after idle: one more period of this site's beat. */
    uint64_t now = now_of(&k);
    if (s->last_start) {
      int64_t p = (int64_t)(now - s->last_start);
      if (p >= WEFT_CADENCE_MIN_PERIOD_NS && p <= WEFT_CADENCE_MAX_PERIOD_NS) {
        s->periods[s->nperiods < WEFT_CADENCE_PERIODS ? s->nperiods
                                                      : s->next_period] = p;
        if (s->nperiods < WEFT_CADENCE_PERIODS)
          s->nperiods++;
        s->next_period = (s->next_period + 1) % WEFT_CADENCE_PERIODS;
      } else {
        s->nperiods = 0; /* a pause: learn the beat again */
        s->next_period = 0;
      }
    }
    s->last_start = now;
  }
  c->current_key = key;

  /* After this region, will the team idle until a predictable start? */
  plan->wake_at = plan->until = plan->start = 0;
  int64_t period, jitter;
  weft_cadence_site_t *n = s->long_gaps >= 2 ? find(c, s->next_key, 0) : NULL;
  if (!n || !steady(n, &period, &jitter))
    return outcome;
  uint64_t now = now_of(&k);
  uint64_t next = n->last_start + (uint64_t)period;
  int64_t lead = WEFT_CADENCE_MIN_LEAD_NS + 2 * c->late_ns + jitter;
  if (lead > WEFT_CADENCE_MAX_LEAD_NS)
    lead = WEFT_CADENCE_MAX_LEAD_NS;
  int64_t window = 3 * jitter > WEFT_CADENCE_MIN_WINDOW_NS
                       ? 3 * jitter
                       : WEFT_CADENCE_MIN_WINDOW_NS;
  /* Too dear a window, or a start too close to sleep before it. */
  if (lead + window > period / 8 ||
      (int64_t)(next - now) < lead + WEFT_CADENCE_MIN_SLEEP_NS || next <= now)
    return outcome;
  plan->wake_at = next - (uint64_t)lead;
  plan->until = next + (uint64_t)window;
  plan->start = next;
  c->pending = 1;
  c->pending_start = next;
  c->pending_at = plan->wake_at;
  c->pending_until = plan->until;
  return outcome;
}

void weft_cadence_join(weft_cadence_t *c) {
  c->last_key = c->current_key;
  c->joined = 1;
}

void weft_cadence_late(weft_cadence_t *c, int64_t late_ns) {
  if (late_ns < 0)
    late_ns = 0;
  /* An average over the last ~8 wake-ups, in which a slow one counts at
     once: a lead that is too short costs a miss, a long one a little CPU. */
  c->late_ns = late_ns > c->late_ns ? late_ns : (7 * c->late_ns + late_ns) / 8;
}
