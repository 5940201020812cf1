// RUN: weft-translate %s -o - -- 2>/dev/null | grep -v "^// " | FileCheck %s
// Run-time overlap checks: the element ranges each pointer's accesses
// touch, as C expressions with checked arithmetic, compared in bytes.

// CHECK-LABEL: void rows(
// CHECK:      int weft_bad = 0;
// CHECK-NEXT: static weft_memo_t weft_memo; /* libweft{{.}}s answers kept: calls that run as written */
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

// A pointer variable that the loop reads, against memory the loop writes:
// the check is on the variable's own storage (&data, sizeof(data)), not on
// what it points to; the table the loop writes through `wall` is checked
// against `&wall` the same way.
int *data, **wall, cols;

// CHECK-LABEL: void carve(
// CHECK:      weft_apart((const void *)wall, 0, {{.*}}, sizeof(wall[0]),
// CHECK-NEXT:       (const void *)&data, 0, 0, sizeof(data), &weft_bad) &&
// CHECK-NEXT: weft_apart((const void *)wall, 0, {{.*}}, sizeof(wall[0]),
// CHECK-NEXT:       (const void *)&cols, 0, 0, sizeof(cols), &weft_bad) &&
// CHECK-NEXT: weft_apart((const void *)wall, 0, {{.*}}, sizeof(wall[0]),
// CHECK-NEXT:       (const void *)&wall, 0, 0, sizeof(wall), &weft_bad)) {
void carve(int rows) {
  for (int n = 0; n < rows; n++)
    wall[n] = data + cols * n;
}

// A remainder in a subscript: its range [0, cap - 1] holds when the
// dividend's least value (start) and cap - 1 are not negative, which the
// check tests first.
// CHECK-LABEL: void ring(
// CHECK:      if (weft_trip >= {{[0-9]+}} && weft_ready() &&
// CHECK-NEXT:         (int64_t)start >= 0 &&
// CHECK-NEXT:         weft_add(-1, (int64_t)cap, &weft_bad) >= 0 &&
// CHECK-NEXT:         weft_apart((const void *)out, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(out[0]),
// CHECK-NEXT:               (const void *)buf, 0, weft_add(-1, (int64_t)cap, &weft_bad), sizeof(buf[0]), &weft_bad)) {
void ring(double *out, const double *buf, int start, int cap, int n) {
  for (int i = 0; i < n; i++)
    out[i] = buf[(start + i) % cap] * 0.5;
}

// A dividend that is negative in the first iterations: r in [1 - cap,
// cap - 1], so buf's range is [1, 2 * cap - 1]; only cap >= 1 is tested.
// CHECK-LABEL: void back(
// CHECK:      if (weft_trip >= {{[0-9]+}} && weft_ready() &&
// CHECK-NEXT:         weft_add(-1, (int64_t)cap, &weft_bad) >= 0 &&
// CHECK-NEXT:         weft_apart((const void *)out, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(out[0]),
// CHECK-NEXT:               (const void *)buf, 1, weft_add(-1, weft_mul(2, (int64_t)cap, &weft_bad), &weft_bad), sizeof(buf[0]), &weft_bad)) {
void back(double *out, const double *buf, int cap, int n) {
  for (int i = 0; i < n; i++)
    out[i] = buf[(i - 3) % cap + cap] * 0.5;
}

// A table of row pointers weft cannot prove holds rows apart: the check
// reads its slots, first that the rows are pairwise apart in the elements
// the loop touches (weft_rows_apart), then that their span (weft_rows_low,
// weft_rows_high, in bytes) is apart from the other memory, the table's
// slots included; all of it only when the inner loop runs, since only then
// does C read the slots.
// CHECK-LABEL: void table_rows(
// CHECK:      if (weft_trip >= {{[0-9]+}} && weft_ready() && !weft_for_inline({{.*}}) &&
// CHECK-NEXT:         weft_add(-1, (int64_t)n, &weft_bad) >= 0 &&
// CHECK-NEXT:         !weft_bad &&
// CHECK-NEXT:         weft_rows_apart((const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad), 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(w[0][0]), &weft_bad) &&
// CHECK-NEXT:         weft_apart(weft_rows_low((const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad)), weft_mul(0, (int64_t)sizeof(w[0][0]), &weft_bad),
// CHECK-NEXT:               weft_rows_high((const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad), weft_add(-1, (int64_t)n, &weft_bad), sizeof(w[0][0]), &weft_bad), 1,
// CHECK-NEXT:               (const void *)v, 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof(v[0]), &weft_bad) &&
// CHECK-NEXT:         weft_apart(weft_rows_low((const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad)), weft_mul(0, (int64_t)sizeof(w[0][0]), &weft_bad),
// CHECK-NEXT:               weft_rows_high((const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad), weft_add(-1, (int64_t)n, &weft_bad), sizeof(w[0][0]), &weft_bad), 1,
// CHECK-NEXT:               (const void *)w, 0, weft_add(-1, (int64_t)m, &weft_bad), sizeof(w[0]), &weft_bad)) {
void table_rows(int m, int n, double **w, const double *v) {
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++)
      w[k][j] += v[j];
}
