#!/usr/bin/python3
"""The frame-loop suite: a frame of 2 to 4 short loops, then idle until the
next tick, at 30, 60 and 120 fps, against libgomp and libomp, side by side.

frames.c is one sequential C program. It is built six ways: sequentially
(gcc -O2); with hand-written OpenMP pragmas, one `parallel for` per loop, as a
programmer writes them (gcc -fopenmp: libgomp; clang-19 -fopenmp: libomp);
from weft-translate's output with libweft (--fp-reductions, as the OpenMP
reduction also reorders the mean); and from its --emit=openmp output (the
same loops, regions and measured sites, on libgomp and libomp). Every configuration runs every
build once per round, rounds interleaved, so that the machine's noise hits
all alike; the table gives medians over rounds of each run's median, 90th
and 99th percentile frame time, and CPU time per second, as ratios to the
sequential build. It is a benchmark, not a test.

With --ablations it also runs libweft without region fusion and without wake
ahead, to show what each gives.

Usage: bench/runtime/frames.py [--rounds N] [--build DIR] [--weft-build DIR]
                               [--weft-arg=ARG ...] [--ablations] [--out DIR]
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from common import (RUNTIME_INCLUDE, arguments, build_libweft, median,  # noqa: E402
                    sh)

BUILDS = ["sequential", "libgomp", "libomp", "libweft", "weft omp, libgomp",
          "weft omp, libomp"]
# What each half of libweft's frame-loop work gives: without region fusion
# (--fuse-regions=false), and without wake ahead (WEFT_WAKE_AHEAD=0).
ABLATIONS = ["libweft, no fusion", "libweft, no wake ahead"]
KEYS = ["frame_us_median", "frame_us_p90", "frame_us_p99", "cpu_ms_per_s"]
# (name, fps, loops per frame, sequential frame time in us to aim at, jitter
# in us of the frame starts)
CONFIGS = [
    ("the issue's case: 2-pass blur, 60 fps", 60, 2, 335, 0),
    ("2 loops, 0.2 ms, 120 fps", 120, 2, 200, 0),
    ("3 loops, 1 ms, 60 fps", 60, 3, 1000, 0),
    ("4 loops, 1 ms, 60 fps", 60, 4, 1000, 0),
    ("4 loops, 2 ms, 120 fps", 120, 4, 2000, 0),
    ("3 loops, 5 ms, 30 fps", 30, 3, 5000, 0),
    ("2-pass blur, 60 fps, starts jittered by 0-2 ms", 60, 2, 335, 2000),
]
FRAMES = {30: 120, 60: 200, 120: 360}


def build(args):
    """The builds of frames.c; returns their paths."""
    os.makedirs(args.build, exist_ok=True)
    src = os.path.join(HERE, "frames.c")
    lib = build_libweft(args.build)
    out = {b: os.path.join(args.build, "frames_" + b) for b in BUILDS}
    sh(["gcc", "-O2", src, "-o", out["sequential"]])
    sh(["gcc", "-O2", "-fopenmp", "-DUSE_OMP", src, "-o", out["libgomp"]])
    sh(["clang-19", "-O2", "-fopenmp", "-DUSE_OMP", src, "-o", out["libomp"]])
    translated = os.path.join(args.build, "frames_weft.c")
    weft = os.path.join(args.weft_build, "bin", "weft-translate")
    sh([weft, src, "-o", translated, "--fp-reductions"] + args.weft_arg +
       ["--", "-O2"])
    sh(["gcc", "-O2", translated, "-I", RUNTIME_INCLUDE, lib, "-pthread",
        "-lm", "-o", out["libweft"]])
    omp = os.path.join(args.build, "frames_weft_omp.c")
    sh([weft, src, "-o", omp, "--emit=openmp", "--fp-reductions"] +
       args.weft_arg + ["--", "-O2"])
    out["weft omp, libgomp"] = os.path.join(args.build, "frames_weft_gomp")
    out["weft omp, libomp"] = os.path.join(args.build, "frames_weft_omp")
    sh(["gcc", "-O2", "-fopenmp", omp, "-lm", "-o", out["weft omp, libgomp"]])
    sh(["clang-19", "-O2", "-fopenmp", omp, "-lm", "-o",
        out["weft omp, libomp"]])
    if args.ablations:
        unfused = os.path.join(args.build, "frames_weft_unfused.c")
        sh([weft, src, "-o", unfused, "--fp-reductions",
            "--fuse-regions=false"] + args.weft_arg + ["--", "-O2"])
        out[ABLATIONS[0]] = os.path.join(args.build, "frames_libweft_unfused")
        sh(["gcc", "-O2", unfused, "-I", RUNTIME_INCLUDE, lib, "-pthread",
            "-lm", "-o", out[ABLATIONS[0]]])
        out[ABLATIONS[1]] = out["libweft"]
    return out


def parse(line):
    return {k: float(v) for k, v in re.findall(r"(\w+)=(\S+)", line)}


def run(binary, fps, regions, rows, jitter, env):
    cmd = [binary, str(fps), str(regions), str(rows), str(FRAMES[fps]),
           str(jitter)]
    out = sh(cmd, env)
    try:
        return parse(out)
    except ValueError:
        sys.exit("frames: %s printed %r" % (" ".join(cmd), out))


def calibrate(binary, regions):
    """Sequential us per image row for this many loops per frame."""
    m = run(binary, 120, regions, 400, 0, {})
    return m["frame_us_median"] / 400


def main():
    ap = arguments(__doc__, "runtime-frames", 3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--weft-arg", action="append", default=[],
                    help="an extra weft-translate option")
    ap.add_argument("--ablations", action="store_true",
                    help="also libweft without fusion and without wake ahead")
    args = ap.parse_args()
    builds = BUILDS + (ABLATIONS if args.ablations else [])
    if args.out.endswith("runtime-frames"):
        args.out = HERE
    bins = build(args)
    env = {"OMP_NUM_THREADS": str(args.threads),
           "WEFT_NUM_THREADS": str(args.threads)}
    per_row = {r: median([calibrate(bins["sequential"], r) for _ in range(3)])
               for r in (2, 3, 4)}
    rows = {c[0]: max(16, int(round(c[3] / per_row[c[2]]))) for c in CONFIGS}
    raw = {c[0]: {b: [] for b in builds} for c in CONFIGS}
    for r in range(args.rounds):
        for name, fps, regions, _, jitter in CONFIGS:
            for b in builds:
                e = dict(env, WEFT_WAKE_AHEAD="0") if b == ABLATIONS[1] else env
                raw[name][b].append(run(bins[b], fps, regions, rows[name],
                                        jitter, e))
        print("  round %d/%d" % (r + 1, args.rounds), file=sys.stderr)
    results = {"threads": args.threads, "rows": rows, "raw": raw,
               "median": {name: {b: {k: median([m[k] for m in raw[name][b]])
                                     for k in KEYS + ["checksum"]}
                                 for b in builds} for name in raw}}
    report(results)
    with open(os.path.join(args.out, "frames.json"), "w") as f:
        json.dump(results, f, indent=1)


def report(res):
    print("\n## Frame loops (%d threads; medians over rounds; x = ratio to "
          "sequential)\n" % res["threads"])
    print("| case | build | frame us median | p90 | p99 | CPU ms/s | "
          "median x | p90 x | CPU x | checksum |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    targets = []
    for name, m in res["median"].items():
        seq = m["sequential"]
        for b in m:
            v = m[b]
            print("| %s | %s | %.0f | %.0f | %.0f | %.1f | %.2f | %.2f | %.2f "
                  "| %.9g |" % (name if b == "sequential" else "", b,
                                v["frame_us_median"], v["frame_us_p90"],
                                v["frame_us_p99"], v["cpu_ms_per_s"],
                                v["frame_us_median"] / seq["frame_us_median"],
                                v["frame_us_p90"] / seq["frame_us_p90"],
                                v["cpu_ms_per_s"] / seq["cpu_ms_per_s"],
                                v["checksum"]))
        w = m["libweft"]
        targets.append((name,
                        w["frame_us_median"] / seq["frame_us_median"] <= 0.55,
                        w["frame_us_p90"] / seq["frame_us_p90"] <= 0.6,
                        w["cpu_ms_per_s"] / seq["cpu_ms_per_s"] <= 2))
    print("\n## libweft against the issue's targets\n")
    print("| case | median <= 0.55x | p90 <= 0.6x | CPU <= 2x |")
    print("|---|---|---|---|")
    for name, a, b, c in targets:
        print("| %s | %s | %s | %s |" % (name, *("yes" if x else "NO"
                                                  for x in (a, b, c))))


if __name__ == "__main__":
    main()
