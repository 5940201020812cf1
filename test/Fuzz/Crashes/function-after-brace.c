// A function that starts on the line where another one ends
// (`}static void scale`): the #include of weft.h went right after the `}`,
// on that line, and the output did not compile (found by crash fuzzing).
void first(void) {}static void scale(int n, double *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * a[i];
}
int main(void) {
  static double a[100];
  scale(100, a);
  first();
  return (int)a[3];
}
