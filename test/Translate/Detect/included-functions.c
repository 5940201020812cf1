// Functions defined in the files the main file includes (docs/analysis.md,
// "Functions of included files"): weft imports a definition that a function
// of the file calls, directly or through other such definitions, and its
// summary is then as precise as a function of the file's own (a pure
// helper, a read through a struct's pointer, a header's loop, I/O, a
// static counter). Its loops are the header's: no remark, no report entry.
// A system header's definitions are not imported (sys_twice stays a
// function weft does not know). Execution: test/Execution/included_functions.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false -- -isystem %S/Inputs/sysinc
// RUN: weft-translate %s --analyze --report=%t.json --fork-join-ns=0 --task-graphs=false -- -isystem %S/Inputs/sysinc 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT-NOT: "function": "{{row_sum|scale_row}}"
#include "Inputs/accessors.h"
#include <sysacc.h>

// clamp_byte calls clampi: both pure.
void quantize(const int *restrict in, unsigned char *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[i] = (unsigned char)clamp_byte(in[i]);
}

// A header loop inside a parallel loop: row_sum reads a row, scale_row
// writes one.
void normalize(double a[][64], double *restrict sums, int rows) {
  for (int r = 0; r < rows; r++) { // expected-remark {{loop parallelized: its iterations are independent}}
    sums[r] = row_sum(a[r], 64);
    scale_row(a[r], 64, 0.5);
  }
}

// vec_get reads through the pointer the struct holds, which the loop's
// write may reach: its body is expanded at the call (weft-expand-calls),
// and a run-time check names v->data.
void gather(const vec *v, double *out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: a run-time check that out and v do not overlap; a run-time check that out and v->data do not overlap}}
    out[i] = vec_get(v, i);
}

// I/O, and a static counter, through header functions.
void trace(const double *x, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to trace_value, which calls printf, which does I/O, whose order matters}}
    trace_value(x[i]); // expected-note {{here}}
}

void ids(int *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: the loop calls a function that uses the global counter}}
    out[i] = next_id(); // expected-note {{counter used here}}
}

// A system header's function: not imported.
void twice(const int *restrict in, int *restrict out, int n) {
  for (int i = 0; i < n; i++) // expected-remark {{loop not parallelized: it contains a call to sys_twice, whose effects weft does not know (it is not defined in this file)}}
    out[i] = sys_twice(in[i]); // expected-note {{here}}
}
