// RUN: weft-translate %s --emit-mlir -- | FileCheck %s
// Loops weft cannot count stay as weft.opaque_loop, with the reason, and
// their code is still imported. While and do loops are all imported so:
// weft-count-loops decides which are counted. When the body's last
// statement steps a variable that the condition compares, the importer
// records that variable (weft.c_counter, its decl) and the number of bounds
// (weft.c_bounds), for the rewriter to find the header's C again.

// The bounds of @plus_width and @minus_width_down, below.
// CHECK-DAG: #[[$WIDTH:map[0-9]*]] = affine_map<()[s0, s1] -> (s0 - s1 + 1)>
// CHECK-LABEL: func.func @while_loop
// CHECK: memref.alloca() {weft.alias = #weft.alias<object>, weft.decl = [[D:[0-9]+]] : i64, weft.name = "i"} : memref<i32>
// CHECK: weft.opaque_loop {kind = "while", reason = "a while loop", weft.c_bounds = 1 : i64, weft.c_counter = [[D]] : i64, weft.free_vars = [{decl = [[D]] : i64, name = "i"}, {decl = 1 : i64, name = "n"}, {decl = 2 : i64, name = "a"}], weft.loop_id = 0 : i64{{.*}}} condition {
// CHECK:   arith.cmpi slt
// CHECK:   weft.condition
// CHECK: } body {
// CHECK:   memref.store
void while_loop(int n, float *a) {
  int i = 0;
  while (i < n) {
    a[i] = 0;
    i++;
  }
}

// CHECK-LABEL: func.func @do_loop
// CHECK: weft.opaque_loop {kind = "do", reason = "a do loop", weft.c_bounds = 1 : i64, weft.c_counter = {{[0-9]+}} : i64, {{.*}}weft.loop_id = 1 : i64{{.*}}} condition {
void do_loop(int n, float *a) {
  int i = 0;
  do a[i++] = 0; while (i < n);
}

// CHECK-LABEL: func.func @early_break
// CHECK: weft.opaque_loop {kind = "for", reason = "a break at [[@LINE+4]]:19 leaves the loop"
// CHECK:   weft.break
void early_break(int n, float *a) {
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) break;
    a[i] = 1;
  }
}

// A break in an inner loop only leaves the inner loop.
// CHECK-LABEL: func.func @inner_break
// CHECK: affine.for
// CHECK:   weft.opaque_loop {kind = "for", reason = "a break at
void inner_break(int n, float *a) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (a[j] == i) break;
}

// CHECK-LABEL: func.func @early_return
// CHECK: weft.opaque_loop {kind = "for", reason = "a return at [[@LINE+3]]:19 leaves the loop"
int early_return(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] < 0) return i;
  return -1;
}

// CHECK-LABEL: func.func @jump_out
// CHECK: weft.opaque_loop {kind = "for", reason = "a goto at [[@LINE+3]]:19 leaves the loop"
void jump_out(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] < 0) goto done;
done:
  a[0] = 1;
}

// CHECK-LABEL: func.func @counter_changed
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter i is changed in the body at [[@LINE+3]]:20"
void counter_changed(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] == 0) i++;
}

// CHECK-LABEL: func.func @bound_changed
// CHECK: weft.opaque_loop {kind = "for", reason = "the bound reads n, which the body changes"
void bound_changed(int n, float *a) {
  for (int i = 0; i < n; i++)
    if (a[i] == 0) n--;
}

// A bound in memory is counted (test/Translate/Detect/bound-in-memory.c),
// unless it is volatile.
// CHECK-LABEL: func.func @bound_in_memory
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition reads volatile memory, which may change at any time"
struct vec { volatile int n; float *v; };
void bound_in_memory(struct vec *s) {
  for (int i = 0; i < s->n; i++)
    s->v[i] = 0;
}

// CHECK-LABEL: func.func @forever
// CHECK: weft.opaque_loop {kind = "for", reason = "this for has no condition"
void forever(float *a) {
  for (int i = 0;; i++)
    if (a[i] == 0) break;
}

// An unsigned counter counting down to `>= 0` never stops.
// CHECK-LABEL: func.func @unsigned_down
// CHECK: weft.opaque_loop {kind = "for", reason = "the unsigned counter u wraps below zero before the condition fails"
void unsigned_down(float *a) {
  for (unsigned u = 10; u >= 0; u--)
    a[u] = 0;
}

// A short counter compared with an int may wrap before it reaches it.
// CHECK-LABEL: func.func @narrow
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter s is narrower than int and may wrap before it reaches the bound"
void narrow(int n, float *a) {
  for (short s = 0; s < n; s++)
    a[s] = 0;
}

// ... but not before a constant that fits.
// CHECK-LABEL: func.func @narrow_constant
// CHECK: affine.for %{{.*}} = 0 to 100 {
void narrow_constant(float *a) {
  for (short s = 0; s < 100; s++)
    a[s] = 0;
}

// CHECK-LABEL: func.func @address_taken
// CHECK: weft.opaque_loop {kind = "for", reason = "the address of the counter i is taken"
void use(int *);
void address_taken(int n) {
  for (int i = 0; i < n; i++)
    use(&i);
}

// CHECK-LABEL: func.func @global_counter
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter g is a global or static variable, which calls may change"
int g;
void global_counter(int n, float *a) {
  for (g = 0; g < n; g++)
    a[g] = 0;
}

// A signed counter compared as unsigned, from an unknown start.
// CHECK-LABEL: func.func @signed_unsigned
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter i is compared as unsigned but may start negative"
void signed_unsigned(unsigned n, int s, float *a) {
  for (int i = s; i < n; i++)
    a[i] = 0;
}

// An unsigned counter against a wider bound wraps first if the bound is
// large...
// CHECK-LABEL: func.func @wider_bound
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter i is unsigned and may wrap before it reaches the bound"
void wider_bound(unsigned long n, float *a) {
  for (unsigned i = 0; i < n; i++)
    a[i] = 0;
}

// ... but a signed int cannot overflow in a valid C program.
// CHECK-LABEL: func.func @int_against_size_t
// CHECK: affine.for
void int_against_size_t(unsigned long n, float *a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// Two variables declared in the init: the init runs before the loop
// (docs/analysis.md, "Inits"), which is counted.
// CHECK-LABEL: func.func @two_counters
// CHECK: affine.for
void two_counters(int n, float *a) {
  for (int i = 0, j = n; i < n; i++)
    a[i] = j;
}

// The counter plus a constant (`i + 1 < n`) is counted: the loop runs to
// n - 1 (affine: the bound is the map's `s0 - 1`)...
// CHECK-LABEL: func.func @plus_one
// CHECK: affine.for %{{.*}} = 0 to #map{{[0-9]*}}()[%{{.*}}] {
void plus_one(int n, float *a) {
  for (int i = 0; i + 1 < n; i++)
    a[i] = a[i + 1];
}

// ... and so is `1 + i < n` of a size_t, which cannot wrap on the way up.
// CHECK-LABEL: func.func @plus_one_size_t
// CHECK: affine.for
void plus_one_size_t(unsigned long n, float *a) {
  for (unsigned long i = 0; 1 + i < n; i++)
    a[i] = 0;
}

// `i - 1` of an unsigned counter wraps below zero at 0.
// CHECK-LABEL: func.func @minus_one_unsigned
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares i - 1, which may wrap below zero in unsigned arithmetic"
void minus_one_unsigned(unsigned n, float *a) {
  for (unsigned i = 0; i - 1 < n; i++)
    a[i] = 0;
}

// `i + 1 > 0` going down stops where i wraps, which is no count.
// CHECK-LABEL: func.func @plus_one_down
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares i + 1 of an unsigned counter that counts down"
void plus_one_down(unsigned long n, float *a) {
  for (unsigned long i = n; i + 1 > 0; i--)
    a[i] = 0;
}

// A short counter's own bound, 40001 here, must fit it too.
// CHECK-LABEL: func.func @narrow_offset
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter s is narrower than int and may wrap before it reaches the bound"
void narrow_offset(float *a) {
  for (short s = 0; s - 1 < 40000; s++)
    a[s] = 0;
}

// A signed counter compared as unsigned must start at 0 or above plus the
// offset.
// CHECK-LABEL: func.func @offset_unsigned_compare
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter i is compared as unsigned but may start negative"
void offset_unsigned_compare(unsigned n, float *a) {
  for (int i = -2; i + 1 < n; i++)
    a[i + 2] = 0;
}

// `c <= 255` of an unsigned char never fails: C loops forever.
// CHECK-LABEL: func.func @narrow_le_max
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter c is narrower than int and may wrap before it reaches the bound"
void narrow_le_max(float *a) {
  for (unsigned char c = 0; c <= 255; c++)
    a[c] = 0;
}

// ... while `c <= 254` stops.
// CHECK-LABEL: func.func @narrow_le
// CHECK: affine.for %{{.*}} = 0 to 255 {
void narrow_le(float *a) {
  for (unsigned char c = 0; c <= 254; c++)
    a[c] = 0;
}

// An unsigned int's i + 1 wraps to 0 at UINT_MAX, where a 64-bit count
// does not: only from a start known to hold it.
// CHECK-LABEL: func.func @plus_one_unsigned_start
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares i + 1, which may wrap from an unknown start"
void plus_one_unsigned_start(unsigned s, unsigned n, float *a) {
  for (unsigned i = s; i + 1 < n; i++)
    a[i] = 0;
}

// The counter plus a value the loop does not change, in signed
// arithmetic: `i + w <= n` runs to n - w + 1 (affine, both symbols), `i - k
// >= 0` down from n runs n - k + 1 times.
// CHECK-LABEL: func.func @plus_width(
// CHECK: affine.for %{{.*}} = 0 to #[[$WIDTH]]()[%{{.*}}, %{{.*}}] {
// CHECK-LABEL: func.func @minus_width_down
// CHECK: affine.for %{{.*}} = 0 to #[[$WIDTH]]()[%{{.*}}, %{{.*}}] {
void plus_width(int n, int w, float *a) {
  for (int i = 0; i + w <= n; i++)
    a[i] = a[i + w];
}

void minus_width_down(long n, long k, float *a) {
  for (long i = n; i - k >= 0; i--)
    a[i] = 0;
}

// Not in unsigned arithmetic (it wraps), with `!=` (which does not say
// how C added them), or of a counter narrower than int.
// CHECK-LABEL: func.func @plus_width_unsigned
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares i plus a value in arithmetic that may wrap (weft counts such a bound in signed arithmetic, with < <= > >=, only)"
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares i plus a value in arithmetic that may wrap (weft counts such a bound in signed arithmetic, with < <= > >=, only)"
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares s plus a value in arithmetic that may wrap (weft counts such a bound in signed arithmetic, with < <= > >=, only)"
void plus_width_unsigned(unsigned n, unsigned w, int m, int v, float *a) {
  for (unsigned i = 0; i + w < n; i++)
    a[i] = 0;
  for (int i = 0; i + v != m; i++)
    a[i] = 1;
  for (short s = 0; s + v < m; s++)
    a[s] = 2;
}

// Bounds at the ends of long long: weft's own sums of them must not
// overflow (the counter cannot reach them: not counted).
// CHECK-LABEL: func.func @huge_bounds
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter c is narrower than int and may wrap before it reaches the bound"
// CHECK: weft.opaque_loop {kind = "for", reason = "the counter d is narrower than int and may wrap before it reaches the bound"
void huge_bounds(float *a) {
  for (unsigned char c = 0; c <= 9223372036854775807LL; c++)
    a[c] = 0;
  for (unsigned char d = 0; d - 2 < 9223372036854775807LL; d++)
    a[d] = 1;
}

// An unsigned char's `c + 1` is computed in int, but c itself wraps at 0
// going down: `c + 1 > 0` never fails.
// CHECK-LABEL: func.func @narrow_down_offset
// CHECK: weft.opaque_loop {kind = "for", reason = "the condition compares c + 1 of an unsigned counter that counts down"
void narrow_down_offset(float *a) {
  for (unsigned char c = 10; c + 1 > 0; c--)
    a[c] = 0;
}

// ... and `d - 2 < 250` going up is counted: in int, d - 2 does not wrap.
// CHECK-LABEL: func.func @narrow_minus
// CHECK: affine.for %{{.*}} = 0 to 252 {
void narrow_minus(float *a) {
  for (unsigned char d = 0; d - 2 < 250; d++)
    a[d] = 0;
}
