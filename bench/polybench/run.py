#!/usr/bin/python3
"""PolyBench/C 4.2.1: weft against Polly and GCC's autopar, side by side.

PolyBench/C is not in this repository (its licence is not ours to
relicense): give the directory of a checkout with --polybench (or
WEFT_POLYBENCH), as its own tarball unpacks it (utilities/, datamining/,
linear-algebra/, medley/, stencils/). Every kernel's file is built as it
is, with the dataset given (LARGE by default), by each tool below; every
build prints PolyBench's own kernel time (-DPOLYBENCH_TIME: the kernel
alone, after a cache flush), and all builds run in interleaved rounds, 2
threads each. A second build of each with -DPOLYBENCH_DUMP_ARRAYS prints
the kernel's live-out arrays once, which must equal the sequential
build's, character for character (PolyBench prints them rounded to two
decimals; a parallel build that reassociated a sum could still differ).
Reports the median speedup over sequential clang-19 -O3 per kernel, the
geometric means, how many loops weft ran in parallel in each kernel
function, and wrong outputs. Writes results.json next to this script (or
--out).

It is a benchmark, not a test. Usage:
  bench/polybench/run.py --polybench DIR [--rounds N] [--only K,...]
                         [--dataset LARGE] [--tools T,...]
"""
import hashlib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from common import (POLLY, ROOT, RUNTIME_INCLUDE, arguments,  # noqa
                    build_libweft, geomean, median, proc, sh)

THREADS = 2

# name, what it is, its build key.
TOOLS = [
    ("sequential", "clang-19 -O3: every speedup is over this", "seq"),
    ("weft", "weft-translate, clang-19 -O3, libweft", "weft"),
    ("weft omp gcc", "weft-translate --emit=openmp, gcc -O3 -fopenmp "
     "(libgomp)", "wompgcc"),
    ("weft omp clang", "weft-translate --emit=openmp, clang-19 -O3 -fopenmp "
     "(libomp)", "wompclang"),
    ("gcc autopar", "gcc -O3 -ftree-parallelize-loops=2", "autopar"),
    ("polly", "clang-19 -O3 -mllvm -polly -mllvm -polly-parallel -mllvm "
     "-polly-omp-backend=GNU (libgomp; tiling on, Polly's default)",
     "polly"),
]


def kernels(root, only):
    """{name: path of its .c} for every kernel under root."""
    found = {}
    for top in ("datamining", "linear-algebra", "medley", "stencils"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            name = os.path.basename(dirpath)
            if name + ".c" in files:
                found[name] = os.path.join(dirpath, name + ".c")
    return {k: v for k, v in sorted(found.items()) if not only or k in only}


def kernel_loops(log, src):
    """The loops weft parallelized inside the kernel_* function, from its
    remarks (file:line: remark: loop parallelized ...) and the lines the
    kernel function spans."""
    text = open(src).read().split("\n")
    start = next((i for i, l in enumerate(text)
                  if re.match(r"\s*(static\s+)?void\s+kernel_", l)), None)
    if start is None:
        return 0
    # The kernel ends at the first line that is a lone closing brace.
    end = next((i for i in range(start, len(text))
                if text[i].startswith("}")), len(text))
    n = 0
    for m in re.finditer(r":(\d+):\d+: remark: loop parallelized", log):
        if start < int(m.group(1)) <= end + 1:
            n += 1
    return n


FLAGS = {"time": "-DPOLYBENCH_TIME", "dump": "-DPOLYBENCH_DUMP_ARRAYS"}


def build_all(args, names, tools):
    lib = build_libweft(args.build)
    weft = os.path.join(args.weft_build, "bin", "weft-translate")
    util = os.path.join(args.polybench, "utilities")
    pbc = os.path.join(util, "polybench.c")
    exes, errors, loops = {}, {}, {}
    for k, src in names.items():
        inc = ["-I", util, "-I", os.path.dirname(src),
               "-D%s_DATASET" % args.dataset]
        made = {}

        def translated(openmp, mode):
            """weft's translation for a build mode (the dump code is the
            preprocessor's: each mode has its own), made once; its
            remarks are made[...][1]."""
            if (openmp, mode) not in made:
                out = os.path.join(args.build, "%s_%s_%s.c" % (
                    "omp" if openmp else "weft", k, mode))
                p = proc([weft, src, "-o", out] +
                         (["--emit=openmp"] if openmp else []) +
                         ["--", FLAGS[mode]] + inc, check=False)
                made[(openmp, mode)] = (out, p)
            out, p = made[(openmp, mode)]
            if p.returncode:
                raise subprocess.CalledProcessError(
                    p.returncode, p.args, p.stdout, p.stderr)
            return out

        builds = {
            "seq": lambda m: ["clang-19", "-O3", src, pbc],
            "weft": lambda m: ["clang-19", "-O3", translated(False, m), pbc,
                               "-I", RUNTIME_INCLUDE, lib, "-lpthread"],
            "wompgcc": lambda m: ["gcc", "-O3", "-fopenmp",
                                  translated(True, m), pbc],
            "wompclang": lambda m: ["clang-19", "-O3", "-fopenmp",
                                    translated(True, m), pbc],
            "autopar": lambda m: ["gcc", "-O3",
                                  "-ftree-parallelize-loops=%d" % THREADS,
                                  src, pbc],
            "polly": lambda m: ["clang-19", "-O3"] + POLLY + [src, pbc,
                                                            "-lgomp"],
        }
        exes[k], errors[k] = {}, {}
        for tool, _, key in TOOLS:
            if tool not in tools:
                continue
            try:
                for mode in FLAGS:
                    exe = os.path.join(args.build, "%s_%s_%s" % (key, k, mode))
                    sh(builds[key](mode) + inc + [FLAGS[mode], "-lm", "-o",
                                                  exe])
                    exes[k].setdefault(tool, {})[mode] = exe
            except subprocess.CalledProcessError as e:
                errors[k][tool] = (e.stderr or "")[-500:]
                exes[k].pop(tool, None)
        try:
            translated(False, "time")
        except subprocess.CalledProcessError:
            pass
        loops[k] = kernel_loops(made[(False, "time")][1].stderr, src)
    return exes, errors, loops


def env():
    return {"OMP_NUM_THREADS": str(THREADS), "WEFT_NUM_THREADS": str(THREADS)}


def run_time(exe):
    out = proc([exe], env=env()).stdout.split()
    return float(out[0])


def run_dump(exe):
    p = proc([exe], env=env())
    return hashlib.sha256(p.stderr.encode()).hexdigest()


def main():
    ap = arguments(__doc__, "polybench", 3)
    ap.add_argument("--polybench", default=os.environ.get("WEFT_POLYBENCH"),
                    help="a PolyBench/C 4.2.1 checkout")
    ap.add_argument("--only", default="", help="comma-separated kernels")
    ap.add_argument("--dataset", default="LARGE",
                    help="MINI, SMALL, MEDIUM, LARGE or EXTRALARGE")
    ap.add_argument("--tools", default=",".join(t for t, _, _ in TOOLS),
                    help="comma-separated tools (sequential is always run)")
    args = ap.parse_args()
    if not args.polybench or not os.path.isfile(
            os.path.join(args.polybench, "utilities", "polybench.c")):
        ap.error("--polybench DIR: a PolyBench/C 4.2.1 checkout (with "
                 "utilities/polybench.c)")
    tools = set(filter(None, args.tools.split(","))) | {"sequential"}
    names = kernels(args.polybench, set(filter(None, args.only.split(","))))
    sh([os.path.join(ROOT, "scripts", "build.sh"), args.weft_build])
    os.makedirs(args.build, exist_ok=True)
    exes, errors, loops = build_all(args, names, tools)

    runs = {k: {t: [] for t in exes[k]} for k in names}
    for r in range(args.rounds):
        for k in names:
            for t in exes[k]:
                runs[k][t].append(run_time(exes[k][t]["time"]))
        print("round %d of %d done" % (r + 1, args.rounds), file=sys.stderr)
    dumps = {k: {t: run_dump(exes[k][t]["dump"]) for t in exes[k]}
             for k in names}

    order = [t for t, _, _ in TOOLS if t in tools]
    res = {"threads": THREADS, "rounds": args.rounds,
           "dataset": args.dataset,
           "tools": [{"name": t, "build": w} for t, w, _ in TOOLS
                     if t in tools],
           "kernels": {}, "geomean_speedup": {}, "wrong_outputs": {},
           "build_failures": {}}
    for k in names:
        base = median(runs[k].get("sequential", []))
        ref = dumps[k].get("sequential")
        row = {"weft_kernel_loops": loops[k], "sequential_s": base,
               "tools": {}}
        for t in order:
            if t in errors[k]:
                row["tools"][t] = {"build_error": errors[k][t]}
                continue
            s = median(runs[k][t])
            row["tools"][t] = {"seconds": s, "speedup": base / s,
                               "correct": dumps[k][t] == ref}
        res["kernels"][k] = row
    for t in order:
        cells = [res["kernels"][k]["tools"][t] for k in names]
        res["geomean_speedup"][t] = geomean(
            [c["speedup"] for c in cells if "speedup" in c])
        res["wrong_outputs"][t] = [k for k in names if not res["kernels"][k][
            "tools"][t].get("correct", True)]
        res["build_failures"][t] = [k for k in names if "build_error" in
                                    res["kernels"][k]["tools"][t]]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1)
    print(report(res, names, order))


def report(res, names, order):
    lines = ["| kernel | weft loops | sequential | " +
             " | ".join(t for t in order if t != "sequential") + " |",
             "|---" * (len(order) + 2) + "|"]
    for k in names:
        row = res["kernels"][k]
        cells = []
        for t in order:
            if t == "sequential":
                continue
            c = row["tools"][t]
            if "build_error" in c:
                cells.append("build fails")
                continue
            s = "%.2f" % c["speedup"]
            if not c["correct"]:
                s += " **wrong**"
            cells.append(s)
        lines.append("| %s | %d | %.3f s | %s |" % (
            k, row["weft_kernel_loops"], row["sequential_s"],
            " | ".join(cells)))
    lines.append("| **geomean** | | | " + " | ".join(
        "**%.2f**" % res["geomean_speedup"][t] for t in order
        if t != "sequential") + " |")
    lines.append("| wrong outputs | | | " + " | ".join(
        str(len(res["wrong_outputs"][t])) for t in order
        if t != "sequential") + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
