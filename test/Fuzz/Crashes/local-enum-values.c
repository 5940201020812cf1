// Enumerators declared inside the function, which an outlined function
// cannot see: weft writes each one's value where the loop uses it (header
// and body); a use that a macro makes keeps the loop as written.
// RUN: weft-translate %s --analyze --verify --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | grep -v "^// " | FileCheck %s
static float img[48][640];
#define AT(y, x) img[y][(x) % WIDTH]

// CHECK-LABEL: static void weft_fill_{{[0-9]+}}(
// CHECK:      for (int x = 0; x < 640; x++){{.*}}
// CHECK-NEXT:   img[y][x] = (float)(y * 640 + x + (-3));
void fill(void) {
  enum { W = 640, H = 48, NEG = -3 };
  for (int y = 0; y < H; y++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int x = 0; x < W; x++) // expected-remark {{loop not parallelized: the loop at 14:3 around it runs in parallel}}
      img[y][x] = (float)(y * W + x + NEG);
}

void wrap(void) {
  enum { WIDTH = 640 };
  for (int y = 0; y < 48; y++) // expected-remark {{loop not parallelized: the body uses WIDTH, an enumerator declared inside the function}}
    for (int x = 0; x < 600; x++) // expected-remark {{loop not parallelized: the body uses WIDTH, an enumerator declared inside the function}}
      AT(y, x) = (float)x;
}
