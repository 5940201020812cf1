// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// Run-time overlap checks: the element ranges each pointer's accesses
// touch, as C expressions with checked arithmetic, compared in bytes.

// CHECK-LABEL: void rows(
// CHECK:      int weft_bad = 0;
// CHECK-NEXT: if (weft_trip >= {{[0-9]+}} && weft_ready() &&
// The ranges of y*w + x and (y+1)*w + x: the least and greatest of their
// values at the corners of the (y, x) box, since w may be negative.
// CHECK-NEXT:         weft_apart((const void *)dst, weft_min64(weft_min64(weft_min64(0, {{.*}}), sizeof(dst[0]),
// CHECK-NEXT:               (const void *)src, weft_min64(weft_min64(weft_min64((int64_t)w, {{.*}}), sizeof(src[0]), &weft_bad)) {
void rows(int h, int w, float *dst, const float *src) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      dst[y * w + x] = src[(y + 1) * w + x];
}
