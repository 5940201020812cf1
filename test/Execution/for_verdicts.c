// RUN: %exec-check %s
// PARALLEL: 9
// WEFT-ARGS: --fork-join-ns=0 --task-graphs=false
// CFLAGS: -Wno-sign-compare
// Which `for` loops are counted is weft-count-loops' decision on the loop
// as C runs it (docs/ir.md, "Loops"): each loop here is decided there, and
// the parallel build must print what the sequential one prints. Counted and
// parallel: a continue (it jumps to the increment), a counter compared as
// unsigned that a store before the loop starts at 0, char counters up to
// constants they hold, steps of -2 spelled two ways, `!=` bounds, and a
// bound whose address a pure call reads. Not counted: a bound a call
// writes through its address, a counter stepped again in the body, a goto
// out, a short counter bounded by a variable.
#include <stdio.h>

static int A[4096], B[4096];

static void shrink(int *p) {
  if (*p > 900)
    (*p)--;
}

static int peek(const int *p) { return *p; }

static void skips(int n) {
  for (int i = 0; i < n; i++) {
    if (A[i] % 3 == 0)
      continue;
    B[i] = A[i] * 2 + 1;
  }
}

static int unsigned_bound(unsigned u) {
  int i;
  i = 0;
  for (; i < u; i++)
    A[i] = 3 * i + 1;
  return i;
}

static void chars(void) {
  for (char c = 0; c < 100; c++)
    B[(int)c] += c;
  for (unsigned char c = 10; c < 255; c++)
    B[c + 300] = c * 2;
}

static void down(int n) {
  for (int i = n - 1; i >= 0; i -= 2)
    A[i] += 5;
  for (int i = n - 2; i > 0; i += -2)
    B[i] -= 1;
}

static void not_equal(int n) {
  for (long i = 0; i != n; ++i)
    A[i + 1000] = (int)i;
}

static int read_bound(int n) {
  for (int i = 0; i < n; i++)
    B[i + 2000] = i + peek(&n);
  return n;
}

static int written_bound(int n) {
  for (int i = 0; i < n; i++) {
    A[i + 3000] = i;
    shrink(&n);
  }
  return n;
}

static int stepped_twice(int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    B[i + 3000] = i;
    if (A[i] % 5 == 0)
      i++;
    k++;
  }
  return k;
}

static int goto_out(int n) {
  for (int i = 0; i < n; i++)
    if (A[i] == 301)
      goto found;
  return -1;
found:
  return 1;
}

static void short_bound(int n) {
  for (short s = 0; s < n; s++)
    B[s + 3500] = s;
}

int main(void) {
  for (int i = 0; i < 4096; i++)
    A[i] = (i * 37) % 101;
  skips(4000);
  int r = unsigned_bound(3000);
  chars();
  down(2999);
  not_equal(1500);
  r += read_bound(900);
  r += written_bound(1000);
  r += stepped_twice(500);
  r += goto_out(3000);
  short_bound(400);
  long s = r;
  for (int i = 0; i < 4096; i++)
    s = s * 31 + A[i] + 7 * B[i];
  printf("%d %ld\n", r, s);
  return 0;
}
