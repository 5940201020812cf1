/* No loops: the plugin must leave this file exactly as it is. */
#include <stdio.h>
static int twice(int x) { return 2 * x; }
int main(void) {
  printf("%d\n", twice(21));
  return 0;
}
