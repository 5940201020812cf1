// RUN: weft-translate %s -o %t.c -- 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// RUN: grep -v "^// " %t.c | FileCheck %s
// A function declared before the types its body uses: the outlined code
// goes before the definition, not before the prototype. (Found on gsl's
// rng/knuthran.c by the corpus, whose translations must compile.)

static void fill(void *vstate, int n);

typedef struct {
  long x[100000];
} state_t;

// CHECK:      } state_t;
// CHECK:      struct weft_fill_{{[0-9]+}}_ctx {
// CHECK-NEXT:   state_t *s;
// CHECK:      static void fill(void *vstate, int n) {
static void fill(void *vstate, int n) {
  state_t *s = (state_t *)vstate;
  for (int i = 0; i < n; i++)
    s->x[i] = 3 * i;
}

void use(state_t *s) { fill(s, 100000); }
