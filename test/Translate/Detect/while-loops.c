// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// While and do loops (docs/analysis.md, "While and do loops"):
// weft-count-loops counts those whose body (or condition) steps a counter
// that the condition bounds; each other one says why it is not.
#include <stddef.h>

struct vec {
  int n;
  float *v;
};
int g;
int next(void);

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void up(int n, float *a) {
  int i = 0;
  while (i < n) {
    a[i] = 0;
    i++;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void flipped_two_bounds(int n, int m, float *a) {
  int i = 2;
  while (n > i && i <= m) {
    a[i] = 1;
    i += 3;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void down(long k, float *a) {
  long j = k;
  do {
    a[j] = 2;
    j = j - 2;
  } while (j >= 0);
}

// expected-remark@+3 {{loop parallelized: a run-time check that s->v and s do not overlap}}
void bound_in_memory(struct vec *s) {
  int i = 0;
  while (i < s->n) {
    s->v[i] *= 2;
    ++i;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void size_t_counter(size_t n, float *a) {
  size_t z = 0;
  while (z < n) {
    a[z] = 3;
    z += 1;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: a continue at 64:7 skips the step of the counter i}}
void skips(int n, float *a) {
  int i = 0;
  while (i < n) {
    if (a[i] < 0)
      continue;
    a[i] = 1;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: a break at 75:7 leaves the loop}}
void leaves(int n, float *a) {
  int i = 0;
  while (i < n) {
    if (a[i] < 0)
      break;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the counter i is changed in the body at 85:7}}
void skips_ahead(int n, float *a) {
  int i = 0;
  while (i < n) {
    if (a[i] < 0)
      i++;
    a[i] = 1;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the bound reads n, which the body changes}}
void shrinks(int n, float *a) {
  int i = 0;
  while (i < n) {
    if (a[i] < 0)
      n--;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the condition calls next, which C calls again in every iteration}}
void calls(float *a) {
  int i = 0;
  while (i < next()) {
    a[i] = 0;
    i++;
  }
}

// expected-remark@+4 {{loop not parallelized: a while loop weft cannot count: the address of the counter i is taken}}
void address(int n, float *a) {
  int i = 0;
  int *p = &i;
  while (i < n) {
    a[i] = (float)*p;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the counter s is narrower than int and may wrap}}
void narrow(int n, float *a) {
  short s = 0;
  while (s < n) {
    a[s] = 0;
    s++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the unsigned counter u may wrap before it equals the bound}}
void wraps(unsigned k, unsigned n, float *a) {
  unsigned u = k;
  while (u != n) {
    a[u] = 0;
    u++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the counter i is compared as unsigned but may start negative}}
void negative_start(int k, size_t n, float *a) {
  int i = k;
  while (i < n) {
    a[i + 8] = 0;
    i++;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the condition does not bound the counter i in the direction it moves}}
void wrong_way(int n, float *a) {
  int i = n;
  while (i < 100) {
    a[i + 100] = 0;
    i--;
  }
}

// expected-remark@+4 {{loop not parallelized: a while loop weft cannot count: the condition is not a comparison of the counter it with a bound}}
void escape_time(float x, float y, int max, int *out) {
  float zx = 0, zy = 0;
  int it = 0;
  while (zx * zx + zy * zy < 4 && it < max) {
    float t = zx * zx - zy * zy + x;
    zy = 2 * zx * zy + y;
    zx = t;
    it++;
  }
  *out = it;
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the bound reads the counter i}}
void reads_counter(int n, float *a) {
  int i = 0;
  while (i < n - i) {
    a[i] = 0;
    i++;
  }
}

struct node {
  struct node *next;
  int v;
};
// expected-remark@+2 {{loop not parallelized: a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)}}
void list(struct node *p) {
  while (p) {
    p->v = 0;
    p = p->next;
  }
}

// expected-remark@+4 {{loop parallelized: its iterations are independent}}
// expected-remark@+5 {{loop not parallelized: the loop at 194:3 around it runs in parallel}}
void nest(int r, int w, float *img) {
  int y = 0;
  while (y < r) {
    int x = 0;
    while (x < w) {
      img[y * w + x] = 1;
      x++;
    }
    y++;
  }
}

// The step first: the body sees the counter stepped once, and a continue
// (which jumps to the test, after the step) is fine.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void step_first(int n, float *a) {
  int i = n;
  while (i > 0) {
    i--;
    if (a[i] < 0)
      continue;
    a[i] = 1;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void step_first_do(int n, float *a) {
  int i = -1;
  do {
    ++i;
    a[i] = 2;
  } while (i < n - 1);
}

// A step between statements: the body reads the counter's value before it,
// and that value stepped once after it; a step inside an expression too.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void step_between(int n, int *a) {
  int i = 0;
  while (i < n) {
    a[2 * i] = 0;
    i++;
    a[2 * i - 1] = 1;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void step_in_subscript(int n, int *a) {
  int i = 0;
  while (i < n)
    a[i++] = 7;
}

// A step inside an if may not run: the counter is not counted by it.
// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)}}
void step_in_if(int n, int *a) {
  int i = 0;
  while (i < n) {
    if (a[i] > 0)
      i++;
    else
      i += 2;
  }
}

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: the counter k is a global or static variable, which calls may change}}
void static_counter(int n, float *a) {
  static int k;
  while (k < n) {
    a[k] = 0;
    k++;
  }
}

// The step in the condition: `i-- > 0` (the body sees the stepped value),
// `++i < n` (the loop starts one step on), and a do loop's `++i < n` (the
// step after the body); a continue is fine, the step is in the test.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void post_down(int n, float *a) {
  int i = n;
  while (i-- > 0) {
    if (a[i] < 0)
      continue;
    a[i] = 1;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void pre_up(int n, float *a) {
  int i = -1;
  while (++i < n)
    a[i] = 2;
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void do_pre(int n, float *a) {
  int i = 0;
  do
    a[i] = 3;
  while (++i < n);
}

// expected-remark@+3 {{loop not parallelized: a do loop weft cannot count: the condition steps i after the body and tests the value before the step (`i++ < n`), which weft does not count in a do loop}}
void do_post(int n, float *a) {
  int i = 0;
  do
    a[i] = 4;
  while (i++ < n - 1);
}

// expected-remark@+3 {{loop not parallelized: a do loop weft cannot count: the do loop steps the unsigned counter u before its first test, which may wrap it}}
void do_unsigned_down(unsigned n, float *a) {
  unsigned u = n;
  do {
    a[u] = 5;
    u--;
  } while (u > 0);
}

// The counter as the condition, `n != 0`: stepped in the body, or in the
// condition itself (`while (n--)`, which ends at -1).
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void truth(unsigned n, float *a) {
  unsigned k = n;
  while (k) {
    a[k - 1] = 1;
    k--;
  }
}

// expected-remark@+3 {{loop parallelized: its iterations are independent}}
int truth_step(int n, float *a) {
  int i = n;
  while (i--)
    a[i] = 2;
  return i;
}

// A do loop over memory that a check sets apart: judged as the while loop
// it is when its first test passes, which the check tests too (the start,
// read from a struct into the counter, named as the counter where the
// loop starts).
// expected-remark@+3 {{loop parallelized: a run-time check that d and s do not overlap; a run-time check that the do loop's condition holds before its first iteration}}
void do_checked(float *d, const float *s, int n) {
  int i = 0;
  do {
    d[i] = s[i] + 1;
    i++;
  } while (i < n);
}
// expected-remark@+3 {{loop parallelized: a run-time check that d and s do not overlap; a run-time check that the do loop's condition holds before its first iteration}}
void do_checked_down(float *d, const float *s, struct vec *v) {
  int i = v->n;
  do {
    i--;
    d[i] = s[i] * 2;
  } while (i > 0);
}

// A step under && (GSL's way down): not counted, and the remark says so.
// expected-remark@+3 {{loop not parallelized: a for loop with no increment weft cannot count: the condition steps i in only some of its tests (under &&, || or ?:), which weft does not count}}
void and_step(size_t n, float *a) {
  size_t i;
  for (i = n; i > 0 && i--;)
    a[i] = 6;
}

// The same loop written `for (i = n; i-- > 0;)` is counted.
// expected-remark@+3 {{loop parallelized: its iterations are independent}}
void post_step(size_t n, float *a) {
  size_t i;
  for (i = n; i-- > 0;)
    a[i] = 7;
}
