/* Wake-up latency of an OpenMP runtime: after an idle gap, a region whose
   iterations are long enough that every thread is needed (~100 us each).
   Reports how long after the fork the second thread starts its iteration.
   Build: cc -O2 -fopenmp omp_wakeup.c -o omp_wakeup */
#include <omp.h>
#include "bench.h"
static void fork_region(int nt) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < nt; i++) wakeup_iteration(i);
}
int main(void) {
  measure_wakeup(omp_get_max_threads(), fork_region);
  printf("\n");
  return 0;
}
