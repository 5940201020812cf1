#include "demo.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  unsigned char *img = malloc(W * H), *out = malloc(W * H);
  long counts[256];
  for (unsigned frame = 0; frame < 8; frame++) {
    make_image(img, W, H, frame);
    blur_rows(img, out, W, H);
    long sum = histogram(out, W * H, counts);
    printf("frame %u: sum %ld, mode count %ld, mse %.6f\n", frame, sum,
           counts[128], mean_square(img, out, W * H));
  }
  free(img);
  free(out);
  return 0;
}
