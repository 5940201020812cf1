/* A small multi-file program for the plugin's build tests: an image is
   made, blurred and summed. Included as "demo.h" from each file, which the
   build compiles from another directory. */
#ifndef DEMO_H
#define DEMO_H
enum { W = 640, H = 480 };
void make_image(unsigned char *img, int w, int h, unsigned seed);
void blur_rows(const unsigned char *in, unsigned char *out, int w, int h);
long histogram(const unsigned char *img, int n, long counts[256]);
double mean_square(const unsigned char *a, const unsigned char *b, int n);
#endif
