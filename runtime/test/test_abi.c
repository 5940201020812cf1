/*===- test_abi.c - The ABI check ------------------------------------------===*
 *
 * A matching header passes silently; a mismatch returns 0 and prints one
 * clear message, once per process.
 *
 *===----------------------------------------------------------------------===*/
#include "weft.h"
#include "check.h"

#include <string.h>
#include <unistd.h>

int main(void) {
  CHECK_EQ(weft_abi_version(), WEFT_ABI_VERSION);
  CHECK_EQ(weft_check_abi(WEFT_ABI_VERSION), 1);
  CHECK_EQ(weft_ready(), 1);
  CHECK_EQ(weft_ready(), 1);
  /* Capture stderr for the mismatch. */
  int fd[2];
  CHECK(pipe(fd) == 0);
  int saved = dup(2);
  dup2(fd[1], 2);
  CHECK_EQ(weft_check_abi(WEFT_ABI_VERSION + 1), 0);
  CHECK_EQ(weft_check_abi(WEFT_ABI_VERSION + 7), 0);
  fflush(stderr);
  dup2(saved, 2);
  close(fd[1]);
  char buf[1024] = {0};
  ssize_t n = read(fd[0], buf, sizeof buf - 1);
  CHECK(n > 0);
  CHECK(strstr(buf, "compiled against weft.h ABI"));
  CHECK(strstr(buf, "run sequentially"));
  const char *first = strstr(buf, "compiled against");
  CHECK(!strstr(first + 1, "compiled against")); /* once per process */
  printf("test_abi: ok\n");
  return 0;
}
