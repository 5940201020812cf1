// RUN: weft-translate %s --cores=4 --core-weights=1024,1024,512,512 -o - -- -I %weft_runtime_include 2>/dev/null | grep -v "^// " | FileCheck %s
// RUN: weft-translate %s --cores=4 --core-weights=1024,1024,512,512 -o %t.c -- -I %weft_runtime_include 2>/dev/null
// RUN: %host_cc -std=c11 -Wall -Wextra -Werror %t.c -I %weft_runtime_include %weft_runtime_dir/libweft.a -lpthread -lm -o %t
// RUN: WEFT_STATS=1 %t 2>&1 | FileCheck %s --check-prefix=TEAM
// RUN: WEFT_STATS=1 WEFT_NUM_THREADS=2 %t 2>&1 | FileCheck %s --check-prefix=ENV
// --cores and --core-weights become the program's default team, passed to
// the runtime by weft_ready_team() at the first parallel loop (also when the
// program includes weft.h itself); the environment still wins.

// CHECK:      #include "weft.h" /* weft: the parallel runtime */
// CHECK-NEXT: static const int weft_default_weights[] = {1024, 1024, 512, 512}; /* weft: --core-weights */
// CHECK:      if (weft_trip >= {{[0-9]+}} && weft_ready_team(4, weft_default_weights, 4) && !weft_for_inline(

// TEAM: team of 4
// ENV: team of 2
#include <stdio.h>
#include "weft.h"

static double a[100000];

int main(void) {
  for (int i = 0; i < 100000; i++)
    a[i] = i * 0.5;
  printf("team of %d\n", weft_num_threads());
  return a[99999] > 0 ? 0 : 1;
}
