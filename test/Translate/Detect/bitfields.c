// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// A bitfield access is an access to its whole element: it is named by its
// C, compared with other elements subscript by subscript, and with the
// fields of the same element as the element itself.

struct particle {
  float x, v;
  unsigned alive : 1, kind : 2;
};

// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void update(struct particle *restrict p, int n) {
  for (int i = 0; i < n; i++) {
    if (!p[i].alive)
      continue;
    p[i].x += p[i].v;
    if (p[i].x < 0)
      p[i].alive = 0;
  }
}

// expected-remark@+3 {{loop not parallelized: p[i + 1].kind read in iteration i is written in iteration i+1}}
// expected-note@+3 {{p[i].kind written here}}
void shift(struct particle *restrict p, int n) {
  for (int i = 0; i < n; i++)
    p[i].kind = p[i + 1].kind;
}

// expected-remark@+3 {{loop not parallelized: p[i].x read in one iteration is written in another (as p[0].alive)}}
// expected-note@+3 {{p[0].alive written here}}
void same_element(struct particle *restrict p, int n) {
  for (int i = 0; i < n; i++)
    p[0].alive = p[i].x > 0;
}

// A field of one element against the bitfields of the next.
// expected-remark@+3 {{loop not parallelized: p[i + 1].x read in iteration i is written in iteration i+1}}
// expected-note@+3 {{p[i].alive written here}}
void neighbour(struct particle *restrict p, int n) {
  for (int i = 0; i < n; i++)
    p[i].alive = p[i + 1].x > 0;
}
