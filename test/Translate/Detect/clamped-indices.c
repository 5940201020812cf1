// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// Clamped indices (docs/analysis.md, "Run-time checks"): a subscript that
// a select or a local variable's writes under ifs give (`x > 0 ? x - 1 :
// 0`, `xx = x + k; if (xx < 0) xx = 0; if (xx >= w) xx = w - 1;`) touches
// the elements of its ways, each from the least to the largest value the
// comparisons on the way allow: the run-time check that the arrays are
// apart names them. Execution/clamped_indices.c runs them.
#include <stddef.h>

// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void left(const float *in, float *out, int w) {
  for (int x = 0; x < w; x++)
    out[x] = in[x > 0 ? x - 1 : 0];
}

// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void right(const float *in, float *out, int w) {
  for (int x = 0; x < w; x++) {
    int xx = x + 1;
    if (xx >= w)
      xx = w - 1;
    out[x] = in[xx];
  }
}

// Both sides, in a stencil over rows that the loop over rows runs.
// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void stencil(const float *in, float *out, int w, int h) {
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) { // expected-remark {{the loop at 29:3 around it runs in parallel}}
      int xl = x - 1, xr = x + 1;
      if (xl < 0)
        xl = 0;
      if (xr >= w)
        xr = w - 1;
      out[y * w + x] = in[y * w + xl] + in[y * w + x] + in[y * w + xr];
    }
  }
}

// The row clamped by selects, times the row length (which the check
// tests is not negative).
// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void vertical(const float *in, float *out, int w, int h, int r) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) { // expected-remark {{the loop at 45:3 around it runs in parallel}}
      float acc = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{acc is a floating-point add reduction}}
        int yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
        acc += in[yy * w + x]; // expected-note {{acc updated here}}
      }
      out[y * w + x] = acc;
    }
}

// A box filter over rows that variables hold, advanced from fields: the
// loop over the window writes only its scalars (acc, xx), so the rows are
// viewed from the fields (weft-fold-offsets) and the loop over the rows
// runs in parallel.
typedef struct {
  int width, height;
  float *data;
} grid;

// expected-remark@+3 {{loop parallelized: a run-time check that out->data and in do not overlap; a run-time check that out->data and out do not overlap; a run-time check that out->data and in->data do not overlap}}
void box(const grid *in, grid *out, int radius) {
  int w = in->width, h = in->height;
  for (int y = 0; y < h; y++) {
    const float *src = in->data + (size_t)y * w;
    float *dst = out->data + (size_t)y * w;
    for (int x = 0; x < w; x++) { // expected-remark {{the loop at 68:3 around it runs in parallel}}
      float acc = 0;
      for (int k = -radius; k <= radius; k++) { // expected-remark {{acc is a floating-point add reduction}}
        int xx = x + k;
        if (xx < 0)
          xx = 0;
        if (xx >= w)
          xx = w - 1;
        acc += src[xx]; // expected-note {{acc updated here}}
      }
      dst[x] = acc;
    }
  }
}

// A way whose value weft cannot name (an element of a table) keeps the
// loop sequential.
// expected-remark@+2 {{loop not parallelized: out and in may overlap, and the elements in[xx] touches depend on values weft cannot name in C}}
void table(const float *in, float *out, const int *t, int w) {
  for (int x = 0; x < w; x++) {
    int xx = t[x];
    if (xx >= w)
      xx = w - 1;
    out[x] = in[xx]; // expected-note {{in[xx] here}}
  }
}

// In place, the clamped read reaches elements other iterations write.
// expected-remark@+2 {{loop not parallelized: a[xx] read in one iteration may be written in another (as a[x])}}
void in_place(float *a, int w) {
  for (int x = 0; x < w; x++) {
    int xx = x + 1;
    if (xx >= w)
      xx = w - 1;
    a[x] = a[xx] * 0.5f; // expected-note {{a[x] written here}}
  }
}
