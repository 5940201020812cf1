"""What bench/runtime and bench/compiler share: running commands, and a
release build of libweft of their own (so that a benchmark never measures
the test build's assertions)."""
import math
import os
import sys
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Polly as the comparisons build it: its parallel code on libgomp, its
# tiling on (Polly's default).
POLLY = ["-mllvm", "-polly", "-mllvm", "-polly-parallel", "-mllvm",
         "-polly-omp-backend=GNU"]
RUNTIME_INCLUDE = os.path.join(ROOT, "runtime", "include")


def proc(cmd, env=None, check=True):
    """Runs cmd with env added to the environment; returns the completed
    process, its output captured (raises on failure when check)."""
    full = dict(os.environ)
    if env:
        full.update(env)
    return subprocess.run(cmd, check=check, capture_output=True, text=True,
                          env=full)


def sh(cmd, env=None, check=True):
    """Runs cmd; returns its stdout."""
    return proc(cmd, env, check).stdout


def build_libweft(builddir, cc="gcc"):
    """libweft, release, built with cc in builddir/runtime-<cc>; returns the
    path of libweft.a."""
    rt = os.path.join(builddir, "runtime-" + cc)
    os.makedirs(rt, exist_ok=True)
    sh(["cmake", "-G", "Ninja", "-S", os.path.join(ROOT, "runtime"), "-B", rt,
        "-DCMAKE_BUILD_TYPE=Release", "-DWEFT_RUNTIME_TESTS=OFF",
        "-DCMAKE_C_COMPILER=" + cc])
    sh(["ninja", "-C", rt])
    return os.path.join(rt, "libweft.a")


def median(values):
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def geomean(xs):
    """The geometric mean of the positive numbers among xs (nan when
    none)."""
    xs = [x for x in xs if x == x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def arguments(doc, name, rounds):
    """The options every benchmark takes: --rounds, --build (its own build
    directory, build/bench-<name>), --weft-build (the weft build whose
    weft-translate it uses) and --out (where results go: next to the
    script). Returns the parser, for more options."""
    import argparse
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=rounds)
    ap.add_argument("--build",
                    default=os.path.join(ROOT, "build", "bench-" + name))
    ap.add_argument("--weft-build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", name))
    return ap


def pyplot():
    """matplotlib's pyplot without a display, or None (and a message) when
    it is missing (scripts/install-deps.sh bench installs it)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        print("no matplotlib (scripts/install-deps.sh bench): no plot",
              file=sys.stderr)
        return None
