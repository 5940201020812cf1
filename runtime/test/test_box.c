/*===- test_box.c - The box filter: exact, on every size, vector path ----===*
 *
 * Every uint8 result is compared with a reference of its own: each output
 * pixel as the sum of every input pixel times how many window positions
 * clamp onto it, in 128-bit integers, so it holds for any radius. Images:
 * 1x1, 1xN, Nx1, odd widths, widths that are not a multiple of the vector
 * width, r = 0, r at least the image size, r near INT_MAX. Larger images
 * compare the vector path with the portable one. Float results are held to
 * a tight tolerance. Radii up to 7 must run the vector path (NEON on
 * AArch64, NEON through SIMDe elsewhere). Bad arguments write nothing.
 *
 *===----------------------------------------------------------------------===*/
#include "../src/internal.h"
#include "check.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#if defined(__aarch64__)
#define VECTOR_IMPL WEFT_BOX_NEON
#else
#define VECTOR_IMPL WEFT_BOX_NEON_SIMDE
#endif

static uint32_t rng = 12345;
static uint32_t next(void) {
  rng = rng * 1664525u + 1013904223u;
  return rng >> 8;
}

/* How many of the positions p - r .. p + r clamp onto i, in [0, n). */
static __int128 weight(int64_t p, int64_t i, int64_t r, int64_t n) {
  int64_t lo = p - r, hi = p + r;
  if (n == 1)
    return (__int128)(hi - lo + 1);
  if (i == 0)
    return lo <= 0 ? (__int128)((hi < 0 ? hi : 0) - lo + 1) : 0;
  if (i == n - 1)
    return hi >= n - 1 ? (__int128)(hi - (lo > n - 1 ? lo : n - 1) + 1) : 0;
  return lo <= i && i <= hi;
}

static void reference_u8(const uint8_t *in, size_t stride, uint8_t *out, int w,
                         int h, int r) {
  __int128 n = 2 * (__int128)r + 1, area = n * n;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      __int128 sum = 0;
      for (int j = 0; j < h; j++) {
        __int128 wy = weight(y, j, r, h);
        if (!wy)
          continue;
        for (int i = 0; i < w; i++)
          sum += wy * weight(x, i, r, w) * in[(size_t)j * stride + i];
      }
      out[(size_t)y * w + x] = (uint8_t)((sum + area / 2) / area);
    }
}

static void reference_f32(const float *in, size_t stride, double *out, int w,
                          int h, int r) {
  double n = 2.0 * r + 1;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      double sum = 0;
      for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
          sum += (double)(weight(y, j, r, h) * weight(x, i, r, w)) *
                 in[(size_t)j * stride + i];
      out[(size_t)y * w + x] = sum / (n * n);
    }
}

/* A filter run into a destination with a stride of its own and guard
 * bytes around it: the padding and the guards must stay as they were. */
static void check_u8(int w, int h, int r, int exact) {
  size_t ss = (size_t)w + next() % 5, ds = (size_t)w + next() % 3;
  uint8_t *in = malloc(ss * h);
  uint8_t *out = malloc(ds * h + 64), *ref = malloc((size_t)w * h);
  for (size_t k = 0; k < ss * h; k++)
    in[k] = (uint8_t)(next() % 4 == 0 ? 255 * (next() % 2) : next());
  memset(out, 0xA5, ds * h + 64);
  uint8_t *dst = out + 32;
  int impl = weft_box_filter_u8(in, ss, dst, ds, w, h, r);
  CHECK(impl >= 0);
  if (r <= 7)
    CHECK_EQ(impl, VECTOR_IMPL);
  else
    CHECK_EQ(impl, WEFT_BOX_SCALAR);
  if (exact) {
    reference_u8(in, ss, ref, w, h, r);
  } else {
    CHECK_EQ(weft_box_filter_u8_scalar(in, ss, ref, w, w, h, r),
             WEFT_BOX_SCALAR);
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (dst[(size_t)y * ds + x] != ref[(size_t)y * w + x]) {
        fprintf(stderr, "u8 %dx%d r=%d: (%d,%d) is %d, not %d\n", w, h, r, x, y,
                dst[(size_t)y * ds + x], ref[(size_t)y * w + x]);
        exit(1);
      }
  for (int k = 0; k < 32; k++)
    CHECK(out[k] == 0xA5 && out[32 + ds * h + k] == 0xA5);
  for (int y = 0; y < h; y++)
    for (size_t x = w; x < ds; x++)
      CHECK(dst[(size_t)y * ds + x] == 0xA5);
  free(in);
  free(out);
  free(ref);
}

static void check_f32(int w, int h, int r, int exact) {
  size_t ss = (size_t)w + next() % 3;
  float *in = malloc(sizeof(float) * ss * h);
  float *out = malloc(sizeof(float) * (size_t)w * h);
  double *ref = malloc(sizeof(double) * (size_t)w * h);
  float *sref = malloc(sizeof(float) * (size_t)w * h);
  double scale = 0;
  for (size_t k = 0; k < ss * h; k++) {
    in[k] = (float)((double)next() / (1 << 24) * 2000.0 - 1000.0);
    scale = fmax(scale, fabs(in[k]));
  }
  int impl = weft_box_filter_f32(in, ss, out, w, w, h, r);
  CHECK_EQ(impl, r <= 7 ? VECTOR_IMPL : WEFT_BOX_SCALAR);
  if (exact) {
    reference_f32(in, ss, ref, w, h, r);
  } else {
    CHECK_EQ(weft_box_filter_f32_scalar(in, ss, sref, w, w, h, r),
             WEFT_BOX_SCALAR);
    for (size_t k = 0; k < (size_t)w * h; k++)
      ref[k] = sref[k];
  }
  /* A few float roundings of values up to the image's largest. */
  double tol = 4e-6 * fmax(scale, 1);
  for (size_t k = 0; k < (size_t)w * h; k++)
    if (!(fabs(out[k] - ref[k]) <= tol)) {
      fprintf(stderr, "f32 %dx%d r=%d: pixel %zu is %.9g, not %.9g\n", w, h, r,
              k, out[k], ref[k]);
      exit(1);
    }
  free(in);
  free(out);
  free(ref);
  free(sref);
}

static void check_bad_arguments(void) {
  uint8_t img[64], out[64];
  float fimg[64], fout[64];
  memset(img, 7, sizeof img);
  memset(out, 0xEE, sizeof out);
  for (int k = 0; k < 64; k++)
    fout[k] = -1;
  CHECK_EQ(weft_box_filter_u8(NULL, 8, out, 8, 8, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, NULL, 8, 8, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, out, 8, 0, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, out, 8, 8, 0, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, out, 8, -1, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 7, out, 8, 8, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, out, 7, 8, 8, 1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, 8, out, 8, 8, 8, -1), WEFT_BOX_EINVAL);
  CHECK_EQ(weft_box_filter_u8(img, SIZE_MAX / 2, out, 8, 8, 8, 1),
           WEFT_BOX_EINVAL);
  /* In place, and overlapping by one row or one byte. */
  CHECK_EQ(weft_box_filter_u8(img, 8, img, 8, 8, 8, 1), WEFT_BOX_EOVERLAP);
  CHECK_EQ(weft_box_filter_u8(img, 8, img + 8, 8, 8, 7, 1), WEFT_BOX_EOVERLAP);
  CHECK_EQ(weft_box_filter_u8(img, 8, img + 56, 1, 1, 8, 0), WEFT_BOX_EOVERLAP);
  CHECK_EQ(weft_box_filter_f32(fimg, 8, fimg + 4, 8, 4, 8, 2),
           WEFT_BOX_EOVERLAP);
  CHECK_EQ(weft_box_filter_f32(NULL, 8, fout, 8, 8, 8, 1), WEFT_BOX_EINVAL);
  for (int k = 0; k < 64; k++) {
    CHECK(out[k] == 0xEE);
    CHECK(img[k] == 7);
    CHECK(fout[k] == -1);
  }
  /* Adjacent buffers do not overlap. */
  uint8_t both[32];
  memset(both, 3, sizeof both);
  CHECK(weft_box_filter_u8(both, 4, both + 16, 4, 4, 4, 1) >= 0);
  CHECK(both[16] == 3);
  CHECK(!strcmp(weft_box_impl_name(WEFT_BOX_SCALAR), "scalar"));
  CHECK(!strcmp(weft_box_impl_name(VECTOR_IMPL),
                VECTOR_IMPL == WEFT_BOX_NEON ? "neon" : "neon-simde"));
}

int main(void) {
  check_bad_arguments();
  int slow = WEFT_TEST_SLOW || test_scale_down() > 1;
  /* Small images against the exact reference. */
  static const int sizes[][2] = {{1, 1},  {1, 2},  {2, 1},  {1, 17}, {17, 1},
                                 {1, 40}, {40, 1}, {3, 3},  {5, 4},  {7, 9},
                                 {8, 8},  {9, 5},  {15, 6}, {16, 3}, {17, 11},
                                 {23, 7}, {31, 4}, {33, 9}, {12, 13}};
  static const int radii[] = {0, 1, 2, 3, 5, 7, 8, 9, 13, 40, 1000};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (size_t k = 0; k < sizeof radii / sizeof *radii; k++) {
      int w = sizes[s][0], h = sizes[s][1];
      check_u8(w, h, radii[k], 1);
      check_f32(w, h, radii[k], 1);
    }
  /* Radii at and past the image's size, and enormous ones. */
  static const int huge[] = {(1 << 24) - 1, 1 << 24, INT_MAX / 2, INT_MAX};
  for (int k = 0; k < 4; k++) {
    check_u8(9, 6, huge[k], 1);
    check_u8(1, 1, huge[k], 1);
    check_f32(5, 3, huge[k], 1);
  }
  check_u8(20, 20, 20, 1);
  check_u8(20, 20, 19, 1);
  /* Larger images, teams of several sizes and weights: the vector path
   * against the portable one (itself held to the reference above). */
  static const int teams[] = {1, 2, 4, 3};
  for (int t = 0; t < 4; t++) {
    weft_set_num_threads(teams[t]);
    if (t == 3) {
      static const int weights[] = {2048, 512, 1024};
      weft_set_weights(weights, 3);
    }
    int big = slow ? 97 : 301;
    for (int r = 0; r <= 9; r++) {
      check_u8(big, big / 3 + r, r, 0);
      check_u8(big + 16 + r, 64, r, 0);
      check_f32(big - r, big / 4, r, 0);
    }
    if (!slow) {
      check_u8(500, 500, 7, 0);
      check_f32(500, 200, 7, 0);
      check_u8(2000, 60, 3, 0);
    }
    /* More than 8 MB of float output: written around the caches. */
    if (!slow && t < 2)
      check_f32(1500, 1500, 3, 0);
  }
  weft_set_weights(NULL, 0);
  weft_set_num_threads(0);
  printf("test_box: ok (%s)\n", weft_box_impl_name(VECTOR_IMPL));
  return 0;
}
