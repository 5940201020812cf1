// RUN: weft-translate %s --analyze --fork-join-ns=0 --task-graphs=false --verify --
// The pointers an initializer list stores (docs/ir.md, "What becomes
// weft.effects": the init's reads) capture their memory, but the
// initializer reads none of it: in a loop, the list is no access of the
// rows it names. Execution/initializer_pointers.c runs a function called
// with such pointers.

// expected-remark@+2 {{loop not parallelized: r[1][x] and r[0][x] may be the same memory in two iterations (r[1] is a pointer computed in the loop)}}
void rows2(float *a, float *b, int w, int h) {
  for (int y = 0; y < h; y++) {
    float *r[2] = {a + y * w, b + y * w};
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: a run-time check that r[0] and r[1] do not overlap}}
      r[0][x] = r[1][x] * 2; // expected-note {{r[0][x] here}}
  }
}
