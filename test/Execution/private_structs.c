// RUN: %exec-check %s
// PARALLEL: 6
// GRAPHS: 1
// Work arrays of structs read and written by fields (docs/analysis.md,
// "Private arrays"): each field is an array of its own for the test that
// every element an iteration reads it wrote before in that iteration. A
// complex twiddle table rebuilt for every row, particles' nested fields, a
// table over 16 KiB (a copy per team member), a static one, a union whose
// members are the same bytes; not a table one of whose fields a row reads
// before it writes it (the last row's values leak into the next), nor a
// union whose members overlap in part.
#include <math.h>
#include <stdio.h>

#define N 1200
#define K 64

typedef struct {
  double re, im;
} cplx;

typedef struct {
  struct {
    float x, y;
  } pos;
  float mass;
} particle;

static double in[N][K], out[N], out2[N], out3[N], out4[N], out5[N];

static void twiddles(void) {
  cplx w[K];
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++) {
      w[k].re = cos(in[i][k]) * k;
      w[k].im = sin(in[i][k]) - k;
    }
    double s = 0;
    for (int k = 0; k < K; k++)
      s += w[k].re * w[K - 1 - k].im - w[k].im;
    out[i] = s;
  }
}

static void particles(void) {
  particle p[K];
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++) {
      p[k].pos.x = (float)in[i][k];
      p[k].pos.y = (float)(in[i][k] * 0.5);
      p[k].mass = 1.0f + (float)k;
    }
    float e = 0;
    for (int k = 0; k < K; k++)
      e += p[k].mass * (p[k].pos.x * p[k].pos.x + p[k].pos.y * p[k].pos.y);
    out2[i] = e;
  }
}

static void big_table(void) {
  cplx t[1100]; /* 17.6 KiB: a copy per team member */
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 1100; k++) {
      t[k].re = in[i][k % K] + k;
      t[k].im = in[i][(k * 7) % K] - k;
    }
    double s = 0;
    for (int k = 0; k < 1100; k += 3)
      s += t[k].re * t[1099 - k].im;
    out3[i] = s;
  }
}

static cplx stash[K];

static void static_table(void) {
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++) {
      stash[k].im = in[i][k] * 3;
      stash[k].re = stash[k].im + 1;
    }
    double s = 0;
    for (int k = 0; k < K; k++)
      s += stash[k].re / (1 + fabs(stash[k].im));
    out4[i] = s;
  }
}

/* The row reads w[k].im before it writes it: not private. */
static void leaky(void) {
  cplx w[K] = {{0, 0}};
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++) {
      w[k].re = in[i][k] + w[k].im;
      w[k].im = w[k].re * 0.5;
    }
    out5[i] = w[i % K].re;
  }
}

/* Members of a union that are the same bytes are one array (d written,
   u read: private); members that overlap in part are not compared. */
typedef union {
  double d;
  unsigned long long u;
} bits;

static unsigned long long same_bytes(void) {
  bits b[K];
  unsigned long long h = 0;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++)
      b[k].d = in[i][k];
    for (int k = 0; k < K; k++)
      h ^= b[k].u >> (k % 7);
  }
  return h;
}

typedef union {
  double d;
  struct {
    unsigned lo, hi;
  } w;
} halves;

static unsigned long long overlapping(void) {
  halves b[K];
  unsigned long long h = 0;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < K; k++)
      b[k].d = in[i][k];
    for (int k = 0; k < K; k++)
      h += b[k].w.hi ^ (b[k].w.lo >> (k % 5));
  }
  return h;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      in[i][k] = (double)((i * 31 + k * 17) % 101) / 25.0;
  twiddles();
  particles();
  big_table();
  static_table();
  leaky();
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i] + out2[i] + out3[i] + out4[i] + out5[i] * (i % 5);
  printf("%.10e %llx %llx\n", s, same_bytes(), overlapping());
  return 0;
}
