// RUN: %exec-check %s
// PARALLEL: 3
// Loop bodies with control flow: if/else chains, continue, a switch, and
// counts[cls[i]]++ (an array reduction). One loop stays sequential, with
// the reason: weft does not prove that the switch assigns t on every path
// (it counts everything in a switch as conditional).
#include <stdio.h>

#define N 80000
static int cls[N];
static double val[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    if (i % 15 == 0)
      cls[i] = 3;
    else if (i % 5 == 0)
      cls[i] = 2;
    else if (i % 3 == 0)
      cls[i] = 1;
    else
      cls[i] = 0;
  }
  double t;
  for (int i = 0; i < N; i++) {
    if (cls[i] == 0) {
      val[i] = 0;
      continue;
    }
    switch (cls[i]) {
    case 1:
      t = i * 0.5;
      break;
    case 2:
      t = i * 0.25;
      break;
    default:
      t = -i;
      break;
    }
    val[i] = t * t;
  }
  long counts[4] = {0, 0, 0, 0};
  int c3 = 0;
  for (int i = 0; i < N; i++)
    if (cls[i] == 3)
      c3++;
  for (int i = 0; i < N; i++)
    counts[cls[i]]++;
  double s = 0;
  for (int i = 0; i < N; i += 11)
    s += val[i];
  printf("%d %ld %ld %.17g\n", c3, counts[1], counts[2], s);
  return 0;
}
