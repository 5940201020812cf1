#!/usr/bin/python3
"""Real programs: the hot loops that experts parallelize by hand, against
what weft does with the same programs with every pragma stripped.

Each program in bench/programs/src is written with the OpenMP pragmas that
the expert version of the program it is modeled on has (README.md lists
them). This script
  1. strips every `#pragma omp` line (keeping the line numbering) to make
     the sequential program a new user would hand to weft, and notes the
     loop under each `omp ... for` pragma: the expert's loops;
  2. measures which expert loops are hot: the share of the sequential run's
     instructions spent in the loop, counted by callgrind (lines, calls
     included) on a build at -O1 -g -fno-inline with the program's small
     `profile` arguments; hot means at least 5%;
  3. asks weft (its JSON report) whether each hot expert loop runs in
     parallel: itself, or inside an outer loop that weft runs in parallel;
  4. builds the stripped program sequentially (clang-19 -O3, and gcc -O3),
     with weft (weft-translate, then clang-19 -O3 or gcc -O3, libweft; and
     with --fp-reductions, the rounding the experts' reductions allow),
     with GCC's autopar (gcc -O3 -ftree-parallelize-loops=2), and the
     expert version with -fopenmp (gcc: libgomp; clang-19: libomp), and runs them all in
     interleaved rounds, 2 threads, whole program timed; outputs compared
     with the sequential one (numbers within 1e-6 relative: the experts'
     reductions round differently).
Writes results.json next to this script (or --out) and prints the table.

It is a benchmark, not a test. Usage:
  bench/programs/run.py [--rounds N] [--only P,...] [--no-profile]
"""
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from common import (ROOT, RUNTIME_INCLUDE, arguments, build_libweft,  # noqa
                    geomean, median, sh)
sys.path.insert(0, os.path.join(ROOT, "test", "Execution"))
from exec_check import same  # noqa: E402

SRC = os.path.join(HERE, "src")
THREADS = 2
HOT_SHARE = 0.05
TOLERANCE = 1e-6
# `weft fp` reassociates float (32-bit) sums of a million elements, which a
# program may feed back into its next iteration (srad: 3.5e-6 relative in
# J[0] after 100 iterations, the same with 1 or 2 threads and in reverse
# chunk order): close and deterministic is what --fp-reductions promises.
FP_TOLERANCE = 1e-4

# name, what it is, its build key.
TOOLS = [
    ("sequential", "stripped source, clang-19 -O3: every speedup is over "
     "this", "seq"),
    ("gcc -O3", "stripped source, gcc -O3 (GCC's own baseline)", "gccseq"),
    ("weft", "stripped source, weft-translate, clang-19 -O3, libweft",
     "weft"),
    ("weft gcc", "stripped source, weft-translate, gcc -O3, libweft",
     "weftgcc"),
    ("weft fp", "stripped source, weft-translate --fp-reductions (floating-"
     "point sums reassociated, as the experts' reductions are), clang-19 "
     "-O3, libweft", "weftfp"),
    ("expert omp gcc", "the expert's pragmas, gcc -O3 -fopenmp (libgomp)",
     "ompgcc"),
    ("expert omp clang",
     "the expert's pragmas, clang-19 -O3 -fopenmp (libomp)", "ompclang"),
    ("gcc autopar", "stripped source, gcc -O3 -ftree-parallelize-loops=2",
     "autopar"),
]


def programs(only):
    names = sorted(f[:-2] for f in os.listdir(SRC) if f.endswith(".c"))
    return [n for n in names if not only or n in only]


def manifest(text):
    """The `bench: args=... profile=...` line of a program's comment: the
    arguments of the timed run and of the profiling run."""
    m = re.search(r"bench: args=(.*?) profile=(.*)$", text, re.M)
    if not m:
        raise SystemExit("no 'bench: args=... profile=...' line")
    return m.group(1).split(), m.group(2).split()


def strip(text):
    """The source with every #pragma omp line (and its continuations)
    blanked, and the lines of the loops under the work-sharing pragmas."""
    lines = text.split("\n")
    out, loops, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"\s*#\s*pragma\s+omp\b", line):
            directive = line
            while directive.endswith("\\"):
                out.append("")
                i += 1
                directive = directive[:-1] + lines[i]
            out.append("")
            if re.search(r"\bomp\b.*\bfor\b", directive):
                j = i + 1
                while not re.match(r"\s*for\b", lines[j]):
                    j += 1
                loops.append(j + 1)
            i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out), loops


def skip_space(s, i):
    """Past white space and comments from s[i]."""
    while i < len(s):
        if s[i].isspace():
            i += 1
        elif s.startswith("//", i):
            i = s.index("\n", i)
        elif s.startswith("/*", i):
            i = s.index("*/", i) + 2
        else:
            return i
    return i


def match(s, i, open_, close):
    """The index past the bracket that closes s[i] (== open_)."""
    depth = 0
    while i < len(s):
        c = s[i]
        if c in "\"'":
            q, i = c, i + 1
            while s[i] != q:
                i += 2 if s[i] == "\\" else 1
        elif s.startswith("/*", i):
            i = s.index("*/", i) + 1
        elif s.startswith("//", i):
            i = s.index("\n", i)
        elif c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced " + open_)


def statement_end(s, i):
    """The index past the statement that starts at s[i] (our programs'
    statements: blocks, for/while/if with a body, else, expressions)."""
    i = skip_space(s, i)
    if s[i] == "{":
        return match(s, i, "{", "}")
    m = re.match(r"(for|while|if)\b", s[i:])
    if m:
        j = skip_space(s, i + len(m.group(1)))
        j = statement_end(s, match(s, j, "(", ")"))
        if m.group(1) == "if":
            k = skip_space(s, j)
            if re.match(r"else\b", s[k:]):
                j = statement_end(s, k + 4)
        return j
    if re.match(r"do\b", s[i:]):
        j = statement_end(s, i + 2)
        return s.index(";", j) + 1
    depth = 0
    while True:
        c = s[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == ";" and depth == 0:
            return i + 1
        i += 1


def loop_extent(text, line):
    """The first and last line of the for statement that starts on line."""
    starts = [0]
    for ln in text.split("\n"):
        starts.append(starts[-1] + len(ln) + 1)
    i = text.index("for", starts[line - 1])
    end = statement_end(text, i)
    return line, text.count("\n", 0, end) + 1


def callgrind_lines(exe, args, workdir, source):
    """Instructions per line of source, calls made from the line included;
    and the run's total."""
    out = os.path.join(workdir, "callgrind.out")
    sh(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
        "--compress-strings=no", "--compress-pos=no", exe] + args)
    per_line, total, cur, fl = {}, 0, None, None
    base = os.path.basename(source)
    with open(out) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith(("fl=", "fi=", "fe=")):
                cur = line[3:]
                if line.startswith("fl="):
                    fl = cur
            elif line.startswith("fn="):
                cur = fl
            elif line.startswith(("summary:", "totals:")):
                total = max(total, int(line.split()[1]))
            elif line and line[0].isdigit():
                parts = line.split()
                if len(parts) >= 2 and cur and \
                        os.path.basename(cur) == base:
                    ln, cost = int(parts[0]), int(parts[1])
                    per_line[ln] = per_line.get(ln, 0) + cost
    return per_line, total


def hot_loops(args, name, stripped_path, text, loops, profile_args):
    """{expert loop line: share of the run's instructions}."""
    exe = os.path.join(args.build, "prof_" + name)
    sh(["gcc", "-O1", "-g", "-fno-inline", stripped_path, "-o", exe, "-lm"])
    per_line, total = callgrind_lines(exe, profile_args, args.build,
                                      stripped_path)
    shares = {}
    for ln in loops:
        first, last = loop_extent(text, ln)
        cost = sum(c for l, c in per_line.items() if first <= l <= last)
        shares[ln] = cost / total if total else 0.0
    return shares


def weft_verdicts(report_path, loops):
    """{expert loop line: (verdict, reason)}: 'parallel', 'outer' (an
    enclosing loop runs in parallel) or 'sequential' with weft's reason."""
    with open(report_path) as f:
        rep = json.load(f)
    by_line = {}
    for lp in rep.get("loops", []):
        by_line.setdefault(lp["line"], []).append(lp)
    res = {}
    for ln in loops:
        cands = by_line.get(ln, [])
        if not cands:
            res[ln] = ("sequential", "weft reports no loop on this line")
            continue
        lp = cands[0]
        if lp["verdict"] == "parallel":
            res[ln] = ("parallel", "")
        elif re.search(r"around it runs in parallel", lp.get("reason", "")):
            res[ln] = ("outer", lp["reason"])
        else:
            res[ln] = ("sequential", lp.get("reason", ""))
    return res


def build_all(args, names):
    lib = build_libweft(args.build)
    weft = os.path.join(args.weft_build, "bin", "weft-translate")
    info = {}
    for p in names:
        src = os.path.join(SRC, p + ".c")
        text = open(src).read()
        run_args, profile_args = manifest(text)
        stripped, loops = strip(text)
        sp = os.path.join(args.build, p + ".c")
        with open(sp, "w") as f:
            f.write(stripped)
        def translate(out, *flags):
            tr = subprocess.run([weft, sp, "-o", out, "--remarks=none"] +
                                list(flags) + ["--", "-O3"],
                                capture_output=True, text=True)
            if tr.returncode != 0:
                raise SystemExit("weft-translate %s failed on %s:\n%s" %
                                 (" ".join(flags), p, tr.stderr))

        wc = os.path.join(args.build, "weft_" + p + ".c")
        rp = os.path.join(args.build, "weft_" + p + ".json")
        t0 = time.perf_counter()
        translate(wc, "--report=" + rp)
        translate_s = time.perf_counter() - t0
        wfp = os.path.join(args.build, "weftfp_" + p + ".c")
        rpfp = os.path.join(args.build, "weftfp_" + p + ".json")
        translate(wfp, "--fp-reductions", "--report=" + rpfp)
        cmds = {
            "seq": ["clang-19", "-O3", sp, "-lm"],
            "gccseq": ["gcc", "-O3", sp, "-lm"],
            "weft": ["clang-19", "-O3", wc, "-I", RUNTIME_INCLUDE, lib,
                     "-lpthread", "-lm"],
            "weftgcc": ["gcc", "-O3", wc, "-I", RUNTIME_INCLUDE, lib,
                        "-lpthread", "-lm"],
            "weftfp": ["clang-19", "-O3", wfp, "-I", RUNTIME_INCLUDE, lib,
                       "-lpthread", "-lm"],
            "ompgcc": ["gcc", "-O3", "-fopenmp", src, "-lm"],
            "ompclang": ["clang-19", "-O3", "-fopenmp", src, "-lm"],
            "autopar": ["gcc", "-O3", "-ftree-parallelize-loops=%d" % THREADS,
                        sp, "-lm"],
        }
        exes = {}
        for tool, _, key in TOOLS:
            exe = os.path.join(args.build, "%s_%s" % (key, p))
            sh(cmds[key] + ["-o", exe])
            exes[tool] = exe
        info[p] = {"source": sp, "text": stripped, "loops": loops,
                   "args": run_args, "profile_args": profile_args,
                   "exes": exes, "translate_s": translate_s,
                   "verdicts": weft_verdicts(rp, loops),
                   "verdicts_fp": weft_verdicts(rpfp, loops)}
    return info


def run_once(exe, argv):
    """Wall seconds of one whole run, and its output."""
    env = dict(os.environ, OMP_NUM_THREADS=str(THREADS),
               WEFT_NUM_THREADS=str(THREADS))
    t0 = time.perf_counter()
    p = subprocess.Popen([exe] + argv, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, text=True)
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (exe, p.returncode,
                                                   err[-300:]))
    return wall, out


def main():
    ap = arguments(__doc__, "programs", 3)
    ap.add_argument("--only", default="",
                    help="comma-separated programs (default: all)")
    ap.add_argument("--no-profile", action="store_true",
                    help="take the hot loops from the last results.json "
                    "instead of running callgrind")
    args = ap.parse_args()
    names = programs(set(filter(None, args.only.split(","))))
    sh([os.path.join(ROOT, "scripts", "build.sh"), args.weft_build])
    os.makedirs(args.build, exist_ok=True)
    info = build_all(args, names)

    old = {}
    old_path = os.path.join(args.out, "results.json")
    if args.no_profile and os.path.exists(old_path):
        old = json.load(open(old_path)).get("programs", {})
    for p in names:
        i = info[p]
        if args.no_profile and p in old:
            i["shares"] = {int(k): v["share"] for k, v in
                           old[p]["loops"].items()}
        else:
            i["shares"] = hot_loops(args, p, i["source"], i["text"],
                                    i["loops"], i["profile_args"])
        print("%s: expert loops %s" % (p, ", ".join(
            "%d (%.0f%%)" % (ln, 100 * s) for ln, s in
            sorted(i["shares"].items()))), file=sys.stderr)

    walls = {p: {t: [] for t, _, _ in TOOLS} for p in names}
    outputs = {p: {} for p in names}
    for r in range(args.rounds):
        for p in names:
            for tool, _, _ in TOOLS:
                wall, out = run_once(info[p]["exes"][tool], info[p]["args"])
                walls[p][tool].append(wall)
                outputs[p].setdefault(tool, out)
        print("round %d of %d done" % (r + 1, args.rounds), file=sys.stderr)

    res = {"threads": THREADS, "rounds": args.rounds, "hot_share": HOT_SHARE,
           "tools": [{"name": t, "build": what} for t, what, _ in TOOLS],
           "programs": {}}
    for p in names:
        i = info[p]
        ref = outputs[p]["sequential"]
        base = median(walls[p]["sequential"])
        row = {"args": i["args"], "loops": {}, "tools": {}}
        for ln in i["loops"]:
            verdict, reason = i["verdicts"][ln]
            row["loops"][str(ln)] = {"share": i["shares"][ln],
                                     "hot": i["shares"][ln] >= HOT_SHARE,
                                     "weft": verdict, "reason": reason,
                                     "weft_fp": i["verdicts_fp"][ln][0]}
        for tool, _, _ in TOOLS:
            wall = median(walls[p][tool])
            row["tools"][tool] = {"seconds": wall, "speedup": base / wall,
                                  "correct": same(ref, outputs[p][tool],
                                                  FP_TOLERANCE
                                                  if tool == "weft fp"
                                                  else TOLERANCE)}
        res["programs"][p] = row
    hot = [(p, ln, l) for p in names for ln, l in
           res["programs"][p]["loops"].items() if l["hot"]]
    res["hot_loops"] = len(hot)
    res["hot_loops_weft"] = sum(l["weft"] in ("parallel", "outer")
                                for _, _, l in hot)
    res["hot_loops_weft_fp"] = sum(l["weft_fp"] in ("parallel", "outer")
                                   for _, _, l in hot)
    res["geomean_speedup"] = {t: geomean([res["programs"][p]["tools"][t][
        "speedup"] for p in names]) for t, _, _ in TOOLS}
    res["wrong_outputs"] = {t: [p for p in names if not res["programs"][p][
        "tools"][t]["correct"]] for t, _, _ in TOOLS}
    os.makedirs(args.out, exist_ok=True)
    if not args.only:
        with open(old_path, "w") as f:
            json.dump(res, f, indent=1)
    print(report(res, names))


def report(res, names):
    tools = [t["name"] for t in res["tools"]]
    lines = ["| program | hot expert loops run by weft (with "
             "--fp-reductions) | " +
             " | ".join(tools) + " |", "|---" * (len(tools) + 2) + "|"]
    for p in names:
        row = res["programs"][p]
        hot = [l for l in row["loops"].values() if l["hot"]]
        got = sum(l["weft"] in ("parallel", "outer") for l in hot)
        got_fp = sum(l.get("weft_fp", l["weft"]) in ("parallel", "outer")
                     for l in hot)
        cells = []
        for t in tools:
            c = row["tools"][t]
            s = "%.2f" % c["speedup"] if t != "sequential" else \
                "%.3f s" % c["seconds"]
            if not c["correct"]:
                s += " **wrong**"
            cells.append(s)
        lines.append("| %s | %d of %d (%d) | %s |" % (p, got, len(hot), got_fp,
                                                      " | ".join(cells)))
    lines.append("| **geomean** | **%d of %d (%d)** | %s |" % (
        res["hot_loops_weft"], res["hot_loops"],
        res.get("hot_loops_weft_fp", res["hot_loops_weft"]), " | ".join(
            "" if t == "sequential" else
            "**%.2f**" % res["geomean_speedup"][t] for t in tools)))
    lines.append("| wrong outputs | | " + " | ".join(
        str(len(res["wrong_outputs"][t])) for t in tools) + " |")
    lines.append("")
    lines.append("Hot expert loops that weft leaves sequential:")
    lines.append("")
    for p in names:
        for ln, l in sorted(res["programs"][p]["loops"].items(),
                            key=lambda kv: int(kv[0])):
            if l["hot"] and l["weft"] == "sequential":
                lines.append("- %s.c:%s (%.0f%%): %s" % (
                    p, ln, 100 * l["share"], l["reason"]))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
