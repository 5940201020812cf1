// Error paths (docs/analysis.md, "Error paths"): an `if` branch that writes
// output and ends with exit, _Exit, quick_exit or abort does not keep its
// loop sequential; only the first iteration, in loop order, that takes one
// runs it, once every earlier iteration is done. Its calls may pass string
// literals, stdout and stderr, scalars, and pointers into memory the loop
// does not write (read as whole objects, like any access). Not when a
// branch has a jump, when the I/O is not on a branch that ends the program,
// when a pointer argument is one weft does not follow, when the file
// registers an exit handler (RUN line 2), or beside array reductions.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false -- -DHANDLER 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#ifndef HANDLER
void checked(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: the error path at 18:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    if (a[i] < 0) {
      fprintf(stderr, "negative value %f at %d\n", a[i], i);
      exit(1);
    }
    b[i] = 2 * a[i];
  }
}

void two_paths(const int *restrict idx, int *restrict out, int n, int m) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: the error paths at 28:5 and 30:5 end the program at the first iteration that takes one, once every earlier iteration is done}}
    if (idx[i] < 0)
      abort();
    if (idx[i] >= m) {
      puts("index out of range");
      _Exit(2);
    } else {
      out[i] = idx[i] * 2;
    }
  }
}

void else_branch(const int *restrict v, int *restrict w, int n) {
  long sum = 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: sum is a + reduction; the error path at 42:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    if (v[i] >= 0)
      w[i] = v[i];
    else {
      printf("bad %d\n", v[i]);
      fflush(stdout);
      exit(3);
    }
    sum += v[i];
  }
  printf("%ld\n", sum);
}

void inner(float (*restrict m)[64], float *restrict rows, int n) {
  for (int r = 0; r < n; r++) { // expected-remark {{loop parallelized: the error path at 58:7 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    int s = 0;
    for (int c = 0; c < 64; c++) { // expected-remark {{loop not parallelized: the loop at 55:3 around it runs in parallel}}
      if (m[r][c] < 0) {
        fprintf(stderr, "row %d: %g\n", r, m[r][c]);
        exit(4);
      }
      s += (int)m[r][c];
    }
    rows[r] = (float)s;
  }
}

const char *names[100];
char label[32];

void names_read(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters, on an error path, with a pointer argument weft does not follow}}
    if (a[i] < 0) {
      fprintf(stderr, "%s is negative\n", names[i % 100]); // expected-note {{here}}
      exit(1);
    }
    b[i] = a[i];
  }
}

void label_read(double *restrict a, const char *restrict text, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: the error path at 83:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    if (a[i] < 0) {
      fputs(label, stderr);
      puts(text + i);
      exit(1);
    }
    a[i] = 1;
  }
}

void label_written(double *restrict a) {
  for (int i = 0; i < 32; i++) { // expected-remark {{loop not parallelized: label[i] written in one iteration may be read in another (as puts(label)): a subscript weft cannot read}}
    label[i] = 'x';
    if (a[i] < 0) {
      puts(label); // expected-note {{puts(label) read here}}
      exit(1);
    }
  }
}

void no_exit(double *restrict a, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters}}
    if (a[i] < 0) {
      fprintf(stderr, "negative at %d\n", i); // expected-note {{here}}
      a[i] = 0;
    }
  }
}

void jumps(double *restrict a, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters}}
    if (a[i] < 0) {
      fprintf(stderr, "negative at %d\n", i); // expected-note {{here}}
      if (a[i] < -1)
        continue;
      exit(1);
    }
  }
}

void not_a_branch(double *restrict a, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to printf, which does I/O, whose order matters}}
    printf("%d\n", i); // expected-note {{here}}
    if (a[i] < 0)
      exit(1);
  }
}

void histogram(const int *restrict k, int n) {
  static int h[16];
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it has an error path (at 133:5), which weft runs in parallel only in a loop without array reductions (h)}}
    if (k[i] < 0 || k[i] >= 16) // expected-note {{the error path}}
      abort();
    h[k[i]]++;
  }
  printf("%d\n", h[0]);
}

// Functions of the program that end it (`die`): their body ends with exit
// or abort (or a call to another such function) and writes output only of
// literals, __func__, stdout, stderr and their parameters, whose arguments
// the call site then checks as the output's.
static _Noreturn void die(const char *msg, int code) {
  fprintf(stderr, "%s: %s\n", __func__, msg);
  exit(code);
}
__attribute__((noreturn)) void fatal(const char *what) {
  perror(what);
  die("fatal", 9);
}
const char *progname = "prog";
static void die_named(const char *msg) {
  fprintf(stderr, "%s: %s\n", progname, msg);
  exit(1);
}
int failures;
static void die_counted(void) {
  failures++;
  exit(1);
}
static void maybe_die(int c) {
  if (c)
    exit(1);
}

void dies(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: the error paths at 169:5 and 171:5 end the program at the first iteration that takes one, once every earlier iteration is done}}
    if (a[i] < 0)
      die("negative", 2);
    if (a[i] > 1e9)
      fatal(label);
    b[i] = a[i];
  }
}

void dies_named(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to die_named, which calls fprintf, which does I/O, whose order matters}}
    if (a[i] < 0)
      die_named("negative"); // expected-note {{here}}
    b[i] = a[i];
  }
}

void dies_counted(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to die_counted, which calls exit, which may end the program}}
    if (a[i] < 0)
      die_counted(); // expected-note {{here}}
    b[i] = a[i];
  }
}

void dies_maybe(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters}}
    if (a[i] < 0) {
      fprintf(stderr, "negative\n"); // expected-note {{here}}
      maybe_die(1);
    }
    b[i] = a[i];
  }
}

// Such a function may read globals, and pass a global array to its
// output: reads of the loop, whole, which its writes must not touch. A
// pointer loaded from a global (die_named's progname) is not followed.
int verbose = 1;
char progtag[16] = "prog";
static void die_verbose(const char *msg) {
  if (verbose)
    fprintf(stderr, "%s: %s\n", progtag, msg);
  exit(1);
}

void dies_verbose(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: the error path at 216:5 ends the program at the first iteration that takes it, once every earlier iteration is done}}
    if (a[i] < 0)
      die_verbose("negative");
    b[i] = a[i];
  }
}

void dies_tag_written(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: progtag (in die_verbose) read in one iteration may be written in another (as progtag[i % 16])}}
    if (a[i] < 0)
      die_verbose("negative");
    progtag[i % 16] = (char)b[i]; // expected-note {{progtag[i % 16] written here}}
  }
}

void dies_loaded(const double *restrict a, double *restrict b, int n) {
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: it contains a call to die, which calls fprintf, which does I/O, whose order matters, on an error path, with a pointer argument weft does not follow}}
    if (a[i] < 0)
      die(names[i % 100], 3); // expected-note {{here}}
    b[i] = a[i];
  }
}
#else
static void bye(void) { puts("bye"); }

void checked(const double *restrict a, double *restrict b, int n) {
  atexit(bye);
  // CHECK: [[@LINE+1]]:3: remark: loop not parallelized: it contains a call to fprintf, which does I/O, whose order matters, on an error path (the file registers a function to run at exit with atexit, which would see what later iterations wrote)
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) {
      fprintf(stderr, "negative value %f at %d\n", a[i], i);
      exit(1);
    }
    b[i] = 2 * a[i];
  }
}
#endif
