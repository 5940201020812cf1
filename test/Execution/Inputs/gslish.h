/* Accessors in GSL's style (expanded_calls.c): a vector and a matrix that
   hold their elements through a pointer, read and written through static
   inline functions whose summaries cannot follow the pointer; weft expands
   them at their calls (weft-expand-calls). */
#include <stddef.h>

typedef struct {
  size_t size, stride;
  double *data;
} vec;

typedef struct {
  size_t size1, size2, tda;
  double *data;
} mat;

static inline double vec_get(const vec *v, size_t i) {
  return v->data[i * v->stride];
}
static inline void vec_set(vec *v, size_t i, double x) {
  v->data[i * v->stride] = x;
}
static inline double mat_get(const mat *m, size_t i, size_t j) {
  return m->data[i * m->tda + j];
}
static inline void mat_set(mat *m, size_t i, size_t j, double x) {
  m->data[i * m->tda + j] = x;
}
static inline double *vec_ptr(vec *v, size_t i) {
  return v->data + i * v->stride;
}
static inline double *mat_ptr(mat *m, size_t i, size_t j) {
  return m->data + i * m->tda + j;
}
