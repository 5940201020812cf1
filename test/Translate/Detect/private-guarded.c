// Private arrays read where the ifs around the read, the clamps on the
// way of its subscript or a continue before it keep it in what the
// iteration wrote (docs/analysis.md, "Private arrays"): a blur's row copied
// to a work array, then read at x + k for k in [-r, r]. Reads that can
// reach an element the iteration did not write keep the array shared.
// Execution: test/Execution/private_guarded.c.
// RUN: weft-translate %s --verify --analyze --fork-join-ns=0 --task-graphs=false --

// Guarded by the ifs around the read.
void guarded(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 12:3 around it runs in parallel}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx < w)
          s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Clamped by ifs on the way: 0, w - 1 (at least 0 where the loop over x
// runs) or x + k between them.
void clamped(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 31:3 around it runs in parallel}}
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 31:3 around it runs in parallel}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx < 0)
          xx = 0;
        if (xx >= w)
          xx = w - 1;
        s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Clamped by selects.
void selected(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 52:3 around it runs in parallel}}
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 52:3 around it runs in parallel}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        s += tmp[xx < 0 ? 0 : xx >= w ? w - 1 : xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// One side guarded, the other bounded by the loop: x - 1 >= 0, x + 1 < w.
void neighbours(const float *in, float *out, int w, int h) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 69:3 around it runs in parallel}}
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 69:3 around it runs in parallel}}
      int xl = x - 1, xr = x + 1;
      float s = tmp[x];
      if (xl >= 0)
        s += tmp[xl];
      if (xr < w)
        s += tmp[xr];
      out[y * w + x] = s;
    }
  }
}

// Three rows of a 2-D work array, read at x + k in an affine subscript.
void rows3(const float *in, float *out, int w, int h) {
  float tmp[3][1024];
  for (int y = 1; y < h - 1; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    for (int d = 0; d < 3; d++) // expected-remark {{loop not parallelized: the loop at 87:3 around it runs in parallel}}
      for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 87:3 around it runs in parallel}}
        tmp[d][x] = in[(y + d - 1) * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 87:3 around it runs in parallel}}
      float s = 0;
      for (int d = 0; d < 3; d++) // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        for (int k = -1; k <= 1; k++) // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
          if (x + k >= 0 && x + k < w)
            s += tmp[d][x + k]; // expected-note {{s updated here}}
      out[y * w + x] = s;
    }
  }
}

// Not private: the guard lets tmp[w] through, which no iteration writes.
void one_past(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx] before it reads it}}
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 108:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 106:5, after a barrier}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx <= w)
          s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Not private: tmp[0] is never written.
void from_one(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx] before it reads it}}
    for (int x = 1; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 126:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 124:5, after a barrier}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx < w)
          s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Not private: the guard's bound is another variable's.
void other_bound(const float *in, float *out, int w, int m, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx] before it reads it}}
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 144:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 142:5, after a barrier}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx < m)
          s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Not private: the guard tests xx, the read is at xx + 1.
void guard_off_by_one(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx + 1] before it reads it}}
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 162:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 160:5, after a barrier}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx < w)
          s += tmp[xx + 1]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Not private: the clamp's w - 1 is read in a loop over x < v, which says
// nothing of w.
void clamp_other_loop(const float *in, float *out, int w, int v, int h) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx] before it reads it}}
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 181:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < v; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 179:5, after a barrier}}
      int xx = x;
      if (xx < 0)
        xx = 0;
      if (xx >= w)
        xx = w - 1;
      out[y * v + x] = tmp[xx];
    }
  }
}

// Not private: the subscript changes after the guard.
void changed_after(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[xx] before it reads it}}
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; the loop at 198:5 shares its parallel region}}
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 196:5, after a barrier}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx >= 0 && xx < w) {
          xx = xx + 2;
          s += tmp[xx]; // expected-note {{s updated here}}
        }
      }
      out[y * w + x] = s;
    }
  }
}

// A continue that skips the read past the row: followed.
void skipped(const float *in, float *out, int w, int h, int r) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap}}
    if (in[y * w] < 0)
      continue;
    for (int x = 0; x < w; x++) // expected-remark {{loop not parallelized: the loop at 215:3 around it runs in parallel}}
      tmp[x] = in[y * w + x];
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: the loop at 215:3 around it runs in parallel}}
      float s = 0;
      for (int k = -r; k <= r; k++) { // expected-remark {{loop not parallelized: s is a floating-point add reduction: running it in parallel would change its rounding (allow that with -ffast-math, -fassociative-math or weft's --fp-reductions)}}
        int xx = x + k;
        if (xx < 0 || xx >= w)
          continue;
        s += tmp[xx]; // expected-note {{s updated here}}
      }
      out[y * w + x] = s;
    }
  }
}

// Not private: a continue in the loop that copies the row skips some of
// its elements.
void copy_skips(const float *in, float *out, int w, int h) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[x] before it reads it}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop parallelized: its iterations are independent; the loop at 243:5 shares its parallel region}}
      if (in[y * w + x] < 0)
        continue;
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    }
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent; it shares the parallel region of the loop at 238:5, after a barrier}}
      out[y * w + x] = tmp[x];
  }
}

// Not private: a break ends the copy early.
void copy_breaks(const float *in, float *out, int w, int h) {
  float tmp[4096];
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[x] written in one iteration may be written again in another: the subscript depends on values computed in the loop; tmp is not private: weft does not follow a return, a goto, a switch or a while loop in the loop, a break of it, or an access to it other than a load, a store or a call}}
    for (int x = 0; x < w; x++) { // expected-remark {{loop not parallelized: a break at 254:9 leaves the loop}}
      if (in[y * w + x] < 0)
        break;
      tmp[x] = in[y * w + x]; // expected-note {{tmp[x] written here}}
    }
    for (int x = 0; x < w; x++) // expected-remark {{loop parallelized: its iterations are independent}}
      out[y * w + x] = tmp[x];
  }
}

// The side of an if that continues writes nothing the rest reads; the
// other side writes tmp[0].
void side_continues(const float *in, float *out, int w, int h) {
  float tmp[4];
  for (int y = 0; y < h; y++) { // expected-remark {{loop parallelized: tmp is private; a run-time check that out and in do not overlap; a run-time check that no two iterations touch the same element of out}}
    if (in[y * w] > 100)
      continue;
    else
      tmp[0] = in[y * w];
    out[y * w] = tmp[0] * 2;
  }
}

// Not private: the side that goes on writes nothing; the one that
// continues writes tmp[0].
void wrong_side(const float *in, float *out, int w, int h) {
  float tmp[4] = {0, 0, 0, 0};
  for (int y = 0; y < h; y++) { // expected-remark {{loop not parallelized: tmp[0] written in one iteration is written again in another; tmp is not private: weft cannot tell that every iteration writes tmp[0] before it reads it}}
    if (in[y * w] > 100) {
      tmp[0] = in[y * w]; // expected-note {{tmp[0] written here}}
      continue;
    }
    out[y * w] = tmp[0] * 2;
  }
}
