// A system header included inside a function body: its declarations are
// local to the body, but its include guard is set, so weft.h's own
// includes of the same headers, at file scope after it, found no types
// (found by crash fuzzing: weft's output did not compile).
void f(int n, float *a) {
  for (int i = 0; i < n; i++) {
#include <math.h>
    a[i] = sqrtf((float)i);
  }
}

void g(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = i;
}
