// RUN: weft-translate %s -o %t.c -- 2> %t.err
// RUN: grep -v "^// " %t.c | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.err
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// A run-time check names what a loop reads from memory by its C text, read
// again where the loop starts: the exact source, however long, with its
// comments, or the macro that stands for exactly that read. Text that is only
// part of a macro's expansion names nothing, and the loop stays as written.

struct config_with_a_rather_long_name {
  int number_of_elements_in_the_array_of_results;
  int n, m;
};

// More than 64 characters (a remark would shorten it; code must not).
// CHECK-LABEL: void long_text(
// CHECK: weft_apart((const void *)a, 0, weft_add(-1, (int64_t)(the_configuration->number_of_elements_in_the_array_of_results), &weft_bad), sizeof(a[0]),
// REMARK: check-text.c:[[@LINE+2]]:3: remark: loop parallelized
void long_text(double *a, const struct config_with_a_rather_long_name *the_configuration) {
  for (int i = 0; i < the_configuration->number_of_elements_in_the_array_of_results; i++)
    a[i] = i;
}

// Across lines, with a comment in the middle.
// CHECK-LABEL: void split(
// CHECK: weft_apart((const void *)a, 0, weft_add(-1, (int64_t)(cfg -> /* the count */
// CHECK-NEXT: {{^ *}}n), &weft_bad), sizeof(a[0]),
// REMARK: check-text.c:[[@LINE+2]]:3: remark: loop parallelized
void split(double *a, const struct config_with_a_rather_long_name *cfg) {
  for (int i = 0; i < cfg -> /* the count */
                      n; i++)
    a[i] = i;
}

// A macro whose whole expansion is the read (parentheses included).
#define COUNT (cfg->n)
// CHECK-LABEL: void whole_macro(
// CHECK: weft_apart((const void *)a, 0, weft_add(-1, (int64_t)(COUNT), &weft_bad), sizeof(a[0]),
// REMARK: check-text.c:[[@LINE+2]]:3: remark: loop parallelized
void whole_macro(double *a, const struct config_with_a_rather_long_name *cfg) {
  for (int i = 0; i < COUNT; i++)
    a[i] = i;
}

// Two reads in one macro: its name is neither of them.
#define BOTH(p) ((p)->n + (p)->m)
// CHECK-LABEL: void part_of_macro(
// CHECK-NOT: weft_apart
// CHECK: for (int i = 0; i < BOTH(cfg); i++)
// REMARK: check-text.c:[[@LINE+2]]:3: remark: loop not parallelized: a and cfg may overlap, and the elements a[i] touches depend on values weft cannot name in C
void part_of_macro(double *a, const struct config_with_a_rather_long_name *cfg) {
  for (int i = 0; i < BOTH(cfg); i++)
    a[i] = i;
}

// A read in the body through a variable declared in the body: at the loop's
// start that name is another variable (or none), so the check cannot use it.
struct vec { int n; double *data; };
// CHECK-LABEL: void shadowed(
// CHECK-NOT: weft_apart
// CHECK: for (int i = 0; i < n; i++) {
// REMARK: check-text.c:[[@LINE+4]]:3: remark: loop not parallelized: weft cannot write the trip count or a run-time check of this loop in C
void shadowed(double *out, struct vec *v, struct vec *u, int n) {
  struct vec *w = u;
  (void)w;
  for (int i = 0; i < n; i++) {
    struct vec *w = v;
    out[i] = w->data[i];
  }
}

// The same read through the outer variable: named at the loop's start.
// CHECK-LABEL: void outer(
// CHECK: (const void *)v, 0, 0, sizeof(v[0]), &weft_bad) &&
// CHECK: (const void *)(w->data), 0, weft_add(-1, (int64_t)n, &weft_bad), sizeof((w->data)[0]), &weft_bad)) {
// REMARK: check-text.c:[[@LINE+3]]:3: remark: loop parallelized
void outer(double *out, struct vec *v, int n) {
  struct vec *w = v;
  for (int i = 0; i < n; i++)
    out[i] = w->data[i];
}
