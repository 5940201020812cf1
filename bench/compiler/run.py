#!/usr/bin/python3
"""Compiler benchmark: weft against Polly and GCC's autopar, side by side.

Builds every kernel of bench/compiler/kernels with each tool below, then runs
all the builds in interleaved rounds (every round runs every kernel with every
tool, so that the machine's noise hits them alike), 2 threads each. A kernel
prints its wall and CPU seconds (kernels/kernel.h) and a checksum, which must
equal the sequential build's. Reports the median speedup over sequential
clang-19 -O3 per kernel, the geometric means, which kernels each tool ran in
parallel (CPU time above 1.25x the wall time in one more run with idle
workers sleeping at once), any wrong output, and weft's
translation time per 1000 lines against clang-19 -fsyntax-only. Writes
results.json and speedup.png next to this script (or --out).

It is a benchmark, not a test. Usage:
  bench/compiler/run.py [--rounds N] [--build DIR] [--out DIR] [--only K,...]
"""
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from common import (POLLY, ROOT, RUNTIME_INCLUDE, arguments,  # noqa
                    build_libweft, geomean, median, proc, pyplot, sh)
sys.path.insert(0, os.path.join(ROOT, "test", "Execution"))
from exec_check import same  # noqa: E402

KERNELS = os.path.join(HERE, "kernels")
THREADS = 2

# name, what it is, how it is built from (source, weft C, weft OpenMP C).
TOOLS = [
    ("sequential", "clang-19 -O3", "seq"),
    ("gcc -O3", "gcc -O3, sequential: GCC's own baseline", "gccseq"),
    ("weft", "weft-translate, clang-19 -O3, libweft", "weft"),
    ("weft omp gcc", "weft-translate --emit=openmp, gcc -O3 -fopenmp (libgomp)",
     "wompgcc"),
    ("weft omp clang",
     "weft-translate --emit=openmp, clang-19 -O3 -fopenmp (libomp)",
     "wompclang"),
    ("gcc autopar", "gcc -O3 -ftree-parallelize-loops=2", "autopar"),
    ("polly", "clang-19 -O3 -mllvm -polly -mllvm -polly-parallel "
     "-mllvm -polly-omp-backend=GNU (libgomp)", "polly"),
]
PARALLEL_CPU_RATIO = 1.25


def kernels(only):
    names = sorted(f[:-2] for f in os.listdir(KERNELS) if f.endswith(".c"))
    return [n for n in names if not only or n in only]


def translate(weft, src, out, extra):
    """Runs weft-translate; returns the number of loops it parallelized."""
    err = proc([weft, src, "-o", out] + extra + ["--", "-I", KERNELS]).stderr
    return len(re.findall(r"remark: loop parallelized", err))


def build_all(args, names):
    """Builds every kernel with every tool; returns {kernel: {tool: exe}}
    and {kernel: {tool: error}} for builds that failed."""
    lib = build_libweft(args.build)
    os.makedirs(args.build, exist_ok=True)
    weft = os.path.join(args.weft_build, "bin", "weft-translate")
    exes, errors, loops = {}, {}, {}
    for k in names:
        src = os.path.join(KERNELS, k + ".c")
        wc = os.path.join(args.build, "weft_" + k + ".c")
        oc = os.path.join(args.build, "omp_" + k + ".c")
        loops[k] = {"weft": translate(weft, src, wc, []),
                    "weft omp": translate(weft, src, oc, ["--emit=openmp"])}
        inc = ["-I", KERNELS]
        cmds = {
            "seq": ["clang-19", "-O3", src] + inc + ["-lm"],
            "gccseq": ["gcc", "-O3", src] + inc + ["-lm"],
            "weft": ["clang-19", "-O3", wc] + inc + [
                "-I", RUNTIME_INCLUDE, lib, "-lpthread", "-lm"],
            "wompgcc": ["gcc", "-O3", "-fopenmp", oc] + inc + ["-lm"],
            "wompclang": ["clang-19", "-O3", "-fopenmp", oc] + inc + ["-lm"],
            "autopar": ["gcc", "-O3", "-ftree-parallelize-loops=%d" % THREADS,
                        src] + inc + ["-lm"],
            "polly": ["clang-19", "-O3"] + POLLY + [src] + inc + [
                "-lgomp", "-lm"],
        }
        exes[k], errors[k] = {}, {}
        for tool, _, key in TOOLS:
            exe = os.path.join(args.build, "%s_%s" % (key, k))
            try:
                sh(cmds[key] + ["-o", exe])
                exes[k][tool] = exe
            except subprocess.CalledProcessError as e:
                errors[k][tool] = (e.stderr or "")[-500:]
    return exes, errors, loops


# Idle workers sleep at once: the CPU time of a run is then work, not the
# spinning of workers waiting for a region that never comes (libomp spins
# 200 ms after each region), so CPU above wall means the kernel ran in
# parallel. Timed runs use each runtime's defaults.
PASSIVE = {"OMP_WAIT_POLICY": "passive", "KMP_BLOCKTIME": "0",
           "WEFT_SPIN_US": "0"}


def run_once(exe, extra=None):
    env = {"OMP_NUM_THREADS": str(THREADS), "WEFT_NUM_THREADS": str(THREADS)}
    env.update(extra or {})
    p = proc([exe], env=env)
    out, err = p.stdout, p.stderr
    m = re.search(r"kernel: seconds=([\d.]+) cpu=([\d.]+)", err)
    if not m:
        raise RuntimeError("%s printed no timing: %s" % (exe, err[-300:]))
    return float(m.group(1)), float(m.group(2)), out


def translation_time(args, names, reps=5):
    """weft-translate against clang-19 -fsyntax-only, on the kernels and on
    20 programs of the fuzzing generator (test/Fuzz/gen.py, seeds 1-20: about
    80 lines and a dozen loops each): median seconds over reps, summed over
    files, and the lines they have (headers not counted)."""
    weft = os.path.join(args.weft_build, "bin", "weft-translate")
    files = [os.path.join(KERNELS, k + ".c") for k in names]
    for seed in range(1, 21):
        g = os.path.join(args.build, "gen%d.c" % seed)
        sh(["/usr/bin/python3", os.path.join(ROOT, "test", "Fuzz", "gen.py"),
            str(seed), "-o", g])
        files.append(g)
    lines = 0
    tw = tc = 0.0
    out = os.path.join(args.build, "translate_out.c")
    for src in files:
        lines += sum(1 for _ in open(src))
        w, c = [], []
        for _ in range(reps):
            t0 = time.perf_counter()
            sh([weft, src, "-o", out, "--remarks=none", "--", "-I", KERNELS])
            w.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            sh(["clang-19", "-fsyntax-only", src, "-I", KERNELS])
            c.append(time.perf_counter() - t0)
        tw += median(w)
        tc += median(c)
    return {"files": len(files), "lines": lines, "weft_s": tw,
            "clang_syntax_only_s": tc,
            "weft_ms_per_kloc": 1e6 * tw / lines,
            "clang_ms_per_kloc": 1e6 * tc / lines}


def main():
    ap = arguments(__doc__, "compiler", 5)
    ap.add_argument("--only", default="",
                    help="comma-separated kernels (default: all)")
    args = ap.parse_args()
    names = kernels(set(filter(None, args.only.split(","))))
    sh([os.path.join(ROOT, "scripts", "build.sh"), args.weft_build])
    exes, errors, loops = build_all(args, names)

    runs = {k: {t: [] for t, _, _ in TOOLS} for k in names}
    outputs = {k: {} for k in names}
    for r in range(args.rounds):
        for k in names:
            for tool, _, _ in TOOLS:
                if tool not in exes[k]:
                    continue
                wall, cpu, out = run_once(exes[k][tool])
                runs[k][tool].append((wall, cpu))
                outputs[k].setdefault(tool, out)
        print("round %d of %d done" % (r + 1, args.rounds), file=sys.stderr)
    # Which kernels ran in parallel: CPU over wall with sleeping idle workers.
    ratios = {k: {t: run_once(exes[k][t], PASSIVE)[:2] for t in exes[k]}
              for k in names}

    res = {"threads": THREADS, "rounds": args.rounds,
           "tools": [{"name": t, "build": what} for t, what, _ in TOOLS],
           "kernels": {}, "geomean_speedup": {}, "parallel_kernels": {},
           "wrong_outputs": {}, "build_failures": {}}
    for k in names:
        ref = outputs[k].get("sequential", "")
        base = median([w for w, _ in runs[k]["sequential"]])
        row = {"weft_loops": loops[k]["weft"],
               "weft_omp_loops": loops[k]["weft omp"], "tools": {}}
        for tool, _, _ in TOOLS:
            if tool in errors[k]:
                row["tools"][tool] = {"build_error": errors[k][tool]}
                continue
            wall = median([w for w, _ in runs[k][tool]])
            pw, pc = ratios[k][tool]
            ratio = pc / pw if pw > 0 else 0.0
            row["tools"][tool] = {
                "seconds": wall, "speedup": base / wall,
                "cpu_per_wall": ratio,
                "parallel": ratio >= PARALLEL_CPU_RATIO,
                "correct": same(ref, outputs[k][tool], 1e-9)}
        res["kernels"][k] = row
    for tool, _, _ in TOOLS:
        cells = [res["kernels"][k]["tools"][tool] for k in names]
        ok = [c for c in cells if "speedup" in c]
        res["geomean_speedup"][tool] = geomean([c["speedup"] for c in ok])
        res["parallel_kernels"][tool] = sum(c["parallel"] for c in ok)
        res["wrong_outputs"][tool] = [k for k in names if not res["kernels"][
            k]["tools"][tool].get("correct", True)]
        res["build_failures"][tool] = [k for k in names if "build_error" in
                                       res["kernels"][k]["tools"][tool]]
    res["translation"] = translation_time(args, names)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1)
    print(report(res, names))
    plot(res, names, os.path.join(args.out, "speedup.png"))


def report(res, names):
    tools = [t["name"] for t in res["tools"]]
    lines = ["| kernel | " + " | ".join(tools) + " |",
             "|---" * (len(tools) + 1) + "|"]
    for k in names:
        cells = []
        for t in tools:
            c = res["kernels"][k]["tools"][t]
            if "build_error" in c:
                cells.append("build fails")
                continue
            s = "%.2f" % c["speedup"]
            if c["parallel"] and t != "sequential":
                s += " (par)"
            if not c["correct"]:
                s += " **wrong**"
            cells.append(s)
        lines.append("| %s | %s |" % (k, " | ".join(cells)))
    lines.append("| **geomean** | " + " | ".join(
        "**%.2f**" % res["geomean_speedup"][t] for t in tools) + " |")
    lines.append("| kernels run in parallel | " + " | ".join(
        str(res["parallel_kernels"][t]) for t in tools) + " |")
    lines.append("| wrong outputs | " + " | ".join(
        str(len(res["wrong_outputs"][t])) for t in tools) + " |")
    tr = res["translation"]
    lines.append("")
    lines.append("Translation of %d files, %d lines: weft-translate %.0f ms "
                 "per 1000 lines, clang-19 -fsyntax-only %.0f ms (%.1fx)." % (
                     tr["files"], tr["lines"], tr["weft_ms_per_kloc"],
                     tr["clang_ms_per_kloc"],
                     tr["weft_ms_per_kloc"] / tr["clang_ms_per_kloc"]))
    return "\n".join(lines)


def plot(res, names, path):
    plt = pyplot()
    if plt is None:
        return
    tools = [t["name"] for t in res["tools"] if t["name"] != "sequential"]
    cols = names + ["geomean"]
    fig, ax = plt.subplots(figsize=(13, 4.8))
    width = 0.8 / len(tools)
    for i, t in enumerate(tools):
        ys = [res["kernels"][k]["tools"][t].get("speedup", 0) for k in names]
        ys.append(res["geomean_speedup"][t])
        ax.bar([j + i * width for j in range(len(cols))], ys, width, label=t)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(cols))])
    ax.set_xticklabels(cols, rotation=30, ha="right")
    ax.set_ylabel("speedup over clang-19 -O3 (%d threads)" % res["threads"])
    ax.legend(fontsize=8, ncol=3)
    ax.set_title("bench/compiler: median of %d interleaved rounds" %
                 res["rounds"])
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
