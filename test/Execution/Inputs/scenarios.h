/* Scenarios that end the program, each in a process of its own
   (error_paths.c, error_paths_macros.c): this program, run again with
   the scenario's arguments. The parent prints how the child ended and
   every line it wrote, which must be what the sequential program's child
   writes. Needs _POSIX_C_SOURCE 200809L, <stdio.h>, <stdlib.h>,
   <string.h>, <sys/wait.h> and <unistd.h>. */

/* Runs `name which bad1 bad2`; prints its status and its lines, less the
   runtime's statistics (WEFT_STATS, which exec_check sets) and Archer's
   greeting (the OpenMP build under ThreadSanitizer), each through
   `line_of` when there is one. */
static void scenario(const char *name, int which, int bad1, int bad2,
                     const char *(*line_of)(char *)) {
  fflush(stdout);
  int fd[2];
  if (pipe(fd) != 0)
    exit(1);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    dup2(fd[1], 2);
    close(fd[0]);
    char w[16], b1[16], b2[16];
    snprintf(w, sizeof w, "%d", which);
    snprintf(b1, sizeof b1, "%d", bad1);
    snprintf(b2, sizeof b2, "%d", bad2);
    execl("/proc/self/exe", name, w, b1, b2, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  char out[4096];
  size_t len = 0;
  ssize_t n;
  while (len + 1 < sizeof out &&
         (n = read(fd[0], out + len, sizeof out - 1 - len)) > 0)
    len += (size_t)n;
  out[len] = 0;
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status))
    printf("scenario %d (%d, %d): exit %d\n", which, bad1, bad2,
           WEXITSTATUS(status));
  else
    printf("scenario %d (%d, %d): signal %d\n", which, bad1, bad2,
           WIFSIGNALED(status) ? WTERMSIG(status) : -1);
  for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
    if (strncmp(line, "weft: ", 6) != 0 && strncmp(line, "Archer ", 7) != 0)
      printf("%s\n", line_of ? line_of(line) : line);
  printf("---\n");
}

/* Under ThreadSanitizer: a program that exits from a thread other than
   the main one leaves the others unjoined, which is no bug here. */
static void scenario_quiet_leaks(void) {
  const char *tsan = getenv("TSAN_OPTIONS");
  if (tsan) {
    static char opts[512];
    snprintf(opts, sizeof opts, "%s report_thread_leaks=0", tsan);
    setenv("TSAN_OPTIONS", opts, 1);
  }
}
