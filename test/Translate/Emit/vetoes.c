// RUN: weft-translate %s --fork-join-ns=0 --verify -o %t.c --
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror -c %t.c -I %weft_runtime_include -o %t.o
// Loops that are safe to run in parallel but whose body cannot move into a
// function before the one that holds it stay as written, with the reason.

#define SCALE 2

// expected-remark@+4 {{loop not parallelized: the body uses the macro SCALE, which is defined differently before the function}}
void redefined(int *a, int n) {
#undef SCALE
#define SCALE 3
  for (int i = 0; i < n; i++)
    a[i] = i * SCALE;
#undef SCALE
#define SCALE 2
}

// expected-remark@+4 {{loop not parallelized: the body uses the type struct local, which is declared inside the function}}
void local_type(float *a, int n) {
  struct local { float x; };
  struct local l = {1.0f};
  for (int i = 0; i < n; i++) {
    struct local m = l;
    a[i] = m.x;
  }
}

// expected-remark@+2 {{loop not parallelized: the body uses __func__, whose value would change in an outlined function}}
void named(const char **a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = __func__;
}

// expected-remark@+3 {{loop not parallelized: the body uses the array buf as a whole (sizeof, &), which an outlined function sees as a pointer}}
void whole(int *out, int n) {
  int buf[64] = {0};
  for (int i = 0; i < n; i++)
    out[i] = (int)sizeof(buf) + buf[i % 64];
}

// A loop that is fine: still parallel.
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void fine(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
}

// A vetoed loop hands over to the parallel loops inside it: the passes run
// again knowing the veto, and the inner loop runs in parallel instead of
// being left sequential "because the loop around it runs in parallel".
// expected-remark@+4 {{loop not parallelized: the body uses the array buf as a whole (sizeof, &), which an outlined function sees as a pointer}}
// expected-remark@+5 {{loop parallelized: its iterations are independent}}
void hand_over(int *out, int n) {
  int buf[64] = {0};
  for (int i = 0; i < n; i++) {
    out[i * 64] = (int)sizeof(buf);
    for (int j = 1; j < 64; j++)
      out[i * 64 + j] = j * buf[j];
  }
}
