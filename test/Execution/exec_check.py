#!/usr/bin/python3
"""End-to-end check of one C program (test/Execution).

Translates the program with weft-translate, builds the sequential original and
the parallel translation, runs the parallel build with teams of 1, 2 and 4
(4 with caches of 1K and 2K, which cut loop tiles small; a big.LITTLE split through WEFT_WEIGHTS, and with the chunks run in
reverse order through WEFT_SCHEDULE) and under ThreadSanitizer, and
compares every output with the sequential one: bit for bit, or within a
stated relative tolerance where a floating-point reduction was allowed to
reorder; the runs print the same on every team, tolerance or not.

The program is also built in one step with weft-cc (clang-19 and weft's
plugin), which must parallelize the same loops, keep (emit=) the very C that
weft-translate --line-directives writes, and print the same results.

The same program is then translated with --emit=openmp, built with gcc
(libgomp) and clang-19 (libomp), run with 1, 2 and 4 OpenMP threads, and run
under ThreadSanitizer with libomp's Archer tool, which tells TSan about
OpenMP's synchronization so that it reports no false races.

Directives, in comments of the program:
  PARALLEL: n        loops weft must run in parallel (its remarks say so)
  OPENMP-PARALLEL: n the same for --emit=openmp (default: PARALLEL)
  OPENMP-ARGS: ...   extra weft-translate options for --emit=openmp only
  WEFT-ARGS: ...     extra weft-translate options
  INTERCHANGED: n    loop pairs weft must interchange (its remarks say so,
                     and both outputs write each one: weft-interchange)
  TILED: n           nests weft must run in tiles (its remarks say so, and
                     both outputs write each one: docs/analysis.md, "Loop
                     tiling"; one team has caches of 1K and 2K, and the
                     OpenMP TSan build too, so that tiles are small)
  SWEPT: n           parallel loops whose chunks each run the sequential
                     loop around them whole (sweeps: its remarks say so)
  GRAPHS: n          task graphs weft must write (its remarks say so;
                     default 0: statements that run at the same time are
                     declared)
  OPENMP-GRAPHS: n   the same for --emit=openmp (default: GRAPHS)
  CFLAGS: ...        extra compile flags (for every build; %S is the
                     test's directory)
  TOLERANCE: r       relative tolerance for numbers (default: bit-exact)
  REGIONS: none      the parallel path is never taken (only fallbacks);
                     by default at least one region must use the team
                     (on each team that forks every region it is asked
                     for: WEFT_MEASURE=0)

Exit status 0 on success; otherwise prints what differed.
"""
import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

# "2 threads" runs as a user's program does: a region measured to be
# shorter than a fork/join then runs on the calling thread (docs/runtime.md,
# "Measured sites"). Every other team has every region fork as the program
# asks (WEFT_MEASURE=0), however short: they test the parallel code.
TEAMS = [
    ("1 thread", {"WEFT_NUM_THREADS": "1"}),
    ("2 threads", {"WEFT_NUM_THREADS": "2"}),
    # Tiles of a few elements (docs/analysis.md, "Loop tiling"): many, with
    # remainders.
    ("4 threads, small caches", {"WEFT_NUM_THREADS": "4",
                                 "WEFT_CACHE_BYTES": "1K,2K",
                                 "WEFT_MEASURE": "0"}),
    ("big.LITTLE 2+2", {"WEFT_NUM_THREADS": "4",
                        "WEFT_WEIGHTS": "2048,2048,512,512",
                        "WEFT_MEASURE": "0"}),
    ("2 threads, no spin", {"WEFT_NUM_THREADS": "2", "WEFT_SPIN_US": "0",
                            "WEFT_MEASURE": "0"}),
    # Every chunk on the caller, the last first: a dependence between
    # chunks shows on every run (docs/testing.md).
    ("chunks in reverse", {"WEFT_NUM_THREADS": "4",
                           "WEFT_SCHEDULE": "reverse"}),
    # Task graphs on the team however little they save.
    ("task graphs eager", {"WEFT_NUM_THREADS": "2",
                           "WEFT_SCHEDULE": "eager", "WEFT_MEASURE": "0"}),
]

# The same for OpenMP output's measured sites (docs/output.md): "2 threads"
# as a user's program runs, the others with every region on the team.
OPENMP_TEAMS = [
    ("1 thread", {"OMP_NUM_THREADS": "1", "WEFT_MEASURE": "0"}),
    ("2 threads", {"OMP_NUM_THREADS": "2"}),
    ("4 threads", {"OMP_NUM_THREADS": "4", "WEFT_MEASURE": "0"}),
    ("4 threads, passive wait", {"OMP_NUM_THREADS": "4",
                                 "OMP_WAIT_POLICY": "passive",
                                 "WEFT_MEASURE": "0"}),
]
OPENMP_COMPILERS = [("libgomp", "gcc"), ("libomp", "clang-19")]
ARCHER = "/usr/lib/llvm-19/lib/libarcher.so"
# ThreadSanitizer stops at the first report, with an exit status of its own.
TSAN_OPTIONS = "halt_on_error=1 exitcode=66"
# libomp under ThreadSanitizer: Archer tells TSan about OpenMP's
# synchronization, and the uninstrumented runtime's own accesses are skipped.
ARCHER_ENV = {"OMP_TOOL_LIBRARIES": ARCHER,
              "TSAN_OPTIONS": TSAN_OPTIONS +
              " ignore_noninstrumented_modules=1"}


def fail(msg):
    print("exec-check: " + msg, file=sys.stderr)
    sys.exit(1)


def task_graphs(remarks, want):
    """Checks that weft wrote `want` task graphs (its remarks say so)."""
    got = len(re.findall(r"remark: the \d+ statements at lines \S+ run as a "
                         r"task graph", remarks))
    if got != want:
        fail("expected %d task graphs, weft wrote %d:\n%s" % (
            want, got, remarks))


def directive(src, name, default=None):
    m = re.search(r"//\s*%s:\s*(.*)" % re.escape(name), src)
    return m.group(1).strip() if m else default


def run(cmd, env=None, what=None, timeout=300):
    full = dict(os.environ)
    full.update(env or {})
    p = subprocess.run(cmd, capture_output=True, text=True, env=full,
                       timeout=timeout)
    if p.returncode != 0:
        fail("%s failed (exit %d): %s\n%s%s" % (
            what or cmd[0], p.returncode, " ".join(map(shlex.quote, cmd)),
            p.stdout[-4000:], p.stderr[-4000:]))
    return p


NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)")


def same(ref, out, tol):
    """Equal outputs: exactly, or with tol, token by token (tokens split at
    white space and '='), numbers within tol relative."""
    if tol is None:
        return ref == out
    a, b = re.split(r"[\s=]+", ref), re.split(r"[\s=]+", out)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        if not (NUM.fullmatch(x) and NUM.fullmatch(y)):
            return False
        fx, fy = float(x), float(y)
        if fx != fx and fy != fy:
            continue
        if abs(fx - fy) > tol * max(abs(fx), abs(fy), 1e-300):
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("--weft-translate", required=True)
    ap.add_argument("--runtime-include", required=True)
    ap.add_argument("--runtime-dir", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--no-tsan", action="store_true")
    ap.add_argument("--weft-cc", help="also build with weft-cc (the plugin)")
    args = ap.parse_args()

    src = open(args.source).read()
    want = directive(src, "PARALLEL")
    if want is None:
        fail("the test has no PARALLEL: directive")
    weft_args = shlex.split(directive(src, "WEFT-ARGS", ""))
    # %S: the test's directory (the translation is built elsewhere, so a
    # header next to the test needs it on the include path).
    here = os.path.dirname(os.path.abspath(args.source))
    cflags = [c.replace("%S", here)
              for c in shlex.split(directive(src, "CFLAGS", ""))]
    tol = directive(src, "TOLERANCE")
    tol = float(tol) if tol else None
    regions = directive(src, "REGIONS", "some")
    lib = os.path.join(args.runtime_dir, "libweft.a")
    tsan_lib = os.path.join(args.runtime_dir, "libweft_tsan.a")
    inc = ["-I", args.runtime_include]

    with tempfile.TemporaryDirectory(prefix="weft-exec-") as tmp:
        par_c = os.path.join(tmp, os.path.basename(args.source))
        t = run([args.weft_translate, args.source, "-o", par_c] + weft_args +
                ["--"] + cflags, what="weft-translate")
        got = len(re.findall(r"remark: loop parallelized", t.stderr))
        if got != int(want):
            fail("expected %s parallel loops, weft parallelized %d:\n%s" % (
                want, got, t.stderr))
        swapped = directive(src, "INTERCHANGED", "0")
        interchanged(t.stderr, open(par_c).read(), int(swapped))
        tiled(t.stderr, open(par_c).read(), int(directive(src, "TILED", "0")))
        swept(t.stderr, int(directive(src, "SWEPT", "0")))
        task_graphs(t.stderr, int(directive(src, "GRAPHS", "0")))

        seq, par = os.path.join(tmp, "seq"), os.path.join(tmp, "par")
        run(["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"] + cflags +
            [args.source, "-o", seq, "-lm"], what="the sequential build")
        run(["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"] + cflags +
            inc + [par_c, lib, "-o", par, "-lpthread", "-lm"],
            what="the parallel build (gcc -Wall -Wextra)")
        run(["clang-19", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror",
             "-fsyntax-only"] + cflags + inc + [par_c],
            what="the parallel build (clang-19 -Wall -Wextra)")

        ref = run([seq], what="the sequential program").stdout
        if not ref.strip():
            fail("the sequential program printed nothing to compare")
        first = None
        for name, env in TEAMS:
            env = dict(env, WEFT_STATS="1")
            p = run([par], env=env, what="the parallel program (%s)" % name)
            if not same(ref, p.stdout, tol):
                fail("the parallel program (%s) differs from the sequential "
                     "one%s:\n--- sequential\n%s--- parallel\n%s" % (
                         name, "" if tol is None else " beyond %g" % tol,
                         ref[-3000:], p.stdout[-3000:]))
            # What may round otherwise than the sequential program (floating
            # point reductions, combined in chunk or band order) rounds the
            # same on every team and in any chunk order.
            if first is None:
                first = (name, p.stdout)
            elif p.stdout != first[1]:
                fail("the parallel program prints otherwise with %s than "
                     "with %s:\n--- %s\n%s--- %s\n%s" % (
                         name, first[0], first[0], first[1][-3000:], name,
                         p.stdout[-3000:]))
            m = re.search(r"weft: stats: regions=(\d+)", p.stderr)
            used = int(m.group(1)) if m else 0
            # A measured team (WEFT_MEASURE on) may run every short region
            # on the calling thread: only the others must use the team.
            if env["WEFT_NUM_THREADS"] != "1" and regions == "some" and \
                    "WEFT_SCHEDULE" not in env and \
                    env.get("WEFT_MEASURE") == "0" and \
                    int(want) > 0 and used == 0:
                fail("the parallel program (%s) never ran a region on the "
                     "team: only fallbacks ran\n%s" % (name, p.stderr))
            if regions == "none" and used != 0 and \
                    "WEFT_SCHEDULE" not in env:
                fail("the parallel program (%s) ran %d regions on the team, "
                     "but every loop should have taken its fallback" % (
                         name, used))

        if not args.no_tsan:
            tsan = os.path.join(tmp, "par_tsan")
            run(["clang-19", "-std=c11", "-O1", "-g", "-fsanitize=thread"] +
                cflags + inc + [par_c, tsan_lib, "-o", tsan, "-lpthread",
                                "-lm"], what="the ThreadSanitizer build")
            # Task graphs run on the team however small (eager): their
            # tasks race there if an edge is missing.
            p = run([tsan], env={"WEFT_NUM_THREADS": "4", "WEFT_STATS": "1",
                                 "WEFT_SCHEDULE": "eager", "WEFT_MEASURE": "0",
                                 "TSAN_OPTIONS": TSAN_OPTIONS},
                    what="the program under ThreadSanitizer")
            if not same(ref, p.stdout, tol):
                fail("under ThreadSanitizer the output differs:\n%s" %
                     p.stdout[-3000:])
            m = re.search(r"weft: stats: regions=(\d+)", p.stderr)
            if regions == "some" and int(want) > 0 and not (m and int(m.group(1))):
                fail("under ThreadSanitizer no region ran on the team:\n" +
                     p.stderr[-2000:])
        if args.weft_cc:
            plugin(args, src, want, weft_args, cflags, tol, ref, tmp)
        openmp(args, src, want, weft_args, cflags, tol, ref, tmp)
    return 0


def interchanged(remarks, out, want):
    """Checks that weft interchanged `want` loop pairs: as many remarks,
    and as many interchanged loops written in the output `out` (OpenMP
    output writes a loop of a parallel region twice, in the region and in
    its fallback, which runs each loop alone: at least as many then)."""
    got = len(re.findall(r"remark: loops interchanged", remarks))
    if got != want:
        fail("expected %d interchanged loop pairs, weft's remarks say %d:\n%s"
             % (want, got, remarks))
    written = len(re.findall(r"/\* weft: the \w+ loop runs outside the \w+ "
                             r"loop(, over this band's \w+)? \(loop "
                             r"interchange", out))
    twice = "one OpenMP parallel region when every loop's checks pass" in out
    if written != want and not (twice and written > want):
        fail("weft interchanged %d loop pairs, but its output writes %d"
             % (want, written))


def tiled(remarks, out, want):
    """Checks that weft tiled `want` nests (docs/analysis.md, "Loop
    tiling"): as many remarks, and as many tiled nests written in `out` (at
    least as many in an OpenMP region's output, as above)."""
    got = len(re.findall(r"remark: loops tiled", remarks))
    if got != want:
        fail("expected %d tiled nests, weft's remarks say %d:\n%s"
             % (want, got, remarks))
    written = len(re.findall(r"/\* weft: the \w+ and \w+ loops run in tiles",
                             out))
    twice = "one OpenMP parallel region when every loop's checks pass" in out
    if written != want and not (twice and written > want):
        fail("weft tiled %d nests, but its output writes %d" % (want, written))


def swept(remarks, want):
    """Checks that `want` parallel loops run as sweeps (their chunks each
    run the sequential loop around them whole)."""
    got = len(re.findall(r"each chunk runs its part of every iteration",
                         remarks))
    if got != want:
        fail("expected %d sweeps, weft's remarks say %d:\n%s"
             % (want, got, remarks))


def plugin_args(weft_args):
    """weft-translate's --name[=value] as the plugin's arguments."""
    out = []
    for a in weft_args:
        if not a.startswith("--"):
            fail("WEFT-ARGS has '%s', which the plugin cannot take" % a)
        out.append("-fplugin-arg-weft-" + a[2:])
    return out


def plugin(args, src, want, weft_args, cflags, tol, ref, tmp):
    """The one-step build: weft-cc, that is clang-19 with weft's plugin."""
    kept = os.path.join(tmp, "plugin_" + os.path.basename(args.source))
    exe = os.path.join(tmp, "par_plugin")
    t = run([args.weft_cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"] +
            plugin_args(weft_args) + ["-fplugin-arg-weft-emit=" + kept] +
            cflags + [args.source, "-o", exe],
            what="the plugin build (weft-cc -Wall -Wextra)")
    got = len(re.findall(r"remark: loop parallelized", t.stderr))
    if got != int(want):
        fail("expected %s parallel loops from the plugin, it parallelized "
             "%d:\n%s" % (want, got, t.stderr))
    lined = os.path.join(tmp, "lined_" + os.path.basename(args.source))
    run([args.weft_translate, args.source, "-o", lined, "--line-directives",
         "--remarks=none"] + weft_args + ["--"] + cflags,
        what="weft-translate --line-directives")
    a, b = open(lined).read(), open(kept).read()
    if a != b:
        diff = difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                    "weft-translate", "plugin")
        fail("the plugin compiled other C than weft-translate writes:\n" +
             "".join(list(diff)[:80]))
    for name, env in TEAMS[1:3]:
        p = run([exe], env=dict(env, WEFT_STATS="1"),
                what="the plugin-built program (%s)" % name)
        if not same(ref, p.stdout, tol):
            fail("the plugin-built program (%s) differs from the sequential "
                 "one:\n--- sequential\n%s--- plugin\n%s" % (
                     name, ref[-3000:], p.stdout[-3000:]))
        if int(want) > 0 and directive(src, "REGIONS", "some") == "some" \
                and env.get("WEFT_MEASURE") == "0" \
                and re.search(r"stats: regions=0\b", p.stderr):
            fail("the plugin-built program (%s) never ran a region on the "
                 "team\n%s" % (name, p.stderr))


def openmp(args, src, want, weft_args, cflags, tol, ref, tmp):
    """The --emit=openmp half: the same loops, in place under OpenMP."""
    want = directive(src, "OPENMP-PARALLEL", want)
    # The same loops as for libweft: its fork/join cost, unless the test
    # sets one. The team options are libweft's.
    omp_args = [a for a in weft_args
                if not a.startswith(("--cores", "--core-weights"))]
    omp_args += shlex.split(directive(src, "OPENMP-ARGS", ""))
    if not any(a.startswith("--fork-join-ns") for a in omp_args):
        omp_args.append("--fork-join-ns=1000")
    omp_c = os.path.join(tmp, "omp_" + os.path.basename(args.source))
    t = run([args.weft_translate, args.source, "-o", omp_c, "--emit=openmp"] +
            omp_args + ["--"] + cflags, what="weft-translate --emit=openmp")
    got = len(re.findall(r"remark: loop parallelized", t.stderr))
    if got != int(want):
        fail("expected %s parallel loops with --emit=openmp, weft "
             "parallelized %d:\n%s" % (want, got, t.stderr))
    text = open(omp_c).read()
    interchanged(t.stderr, text, int(directive(src, "INTERCHANGED", "0")))
    tiled(t.stderr, text, int(directive(src, "TILED", "0")))
    task_graphs(t.stderr, int(directive(src, "OPENMP-GRAPHS",
                                        directive(src, "GRAPHS", "0"))))
    swept(t.stderr, int(directive(src, "SWEPT", "0")))
    # A loop with array reductions is an `omp for` in a region of its own.
    # A sweep is an `omp for` in a loop inside `omp parallel`. A loop with
    # error paths runs each thread's block in `omp parallel`.
    pragmas = len(re.findall(r"#pragma omp parallel for schedule\(static"
                             r"(, 1)?\)", text)) + \
        len(re.findall(r"#pragma omp for schedule\(static\) nowait "
                       r"/\* weft: a sweep", text)) + \
        len(re.findall(r"each thread on its own copies of the arrays", text)) + \
        len(re.findall(r"weft_omp_exits_block\(weft_trip", text))
    if pragmas != got or "#include \"weft.h\"" in text:
        fail("the OpenMP output has %d parallel loops for %d remarks%s" % (
            pragmas, got, " and includes weft.h" if pragmas == got else ""))
    for runtime, cc in OPENMP_COMPILERS:
        exe = os.path.join(tmp, "omp_" + runtime)
        run([cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror",
             "-fopenmp"] + cflags + [omp_c, "-o", exe, "-lm"],
            what="the OpenMP build (%s -fopenmp)" % cc)
        for name, env in OPENMP_TEAMS:
            p = run([exe], env=env,
                    what="the OpenMP program (%s, %s)" % (runtime, name))
            if not same(ref, p.stdout, tol):
                fail("the OpenMP program (%s, %s) differs from the sequential "
                     "one%s:\n--- sequential\n%s--- OpenMP\n%s" % (
                         runtime, name, "" if tol is None else
                         " beyond %g" % tol, ref[-3000:], p.stdout[-3000:]))
    if args.no_tsan:
        return
    tsan = os.path.join(tmp, "omp_tsan")
    run(["clang-19", "-std=c11", "-O1", "-g", "-fopenmp",
         "-fsanitize=thread", "-DWEFT_L1_BYTES=1024", "-DWEFT_L2_BYTES=2048"] +
        cflags + [omp_c, "-o", tsan, "-lm"],
        what="the OpenMP ThreadSanitizer build")
    p = run([tsan], env=dict(ARCHER_ENV, OMP_NUM_THREADS="4",
                             ARCHER_OPTIONS="verbose=1", WEFT_MEASURE="0"),
        what="the OpenMP program under ThreadSanitizer and Archer")
    # Archer says so on stdout when it loads.
    loaded = "Archer detected OpenMP application with TSan"
    lines = p.stdout.splitlines(keepends=True)
    # (OpenMP, and with it Archer, starts at the first parallel region.)
    if lines and lines[0].startswith(loaded):
        lines = lines[1:]
    elif got > 0:
        fail("Archer did not load (%s):\n%s" % (ARCHER, p.stderr[-2000:]))
    if not same(ref, "".join(lines), tol):
        fail("under ThreadSanitizer the OpenMP output differs:\n%s" %
             p.stdout[-3000:])


if __name__ == "__main__":
    sys.exit(main())
