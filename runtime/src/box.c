/*===- box.c - The box filter: separable running sums, NEON, over the team -===*
 *
 * out(x, y) = mean of in(clamp(x + i), clamp(y + j)) for |i|, |j| <= r,
 * clamp() replicating the edge (OpenCV's BORDER_REPLICATE).
 *
 * Each chunk of rows keeps one row of column sums, c(x) = the sum of
 * in(x, clamp(y + j)) over |j| <= r: set up at the chunk's first row, then
 * moved down one row at a time by adding the row that enters the window and
 * subtracting the one that leaves it. Each output row is then a sliding
 * window of 2r + 1 column sums.
 *
 * The NEON path (radius <= 7, one copy of its loops per radius) keeps the
 * column sums in a row padded by r replicated sums on each side. uint8
 * images use uint16 lanes (255 * 15 * 15 fits) and slide the window eight
 * outputs at a time (a lane-wise prefix sum of the entering minus the
 * leaving sums); float images slide four at a time and sum a window afresh
 * every 32 outputs, so that no rounding drifts along a row. On AArch64 it is
 * arm_neon.h; elsewhere the same source compiles through SIMDe. The
 * portable path (any radius) slides both windows in 64-bit integers or
 * doubles. A chunk of the team is a band of rows at least 2(2r + 1) high,
 * which pays for setting up its column sums. A float output larger than
 * the caches is written around them (non-temporal stores, with clang).
 *
 * uint8 results are exact: (sum + area/2) / area. The vector path gets it
 * as sum * (1/area) in float, rounded to the nearest integer: the area is
 * odd, so the exact quotient is never halfway between integers; it is at
 * least 1/(2 * 225) away from it, and the float error is below
 * 255 * 2^-22.
 *
 *===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__aarch64__)
#include <arm_neon.h>
#define WEFT_BOX_VECTOR WEFT_BOX_NEON
#elif defined(WEFT_HAVE_SIMDE)
#define SIMDE_ENABLE_NATIVE_ALIASES
/* Values converted here are in range and never NaN: SIMDe may use x86's
 * conversions as they are. */
#define SIMDE_FAST_CONVERSION_RANGE
#define SIMDE_FAST_NANS
#include <simde/arm/neon.h>
#define WEFT_BOX_VECTOR WEFT_BOX_NEON_SIMDE
#endif

/* The vector path's widest window: uint8 sums of 15 x 15 fit in 16 bits. */
#define BOX_VECTOR_MAX_RADIUS 7
/* Float column sums are summed afresh every this many rows, so that the
 * rounding of the running sum cannot drift. */
#define BOX_F32_REFRESH 32

const char *weft_box_impl_name(int impl) {
  switch (impl) {
  case WEFT_BOX_SCALAR:
    return "scalar";
  case WEFT_BOX_NEON:
    return "neon";
  case WEFT_BOX_NEON_SIMDE:
    return "neon-simde";
  default:
    return "unknown";
  }
}

static inline int64_t clampi(int64_t i, int64_t n) {
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* How many of the window's 2r + 1 positions around p fall before 0 (lo),
 * inside [0, n) (from first to last) and after n - 1 (hi). */
typedef struct span {
  int64_t lo, first, last, hi;
} span_t;

static span_t window(int64_t p, int64_t r, int64_t n) {
  span_t s;
  s.lo = r > p ? r - p : 0;
  s.hi = p + r > n - 1 ? p + r - (n - 1) : 0;
  s.first = p - r < 0 ? 0 : p - r;
  s.last = p + r > n - 1 ? n - 1 : p + r;
  return s;
}

typedef struct box_job {
  const void *src;
  void *dst;
  size_t src_stride, dst_stride;
  int64_t w, h, r;
  int vector;    /* use the NEON path */
  int stream;    /* store around the caches (large images) */
  char *scratch; /* one row of column sums per chunk */
  size_t per_chunk;
} box_job_t;

/*===--- Portable path ---------------------------------------------------===*/

/* Column sums of row y from scratch: in 64-bit integers (uint8) or doubles. */
#define BOX_COLUMNS(T, S)                                                      \
  static void columns_##T(const box_job_t *j, int64_t y, S *c) {               \
    const T *src = (const T *)j->src;                                          \
    span_t v = window(y, j->r, j->h);                                          \
    const T *top = src, *bottom = src + (size_t)(j->h - 1) * j->src_stride;    \
    for (int64_t x = 0; x < j->w; x++)                                         \
      c[x] = (S)v.lo * top[x] + (S)v.hi * bottom[x];                           \
    for (int64_t k = v.first; k <= v.last; k++) {                              \
      const T *row = src + (size_t)k * j->src_stride;                          \
      for (int64_t x = 0; x < j->w; x++)                                       \
        c[x] += row[x];                                                        \
    }                                                                          \
  }
BOX_COLUMNS(uint8_t, uint64_t)
BOX_COLUMNS(float, double)

/* One output row from the column sums: a sliding window along x. The
 * uint8 sum of a window of more than 2^24 x 2^24 pixels needs 128 bits. */
#define BOX_ROW_U8(NAME, W)                                                    \
  static void NAME(const box_job_t *j, const uint64_t *c, uint8_t *out) {      \
    int64_t r = j->r, w = j->w;                                                \
    W area = (W)(2 * r + 1) * (W)(2 * r + 1);                                  \
    span_t s = window(0, r, w);                                                \
    W sum = (W)s.lo * c[0] + (W)s.hi * c[w - 1];                               \
    for (int64_t k = s.first; k <= s.last; k++)                                \
      sum += c[k];                                                             \
    for (int64_t x = 0;; x++) {                                                \
      out[x] = (uint8_t)((sum + area / 2) / area);                             \
      if (x + 1 == w)                                                          \
        break;                                                                 \
      sum += (W)c[clampi(x + 1 + r, w)];                                       \
      sum -= (W)c[clampi(x - r, w)];                                           \
    }                                                                          \
  }
BOX_ROW_U8(row_u8, uint64_t)
#if defined(__SIZEOF_INT128__)
BOX_ROW_U8(row_u8_wide, unsigned __int128)
#endif

static void row_f32(const box_job_t *j, const double *c, float *out) {
  int64_t r = j->r, w = j->w;
  double area = (double)(2 * r + 1) * (double)(2 * r + 1);
  span_t s = window(0, r, w);
  /* The window slides in double: its drift over a row is far below a
   * float's precision. */
  double sum = (double)s.lo * c[0] + (double)s.hi * c[w - 1];
  for (int64_t k = s.first; k <= s.last; k++)
    sum += c[k];
  for (int64_t x = 0;; x++) {
    out[x] = (float)(sum / area);
    if (x + 1 == w)
      break;
    sum += c[clampi(x + 1 + r, w)] - c[clampi(x - r, w)];
  }
}

static void scalar_u8(const box_job_t *j, int64_t lo, int64_t hi, uint64_t *c) {
  const uint8_t *src = j->src;
  uint8_t *dst = j->dst;
  columns_uint8_t(j, lo, c);
  for (int64_t y = lo; y < hi; y++) {
    if (y > lo) {
      const uint8_t *in = src + (size_t)clampi(y + j->r, j->h) * j->src_stride;
      const uint8_t *out =
          src + (size_t)clampi(y - j->r - 1, j->h) * j->src_stride;
      for (int64_t x = 0; x < j->w; x++)
        c[x] = c[x] + in[x] - out[x];
    }
#if defined(__SIZEOF_INT128__)
    if (j->r >= (1 << 24)) {
      row_u8_wide(j, c, dst + (size_t)y * j->dst_stride);
      continue;
    }
#endif
    row_u8(j, c, dst + (size_t)y * j->dst_stride);
  }
}

static void scalar_f32(const box_job_t *j, int64_t lo, int64_t hi, double *c) {
  const float *src = j->src;
  float *dst = j->dst;
  for (int64_t y = lo; y < hi; y++) {
    /* Doubles drift too over thousands of rows of large values: afresh
     * every BOX_F32_REFRESH rows, as the vector path. */
    if ((y - lo) % BOX_F32_REFRESH == 0) {
      columns_float(j, y, c);
    } else {
      const float *in = src + (size_t)clampi(y + j->r, j->h) * j->src_stride;
      const float *out =
          src + (size_t)clampi(y - j->r - 1, j->h) * j->src_stride;
      for (int64_t x = 0; x < j->w; x++)
        c[x] += (double)in[x] - (double)out[x];
    }
    row_f32(j, c, dst + (size_t)y * j->dst_stride);
  }
}

/*===--- NEON path -------------------------------------------------------===*/
#ifdef WEFT_BOX_VECTOR

/* The padded row: p[0, r) and p[r + w, 2r + w) replicate the edge sums. */
#define BOX_PAD(T)                                                             \
  static inline void pad_##T(T *p, int64_t w, int64_t r) {                     \
    for (int64_t k = 0; k < r; k++) {                                          \
      p[k] = p[r];                                                             \
      p[r + w + k] = p[r + w - 1];                                             \
    }                                                                          \
  }
BOX_PAD(uint16_t)
BOX_PAD(float)

/* The sum of n = 2r + 1 consecutive vectors from p: the window of eight
 * outputs, with n known to the compiler. */
#define BOX_HSUM(NAME, V, LOAD, ADD)                                           \
  static inline __attribute__((always_inline)) V NAME(const void *at, int n) { \
    V s = LOAD(at, 0);                                                         \
    for (int k = 1; k < n; k++)                                                \
      s = ADD(s, LOAD(at, k));                                                 \
    return s;                                                                  \
  }
#define LOAD_U16(at, k) vld1q_u16((const uint16_t *)(at) + (k))
#define LOAD_F32(at, k) vld1q_f32((const float *)(at) + (k))
BOX_HSUM(hsum_u16, uint16x8_t, LOAD_U16, vaddq_u16)
BOX_HSUM(hsum_f32, float32x4_t, LOAD_F32, vaddq_f32)

/* (s + area/2) / area for eight sums below 2^16, as round(s * (1/area)):
 * adding 1.5 * 2^23 rounds a float below 2^22 to an integer, which is then
 * the low bits of the float's representation (see the top of the file for
 * why the rounding is exact). Only operations that x86 has natively. */
static inline __attribute__((always_inline)) uint16x8_t
divide_u16(uint16x8_t s, float32x4_t inv) {
  const float32x4_t magic = vdupq_n_f32(12582912.0f);
  int32x4_t s0 = vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(s)));
  int32x4_t s1 = vreinterpretq_s32_u32(vmovl_u16(vget_high_u16(s)));
  float32x4_t q0 = vmlaq_f32(magic, vcvtq_f32_s32(s0), inv);
  float32x4_t q1 = vmlaq_f32(magic, vcvtq_f32_s32(s1), inv);
  return vuzp1q_u16(vreinterpretq_u16_f32(q0), vreinterpretq_u16_f32(q1));
}

static inline __attribute__((always_inline)) void
neon_u8_rows(const box_job_t *j, int64_t lo, int64_t hi, uint16_t *p,
             const int r) {
  const uint8_t *src = j->src;
  uint8_t *dst = j->dst;
  const int64_t w = j->w;
  const int n = 2 * r + 1;
  const uint32_t area = (uint32_t)(n * n);
  const float32x4_t inv = vdupq_n_f32(1.0f / (float)area);
  uint16_t *c = p + r;
  memset(c, 0, (size_t)w * sizeof *c);
  for (int64_t k = -r; k <= r; k++) {
    const uint8_t *row = src + (size_t)clampi(lo + k, j->h) * j->src_stride;
    int64_t x = 0;
    for (; x + 16 <= w; x += 16) {
      uint8x16_t v = vld1q_u8(row + x);
      vst1q_u16(c + x, vaddw_u8(vld1q_u16(c + x), vget_low_u8(v)));
      vst1q_u16(c + x + 8, vaddw_u8(vld1q_u16(c + x + 8), vget_high_u8(v)));
    }
    for (; x < w; x++)
      c[x] = (uint16_t)(c[x] + row[x]);
  }
  for (int64_t y = lo; y < hi; y++) {
    if (y > lo) {
      const uint8_t *in = src + (size_t)clampi(y + r, j->h) * j->src_stride;
      const uint8_t *out =
          src + (size_t)clampi(y - r - 1, j->h) * j->src_stride;
      int64_t x = 0;
      for (; x + 16 <= w; x += 16) {
        uint8x16_t a = vld1q_u8(in + x), b = vld1q_u8(out + x);
        uint16x8_t c0 = vld1q_u16(c + x), c1 = vld1q_u16(c + x + 8);
        c0 = vsubw_u8(vaddw_u8(c0, vget_low_u8(a)), vget_low_u8(b));
        c1 = vsubw_u8(vaddw_u8(c1, vget_high_u8(a)), vget_high_u8(b));
        vst1q_u16(c + x, c0);
        vst1q_u16(c + x + 8, c1);
      }
      for (; x < w; x++)
        c[x] = (uint16_t)(c[x] + in[x] - out[x]);
    }
    pad_uint16_t(p, w, r);
    uint8_t *o = dst + (size_t)y * j->dst_stride;
    int64_t x = 0;
    if (w >= 16) {
      /* The first eight windows summed whole, then each next eight from
       * the last one's sum: S(x) = S(x - 1) + p[x + 2r] - p[x - 1], the
       * differences added up across the lanes in three shifted adds. Sums
       * wrap modulo 2^16 on the way, and each ends in range. */
      const uint16x8_t zero = vdupq_n_u16(0);
      uint16x8_t sum = hsum_u16(p, n);
#define BOX_SLIDE(at)                                                          \
  do {                                                                         \
    uint16x8_t d =                                                             \
        vsubq_u16(vld1q_u16(p + (at) + 2 * r), vld1q_u16(p + (at) - 1));       \
    d = vaddq_u16(d, vextq_u16(zero, d, 7));                                   \
    d = vaddq_u16(d, vextq_u16(zero, d, 6));                                   \
    d = vaddq_u16(d, vextq_u16(zero, d, 4));                                   \
    sum = vaddq_u16(d, vdupq_laneq_u16(sum, 7));                               \
  } while (0)
      uint16x8_t first = divide_u16(sum, inv);
      BOX_SLIDE(8);
      vst1q_u8(o, vuzp1q_u8(vreinterpretq_u8_u16(first),
                            vreinterpretq_u8_u16(divide_u16(sum, inv))));
      for (x = 16; x + 16 <= w; x += 16) {
        BOX_SLIDE(x);
        uint16x8_t q0 = divide_u16(sum, inv);
        BOX_SLIDE(x + 8);
        uint16x8_t q1 = divide_u16(sum, inv);
        vst1q_u8(o + x,
                 vuzp1q_u8(vreinterpretq_u8_u16(q0), vreinterpretq_u8_u16(q1)));
      }
#undef BOX_SLIDE
    }
    for (; x < w; x++) {
      uint32_t s = 0;
      for (int k = 0; k < n; k++)
        s += p[x + k];
      o[x] = (uint8_t)((s + area / 2) / area);
    }
  }
}

/* Stores four floats; with `stream`, around the caches (no read for
 * ownership of the destination's lines: a third of a large image's memory
 * traffic). Clang has the builtin on every target; elsewhere a plain store. */
static inline __attribute__((always_inline)) void
store_f32(float *at, float32x4_t v, int stream) {
#if defined(__clang__)
  typedef float v4f __attribute__((vector_size(16)));
  if (stream) {
    v4f x;
    memcpy(&x, &v, sizeof x);
    __builtin_nontemporal_store(x, (v4f *)at);
    return;
  }
#else
  (void)stream;
#endif
  vst1q_f32(at, v);
}

static inline __attribute__((always_inline)) void
neon_f32_rows(const box_job_t *j, int64_t lo, int64_t hi, float *p,
              const int r) {
  const float *src = j->src;
  float *dst = j->dst;
  const int64_t w = j->w, n = 2 * r + 1;
  const float inv = (float)(1.0 / ((double)n * (double)n));
  float *c = p + r;
  for (int64_t y = lo; y < hi; y++) {
    if ((y - lo) % BOX_F32_REFRESH == 0) {
      memset(c, 0, (size_t)w * sizeof *c);
      for (int64_t k = -r; k <= r; k++) {
        const float *row = src + (size_t)clampi(y + k, j->h) * j->src_stride;
        int64_t x = 0;
        for (; x + 4 <= w; x += 4)
          vst1q_f32(c + x, vaddq_f32(vld1q_f32(c + x), vld1q_f32(row + x)));
        for (; x < w; x++)
          c[x] += row[x];
      }
    } else {
      const float *in = src + (size_t)clampi(y + r, j->h) * j->src_stride;
      const float *out = src + (size_t)clampi(y - r - 1, j->h) * j->src_stride;
      int64_t x = 0;
      for (; x + 4 <= w; x += 4) {
        float32x4_t d = vsubq_f32(vld1q_f32(in + x), vld1q_f32(out + x));
        vst1q_f32(c + x, vaddq_f32(vld1q_f32(c + x), d));
      }
      for (; x < w; x++)
        c[x] += in[x] - out[x];
    }
    pad_float(p, w, r);
    float *o = dst + (size_t)y * j->dst_stride;
    int64_t x = 0;
    /* Each 32 outputs: the first four windows summed whole, then slid as
     * the uint8 path does; summing afresh every 32 keeps the rounding of
     * the slide from drifting. */
    const float32x4_t zero = vdupq_n_f32(0);
    /* Streaming stores need 16-byte alignment: rows that have it, of
     * images too large to stay in the caches. */
    const int stream = j->stream && ((uintptr_t)o & 15) == 0;
    for (; x + 32 <= w; x += 32) {
      float32x4_t sum = hsum_f32(p + x, (int)n);
      store_f32(o + x, vmulq_n_f32(sum, inv), stream);
      for (int64_t k = x + 4; k < x + 32; k += 4) {
        float32x4_t d =
            vsubq_f32(vld1q_f32(p + k + 2 * r), vld1q_f32(p + k - 1));
        d = vaddq_f32(d, vextq_f32(zero, d, 3));
        d = vaddq_f32(d, vextq_f32(zero, d, 2));
        sum = vaddq_f32(d, vdupq_laneq_f32(sum, 3));
        store_f32(o + k, vmulq_n_f32(sum, inv), stream);
      }
    }
    for (; x + 4 <= w; x += 4)
      vst1q_f32(o + x, vmulq_n_f32(hsum_f32(p + x, (int)n), inv));
    for (; x < w; x++) {
      float s = p[x];
      for (int64_t k = 1; k < n; k++)
        s += p[x + k];
      o[x] = s * inv;
    }
  }
}
/* One copy of the loops per radius, each with its window unrolled. */
#define BOX_RADIUS(R)                                                          \
  static void neon_u8_r##R(const box_job_t *j, int64_t lo, int64_t hi,         \
                           void *p) {                                          \
    neon_u8_rows(j, lo, hi, p, R);                                             \
  }                                                                            \
  static void neon_f32_r##R(const box_job_t *j, int64_t lo, int64_t hi,        \
                            void *p) {                                         \
    neon_f32_rows(j, lo, hi, p, R);                                            \
  }
BOX_RADIUS(0)
BOX_RADIUS(1)
BOX_RADIUS(2)
BOX_RADIUS(3)
BOX_RADIUS(4)
BOX_RADIUS(5)
BOX_RADIUS(6)
BOX_RADIUS(7)

typedef void (*box_rows_fn)(const box_job_t *, int64_t, int64_t, void *);
static const box_rows_fn neon_u8[BOX_VECTOR_MAX_RADIUS + 1] = {
    neon_u8_r0, neon_u8_r1, neon_u8_r2, neon_u8_r3,
    neon_u8_r4, neon_u8_r5, neon_u8_r6, neon_u8_r7};
static const box_rows_fn neon_f32[BOX_VECTOR_MAX_RADIUS + 1] = {
    neon_f32_r0, neon_f32_r1, neon_f32_r2, neon_f32_r3,
    neon_f32_r4, neon_f32_r5, neon_f32_r6, neon_f32_r7};
#endif /* WEFT_BOX_VECTOR */

/*===--- Driver ----------------------------------------------------------===*/

typedef enum { BOX_U8, BOX_F32 } box_type_t;

typedef struct box_run {
  box_job_t job;
  box_type_t type;
  int64_t bands;
} box_run_t;

static void box_body(void *ctx, int64_t lo, int64_t hi, int64_t chunk) {
  box_run_t *b = ctx;
  const box_job_t *j = &b->job;
  /* Bands [lo, hi) are rows [lo * h / bands, hi * h / bands). */
  lo = lo * j->h / b->bands;
  hi = hi * j->h / b->bands;
  void *scratch = j->scratch + (size_t)chunk * j->per_chunk;
#ifdef WEFT_BOX_VECTOR
  if (j->vector) {
    (b->type == BOX_U8 ? neon_u8 : neon_f32)[j->r](j, lo, hi, scratch);
    /* Streaming stores are weakly ordered: a full fence before the team's
     * barrier publishes the band (x86's mfence drains them, as ARM's dmb
     * orders them). */
    if (j->stream)
      atomic_thread_fence(memory_order_seq_cst);
    return;
  }
#endif
  if (b->type == BOX_U8)
    scalar_u8(j, lo, hi, scratch);
  else
    scalar_f32(j, lo, hi, scratch);
}

static int box_filter(box_type_t type, const void *src, size_t src_stride,
                      void *dst, size_t dst_stride, int width, int height,
                      int radius, int allow_vector) {
  size_t elem = type == BOX_U8 ? 1 : sizeof(float);
  if (!src || !dst || width <= 0 || height <= 0 || radius < 0 ||
      src_stride < (size_t)width || dst_stride < (size_t)width)
    return WEFT_BOX_EINVAL;
  /* The bytes each image spans, rows apart by their strides. */
  if ((size_t)height - 1 > (SIZE_MAX / elem - (size_t)width) / src_stride ||
      (size_t)height - 1 > (SIZE_MAX / elem - (size_t)width) / dst_stride)
    return WEFT_BOX_EINVAL;
  uintptr_t s0 = (uintptr_t)src, d0 = (uintptr_t)dst;
  uintptr_t s1 = s0 + ((size_t)(height - 1) * src_stride + width) * elem;
  uintptr_t d1 = d0 + ((size_t)(height - 1) * dst_stride + width) * elem;
  if (s0 < d1 && d0 < s1)
    return WEFT_BOX_EOVERLAP;

  box_run_t b;
  b.type = type;
  box_job_t *j = &b.job;
  j->src = src;
  j->dst = dst;
  j->src_stride = src_stride;
  j->dst_stride = dst_stride;
  j->w = width;
  j->h = height;
  j->r = radius;
  j->vector = 0;
  /* Beyond this many bytes of output, the destination is written around
   * the caches, which it would only pass through. */
  j->stream = (double)height * (double)dst_stride * (double)elem > 8e6;
  int impl = WEFT_BOX_SCALAR;
  size_t cell = type == BOX_U8 ? sizeof(uint64_t) : sizeof(double);
  size_t cells = (size_t)width;
#ifdef WEFT_BOX_VECTOR
  if (allow_vector && radius <= BOX_VECTOR_MAX_RADIUS) {
    j->vector = 1;
    impl = WEFT_BOX_VECTOR;
    cell = type == BOX_U8 ? sizeof(uint16_t) : sizeof(float);
    cells = (size_t)width + 2 * (size_t)radius;
  }
#else
  (void)allow_vector;
#endif
  /* The team's chunks are bands of rows. A chunk first sums 2r + 1 rows
   * to set up its column sums, so a band is at least four times that (and
   * 16 rows) high; and there are at most 64, enough for a weighted split. */
  int64_t band = 2 * (2 * (int64_t)radius + 1);
  band = band < 16 ? 16 : band;
  b.bands = height / band;
  b.bands = b.bands < 1 ? 1 : b.bands > 64 ? 64 : b.bands;
  weft_loop_t loop;
  memset(&loop, 0, sizeof loop);
  loop.trip = b.bands;
  loop.shape = WEFT_SHAPE_UNIFORM;
  loop.intent = WEFT_INTENT_NONE;
  loop.cost0 = 1;
  double per_pixel = j->vector ? 0.25 + 0.1 * (double)(2 * radius + 1) : 3;
  loop.work_ns = per_pixel * (double)width * (double)height;
  loop.line = __LINE__;
  loop.file = "box.c";
  int64_t chunks = weft_chunk_count(&loop);
  j->per_chunk =
      (cells * cell + WEFT_CACHE_LINE - 1) / WEFT_CACHE_LINE * WEFT_CACHE_LINE;
  if (j->per_chunk > SIZE_MAX / (size_t)chunks)
    return WEFT_BOX_ENOMEM;
  j->scratch = aligned_alloc(WEFT_CACHE_LINE, j->per_chunk * (size_t)chunks);
  if (!j->scratch)
    return WEFT_BOX_ENOMEM;
  weft_parallel_for(&loop, box_body, &b);
  free(j->scratch);
  return impl;
}

int weft_box_filter_u8(const uint8_t *src, size_t src_stride, uint8_t *dst,
                       size_t dst_stride, int width, int height, int radius) {
  return box_filter(BOX_U8, src, src_stride, dst, dst_stride, width, height,
                    radius, 1);
}

int weft_box_filter_f32(const float *src, size_t src_stride, float *dst,
                        size_t dst_stride, int width, int height, int radius) {
  return box_filter(BOX_F32, src, src_stride, dst, dst_stride, width, height,
                    radius, 1);
}

int weft_box_filter_u8_scalar(const uint8_t *src, size_t src_stride,
                              uint8_t *dst, size_t dst_stride, int width,
                              int height, int radius) {
  return box_filter(BOX_U8, src, src_stride, dst, dst_stride, width, height,
                    radius, 0);
}

int weft_box_filter_f32_scalar(const float *src, size_t src_stride, float *dst,
                               size_t dst_stride, int width, int height,
                               int radius) {
  return box_filter(BOX_F32, src, src_stride, dst, dst_stride, width, height,
                    radius, 0);
}
