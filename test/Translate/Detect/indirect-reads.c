// Calls that read memory through pointers they load (docs/analysis.md,
// "Reads through loaded pointers"): a pointer read from memory was stored
// there, so it reaches no memory whose address nothing keeps (a local, or
// what malloc returned, never stored, returned, converted or passed where
// it may be kept). A loop whose writes all go to such memory runs in
// parallel; one that writes other memory stays sequential, saying which
// write. Execution: test/Execution/indirect_reads.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
#include <stdlib.h>

static float dist2(const float *a, const float *b, int d) {
  float s = 0.0f;
  for (int j = 0; j < d; j++) // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
    s += (a[j] - b[j]) * (a[j] - b[j]); // expected-note {{s updated here}}
  return s;
}

// The centers are rows of one block, reached through a table of pointers:
// pts[c] is a pointer loaded from memory.
static int nearest(const float *pt, float **pts, int k, int d) {
  int best = 0;
  float bd = dist2(pt, pts[0], d);
  for (int c = 1; c < k; c++) { // expected-remark {{loop not parallelized: the comparison that updates bd also decides other code: a chunk would run it against its own partial bd, not the running value}}
    float x = dist2(pt, pts[c], d);
    if (x < bd) {
      bd = x;
      best = c; // expected-note {{decided here}}
    }
  }
  return best;
}

// Writes to an allocation nothing keeps (returning it, after the loop, does
// not), and to locals: parallel. The points' rows (feature[i], loaded) are
// apart from it too.
int *assign(float **feature, float **centers, int n, int k, int d) {
  int *member = malloc(n * sizeof(int));
  long moved = 0;
  if (!member)
    return 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: moved is a + reduction}}
    member[i] = nearest(feature[i], centers, k, d);
    moved += member[i] != 0;
  }
  return moved > n ? 0 : member;
}

// Writes to a parameter's memory, which a loaded pointer may reach.
void assign_into(int *out, float **feature, float **centers, int n, int k,
                 int d) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to nearest, which reads memory through a pointer weft does not follow (dist2(pt, pts[0], d)), and the loop writes out[i], which such a pointer may reach}}
    out[i] = nearest(feature[i], centers, k, d); // expected-note {{here}}
}

// An allocation whose pointer is stored in memory (tab[0]): a loaded
// pointer may reach it.
int *assign_kept(float **feature, float **centers, int n, int k, int d,
                 int **tab) {
  int *member = malloc(n * sizeof(int));
  tab[0] = member;
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to nearest, which reads memory through a pointer weft does not follow (dist2(pt, pts[0], d)), and the loop writes member[i], which such a pointer may reach}}
    member[i] = nearest(feature[i], centers, k, d); // expected-note {{here}}
  return member;
}

// One passed to a function that keeps it.
static int *kept;
static void keep(int *p) { kept = p; }
int *assign_passed(float **feature, float **centers, int n, int k, int d) {
  int *member = malloc(n * sizeof(int));
  keep(member);
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to nearest, which reads memory through a pointer weft does not follow (dist2(pt, pts[0], d)), and the loop writes member[i], which such a pointer may reach}}
    member[i] = nearest(feature[i], centers, k, d); // expected-note {{here}}
  return member;
}

// A callee that writes through a pointer it loads, small enough to be
// expanded at its call (weft-expand-calls): the loop is judged as if it
// wrote slots[i][0] itself, a row of a table whose rows a run-time check
// finds apart.
static void bump(int **slots, int i) { slots[i][0]++; }
void bump_all(int **slots, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that the rows of slots it touches are apart; a run-time check that the rows of slots and the slots of slots do not overlap}}
    bump(slots, i);
}
