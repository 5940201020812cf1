/*===- test_cadence.c - Predicting the next region, on an injected clock --===*
 *
 * The cadence (runtime/src/cadence.c) sees forks and joins at the times the
 * test gives it, and whether the team idled before each fork as region.c
 * tells it: the workers slept, because the gap was longer than their spin
 * (300 us) or because a plan had them sleep until its start:
 *   - a frame loop of one region at 60 fps with a little jitter: after a
 *     few frames every fork is predicted, and every prediction is a hit;
 *   - three regions per frame: no plan after the first two (a short gap
 *     follows them), a plan after the third for the next frame's first;
 *   - gaps at random: no steady beat, so (almost) no predictions;
 *   - frame starts jittered by 2 ms at 60 fps: too dear a window, none;
 *   - a pause: the fork after it is late, then the beat is learned anew;
 *   - a region that starts before its workers were to wake is early;
 *   - workers that wake late move the wake time earlier;
 *   - more sites than the table holds;
 *   - the clock is read only after idle, for a pending prediction, and at
 *     the fork of a frame's last region: never on hot forks.
 *
 *===----------------------------------------------------------------------===*/
#include "../src/internal.h"
#include "check.h"

#include <string.h>

#define MS 1000000ull
#define US 1000ull
static const uint64_t P60 = 16666667ull;

static weft_cadence_t c;
static int outcomes[WEFT_WAKE_KINDS + 1]; /* index outcome + 1 */
static int predictions;
static weft_wake_plan_t last;

/* The injected clock, and how often the cadence read it. */
static uint64_t clock_now;
static int clock_reads;
static uint64_t injected_clock(void) {
  clock_reads++;
  return clock_now;
}

/* Where the last region ended (0: none yet), and the workers' spin. */
static uint64_t last_end;
#define SPIN (300 * US)

/// A region of site `key` from t to t + dur.
static void region(uintptr_t key, uint64_t t, uint64_t dur) {
  int64_t off;
  /* What the team's sleeper and nap counts tell region.c. */
  int idle = !last_end || t - last_end >= SPIN || last.wake_at != 0;
  clock_now = t;
  int o = weft_cadence_fork(&c, key, idle, injected_clock, &last, &off);
  outcomes[o + 1]++;
  predictions += last.wake_at != 0;
  if (last.wake_at) {
    CHECK(last.wake_at < last.start && last.start < last.until);
    CHECK(last.wake_at > t + dur); /* the workers sleep first */
  }
  weft_cadence_join(&c);
  last_end = t + dur;
}

static void reset(void) {
  weft_cadence_reset(&c);
  memset(outcomes, 0, sizeof outcomes);
  memset(&last, 0, sizeof last);
  predictions = 0;
  last_end = 0;
  clock_reads = 0;
}

static int count(int outcome) { return outcomes[outcome + 1]; }

/* Deterministic jitter in [0, max). */
static uint32_t rng = 1;
static uint64_t jitter(uint64_t max) {
  rng = rng * 1664525u + 1013904223u;
  return max ? (rng >> 8) % max : 0;
}

static void one_region_per_frame(void) {
  reset();
  uint64_t t0 = 5 * MS;
  for (int f = 0; f < 100; f++)
    region(0x1000, t0 + f * P60 + jitter(40 * US), 300 * US);
  /* Four periods make a beat, and two idle gaps after the site mark it as
     the frame's last region: every fork from the sixth on is predicted. */
  CHECK(predictions >= 94);
  CHECK_EQ(count(WEFT_WAKE_HIT), predictions - (last.wake_at != 0));
  CHECK_EQ(count(WEFT_WAKE_LATE) + count(WEFT_WAKE_EARLY), 0);
  /* The plan after the last frame: the next tick, with a lead and window
     of at least 50 and 100 us, and not beyond an eighth of the period. */
  uint64_t next = t0 + 100 * P60;
  CHECK(last.start + 60 * US >= next && last.start <= next + 60 * US);
  CHECK(last.start - last.wake_at >= 50 * US);
  CHECK(last.until - last.start >= 100 * US);
  CHECK(last.until - last.wake_at <= P60 / 8);
}

static void three_regions_per_frame(void) {
  reset();
  int plans_after[3] = {0, 0, 0};
  for (int f = 0; f < 60; f++) {
    uint64_t t = 10 * MS + f * P60;
    region(0xa0, t, 200 * US);
    plans_after[0] += last.wake_at != 0;
    region(0xb0, t + 210 * US, 200 * US);
    plans_after[1] += last.wake_at != 0;
    region(0xc0, t + 420 * US, 200 * US);
    plans_after[2] += last.wake_at != 0;
    if (last.wake_at) /* for the next frame's first region */
      CHECK(last.start == t + P60);
  }
  CHECK_EQ(plans_after[0], 0);
  CHECK_EQ(plans_after[1], 0);
  CHECK(plans_after[2] >= 54);
  CHECK_EQ(count(WEFT_WAKE_HIT), plans_after[2] - 1);
}

static void random_gaps(void) {
  reset();
  uint64_t t = MS;
  for (int i = 0; i < 2000; i++) {
    region(0x2000, t, 100 * US);
    t += 100 * US + MS + jitter(49 * MS);
  }
  /* Four periods within 1/32 of their median, by chance: rare. */
  CHECK(predictions <= 20);
}

static void jittery_frames(void) {
  reset();
  for (int f = 0; f < 200; f++)
    region(0x3000, 2 * MS + f * P60 + jitter(2 * MS), 300 * US);
  CHECK(predictions <= 10);
}

static void pause_and_relearn(void) {
  reset();
  uint64_t t = MS;
  for (int f = 0; f < 20; f++, t += P60)
    region(0x4000, t, 300 * US);
  CHECK(last.wake_at != 0);
  t += 100 * MS; /* the app paused */
  region(0x4000, t, 300 * US);
  CHECK_EQ(count(WEFT_WAKE_LATE), 1);
  CHECK_EQ(last.wake_at, 0); /* the beat is gone */
  int before = predictions;
  for (int f = 1; f <= 3; f++)
    region(0x4000, t + f * P60, 300 * US);
  CHECK_EQ(predictions, before); /* four new periods first */
  region(0x4000, t + 4 * P60, 300 * US);
  CHECK_EQ(predictions, before + 1);
}

static void early_start(void) {
  reset();
  uint64_t t = MS;
  for (int f = 0; f < 20; f++, t += P60)
    region(0x5000, t, 300 * US);
  uint64_t at = last.wake_at;
  CHECK(at != 0);
  region(0x5000, at - 2 * MS, 300 * US);
  CHECK_EQ(count(WEFT_WAKE_EARLY), 1);
}

static void late_workers_move_the_wake_time(void) {
  reset();
  uint64_t t = MS;
  for (int f = 0; f < 20; f++, t += P60)
    region(0x6000, t, 300 * US);
  uint64_t lead = last.start - last.wake_at;
  weft_cadence_late(&c, 150 * US);
  region(0x6000, t, 300 * US);
  CHECK(last.start - last.wake_at >= lead + 300 * US);
  /* It decays as timely wake-ups come. */
  for (int f = 1; f < 40; f++) {
    weft_cadence_late(&c, 10 * US);
    region(0x6000, t + f * P60, 300 * US);
  }
  CHECK(last.start - last.wake_at < lead + 100 * US);
}

static void many_sites(void) {
  reset();
  uint64_t t = MS;
  for (int i = 0; i < 1000; i++, t += 2 * MS)
    region(0x100 + (uintptr_t)(i % 40) * 16, t, 100 * US);
  /* A site that keeps coming stays in the table and is learned. */
  reset();
  t = MS;
  for (int f = 0; f < 40; f++, t += P60) {
    region(0x7000, t, 300 * US);
    CHECK(f < 6 || last.wake_at != 0);
  }
}

/// A clock read costs 20-80 ns on the bench VM, a hot fork and join
/// 200-300 ns: a fork reads it only when it must.
static void clock_reads_only_when_needed(void) {
  /* Back-to-back regions: the first fork reads it (a start), none after. */
  reset();
  uint64_t t = MS;
  for (int i = 0; i < 1000; i++, t += 20 * US)
    region(0x9000 + (uintptr_t)(i % 3) * 16, t, 15 * US);
  CHECK_EQ(clock_reads, 1);
  CHECK_EQ(predictions, 0);
  /* A frame of three loops: the first reads it once (after idle, and the
     outcome of its prediction), the last once (to plan), the middle none. */
  reset();
  int reads[3] = {0, 0, 0};
  for (int f = 0; f < 60; f++) {
    uint64_t s = 10 * MS + f * P60;
    for (int r = 0; r < 3; r++) {
      int before = clock_reads;
      region(0xa0 + (uintptr_t)r * 16, s + (uint64_t)r * 210 * US, 200 * US);
      if (f >= 10) /* learned */
        reads[r] += clock_reads - before;
    }
  }
  CHECK_EQ(reads[0], 50);
  CHECK_EQ(reads[1], 0);
  CHECK_EQ(reads[2], 50);
  CHECK(predictions >= 54);
  /* Hot again after the frames: no reads once the last site is known not
     to end frames any more. */
  t = 10 * MS + 60 * P60;
  for (int i = 0; i < 10; i++, t += 20 * US)
    region(0xa0 + (uintptr_t)(i % 3) * 16, t, 15 * US);
  int before = clock_reads;
  for (int i = 0; i < 1000; i++, t += 20 * US)
    region(0xa0 + (uintptr_t)(i % 3) * 16, t, 15 * US);
  CHECK_EQ(clock_reads, before);
}

int main(void) {
  one_region_per_frame();
  three_regions_per_frame();
  random_gaps();
  jittery_frames();
  pause_and_relearn();
  early_start();
  late_workers_move_the_wake_time();
  many_sites();
  clock_reads_only_when_needed();
  printf("test_cadence: ok\n");
  return 0;
}
