/*===- test_fpenv.c - Workers run with the caller's FP environment --------===*
 *
 * With the rounding mode set to upward (and flush-to-zero on, where the CPU
 * has it), every chunk must compute the same bits as the caller does, also
 * the chunks that run on workers.
 *
 *===----------------------------------------------------------------------===*/
#include "../src/internal.h"
#include "check.h"

#include <fenv.h>
#include <float.h>
#include <string.h>

#define N 4096

typedef struct {
  double out[N];
  _Atomic int on_worker;
} ctx_t;

static volatile double three = 3.0, tiny = DBL_MIN;

/* Not inlined: GCC moves inlined divisions across fesetround() even with
   -frounding-math; a call that reads volatiles stays in place. */
__attribute__((noinline)) static double compute(int64_t k) {
  /* Rounding-sensitive, and subnormal when not flushed. */
  return (1.0 + (double)k) / three + tiny * 0.25 * (double)(k & 1);
}

static void body(void *p, int64_t lo, int64_t hi, int64_t chunk) {
  ctx_t *c = p;
  if (weft_tls.member != 0)
    atomic_store(&c->on_worker, 1);
  for (int64_t k = lo; k < hi; k++)
    c->out[k] = compute(k);
}

static void set_ftz(int on) {
#if defined(__x86_64__) || defined(__i386__)
  unsigned csr;
  __asm__ __volatile__("stmxcsr %0" : "=m"(csr));
  csr = on ? csr | 0x8040u : csr & ~0x8040u; /* FTZ | DAZ */
  __asm__ __volatile__("ldmxcsr %0" : : "m"(csr));
#elif defined(__aarch64__)
  uint64_t fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
  fpcr = on ? fpcr | (1u << 24) : fpcr & ~(uint64_t)(1u << 24);
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
#else
  (void)on;
#endif
}

static void check_mode(int round, int ftz) {
  static ctx_t c;
  /* Long enough, by its estimate, to wake a sleeping worker. */
  weft_loop_t l = {.trip = N, .work_ns = 1e6};
  int tries = 0;
  fesetround(round);
  set_ftz(ftz);
  double ref[N];
  for (int k = 0; k < N; k++)
    ref[k] = compute(k);
  do {
    memset(&c, 0, sizeof c);
    weft_parallel_for(&l, body, &c);
    CHECK(memcmp(ref, c.out, sizeof ref) == 0);
  } while (!atomic_load(&c.on_worker) && ++tries < 1000);
  CHECK(atomic_load(&c.on_worker)); /* a worker did run a chunk */
  fesetround(FE_TONEAREST);
  set_ftz(0);
}

int main(void) {
  weft_set_num_threads(2);
  check_mode(FE_TONEAREST, 0);
  check_mode(FE_UPWARD, 0);
  check_mode(FE_DOWNWARD, 1);
  check_mode(FE_TOWARDZERO, 0);
  check_mode(FE_TONEAREST, 1);
  /* The modes must really differ, or the test above proves nothing. */
  fesetround(FE_UPWARD);
  double up = compute(1);
  fesetround(FE_DOWNWARD);
  double down = compute(1);
  fesetround(FE_TONEAREST);
  CHECK(up != down);
  printf("test_fpenv: ok\n");
  return 0;
}
