#!/usr/bin/python3
"""Differential testing of weft on generated programs (test/Fuzz).

For each seed: generate a program (gen.py), check that the sequential program
has no undefined behaviour (UBSan and ASan), translate it with weft, build
the parallel program, run it with teams of 1, 2 and 4 threads and a
big.LITTLE split and under ThreadSanitizer, and compare every output with the
sequential one (bit for bit, or within 1e-9 relative where the program has a
floating-point reduction, which weft is then allowed to reorder).

A batch fails when any program differs, crashes, hangs, is flagged by
ThreadSanitizer, or when weft's translation fails. It also fails when the
oracle stops being a strong one: fewer than --min-parallel of the loops run
in parallel, or some reduction operator or alias pattern never appeared.

Failing programs are copied to --failures (reduced with cvise when
--reduce is given). Usage:

  oracle.py --weft-translate build/bin/weft-translate \\
            --runtime-include runtime/include --runtime-dir build/runtime \\
            --seeds 1-200 [--jobs N] [--junit FILE] [--failures DIR]
            [--weft-arg=ARG ...] [--state FILE] [--reduce]
            [--file prog.c]   (one program instead of generated ones)
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "Execution"))
import gen  # noqa: E402
import exec_check  # noqa: E402
from exec_check import same  # noqa: E402

# The execution tests' schedules: teams of 1, 2 and 4, big.LITTLE weights,
# no spinning, and the chunks in reverse order.
TEAMS = [env for _, env in exec_check.TEAMS]
REDUCTIONS = ["add", "sub", "mul", "and", "or", "xor", "max", "min", "maxif",
              "minif", "fadd"]
ALIASING = ["overlapping arguments", "restrict", "indirect", "flattened",
            "bound in memory", "global bound", "bound written",
            "struct-held pointers"]


class Failure(Exception):
    """The program fails the oracle. `wrong`: the parallel program's result
    is wrong (it differs, crashes, hangs, or races), as opposed to weft or a
    build failing."""
    def __init__(self, msg, wrong=False):
        super().__init__(msg)
        self.wrong = wrong


class Disagreement(Exception):
    """The reference compilers disagree on the sequential program: a compiler
    bug or undefined behaviour the sanitizers missed, not weft's fault. The
    program is skipped and counted; the batch fails if there are many."""


def die_with_parent():
    """In a child: the kernel kills it when the oracle dies (cvise kills
    its test after --timeout, and a looping program must not outlive it)."""
    import ctypes
    import signal
    ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG


def run(cmd, env=None, timeout=120, what="", wrong=False):
    full = dict(os.environ)
    full.update(env or {})
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=full,
                           timeout=timeout, preexec_fn=die_with_parent)
    except subprocess.TimeoutExpired:
        raise Failure("%s: timed out" % (what or cmd[0]), wrong)
    if p.returncode != 0:
        raise Failure("%s: exit %d\n%s%s" % (what or cmd[0], p.returncode,
                                             p.stdout[-2000:],
                                             p.stderr[-3000:]), wrong)
    return p


def check_program(path, args, tmp):
    """Runs the oracle on one program; returns (loops, parallel, features);
    raises Failure."""
    src = open(path).read()
    fp = "FP-REDUCTIONS: yes" in src or args.fp_reductions
    m = re.search(r"FEATURES: ([^*]*)\*/", src)
    features = set(f.strip() for f in m.group(1).split(",")) if m else set()
    tol = 1e-9 if fp else None
    lib = os.path.join(args.runtime_dir, "libweft.a")
    tsan_lib = os.path.join(args.runtime_dir, "libweft_tsan.a")
    inc = ["-I", args.runtime_include]

    # The generator promises no undefined behaviour: the sequential program
    # runs clean under UBSan and ASan. The reference output is the
    # unoptimized GCC build's, and the sanitized Clang build must agree with
    # it: GCC 12's loop optimizer is itself wrong on some of these programs
    # (docs/testing.md), and a wrong reference would blame weft.
    # (A reduced program is checked the same way, and also under
    # MemorySanitizer and with the warnings that catch what the sanitizers
    # miss: cvise readily makes a variable uninitialized.)
    ub = os.path.join(tmp, "ub")
    run(["clang-19", "-std=c11", "-O1", "-g", "-Werror=uninitialized",
         "-Werror=sometimes-uninitialized", "-Werror=format",
         "-Werror=implicit-function-declaration", "-Werror=implicit-int",
         "-Werror=return-type", "-Werror=int-conversion",
         "-Werror=incompatible-pointer-types",
         "-fsanitize=undefined,address", "-fno-sanitize-recover=all", path,
         "-o", ub, "-lm"], what="the sanitized sequential build")
    checked = run([ub], what="the sequential program under UBSan and ASan",
                  env={"ASAN_OPTIONS": "detect_leaks=0"}).stdout
    if args.file:
        msan = os.path.join(tmp, "msan")
        run(["clang-19", "-std=c11", "-O1", "-g", "-w", "-fsanitize=memory",
             path, "-o", msan, "-lm"], what="the MemorySanitizer build")
        run([msan], what="the sequential program under MemorySanitizer")
    seq = os.path.join(tmp, "seq")
    run(["gcc", "-std=c11", "-O0", "-w", path, "-o", seq, "-lm"],
        what="the sequential build")
    ref = run([seq], what="the sequential program").stdout
    if not same(ref, checked, tol):
        raise Disagreement("gcc -O0 and clang -O1 disagree on the sequential "
                           "program:\n" + diff_lines(ref, checked))

    par_c = os.path.join(tmp, "par.c")
    t = run([args.weft_translate, path, "-o", par_c, "--fork-join-ns=0"] +
            (["--fp-reductions"] if fp else []) + args.weft_arg + ["--"],
            what="weft-translate")
    loops, parallel = kernel_share(src, t.stderr)
    # Statements the translation runs at the same time: the oracle checks
    # them as it checks loops (every team, reverse, eager, TSan).
    if re.search(r"lines \S+ run as a task graph", t.stderr):
        features.add("task graph")
    # A parallel loop as a task of a graph (its chunks shared with the
    # members the other tasks leave idle).
    if "runs its loop in parallel on the members the others leave idle" in \
            t.stderr:
        features.add("loop task")
    # A nest run in tiles around the rows (docs/analysis.md, "Loop tiling").
    if "remark: loops tiled" in t.stderr:
        features.add("tiled nest")
    # A private array too large for a thread's stack: copies per member.
    if "too large for a thread's stack" in t.stderr:
        features.add("private array copied per thread")
    # A loop whose error path the first failing iteration would take.
    if re.search(r"the error paths? at", t.stderr):
        features.add("error path run in parallel")

    # The team runs use Clang's optimized build; GCC's unoptimized build of
    # the same output runs once more, so both compilers accept it.
    builds = [("clang-19", "-O1", TEAMS), ("gcc", "-O0", TEAMS[2:3])]
    for i, (cc, opt, teams) in enumerate(builds):
        par = os.path.join(tmp, "par%d" % i)
        run([cc, "-std=c11", opt, "-w", par_c] + inc +
            [lib, "-o", par, "-lpthread", "-lm"],
            what="the parallel build (%s %s)" % (cc, opt))
        for env in teams:
            out = run([par], env=env, what="the parallel program (%s %s) %s" %
                      (cc, opt, env), wrong=True).stdout
            if not same(ref, out, tol):
                raise Failure("the parallel program (%s %s) with %s differs:"
                              "\n%s" % (cc, opt, env, diff_lines(ref, out)),
                              wrong=True)
    if not args.no_tsan:
        tsan = os.path.join(tmp, "par_tsan")
        run(["clang-19", "-std=c11", "-O1", "-g", "-w", "-fsanitize=thread",
             par_c] + inc + [tsan_lib, "-o", tsan, "-lpthread", "-lm"],
            what="the ThreadSanitizer build")
        # Task graphs on the team however small (eager): a missing edge
        # races.
        out = run([tsan], env={"WEFT_NUM_THREADS": "4",
                               "WEFT_SCHEDULE": "eager", "WEFT_MEASURE": "0",
                               "TSAN_OPTIONS": exec_check.TSAN_OPTIONS},
                  what="the program under ThreadSanitizer", wrong=True).stdout
        if not same(ref, out, tol):
            raise Failure("under ThreadSanitizer the output differs:\n" +
                          diff_lines(ref, out), wrong=True)
    check_openmp(path, args, tmp, fp, tol, ref)
    return loops, parallel, features


def check_openmp(path, args, tmp, fp, tol, ref):
    """The same program through --emit=openmp: libomp (clang, optimized, 4
    threads), libgomp (gcc, unoptimized, 3 threads: an uneven split) and
    libomp under ThreadSanitizer with Archer."""
    omp_c = os.path.join(tmp, "omp.c")
    run([args.weft_translate, path, "-o", omp_c, "--emit=openmp",
         "--fork-join-ns=0"] + (["--fp-reductions"] if fp else []) +
        args.weft_arg + ["--"], what="weft-translate --emit=openmp")
    # Measured sites (docs/output.md) on in the libomp build, as a user's
    # program runs; off in the others, which test the parallel code.
    builds = [("clang-19", ["-O1"], {"OMP_NUM_THREADS": "4"}),
              ("gcc", ["-O0"], {"OMP_NUM_THREADS": "3", "WEFT_MEASURE": "0"})]
    if not args.no_tsan:
        builds.append(("clang-19", ["-O1", "-g", "-fsanitize=thread",
                                    "-DWEFT_L1_BYTES=1024",
                                    "-DWEFT_L2_BYTES=2048"],
                       dict(exec_check.ARCHER_ENV, OMP_NUM_THREADS="4",
                            WEFT_MEASURE="0")))
    for i, (cc, flags, env) in enumerate(builds):
        exe = os.path.join(tmp, "omp%d" % i)
        what = "the OpenMP program (%s %s)" % (cc, " ".join(flags))
        run([cc, "-std=c11", "-w", "-fopenmp"] + flags + [omp_c, "-o", exe,
                                                         "-lm"],
            what="the OpenMP build (%s %s)" % (cc, " ".join(flags)))
        out = run([exe], env=env, what=what, wrong=True).stdout
        if not same(ref, out, tol):
            raise Failure("%s with %s differs:\n%s" % (
                what, env, diff_lines(ref, out)), wrong=True)


def kernel_share(src, remarks):
    """The loops of the generated kernels (k0, k1, ..., rows_k, hist_k,
    work_k, mat_k, sweep_k, col_k, tile_k, inc_k, stride_k, sib_k, acc_k,
    ptr_k and ind_k; not the makers, main's set-up and checksum loops) and how many of them run in
    parallel. A loop inside one that runs in parallel counts as
    parallel: its iterations are spread over the team too; and so does a
    loop with fewer iterations than cores whose parallel loops inside run
    in parallel instead (docs/outline.md, "The level")."""
    lines, start = set(), None
    for n, text in enumerate(src.splitlines(), 1):
        if re.match(r"static (void|int|long|double) (k\d+|rows_k|hist_k|work_k|"
                    r"mat_k|sweep_k|col_k|tile_k|inc_k|stride_k|sib_k|acc_k|"
                    r"ptr_k|ind_k)\(",
                    text):
            start = n
        elif text == "}" and start:
            lines.update(range(start, n + 1))
            start = None
    loops = parallel = 0
    for m in re.finditer(r":(\d+):\d+: remark: loop (.*)", remarks):
        if int(m.group(1)) in lines:
            loops += 1
            parallel += bool(re.match(
                r"parallelized|not parallelized: (the loop at \S+ around it "
                r"runs in parallel|only \d+ iterations?, fewer than the \d+ "
                r"cores: )", m.group(2)))
    return loops, parallel


def diff_lines(a, b):
    out = []
    for x, y in zip(a.splitlines(), b.splitlines()):
        if x != y:
            out.append("  sequential: %s\n  parallel:   %s" % (x, y))
            if len(out) >= 5:
                break
    return "\n".join(out) or "  (lengths differ)"


def one(seed, args):
    with tempfile.TemporaryDirectory(prefix="weft-fuzz-") as tmp:
        path = os.path.join(tmp, "fuzz%d.c" % seed)
        gen.write_helpers(tmp)  # the header a program may include
        if args.file:
            shutil.copy(args.file, path)
        else:
            with open(path, "w") as f:
                f.write(gen.Gen(seed).program())
        t0 = time.time()
        try:
            loops, parallel, features = check_program(path, args, tmp)
            return {"seed": seed, "ok": True, "loops": loops,
                    "parallel": parallel, "features": sorted(features),
                    "seconds": time.time() - t0}
        except Disagreement as e:
            return {"seed": seed, "ok": True, "skipped": str(e), "loops": 0,
                    "parallel": 0, "features": []}
        except Failure as e:
            kept = None
            if args.failures:
                os.makedirs(args.failures, exist_ok=True)
                kept = os.path.join(args.failures, "fuzz%d.c" % seed)
                shutil.copy(path, kept)
                gen.write_helpers(args.failures)
                if args.reduce:
                    reduce(kept, args, e)
            return {"seed": seed, "ok": False, "why": str(e), "kept": kept,
                    "wrong": e.wrong}


def reduce(path, args, failure):
    """Shrinks a failing program with cvise, keeping the failure: a wrong
    result stays a wrong result (and the program stays free of undefined
    behaviour, which the oracle checks first); any other failure keeps its
    first line."""
    path = os.path.abspath(path)
    script = path + ".test.sh"
    src = open(path).read()
    cmd = ["/usr/bin/python3", os.path.abspath(__file__), "--file",
           "$PWD/" + os.path.basename(path), "--weft-translate",
           args.weft_translate, "--runtime-include",
           os.path.abspath(args.runtime_include), "--runtime-dir",
           os.path.abspath(args.runtime_dir)]
    cmd += ["--weft-arg=%s" % a for a in args.weft_arg]
    if "FP-REDUCTIONS: yes" in src or args.fp_reductions:
        cmd.append("--fp-reductions")
    if "ThreadSanitizer" not in str(failure):
        cmd.append("--no-tsan")
    line = " ".join(shlex.quote(c) if not c.startswith("$PWD") else
                    '"%s"' % c for c in cmd)
    with open(script, "w") as f:
        f.write("#!/bin/sh\n")
        if failure.wrong:
            f.write("exec %s --expect-wrong >/dev/null 2>&1\n" % line)
        else:
            first = str(failure).splitlines()[0]
            f.write("%s 2>&1 | grep -qF -- %s\n" % (line, shlex.quote(first)))
    os.chmod(script, 0o755)
    # cvise wants the file in its working directory.
    subprocess.run(["cvise", "--timeout", "60", os.path.basename(script),
                    os.path.basename(path)], cwd=os.path.dirname(path),
                   capture_output=True, timeout=args.reduce_seconds)


def parse_seeds(s):
    out = []
    for part in s.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weft-translate", required=True)
    ap.add_argument("--runtime-include", required=True)
    ap.add_argument("--runtime-dir", required=True)
    ap.add_argument("--seeds", default="1-200")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--junit")
    ap.add_argument("--failures")
    ap.add_argument("--weft-arg", action="append", default=[])
    ap.add_argument("--min-parallel", type=float, default=0.40)
    ap.add_argument("--no-floor", action="store_true")
    ap.add_argument("--no-tsan", action="store_true")
    ap.add_argument("--reduce", action="store_true",
                    help="shrink each failing program with cvise")
    ap.add_argument("--reduce-seconds", type=int, default=3600)
    ap.add_argument("--file", help="check this program instead")
    ap.add_argument("--fp-reductions", action="store_true",
                    help="translate with --fp-reductions and compare within "
                    "1e-9 (set by a generated program's FP-REDUCTIONS line)")
    ap.add_argument("--expect-wrong", action="store_true",
                    help="invert the verdict, for a weft broken on purpose "
                    "(--weft-arg=--unsafe-ignore-dependences=...): pass when "
                    "some program gives a wrong result and nothing else "
                    "fails")
    ap.add_argument("--state", help="a JSON file of finished seeds: a long "
                    "run is resumed from it")
    args = ap.parse_args()
    args.weft_translate = os.path.abspath(args.weft_translate)

    seeds = [0] if args.file else parse_seeds(args.seeds)
    done = {}
    if args.state and os.path.exists(args.state):
        done = {r["seed"]: r for r in json.load(open(args.state))}
    todo = [s for s in seeds if s not in done]
    results = [done[s] for s in seeds if s in done]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(one, s, args) for s in todo]
        for i, fut in enumerate(concurrent.futures.as_completed(futs)):
            r = fut.result()
            results.append(r)
            if not r["ok"]:
                print("seed %d FAILED: %s" % (r["seed"], r["why"][:3000]),
                      file=sys.stderr)
            if args.state and (i % 20 == 19 or i + 1 == len(futs)):
                json.dump(results, open(args.state, "w"))
            if args.expect_wrong and r.get("wrong"):
                pool.shutdown(wait=True, cancel_futures=True)
                results += [f.result() for f in futs
                            if f.done() and not f.cancelled() and
                            f.result() not in results]
                break

    ok = [r for r in results if r["ok"]]
    bad = [r for r in results if not r["ok"]]
    loops = sum(r["loops"] for r in ok)
    par = sum(r["parallel"] for r in ok)
    feats = set(f for r in ok for f in r["features"])
    skipped = [r for r in ok if r.get("skipped")]
    share = par / loops if loops else 0.0
    print("%d programs, %d failed, %d skipped (reference compilers disagree); "
          "%d loops, %d run in parallel (%.0f%%)" % (
              len(results), len(bad), len(skipped), loops, par, 100 * share))
    for r in skipped:
        print("seed %d skipped: %s" % (r["seed"], r["skipped"][:500]),
              file=sys.stderr)
    problems = []
    if len(skipped) > max(1, len(results) // 50):
        problems.append("%d programs skipped because the reference compilers "
                        "disagree: the generator is making undefined "
                        "behaviour" % len(skipped))
    if not args.no_floor and not args.file:
        if share < args.min_parallel:
            problems.append("only %.0f%% of the loops ran in parallel (floor "
                            "%.0f%%)" % (100 * share, 100 * args.min_parallel))
        missing = [f for f in ["reduction " + r for r in REDUCTIONS] + ALIASING
                   if f not in feats]
        # Task graphs: statements of a kernel that need nothing from each
        # other (sibling loops left sequential, calls on apart arrays).
        if len(results) >= 50:
            missing += [f for f in ("task graph", "loop task",
                                    "sibling kernels",
                                    "work array filled by a call",
                                    "array reduction into an allocation",
                                    "reads through loaded pointers",
                                    "array reduction through a bounded "
                                    "pointer", "tiled nest",
                                    "declared const call",
                                    "private array copied per thread",
                                    "error path run in parallel")
                        if f not in feats]
        if missing:
            problems.append("never generated: " + ", ".join(missing))
    for p in problems:
        print("oracle: " + p, file=sys.stderr)
    if args.expect_wrong:
        wrong = [r for r in bad if r.get("wrong")]
        other = [r for r in bad if not r.get("wrong")]
        print("oracle: %d programs gave a wrong result, %d failed otherwise "
              "(expected: some wrong results, nothing else)" % (
                  len(wrong), len(other)))
        return 0 if wrong and not other else 1
    if args.junit:
        write_junit(args.junit, results, problems)
    return 1 if bad or problems else 0


def write_junit(path, results, problems):
    from xml.sax.saxutils import escape
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<testsuites><testsuite name="fuzz" tests="%d" failures="%d">' % (
               len(results) + 1, sum(1 for r in results if not r["ok"]) +
               (1 if problems else 0))]
    for r in sorted(results, key=lambda r: r["seed"]):
        out.append('<testcase classname="fuzz" name="seed %d">' % r["seed"])
        if not r["ok"]:
            out.append('<failure message="%s"/>' % escape(r["why"][:2000]))
        out.append("</testcase>")
    out.append('<testcase classname="fuzz" name="oracle strength">')
    if problems:
        out.append('<failure message="%s"/>' % escape("; ".join(problems)))
    out.append("</testcase></testsuite></testsuites>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    sys.exit(main())
