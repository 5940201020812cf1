// RUN: %exec-check %s
// PARALLEL: 23
// Pointer counters (docs/analysis.md, "Pointer counters"): loops whose
// condition compares a pointer with a bound (`p < end`, `p <= last`, `p !=
// end`, `p >= a`) and whose body or increment steps it by whole elements:
// the trip count is the distance to the bound in steps. A for with the
// pointer declared in its init, a while loop over an end pointer, a copy
// that steps a second pointer with the counter (with restrict, and without:
// called on overlapping memory, its run-time check fails and it runs as
// written; and from a start to an end pointer of three parameters, checked
// on the trip count the C computes), strides of 2 and 3, a loop going down,
// a do loop, a struct pointer, a pointer the condition steps (`p-- > a`,
// `++p < end`), rows of an image (the loop around runs in parallel), chars,
// an image whose pixels a struct holds, a transpose whose increment steps a
// second pointer by a variable (`p++, col += r`: the loop over rows runs in
// parallel), an integer loop whose increment does (`i++, j += s`), a step
// that a variable holds (`int s = m / 1000;`: the checks name s; with s = 0
// no two iterations may touch one element, and the loop runs as written).
// What stays sequential: a prefix sum through p[-1], a step under a
// condition. The pointers after each loop are printed too.
#include <stdio.h>
#include <string.h>
#define N 60000
#define W 300
#define H 200
typedef struct { float x, vx; int hits; } body_t;
typedef struct { unsigned char *px; int w, h; } gray_t;
static float fa[N + 8], fb[N + 8], img[H * W];
static double da[N];
static body_t bodies[N];
static char text[N + 1];
static unsigned char pixels[H * W];

static float *scale(float *a, int n, float s) {
  float *p = a;
  float *end = a + n;
  while (p < end) {
    *p = *p * s + 1.0f;
    p++;
  }
  return p;
}

static void copy_r(float *restrict d, const float *restrict s, long n) {
  const float *e = s + n;
  while (s < e)
    *d++ = *s++ * 0.5f;
}

static float *copy(float *d, const float *s, long n) {
  const float *e = s + n;
  while (s < e)
    *d++ = *s++ + 2.0f;
  return d;
}

static void range(float *d, const float *s, const float *e) {
  while (s < e)
    *d++ = *s++ * 0.5f + 1.0f;
}

static void stride(float *a, int n) {
  for (float *p = a; p < a + n; p += 2)
    p[0] = p[0] + p[1];
  for (float *q = a; q <= a + n - 3; q += 3)
    *q *= 2.0f;
}

static long upto(double *a, int n) {
  double *p;
  for (p = a; p != a + n; ++p)
    *p = (double)(p - a) * 0.5;
  return p - a;
}

static void down(float *a, int n) {
  float *p = a + n;
  while (p > a) {
    p--;
    *p = *p - 1.0f;
  }
}

static float *down_post(float *a, int n) {
  float *p = a + n;
  while (p-- > a)
    *p = *p * 0.5f + (float)(p - a);
  return p;
}

static float *pre(float *a, int n) {
  float *p = a - 1 + 1;
  while (++p < a + n)
    *p += p[-1 + 1] * 0.25f;
  return p;
}

static void fill_do(float *a, int n, float v) {
  float *p = a, *end = a + n;
  do {
    *p++ = v;
  } while (p < end);
}

static void move(body_t *b, int n, float dt) {
  for (body_t *q = b; q < b + n; q++) {
    q->x += q->vx * dt;
    if (q->x > 100.0f)
      q->hits++;
  }
}

static void brighten(float *im, int w, int h) {
  for (int y = 0; y < h; y++) {
    float *row = im + y * w;
    for (float *px = row; px < row + w; px++)
      *px = *px * 1.5f + (float)y;
  }
}

static void upper(char *s, int n) {
  for (char *c = s; c < s + n; c++)
    if (*c >= 'a' && *c <= 'z')
      *c = (char)(*c - 'a' + 'A');
}

static void invert(gray_t *im) {
  unsigned char *end = im->px + (long)im->w * im->h;
  for (unsigned char *p = im->px; p < end; ++p)
    *p = (unsigned char)(255 - *p);
}

static void transpose(const double *a, double *t, int r, int c) {
  for (int i = 0; i < r; i++) {
    const double *row = a + (size_t)i * c;
    double *col = t + i;
    for (const double *p = row; p < row + c; p++, col += r)
      *col = *p;
  }
}

static int gather(float *y, const float *x, int n, int s) {
  int i, j = 1;
  for (i = 0; i < n; i++, j += s)
    y[i] = x[j] * 2.0f;
  return j;
}

static int spread(float *y, const float *x, int n, int m) {
  int s = m / 1000;
  float *q = y;
  for (const float *p = x; p < x + n; p++, q += s)
    *q = *p + 0.5f;
  return (int)(q - y);
}

static void prefix(float *a, int n) {
  for (float *p = a + 1; p < a + n; p++)
    *p += p[-1] * 0.5f;
}

static int odd_steps(float *a, int n) {
  float *p = a;
  int k = 0;
  while (p < a + n) {
    *p += 1.0f;
    if (k++ % 2)
      p++;
    p++;
  }
  return k;
}

static double sum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)((i % 7) + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N + 8; i++) {
    fa[i] = (float)(i % 97) * 0.25f;
    fb[i] = (float)(i % 31);
  }
  for (int i = 0; i < N; i++) {
    bodies[i].x = (float)(i % 150);
    bodies[i].vx = (float)(i % 7) - 3.0f;
    bodies[i].hits = 0;
    text[i] = (char)('a' + i % 26);
    if (i % 11 == 0)
      text[i] = ' ';
  }
  text[N] = 0;
  for (int i = 0; i < H * W; i++)
    img[i] = (float)(i % 13);

  float *e = scale(fa, N, 1.5f);
  printf("scale %ld %.3f\n", (long)(e - fa), sum(fa, N));
  copy_r(fb, fa, N);
  printf("copy_r %.3f\n", sum(fb, N));
  float *d = copy(fb + 4, fb, N);         // overlapping: runs as written
  printf("copy %ld %.3f\n", (long)(d - fb), sum(fb, N + 4));
  d = copy(fb, fa + 3, N);                // apart
  printf("copy apart %ld %.3f\n", (long)(d - fb), sum(fb, N));
  range(fb, fa, fa + N);                  // apart
  range(fb + 1, fb, fb + N / 2);          // overlapping: as written
  range(fb + 9, fb + 10, fb + 3);         // no iteration
  printf("range %.3f\n", sum(fb, N));
  stride(fa, N - 1);
  printf("stride %.3f\n", sum(fa, N));
  long moved = upto(da, N);
  printf("upto %ld %.3f\n", moved, da[N - 1] + da[N / 2]);
  down(fa, N);
  printf("down %.3f\n", sum(fa, N));
  float *dp = down_post(fa, N);
  float *pp = pre(fa, N);
  printf("post pre %ld %ld %.3f\n", (long)(dp - fa), (long)(pp - fa), sum(fa, N));
  fill_do(fb, N, 3.0f);
  fill_do(fb + N, 1, 7.0f);
  printf("fill_do %.3f %.1f\n", sum(fb, N + 2), fb[N]);
  for (int t = 0; t < 3; t++)
    move(bodies, N, 0.5f);
  long hits = 0;
  double xs = 0;
  for (int i = 0; i < N; i++) {
    hits += bodies[i].hits;
    xs += bodies[i].x;
  }
  printf("move %ld %.3f\n", hits, xs);
  brighten(img, W, H);
  printf("brighten %.3f\n", sum(img, H * W));
  upper(text, N);
  printf("upper %.40s %d\n", text + 100, (int)strlen(text));
  for (int i = 0; i < H * W; i++)
    pixels[i] = (unsigned char)(i * 7);
  gray_t g = {pixels, W, H};
  invert(&g);
  g.h = 3; // a part of it
  invert(&g);
  long ps = 0;
  for (int i = 0; i < H * W; i++)
    ps += pixels[i] * (i % 5 + 1);
  printf("invert %ld\n", ps);
  transpose(da, da + 600 * 40, 600, 40);
  printf("transpose %.1f %.1f\n", da[600 * 40 + 1], da[600 * 40 + 599 * 40 + 3]);
  int gj = gather(fb, fa, 5000, 3);
  gj += gather(fb + 5000, fb + 4000, 1000, 1); // overlapping: as written
  printf("gather %d %.3f\n", gj, sum(fb, 7000));
  int sp = spread(fb, fa, 6000, 2000);         // s = 2, apart
  sp += spread(fb + 1, fb, 6000, 2500);        // overlapping: as written
  sp += spread(fb + 20000, fa, 5000, 500);     // s = 1
  sp += spread(fb + 30000, fa, 4000, 10);      // s = 0: one element
  printf("spread %d %.3f\n", sp, sum(fb, 40000));
  prefix(fa, 1000);
  printf("prefix %.3f\n", sum(fa, 1000));
  int steps = odd_steps(fb, 1000);
  printf("odd_steps %d %.3f\n", steps, sum(fb, 1000));
  return 0;
}
