/*===- wait.c - Spin for a bounded time, then block on a futex ------------===*
 *
 * Every wait in libweft (workers waiting for work, the owner waiting for the
 * join, the barrier) goes through weft_wait_change(): poll a 32-bit word with
 * a pause instruction for a time budget measured on the monotonic clock, then
 * (when the team outnumbers its CPUs, where spinning only delays the thread
 * we wait for) yield a few times, then block on the word with FUTEX_WAIT.
 *
 * A blocked thread counts itself in a sleeper count before it re-checks the
 * word, and wakers read that count after they change the word; both sides use
 * sequentially consistent operations, so a waker that sees no sleeper knows
 * that every waiter will see the change, and skips the system call.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// Pause instructions between two looks at the clock. At ~10-140 cycles per
/// pause this reads the clock every 0.2-3 us, far below any spin budget.
#define WEFT_POLLS_PER_CLOCK 64
/// sched_yield() calls before blocking when oversubscribed: lets the thread
/// we wait for run, without paying a futex round trip for very short waits.
#define WEFT_OVERSUBSCRIBED_YIELDS 8

uint64_t weft_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void weft_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || (defined(__arm__) && __ARM_ARCH >= 7)
  __asm__ __volatile__("yield" ::: "memory");
#else
  __asm__ __volatile__("" ::: "memory");
#endif
}

long weft_futex_wait(_Atomic uint32_t *addr, uint32_t expected) {
  return syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAIT_PRIVATE, expected,
                 NULL, NULL, 0);
}

long weft_futex_wake(_Atomic uint32_t *addr, int count) {
  return syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAKE_PRIVATE, count, NULL,
                 NULL, 0);
}

uint32_t weft_wait_change(_Atomic uint32_t *word, uint32_t old,
                          _Atomic uint32_t *sleepers,
                          const weft_wait_policy_t *policy,
                          uint64_t *blocks) {
  uint32_t v = atomic_load_explicit(word, memory_order_acquire);
  if (v != old)
    return v;
  int64_t spin_ns = atomic_load_explicit(&policy->spin_ns, memory_order_relaxed);
  int oversubscribed =
      atomic_load_explicit(&policy->oversubscribed, memory_order_relaxed);
  if (spin_ns > 0 && !oversubscribed) {
    uint64_t start = weft_now_ns();
    for (;;) {
      for (int i = 0; i < WEFT_POLLS_PER_CLOCK; i++) {
        weft_cpu_relax();
        v = atomic_load_explicit(word, memory_order_acquire);
        if (v != old) {
          if (weft_trace_on)
            weft_trace_wait(0, start, weft_now_ns());
          return v;
        }
      }
      uint64_t now = weft_now_ns();
      if ((int64_t)(now - start) >= spin_ns) {
        if (weft_trace_on)
          weft_trace_wait(0, start, now);
        break;
      }
    }
  }
  if (oversubscribed) {
    for (int i = 0; i < WEFT_OVERSUBSCRIBED_YIELDS; i++) {
      sched_yield();
      v = atomic_load_explicit(word, memory_order_acquire);
      if (v != old)
        return v;
    }
  }
  uint64_t slept = weft_trace_on ? weft_now_ns() : 0;
  atomic_fetch_add_explicit(sleepers, 1, memory_order_seq_cst);
  while ((v = atomic_load_explicit(word, memory_order_seq_cst)) == old) {
    ++*blocks;
    long r = weft_futex_wait(word, old);
    (void)r; /* EAGAIN (changed), EINTR (signal): both just re-check */
  }
  atomic_fetch_sub_explicit(sleepers, 1, memory_order_release);
  atomic_thread_fence(memory_order_acquire);
  if (weft_trace_on)
    weft_trace_wait(1, slept, weft_now_ns());
  return v;
}

/// FUTEX_WAIT until an absolute CLOCK_MONOTONIC time (FUTEX_WAIT_BITSET
/// takes an absolute timeout; FUTEX_WAIT a relative one, which a late
/// thread would stretch).
static long futex_wait_until(_Atomic uint32_t *addr, uint32_t expected,
                             uint64_t deadline_ns) {
  struct timespec ts = {(time_t)(deadline_ns / 1000000000u),
                        (long)(deadline_ns % 1000000000u)};
  return syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAIT_BITSET_PRIVATE,
                 expected, &ts, NULL, FUTEX_BITSET_MATCH_ANY);
}

uint32_t weft_wait_until(_Atomic uint32_t *word, uint32_t a, uint32_t b,
                         uint64_t deadline_ns, _Atomic uint32_t *sleepers,
                         uint64_t *blocks) {
  uint32_t v;
  atomic_fetch_add_explicit(sleepers, 1, memory_order_seq_cst);
  while (((v = atomic_load_explicit(word, memory_order_seq_cst)) == a ||
          v == b) &&
         weft_now_ns() < deadline_ns) {
    ++*blocks;
    /* EAGAIN (changed), EINTR, ETIMEDOUT: the loop re-checks all three. */
    (void)futex_wait_until(word, v, deadline_ns);
  }
  atomic_fetch_sub_explicit(sleepers, 1, memory_order_release);
  atomic_thread_fence(memory_order_acquire);
  return atomic_load_explicit(word, memory_order_acquire);
}

int weft_wake(_Atomic uint32_t *word, _Atomic uint32_t *sleepers, int count) {
  /* Pairs with the seq_cst increment and re-check in weft_wait_change(): the
     caller's change to *word is seq_cst too. */
  if (atomic_load_explicit(sleepers, memory_order_seq_cst) == 0)
    return 0;
  weft_futex_wake(word, count > 0 ? count : INT_MAX);
  return 1;
}
