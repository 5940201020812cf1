// RUN: weft-translate %s --analyze --fork-join-ns=0 --verify --skip=excluded --
// Code weft must leave alone, with a remark: already parallel code, loops it
// cannot rewrite, and loops the user excludes.
#include <pthread.h>

// An OpenMP pragma in a build without -fopenmp (clang ignores it): weft
// still sees that the loop is meant to be parallel by other means.
// expected-remark@+3 {{loop not parallelized: already parallel: it is inside an OpenMP directive}}
void openmp(int n, float *restrict a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// expected-remark@+2 {{loop not parallelized: it contains a call to pthread_create, which means the code is already parallel}}
void threads(int n, pthread_t *t, void *(*f)(void *)) {
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, f, 0); // expected-note {{here}}
}

// expected-remark@+2 {{loop not parallelized: it contains an atomic operation: the code already synchronizes threads}}
void atomics(int n, int *counter) {
  for (int i = 0; i < n; i++)
    __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); // expected-note {{here}}
}

// expected-remark@+2 {{loop not parallelized: it contains a volatile access (writes volatile *port) must keep its order}}
void device(int n, volatile int *port) {
  for (int i = 0; i < n; i++)
    *port = i; // expected-note {{here}}
}

#define ZERO(a, n) for (int i_ = 0; i_ < (n); i_++) (a)[i_] = 0
// expected-remark@+2 {{loop not parallelized: the loop comes from a macro expansion, which weft cannot rewrite}}
void from_macro(int n, float *restrict a) {
  ZERO(a, n);
}

// expected-remark@+3 {{loop not parallelized: #pragma weft sequential}}
void by_request(int n, float *restrict a) {
#pragma weft sequential
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// expected-remark@+2 {{loop not parallelized: the function excluded is excluded by --skip}}
void excluded(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
