// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// A switch enters its body at a case label: what precedes the label in the
// body may not have run. A scalar written under one case and read under
// another carries a value between iterations; a label inside a loop whose
// switch is outside it (Duff's device) makes the switch jump into the loop.

// expected-remark@+4 {{loop not parallelized: t carries a value from one iteration to the next}}
// expected-note@+9 {{t read here}}
void carried_across_cases(int n, const int *k, int *a) {
  int t = 0;
  for (int i = 0; i < n; i++) {
    switch (k[i]) {
    case 0:
      t = i;
      break;
    case 1:
      a[i] = t;
      break;
    }
  }
}

// expected-remark@+4 {{loop not parallelized: t carries a value from one iteration to the next}}
// expected-note@+8 {{t read here}}
void carried_by_fallthrough(int n, const int *k, int *a) {
  int t = 0;
  for (int i = 0; i < n; i++) {
    switch (k[i]) {
    case 0:
      t = i;
    case 1:
      a[i] = t;
    }
  }
}

// Written before the switch: every case sees this iteration's value.
// expected-remark@+3 {{loop parallelized: t is private}}
void written_before(int n, const int *k, int *a) {
  int t;
  for (int i = 0; i < n; i++) {
    t = 2 * i;
    switch (k[i]) {
    case 0:
      a[i] = t;
      break;
    default:
      a[i] = -t;
    }
  }
}

// Written and read under the same case label.
// expected-remark@+3 {{loop parallelized: t is private}}
void within_one_case(int n, const int *k, int *a) {
  int t;
  for (int i = 0; i < n; i++) {
    switch (k[i]) {
    case 0:
      t = i;
      a[i] = t;
      break;
    }
  }
}

// expected-remark@+6 {{loop not parallelized: it contains a case 1 label at 74:5 of a switch outside the loop, which jumps into the loop}}
// expected-note@+6 {{here}}
void duff(int x, int n, int *a) {
  int i = 0;
  switch (x) {
  case 0:
    for (i = 0; i < n; i++) {
    case 1:
      a[i] = i * 2;
    }
  }
}

// A label inside an if, which the switch jumps into: the loop around
// both stays sequential.
// expected-remark@+3 {{loop not parallelized: it contains a case 2 label at 89:7, inside a statement its switch jumps into}}
// expected-note@+6 {{here}}
void into_an_if(int n, const int *k, int *a, int lo) {
  for (int i = 0; i < n; i++) {
    switch (k[i]) {
    case 1:
      if (a[i] < lo) {
      case 2:
        a[i] = lo;
      }
    }
  }
}
