// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --
// Subscripts of degree 3 (docs/analysis.md, "The dependence test"): a
// volume kept flat, `a[(z * ny + y) * nx + x]`, whose planes are apart
// where the bounds put x in [0, nx) and y in [0, ny) (two levels of
// delinearization), and an image shrunk by a factor, `in[y * f * iw + x *
// f]`. Rows that overlap (x up to nx) keep every loop but x's sequential,
// planes that overlap (y up to ny) the loop over planes.

// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void planes(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    for (int y = 0; y < ny; y++)
      // expected-remark@+1 {{loop not parallelized: the loop at}}
      for (int x = 0; x < nx; x++)
        a[(z * ny + y) * nx + x] = a[(z * ny + y) * nx + x] * 2.0f + 1.0f;
}

// Rows padded by one element: the column is what is left of the row's
// first split, less the row (x).
// expected-remark@+2 {{loop parallelized: its iterations are independent}}
void padded(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    for (int y = 0; y < ny; y++)
      // expected-remark@+1 {{loop not parallelized: the loop at}}
      for (int x = 0; x < nx; x++)
        a[(z * ny + y) * (nx + 1) + x] = a[(z * ny + y) * (nx + 1) + x] * 2.0f;
}

// y runs one past the plane: planes z and z + 1 share a row.
// expected-remark@+2 {{loop not parallelized: a[(z * ny + y) * nx + x] read in one iteration may be written in another: a flattened subscript weft cannot delinearize}}
void plane_overlap(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    // expected-remark@+1 {{loop parallelized: its iterations are independent}}
    for (int y = 0; y <= ny; y++)
      // expected-remark@+1 {{loop not parallelized: the loop at}}
      for (int x = 0; x < nx; x++)
        a[(z * ny + y) * nx + x] = a[(z * ny + y) * nx + x] * 2.0f + 1.0f; // expected-note {{a[(z * ny + y) * nx + x] written here}}
}

// x runs one past the row: rows y and y + 1 share an element.
// expected-remark@+2 {{loop not parallelized}}
void overlap(int nz, int ny, int nx, float *a) {
  for (int z = 0; z < nz; z++)
    // expected-remark@+1 {{loop not parallelized: a[(z * ny + y) * nx + x] read in one iteration may be written in another: a flattened subscript weft cannot delinearize}}
    for (int y = 0; y < ny; y++)
      // expected-remark@+1 {{loop parallelized: its iterations are independent}}
      for (int x = 0; x <= nx; x++)
        // expected-note@+1 {{a[(z * ny + y) * nx + x] written here}}
        a[(z * ny + y) * nx + x] = a[(z * ny + y) * nx + x] * 2.0f + 1.0f;
}

// expected-remark@+2 {{loop parallelized: a run-time check that out and in do not overlap}}
void shrink(int oh, int ow, int iw, int f, unsigned char *out, const unsigned char *in) {
  for (int y = 0; y < oh; y++)
    // expected-remark@+1 {{loop not parallelized: the loop at}}
    for (int x = 0; x < ow; x++)
      out[y * ow + x] = in[y * f * iw + x * f];
}
