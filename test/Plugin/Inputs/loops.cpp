// C++: weft translates C only, so the plugin says so and leaves it alone.
#include <vector>
float sum(const std::vector<float> &v) {
  float s = 0;
  for (std::size_t i = 0; i < v.size(); i++)
    s += v[i];
  return s;
}
void scale(float *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] *= 2;
}
