// Enumerators declared inside the function, which an outlined function
// cannot see: weft writes each one's value where the loop uses it (header
// and body); a use that a macro makes keeps the loop as written.
// RUN: weft-translate %s --analyze --verify --fork-join-ns=0 --task-graphs=false --
// RUN: weft-translate %s -o - --fork-join-ns=0 --task-graphs=false -- 2>/dev/null | grep -v "^// " | FileCheck %s
static float img[48][640];
#define AT(y, x) img[y][(x) + 0 * WIDTH]

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

// An enum type declared in the function: its integer type where the loop
// spells it (unsigned int with no negative enumerator, int with one, as the
// compiler gives it), so that `s - 1` keeps its meaning; spelled by a
// macro, it keeps the loop as written.
#define SHADE enum shade
static int hist[48][3];
// CHECK-LABEL: static void weft_shades_{{[0-9]+}}(
// CHECK:      unsigned int s = img[y][x] < 80 ? 0 : 6;
// CHECK-NEXT: int g = (x & 1) ? (-1) : 1;
void shades(void) {
  enum shade { DARK, LIGHT = 6 };
  enum sign { NEG = -1, POS = 1 };
  for (int y = 0; y < 48; y++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int x = 0; x < 640; x++) { // expected-remark {{loop not parallelized: the loop at 38:3 around it runs in parallel}}
      enum shade s = img[y][x] < 80 ? DARK : LIGHT;
      enum sign g = (x & 1) ? NEG : POS;
      hist[y][0] += g + (s - 1 > 100 ? 1000 : 0);
    }
}
void shades_macro(void) {
  enum shade { DARK, LIGHT = 6 };
  for (int y = 0; y < 48; y++) // expected-remark {{loop not parallelized: the body uses the type enum shade, which is declared inside the function}}
    for (int x = 0; x < 640; x++) { // expected-remark {{loop not parallelized: the body uses the type enum shade, which is declared inside the function}}
      SHADE s = img[y][x] < 80 ? DARK : LIGHT;
      hist[y][1] += s;
    }
}
