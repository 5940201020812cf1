// Floating-point array reductions (docs/analysis.md, "Array reductions"):
// with --fp-reductions (or -ffast-math, -fassociative-math), an array of
// floating-point numbers that the loop only updates with + or * is copied
// per band of iterations, the copies added up in band order; without, the
// loop stays sequential, and the remark says how to allow it.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --fp-reductions --
// RUN: weft-translate %s --analyze --fork-join-ns=0 --remarks=missed -- 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: weft-translate %s --analyze --fork-join-ns=0 --remarks=passed -- -ffast-math 2>&1 | FileCheck %s --check-prefix=FAST
// OFF: 15:3: remark: loop not parallelized: {{.*}}q is updated as a floating-point array reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)
// FAST: 15:3: remark: loop parallelized: q is a + array reduction (each band of iterations updates its own copy, added up in band order)

void weighted(const int *k, const double *w, double *out, int n) {
  double q[10] = {0};
  float s[4][3];
  for (int i = 0; i < n; i++) // expected-remark {{loop parallelized: q is a + array reduction (each band of iterations updates its own copy, added up in band order)}}
    q[k[i] % 10] += w[i];
  for (int j = 0; j < 10; j++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[j] = q[j];
  for (int c = 0; c < 4; c++) // expected-remark {{loop parallelized: its iterations are independent}}
    for (int d = 0; d < 3; d++) // expected-remark {{loop not parallelized: the loop at 19:3 around it runs in parallel}}
      s[c][d] = 1.0f;
  // Products, and an integer count in the same loop: all copied per band.
  int count[4] = {0};
  for (int i = 0; i < n; i++) { // expected-remark {{loop parallelized: s is a * array reduction (each band of iterations updates its own copy, added up in band order); count is a + array reduction (each band of iterations updates its own copy, added up in band order)}}
    s[k[i] & 3][i % 3] *= 1.0f + (float)w[i] * 1e-3f;
    count[k[i] & 3]++;
  }
  for (int j = 0; j < 4; j++) // expected-remark {{loop parallelized: its iterations are independent}}
    out[j] += s[j][0] + s[j][2] + count[j];
}
