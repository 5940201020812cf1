"""vectorized_in.py OUT.c GCC_OPT_INFO PREFIX: exit 0 when GCC's
-fopt-info-vec-optimized report (GCC_OPT_INFO) says a loop was vectorized
inside the kernel of OUT.c whose name starts with PREFIX (the lines from its
`static inline void PREFIX..._run(` to the body function after it)."""
import re
import sys

out, info, prefix = sys.argv[1:4]
lines = open(out).read().split("\n")
start = [i + 1 for i, l in enumerate(lines)
         if l.startswith("static inline void " + prefix)]
end = [i + 1 for i, l in enumerate(lines)
       if l.startswith("static void " + prefix)]
if not start or not end:
    sys.exit("no kernel %s..._run in %s" % (prefix, out))
vectorized = [int(m) for m in re.findall(r":(\d+):\d+: optimized: loop vectorized",
                                         open(info).read())]
if not any(start[0] < v < end[0] for v in vectorized):
    sys.exit("no loop vectorized in lines %d-%d of %s (vectorized: %s)"
             % (start[0], end[0], out, vectorized))
