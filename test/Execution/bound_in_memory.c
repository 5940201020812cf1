// RUN: %exec-check %s
// PARALLEL: 7
// CFLAGS: -fno-strict-aliasing
// Loops whose bound C reads from memory before every iteration: a struct
// field, a length behind a pointer, a global (also with calls in the body:
// one that cannot change it, and one that does), and per-row lengths. Each is
// called with the bound apart from what the loop writes (the parallel
// version runs) and with the loop writing the bound itself (the check fails,
// and the loop as written runs: it stops early, as C says).
#include <stdio.h>
#include <stdlib.h>

struct vec {
  int n;
  int pad;
};

int N;

static void scale(const struct vec *v, int *out) {
  for (int i = 0; i < v->n; i++)
    out[i] = i % 7;
}

static void fill(int *len, int *a) {
  for (int i = 0; i < *len; i++)
    a[i] = a[i] * 2 + 1;
}

static void count(int *p) {
  for (int i = 0; i < N; i++)
    p[i] = i + 1;
}

int G;
static int tri(int x) { return (int)((long)x * (x + 1) / 2 % 1000); }
static int tri2(int x) { return tri(x) + tri(x + 1); }
static void stop_at(int i) {
  if (i == 777)
    G = i + 1;
}
static void stop_later(int i) { stop_at(i); }

// The call cannot write G: in parallel, G read once.
static void with_pure_call(int *a) {
  for (int i = 0; i < G; i++)
    a[i] = tri2(i);
}

// The call (through another) shrinks G at i = 777: sequential, and the
// loop stops there, as C says.
static void with_writer(int *a) {
  for (int i = 0; i < G; i++) {
    a[i] = -i;
    stop_later(i);
  }
}

// Row r has len[r] entries (at most 64); q may hold len.
static void rows(int n, const int *len, int *q) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < len[r] && c < 64; c++)
      q[r * 64 + c] = r + c;
}

static unsigned long checksum(const int *a, int n) {
  unsigned long s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + (unsigned long)a[i];
  return s;
}

int main(void) {
  int size = 1 << 20;
  int *buf = calloc((size_t)size, sizeof *buf);
  int *lens = calloc(4096, sizeof *lens);

  struct vec v = {300000, 0};
  scale(&v, buf);
  printf("scale: %lu\n", checksum(buf, size));
  // out[0] = 0 is v.n: the loop stops after one iteration.
  v.n = 300000;
  scale(&v, &v.n);
  printf("scale onto its bound: n = %d\n", v.n);

  int len = 200000;
  fill(&len, buf);
  printf("fill: %lu\n", checksum(buf, size));
  // a[10] is the bound: it grows to 2 * 50000 + 1 at i = 10.
  buf[10] = 50000;
  fill(&buf[10], buf);
  printf("fill onto its bound: %d %lu\n", buf[10], checksum(buf, size));

  N = 250000;
  count(buf);
  printf("count: %lu\n", checksum(buf, size));
  N = 250000;
  count(&N); // p[0] = 1 is N: one iteration
  printf("count onto its bound: N = %d\n", N);

  G = 300000;
  with_pure_call(buf);
  printf("with a pure call: %lu\n", checksum(buf, size));
  G = 300000;
  with_writer(buf);
  printf("with a call that moves the bound: G = %d %lu\n", G,
         checksum(buf, size));

  for (int r = 0; r < 4096; r++)
    lens[r] = (r * 37) % 80;
  rows(4096, lens, buf);
  printf("rows: %lu\n", checksum(buf, size));
  // q overlaps lens: row 0 writes lens[0..], which later rows read.
  for (int r = 0; r < 4096; r++)
    lens[r] = 40 + r % 24;
  rows(64, lens, lens);
  printf("rows onto their bounds: %lu\n", checksum(lens, 4096));
  free(lens);
  free(buf);
  return 0;
}
