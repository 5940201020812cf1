// A pointer that is never assigned again is a value, and the importer views
// it anew at every use: the two reads of v[i] in `if (v[i] < lo) lo = v[i];`
// are then loads through two views of one pointer, and still the same
// number. (They were once taken for different ones, and such min and max
// loops over a malloc'ed buffer stayed sequential.)
// RUN: weft-translate %s --verify --analyze --task-graphs=false --

#include <stdint.h>
#include <stdlib.h>

int lowest(int n) {
  int32_t *v = malloc(sizeof(int32_t) * (size_t)n);
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: its iterations are independent}}
    v[i] = (i * 7919) % 1000;
  int32_t lo = v[0], hi = v[0];
  long above = 0;
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: lo is a min reduction; hi is a max reduction; above is a + reduction}}
    if (v[i] < lo)
      lo = v[i];
    if (v[i] > hi)
      hi = v[i];
    above += v[i] > 500;
  }
  // A write between the two reads: not the same number.
  for (int i = 0; i < n; i++) { // expected-remark {{loop not parallelized: lo carries a value from one iteration to the next}}
    if (v[i] < lo) { // expected-note {{lo read here}}
      v[i] = 0;
      lo = v[i];
    }
  }
  free(v);
  return lo + hi + (int)above;
}
