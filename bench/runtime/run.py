#!/usr/bin/python3
"""Runtime benchmark: libweft against libgomp and libomp, side by side.

Builds the OpenMP microbenchmarks of ../shared/bench (omp_forkjoin.c,
omp_idleburn.c, copied here) with gcc -fopenmp (libgomp) and clang-19 -fopenmp
(libomp), and their libweft ports (weft_forkjoin.c, weft_idleburn.c), then runs
all of them in interleaved rounds in one run, so that the machine's noise hits
every runtime alike. Reports medians and the ratios the runtime issue sets as
targets, writes results.json and forkjoin.png.

Usage: bench/runtime/run.py [--build DIR] [--rounds N] [--reps N]
                            [--spin-sweep] [--out DIR]
"""
import argparse
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from common import ROOT, RUNTIME_INCLUDE, build_libweft, sh  # noqa: E402


def build(builddir):
    """Builds libweft (release) and the benchmark programs into builddir."""
    lib = build_libweft(builddir)
    inc = RUNTIME_INCLUDE
    bins = {}
    for kind in ("forkjoin", "idleburn", "wakeup"):
        src_omp = os.path.join(HERE, "omp_%s.c" % kind)
        src_weft = os.path.join(HERE, "weft_%s.c" % kind)
        b = {}
        b["libgomp"] = os.path.join(builddir, "gomp_" + kind)
        sh(["gcc", "-O2", "-fopenmp", src_omp, "-o", b["libgomp"]])
        b["libomp"] = os.path.join(builddir, "kmp_" + kind)
        sh(["clang-19", "-O2", "-fopenmp", src_omp, "-o", b["libomp"]])
        b["libweft"] = os.path.join(builddir, "weft_" + kind)
        sh(["gcc", "-O2", src_weft, "-I", inc, lib, "-pthread", "-lm", "-o",
            b["libweft"]])
        bins[kind] = b
    src = os.path.join(HERE, "frameloop.c")
    b = {"sequential": os.path.join(builddir, "seq_frameloop"),
         "libgomp": os.path.join(builddir, "gomp_frameloop"),
         "libomp": os.path.join(builddir, "kmp_frameloop"),
         "libweft": os.path.join(builddir, "weft_frameloop")}
    sh(["gcc", "-O2", src, "-o", b["sequential"]])
    sh(["gcc", "-O2", "-fopenmp", src, "-o", b["libgomp"]])
    sh(["clang-19", "-O2", "-fopenmp", src, "-o", b["libomp"]])
    sh(["gcc", "-O2", "-DWEFT", src, "-I", inc, lib, "-pthread", "-lm", "-o",
        b["libweft"]])
    bins["frameloop"] = b
    return bins


def parse(line):
    return {k: float(v) for k, v in re.findall(r"([\w.]+)=([-\d.]+)", line)}


def env_for(runtime, threads, extra=None):
    e = {"OMP_NUM_THREADS": str(threads), "WEFT_NUM_THREADS": str(threads)}
    if extra:
        e.update(extra)
    return e


def run_forkjoin(binary, runtime, threads, reps, taskset=None, extra=None):
    cmd = [binary, str(reps)]
    if taskset:
        cmd = ["taskset", "-c", taskset] + cmd
    return parse(sh(cmd, env_for(runtime, threads, extra)))


def median_of(rows, key):
    vals = [r[key] for r in rows if key in r]
    return statistics.median(vals) if vals else float("nan")


CASES = [
    # (name, threads, taskset, reps)
    ("2 threads", 2, None, None),
    ("2 threads on 1 CPU", 2, "0", 2000),
    ("4 threads on 1 CPU", 4, "0", 2000),
]
RUNTIMES = ["libgomp", "libomp", "libweft"]
FRAME_RUNTIMES = ["sequential"] + RUNTIMES
FRAME_KEYS = ["frame_ms_median", "frame_ms_p90", "cpu_ms_per_s", "checksum"]
FJ_KEYS = ["parallel_for_us", "barrier_us", "after_idle_0.1ms_us",
           "after_idle_1ms_us", "after_idle_10ms_us", "after_idle_300ms_us"]
# libweft only: the same regions with the work estimate weft's generated code
# puts in the loop descriptor.
EST_KEYS = ["est_after_idle_0.1ms_us", "est_after_idle_1ms_us",
            "est_after_idle_10ms_us", "est_after_idle_300ms_us"]
WAKE_KEYS = ["wake_after_0.1ms_us", "wake_after_1ms_us", "wake_after_10ms_us",
             "wake_after_300ms_us"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "bench-runtime"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=100000)
    ap.add_argument("--spin-sweep", action="store_true",
                    help="also sweep WEFT_SPIN_US (to choose its default)")
    ap.add_argument("--out", default=HERE)
    args = ap.parse_args()

    os.makedirs(args.out, exist_ok=True)
    bins = build(args.build)
    results = {"forkjoin": {}, "idleburn": {}, "spin_sweep": {}}
    for name, threads, taskset, reps in CASES:
        rows = {rt: [] for rt in RUNTIMES}
        for r in range(args.rounds):
            for rt in RUNTIMES:  # interleaved: noise hits all alike
                rows[rt].append(run_forkjoin(bins["forkjoin"][rt], rt, threads,
                                             reps or args.reps, taskset))
            print("  %s: round %d/%d" % (name, r + 1, args.rounds),
                  file=sys.stderr)
        results["forkjoin"][name] = {
            rt: {k: median_of(rows[rt], k) for k in FJ_KEYS + EST_KEYS}
            for rt in RUNTIMES}
        results["forkjoin"][name]["raw"] = rows

    wake = {rt: [] for rt in RUNTIMES}
    for r in range(max(2, args.rounds // 2)):
        for rt in RUNTIMES:
            wake[rt].append(parse(sh([bins["wakeup"][rt]], env_for(rt, 2))))
        print("  wake-up: round %d" % (r + 1), file=sys.stderr)
    results["wakeup"] = {rt: {k: median_of(wake[rt], k) for k in WAKE_KEYS}
                         for rt in RUNTIMES}
    results["wakeup"]["raw"] = wake

    burn = {rt: [] for rt in RUNTIMES}
    for r in range(max(2, args.rounds // 2)):
        for rt in RUNTIMES:
            burn[rt].append(parse(sh([bins["idleburn"][rt]], env_for(rt, 2)))
                            ["cpu_ms_burned_per_idle_second"])
    results["idleburn"] = {rt: statistics.median(burn[rt]) for rt in RUNTIMES}
    results["idleburn"]["raw"] = burn

    frames = {rt: [] for rt in FRAME_RUNTIMES}
    for r in range(max(2, args.rounds // 2)):
        for rt in FRAME_RUNTIMES:
            frames[rt].append(parse(sh([bins["frameloop"][rt]], env_for(rt, 2))))
    results["frameloop"] = {
        rt: {k: median_of(frames[rt], k) for k in FRAME_KEYS}
        for rt in FRAME_RUNTIMES}
    results["frameloop"]["raw"] = frames

    if args.spin_sweep:
        for spin in (0, 30, 100, 300, 1000, 3000):
            extra = {"WEFT_SPIN_US": str(spin)}
            fj = [run_forkjoin(bins["forkjoin"]["libweft"], "libweft", 2,
                               args.reps, None, extra) for _ in range(3)]
            b = [parse(sh([bins["idleburn"]["libweft"]], env_for("libweft", 2, extra)))
                 ["cpu_ms_burned_per_idle_second"] for _ in range(2)]
            results["spin_sweep"][spin] = {
                **{k: median_of(fj, k) for k in FJ_KEYS},
                "cpu_ms_burned_per_idle_second": statistics.median(b)}
            print("  spin %d us done" % spin, file=sys.stderr)

    report(results)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    plot(results, os.path.join(args.out, "forkjoin.png"))


def report(res):
    fj = res["forkjoin"]
    print("\n## Fork/join, barrier, and a region after idle (median us)\n")
    print("| case | runtime | parallel-for | barrier | after 0.1 ms | after 1 ms "
          "| after 10 ms | after 300 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for name, _, _, _ in CASES:
        for rt in RUNTIMES:
            m = fj[name][rt]
            print("| %s | %s | %s |" % (name, rt, " | ".join(
                "%.2f" % m[k] for k in FJ_KEYS)))
    w = fj["2 threads"]["libweft"]
    print("\n## libweft with the work estimate of generated code (2 threads, median us)\n")
    print("| after 0.1 ms | after 1 ms | after 10 ms | after 300 ms |")
    print("|---|---|---|---|")
    print("| %s |" % " | ".join("%.2f" % w[k] for k in EST_KEYS))
    print("\n## Wake-up latency: a region that needs every thread, after idle "
          "(median us until the second thread starts)\n")
    print("| runtime | after 0.1 ms | after 1 ms | after 10 ms | after 300 ms |")
    print("|---|---|---|---|---|")
    for rt in RUNTIMES:
        print("| %s | %s |" % (rt, " | ".join(
            "%.2f" % res["wakeup"][rt][k] for k in WAKE_KEYS)))
    print("\n## CPU burned per idle second after a region (median ms)\n")
    print("| runtime | ms |\n|---|---|")
    for rt in RUNTIMES:
        print("| %s | %.2f |" % (rt, res["idleburn"][rt]))
    print("\n## 60 fps frame loop: 640x480 blur, then idle (medians, 2 threads)\n")
    print("| build | frame ms (median) | frame ms (p90) | CPU ms per s | checksum |")
    print("|---|---|---|---|---|")
    for rt in FRAME_RUNTIMES:
        m = res["frameloop"][rt]
        print("| %s | %.3f | %.3f | %.1f | %.6g |" % (
            rt, m["frame_ms_median"], m["frame_ms_p90"], m["cpu_ms_per_s"],
            m["checksum"]))
    if res["spin_sweep"]:
        print("\n## libweft spin-time sweep (2 threads, medians)\n")
        print("| WEFT_SPIN_US | parallel-for | barrier | after 0.1 ms | after 1 ms "
              "| after 10 ms | after 300 ms | CPU ms per idle s |")
        print("|---|---|---|---|---|---|---|---|")
        for spin, m in res["spin_sweep"].items():
            print("| %s | %s | %.2f |" % (spin, " | ".join(
                "%.2f" % m[k] for k in FJ_KEYS), m["cpu_ms_burned_per_idle_second"]))

    two = fj["2 threads"]
    w, g, k = two["libweft"], two["libgomp"], two["libomp"]
    checks = [
        ("hot fork/join <= 1/2 of libgomp", w["parallel_for_us"],
         g["parallel_for_us"] / 2),
        ("barrier <= libgomp", w["barrier_us"], g["barrier_us"]),
        ("after 10 ms idle <= libomp (generated code: with estimate)",
         w["est_after_idle_10ms_us"], k["after_idle_10ms_us"]),
        ("after 300 ms idle <= libomp (generated code: with estimate)",
         w["est_after_idle_300ms_us"], k["after_idle_300ms_us"]),
        ("after 10 ms idle <= libomp (hand-written call, no estimate)",
         w["after_idle_10ms_us"], k["after_idle_10ms_us"]),
        ("after 300 ms idle <= libomp (hand-written call, no estimate)",
         w["after_idle_300ms_us"], k["after_idle_300ms_us"]),
        ("CPU per idle second <= libgomp", res["idleburn"]["libweft"],
         res["idleburn"]["libgomp"]),
    ]
    print("\n## Targets (2 threads)\n")
    print("| target | libweft | bound | met |\n|---|---|---|---|")
    for name, val, bound in checks:
        print("| %s | %.3f | %.3f | %s |" % (name, val, bound,
                                            "yes" if val <= bound else "NO"))


def plot(res, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot", file=sys.stderr)
        return
    fj = res["forkjoin"]["2 threads"]
    labels = ["parallel for", "barrier", "after 0.1 ms", "after 1 ms",
              "after 10 ms", "after 300 ms"]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 4.5),
                                 gridspec_kw={"width_ratios": [3, 1]})
    width = 0.27
    for i, rt in enumerate(RUNTIMES):
        vals = [max(fj[rt][k], 1e-3) for k in FJ_KEYS]
        ax.bar([x + (i - 1) * width for x in range(len(labels))], vals, width,
               label=rt)
    ax.set_yscale("log")
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels)
    ax.set_ylabel("us (median, log scale)")
    ax.set_title("Region cost, 2 threads (lower is better)")
    ax.legend()
    bx.bar(RUNTIMES, [max(res["idleburn"][rt], 1e-2) for rt in RUNTIMES],
           color=["C0", "C1", "C2"])
    bx.set_yscale("log")
    bx.set_ylabel("CPU ms per idle second")
    bx.set_title("Idle burn (lower is better)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
