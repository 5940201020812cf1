/* A project header of pixel helpers and a small image type
   (included_functions.c): weft imports the definitions the file calls. */
typedef struct {
  int w, h;
  float *px;
} image;

static inline int clampi(int x, int lo, int hi) {
  return x < lo ? lo : x > hi ? hi : x;
}
static inline unsigned char to_byte(float v) {
  return (unsigned char)clampi((int)(v * 255.0f + 0.5f), 0, 255);
}
static inline float lerp(float a, float b, float t) { return a + (b - a) * t; }

/* A loop of its own: the mean of a row. */
static inline float row_mean(const float *r, int n) {
  float s = 0;
  for (int j = 0; j < n; j++)
    s += r[j];
  return s / n;
}

/* Writes a row: r[j] = (r[j] - m) * g. */
static inline void center_row(float *r, int n, float m, float g) {
  for (int j = 0; j < n; j++)
    r[j] = (r[j] - m) * g;
}

static inline float pixel(const image *im, int x, int y) {
  return im->px[y * im->w + x];
}
