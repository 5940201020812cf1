// RUN: %exec-check %s
// PARALLEL: 14
// Pointer inductions (docs/analysis.md, "Other counters"): a local pointer
// that the body steps by whole elements in every iteration points, in
// iteration k, where it pointed before the loop plus k steps: `*q++ =
// *p++`, `*--q`, `p += 3` over interleaved triples, a step of 8 bytes
// through a cast to char *, a while loop, a struct pointer stepped in the
// for's increment, a row pointer the loop around sets (that loop runs in
// parallel: the store right before the inner loop says where each row
// starts), a pointer from a call, one into a local array the loop also
// indexes, an int flattened across rows, char ** and pointer differences.
// What stays sequential: the same memory shifted by one (`*p++ = a[i]`
// with p = a + 1; the run-time check of copy2(fb + 1, fb) fails and the
// loop runs as written), a step under a condition, a pointer to an array
// (no element view). Each function's pointers after the loop are checked
// too.
#include <stdio.h>
#include <string.h>
#define N 60000
typedef struct { float x, y; int tag; } pt;
static float fa[4 * N + 8], fb[4 * N + 8];
static pt pts[N + 4];
static double rowsbuf[N + 64];
float buf[N + 8];
static float m4[N][4];
static int d[N + 10];
static char *names[N], *copy[N];
static float *copy2(float *q, const float *p, int n) {
  for (int i = 0; i < n; i++)
    *q++ = *p++ * 2.0f;
  return q;
}
static const float *rev(float *q, const float *p, int n) {
  q += n;
  for (int i = 0; i < n; i++)
    *--q = *p++ + 1.0f;
  return p;
}
static void rgb(float *out, const float *in, int n) {
  const float *p = in;
  for (int i = 0; i < n; i++) {
    out[i] = p[0] * 0.25f + p[1] * 0.5f + p[2] * 0.25f;
    p += 3;
  }
}
static int bytes(float *out, const float *in, int n) {
  const float *p = in;
  for (int i = 0; i < n; i++) {
    out[i] = *p;
    p = (const float *)((const char *)p + 8);
  }
  return (int)(p - in);
}
static void whilecopy(float *d, const float *s, int n) {
  while (n-- > 0)
    *d++ = *s++ - 3.0f;
}
static void structs(pt *s, int n) {
  for (int i = 0; i < n; i++, s++) {
    s->x = (float)i;
    s->y = s->x * 2.0f;
    s->tag = i & 7;
  }
}
static void rows(double *out, int r, int w) {
  for (int y = 0; y < r; y++) {
    double *row = out + y * w;
    for (int x = 0; x < w; x++)
      *row++ = (double)(x + y) * 0.5;
  }
}
static void cond(float *q, const float *p, int n) {
  for (int i = 0; i < n; i++) {
    *q = p[i];
    if (p[i] > 3.0f)
      q++;
  }
}
float *get(void);
float *get(void) { return buf; }
static int flat(int r, int w, int *d) {
  int p = 0;
  for (int y = 0; y < r; y++) {
    p = y * w;
    for (int x = 0; x < w; x++)
      d[p++] = x ^ y;
  }
  return p;
}
static void arr4(float (*row)[4], int n) {
  for (int i = 0; i < n; i++) {
    (*row)[0] = (float)i;
    (*row)[3] = 2.0f * i;
    row++;
  }
}
static void strs(char **out, char **in, int n) {
  for (int i = 0; i < n; i++)
    *out++ = *in++;
}
static void from_call(int n) {
  float *p = get();
  for (int i = 0; i < n; i++)
    *p++ = (float)i * 3.0f;
}
static float local_arr(int n) {
  float tmp[256];
  float *p = tmp;
  if (n > 256) n = 256;
  for (int i = 0; i < n; i++) {
    *p++ = (float)i;
    tmp[i] += 1.0f;
  }
  float s = 0;
  for (int i = 0; i < n; i++) s += tmp[i];
  return s;
}
static void shifted(float *a, int n) {
  float *p = a + 1;
  for (int i = 0; i < n; i++)
    *p++ = a[i] + 1.0f;
}
static long diff(float *a, int n) {
  float *p = a;
  long t = 0;
  for (int i = 0; i < n; i++) {
    a[i] = (float)(p - a);
    p += 2;
  }
  return t + (p - a);
}
static unsigned long hash_f(const float *a, int n, unsigned long h) {
  for (int i = 0; i < n; i++)
    h = h * 31 + (unsigned long)(a[i] * 8);
  return h;
}
int main(void) {
  for (int i = 0; i < N; i++)
    names[i] = (char *)"xy" + (i & 1);
  int sizes[] = {0, 1, 2, 1000, N};
  for (int s = 0; s < 5; s++) {
    int n = sizes[s];
    for (int i = 0; i < 4 * N + 8; i++)
      fb[i] = (float)(i % 97) * 0.25f, fa[i] = 0;
    unsigned long h = 0;
    h += (unsigned long)(copy2(fa, fb, n) - fa);
    h = hash_f(fa, N, h);
    h += (unsigned long)(rev(fa, fb + 3, n) - fb);
    h = hash_f(fa, N, h);
    copy2(fb + 1, fb, n); /* overlapping: as written */
    h = hash_f(fb, N + 2, h);
    rgb(fa, fb, n);
    h = hash_f(fa, N, h);
    h += bytes(fa, fb, n);
    h = hash_f(fa, N, h);
    whilecopy(fa + 1, fb, n);
    h = hash_f(fa, N + 2, h);
    structs(pts, n);
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long)(pts[i].y + pts[i].tag);
    rows(rowsbuf, n / 1000 + 1, n / (n / 1000 + 1));
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long)rowsbuf[i];
    cond(fa, fb, n);
    h = hash_f(fa, N, h);
    h += flat(n / 100 + 1, n / (n / 100 + 1), d);
    for (int i = 0; i < N; i++)
      h = h * 31 + d[i];
    arr4(m4, n);
    for (int i = 0; i < N; i++)
      h = h * 31 + (unsigned long)(m4[i][0] + m4[i][3]);
    strs(copy, names, n);
    for (int i = 0; i < N; i++)
      h = h * 31 + (copy[i] ? *copy[i] : 0);
    from_call(n);
    h = hash_f(buf, N, h);
    h += (unsigned long)local_arr(n);
    shifted(buf, n);
    h = hash_f(buf, N, h);
    h += diff(buf, n / 3);
    h = hash_f(buf, N, h);
    printf("n=%d: %lu\n", n, h);
  }
  return 0;
}
