/* Included with -isystem (included-functions.c): a system header, whose
   definitions weft does not import. */
static inline int sys_twice(int x) { return 2 * x; }
