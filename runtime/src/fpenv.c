/*===- fpenv.c - Carry the caller's floating-point environment to workers -===*
 *
 * Workers run bodies with the rounding mode and flush-to-zero settings of the
 * thread that forked the region, so results stay bit-exact with the serial
 * program. Reading the control registers costs a few cycles; a worker writes
 * them only when they differ from its own.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <fenv.h>

void weft_fpenv_get(weft_fpenv_t *env) {
#if defined(__x86_64__) || defined(__i386__)
  uint32_t mxcsr;
  uint16_t cw;
  __asm__ __volatile__("stmxcsr %0" : "=m"(mxcsr));
  __asm__ __volatile__("fnstcw %0" : "=m"(cw));
  /* The exception flags (bits 0-5) are sticky state, not settings. */
  env->a = mxcsr & ~0x3fu;
  env->b = cw;
#elif defined(__aarch64__)
  uint64_t fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
  env->a = fpcr;
  env->b = 0;
#else
  env->a = (uint64_t)fegetround();
  env->b = 0;
#endif
}

void weft_fpenv_set(const weft_fpenv_t *env) {
  weft_fpenv_t cur;
  weft_fpenv_get(&cur);
  if (cur.a == env->a && cur.b == env->b)
    return;
#if defined(__x86_64__) || defined(__i386__)
  uint32_t mxcsr;
  __asm__ __volatile__("stmxcsr %0" : "=m"(mxcsr));
  mxcsr = (mxcsr & 0x3fu) | (uint32_t)env->a;
  uint16_t cw = (uint16_t)env->b;
  __asm__ __volatile__("ldmxcsr %0" : : "m"(mxcsr));
  __asm__ __volatile__("fldcw %0" : : "m"(cw));
#elif defined(__aarch64__)
  uint64_t fpcr = env->a;
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
#else
  fesetround((int)env->a);
#endif
}
