// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// Loops weft cannot count, one remark each: a while loop stepped only in an
// if, a do loop's i++ < n (Detect/while-loops.c), early exits, changed bound.

// expected-remark@+3 {{loop not parallelized: a while loop weft cannot count: its body does not step a variable that the condition compares by a constant (i++, i += 4)}}
void while_loop(int n, float *a) {
  int i = 0;
  while (i < n)
    if (a[i] > 0) i++; else i += 2;
}

// expected-remark@+3 {{loop not parallelized: a do loop weft cannot count: the condition steps i after the body and tests the value before the step (`i++ < n`), which weft does not count in a do loop}}
void do_loop(int n, float *a) {
  int i = 0;
  do
    a[i] = 0;
  while (i++ < n - 1);
}

// expected-remark@+3 {{loop not parallelized: a break at 24:22 leaves the loop}}
int search(int n, const int *a, int key) {
  int i;
  for (i = 0; i < n; i++)
    if (a[i] == key) break;
  return i;
}

// expected-remark@+2 {{loop not parallelized: a return at 31:22 leaves the loop}}
int find(int n, const int *a, int key) {
  for (int i = 0; i < n; i++)
    if (a[i] == key) return i;
  return -1;
}

// expected-remark@+2 {{loop not parallelized: a goto at 38:19 leaves the loop}}
void jump(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] < 0) goto out;
out:
  a[0] = 0;
}

// expected-remark@+2 {{loop not parallelized: the counter i is changed in the body}}
void skip_ahead(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] == 0) i++;
}

// expected-remark@+2 {{loop not parallelized: the bound reads n, which the body changes}}
void shrink(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] == 0) n--;
}

// `continue` ends an iteration early: still parallel.
// expected-remark@+2 {{loop parallelized}}
void skip_zeros(int n, float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++) {
    if (b[i] == 0)
      continue;
    a[i] = 1 / b[i];
  }
}

// A break in an inner loop only makes the inner loop opaque; the outer loop
// writes row i only, so it is still parallel.
// expected-remark@+2 {{loop parallelized}}
void rows_until_zero(int n, float (*restrict m)[32]) {
  for (int i = 0; i < n; i++)
    // expected-remark@+1 {{loop not parallelized: a break at 72:25 leaves the loop}}
    for (int j = 0; j < 32; j++) {
      if (m[i][j] == 0) break;
      m[i][j] = 1;
    }
}
