#!/usr/bin/env python3
"""Import and analyze a body of real C with weft-translate: no crash allowed.

Fetches Debian 12 source packages of numerical, audio, image and compression
code (cached under the work directory), prepares the few that need a
configure step, and imports and analyzes every .c file with
`weft-translate --analyze --emit-mlir`,
together with every C file of this repository; a file where loops run in
parallel is also translated to C, and the output must compile with the same
flags. A file Clang rejects (a
fragment meant to be #included, a platform file) is counted, not failed; an
import that crashes, hangs or produces a module that does not verify, and
a translation that does not compile, is a failure. Reports how many loops import as affine.for, scf.for and
weft.opaque_loop, why the opaque ones are opaque, and how many loops weft
would run in parallel.

Usage: test/Corpus/corpus.py --weft-translate build/bin/weft-translate
                             [--work DIR] [--report FILE] [--junit FILE]
                             [--jobs N] [--packages a,b] [--repo-only]
"""
import argparse
import collections
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# package -> how to prepare it and which flags its files need. `roots` are
# include directories relative to the unpacked tree.
PACKAGES = {
    "zlib": {"roots": ["."]},
    "bzip2": {"roots": ["."]},
    "lua5.4": {"roots": ["src"], "defines": ["LUA_USE_LINUX"]},
    "kissfft": {"roots": [".", "tools"]},
    "cjson": {"roots": ["."]},
    "libstb": {"roots": ["."], "defines": ["STB_IMAGE_IMPLEMENTATION"]},
    "opus": {"configure": "autotools",
             "roots": [".", "include", "celt", "silk", "silk/float",
                       "silk/fixed"],
             "defines": ["HAVE_CONFIG_H"]},
    "libsamplerate": {"configure": "cmake",
                      "roots": ["_build", ".", "include", "src"],
                      "defines": ["HAVE_CONFIG_H"]},
    "gsl": {"configure": "autotools", "make": ["-C", "gsl"], "roots": ["."],
            "defines": ["HAVE_CONFIG_H"]},
}

APT_SOURCES = "deb-src http://deb.debian.org/debian bookworm main\n"


def apt_opts(work):
    return ["-o", "Dir::Etc::SourceList=%s/apt/sources.list" % work,
            "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", "Dir::State::Lists=%s/apt/lists" % work,
            "-o", "Dir::Cache=%s/apt/cache" % work]


def fetch(work, pkg):
    """Downloads and unpacks a source package once; returns its tree."""
    done = os.path.join(work, "src", pkg + ".tree")
    if os.path.exists(done):
        return open(done).read().strip()
    os.makedirs(os.path.join(work, "apt", "lists", "partial"), exist_ok=True)
    os.makedirs(os.path.join(work, "apt", "cache", "archives", "partial"),
                exist_ok=True)
    with open(os.path.join(work, "apt", "sources.list"), "w") as f:
        f.write(APT_SOURCES)
    if not glob.glob(os.path.join(work, "apt", "lists", "*Sources*")):
        subprocess.run(["apt-get"] + apt_opts(work) + ["update", "-q"],
                       check=True, capture_output=True)
    dl = os.path.join(work, "dl", pkg)
    os.makedirs(dl, exist_ok=True)
    subprocess.run(["apt-get"] + apt_opts(work) +
                   ["source", "--download-only", "-q", pkg],
                   cwd=dl, check=True, capture_output=True)
    orig = [p for p in glob.glob(os.path.join(dl, "*.orig.tar.*"))
            if not p.endswith(".asc")]
    if not orig:
        raise RuntimeError("no upstream tarball for " + pkg)
    dest = os.path.join(work, "src", pkg)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(orig[0]) as t:
        t.extractall(dest)
    tops = [os.path.join(dest, d) for d in os.listdir(dest)]
    tree = tops[0] if len(tops) == 1 and os.path.isdir(tops[0]) else dest
    spec = PACKAGES[pkg]
    if spec.get("configure") == "autotools":
        subprocess.run(["./configure", "-q"], cwd=tree, check=True,
                       capture_output=True)
    elif spec.get("configure") == "cmake":
        subprocess.run(["cmake", "-S", ".", "-B", "_build"], cwd=tree,
                       check=True, capture_output=True)
    if spec.get("make"):
        subprocess.run(["make"] + spec["make"], cwd=tree, check=True,
                       capture_output=True)
    with open(done, "w") as f:
        f.write(tree)
    return tree


def flags_for(tree, spec):
    flags = ["-I" + os.path.join(tree, r) for r in spec.get("roots", ["."])]
    flags += ["-D" + d for d in spec.get("defines", [])]
    return flags + ["-w"]


def import_one(tool, path, flags, outdir):
    out = os.path.join(outdir,
                       hashlib.sha1(path.encode()).hexdigest()[:16] + ".mlir")
    try:
        p = subprocess.run([tool, path, "--analyze", "--emit-mlir",
                            "--remarks=none", "-o", out, "--"] + flags,
                           capture_output=True, text=True, timeout=120)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        rc, err = "timeout", "timed out after 120 s"
    text = ""
    if rc == 0 and os.path.exists(out):
        text = open(out, errors="replace").read()
        os.remove(out)
    if rc == 0 and ("weft.task" in text or "weft.graph = " in text):
        # Loops or task graphs run in parallel: the translated C must
        # compile with the same flags.
        c_out = out[:-5] + ".c"
        try:
            p = subprocess.run([tool, path, "--remarks=none", "-o", c_out,
                                "--"] + flags, capture_output=True, text=True,
                               timeout=120)
            if p.returncode != 0:
                rc, err = "translate", p.stderr
            else:
                # The output sits elsewhere: its quoted includes are found
                # through the source's own directory.
                p = subprocess.run(["clang-19", "-fsyntax-only", "-w",
                                    "-iquote", os.path.dirname(path),
                                    "-I" + os.path.join(ROOT, "runtime",
                                                        "include")] +
                                   flags + [c_out], capture_output=True,
                                   text=True, timeout=120)
                if p.returncode != 0:
                    rc, err = "output does not compile", p.stderr
        except subprocess.TimeoutExpired:
            rc, err = "timeout", "timed out after 120 s"
        if os.path.exists(c_out):
            os.remove(c_out)
    return path, rc, err, text


def normalize(reason):
    """Folds a reason's specifics (names, locations, expressions) away."""
    r = re.sub(r" at \d+:\d+", "", reason)
    r = re.sub(r"\(([^()]|\([^()]*\))*\)", "(...)", r)
    r = re.sub(r"\bcounter [A-Za-z_]\w*", "counter X", r)
    r = re.sub(r"\b(reads|changes) [A-Za-z_]\w*,", r"\1 X,", r)
    r = re.sub(r"\bchanges [A-Za-z_]\w*, not", "changes X, not", r)
    return r


def own_functions(text):
    """The module's text less the functions weft imported from included
    files (weft.included: there for their summaries, their loops not the
    file's)."""
    parts = re.split(r"(?m)^(?=  func\.func )", text)
    return "".join(p for p in parts
                   if not (p.startswith("  func.func ") and
                           "weft.included" in p.split("\n", 1)[0]))


def count_loops(text, stats):
    text = own_functions(text)
    stats["parallel"] += len(re.findall(r"weft\.task \"", text))
    stats["affine.for"] += len(re.findall(r"\baffine\.for\b", text))
    stats["scf.for"] += len(re.findall(r"\bscf\.for\b", text))
    for m in re.finditer(r'weft\.opaque_loop \{kind = "(\w+)", reason = "([^"]*)"',
                         text):
        stats["opaque"] += 1
        stats["why:" + normalize(m.group(2))] += 1
    for m in re.finditer(r'weft\.reason = "((?:[^"\\]|\\.)*)"', text):
        stats["seq:" + normalize(m.group(1))] += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weft-translate", required=True)
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "corpus"))
    ap.add_argument("--report", default=None)
    ap.add_argument("--junit", default=None)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--packages", default=",".join(PACKAGES))
    ap.add_argument("--repo-only", action="store_true")
    args = ap.parse_args()
    tool = os.path.abspath(args.weft_translate)
    work = os.path.abspath(args.work)
    outdir = os.path.join(work, "out")
    os.makedirs(outdir, exist_ok=True)

    jobs = []  # (group, path, flags)
    repo_flags = ["-I" + os.path.join(ROOT, "runtime", "include"), "-w"]
    for path in sorted(glob.glob(os.path.join(ROOT, "**", "*.c"),
                                 recursive=True)):
        if "/build" in path[len(ROOT):]:
            continue
        jobs.append(("repo", path, repo_flags))
    if not args.repo_only:
        for pkg in args.packages.split(","):
            tree = fetch(work, pkg)
            flags = flags_for(tree, PACKAGES[pkg])
            for path in sorted(glob.glob(os.path.join(tree, "**", "*.c"),
                                         recursive=True)):
                jobs.append((pkg, path, flags))

    per_group = collections.defaultdict(collections.Counter)
    failures = []
    rejected = collections.defaultdict(list)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {pool.submit(import_one, tool, p, f, outdir): g
                for g, p, f in jobs}
        for fut in concurrent.futures.as_completed(futs):
            group = futs[fut]
            path, rc, err, text = fut.result()
            st = per_group[group]
            st["files"] += 1
            if rc == 0:
                st["imported"] += 1
                count_loops(text, st)
            elif rc == 1:
                st["rejected by clang"] += 1
                rejected[group].append(path)
            else:
                st["failed"] += 1
                failures.append((path, rc, err.strip().splitlines()[-6:]))

    total = collections.Counter()
    for st in per_group.values():
        total.update(st)
    lines = ["# Import of real C: %d files, %d imported, %d rejected by "
             "clang, %d failures" % (total["files"], total["imported"],
                                     total["rejected by clang"],
                                     total["failed"]), "",
             "| source | files | imported | rejected by clang | failures | "
             "affine.for | scf.for | opaque | parallelized |",
             "|---|---|---|---|---|---|---|---|---|"]
    for g in sorted(per_group):
        st = per_group[g]
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (
            g, st["files"], st["imported"], st["rejected by clang"],
            st["failed"], st["affine.for"], st["scf.for"], st["opaque"],
            st["parallel"]))
    loops = total["affine.for"] + total["scf.for"] + total["opaque"]
    lines += ["", "%d loops: %d affine.for (%.0f%%), %d scf.for (%.0f%%), "
              "%d opaque (%.0f%%)" % (
                  loops, total["affine.for"],
                  100.0 * total["affine.for"] / max(loops, 1),
                  total["scf.for"], 100.0 * total["scf.for"] / max(loops, 1),
                  total["opaque"], 100.0 * total["opaque"] / max(loops, 1)),
              "", "## Why loops are opaque", "", "| loops | reason |",
              "|---|---|"]
    whys = [(n, k[4:]) for k, n in total.items() if k.startswith("why:")]
    for n, why in sorted(whys, reverse=True):
        lines.append("| %d | %s |" % (n, why))
    # The reasons of sequential verdicts (weft.reason), the most frequent.
    seqs = [(n, k[4:]) for k, n in total.items() if k.startswith("seq:")]
    lines += ["", "## Why loops stay sequential (the %d most frequent of %d "
              "reasons, %d loops)" % (min(40, len(seqs)), len(seqs),
                                      sum(n for n, _ in seqs)),
              "", "| loops | reason |", "|---|---|"]
    for n, why in sorted(seqs, reverse=True)[:40]:
        lines.append("| %d | %s |" % (n, why.replace("|", "\\|")))
    if failures:
        lines += ["", "## Failures", ""]
        for path, rc, err in failures:
            lines.append("- `%s` (exit %s): %s" % (path, rc, " / ".join(err)))
    report = "\n".join(lines) + "\n"
    print(report)
    if args.report:
        with open(args.report, "w") as f:
            f.write(report)
    if args.junit:
        write_junit(args.junit, jobs, failures)
    return 1 if failures else 0


def write_junit(path, jobs, failures):
    """One test case per source group; a group fails if any file failed."""
    from xml.sax.saxutils import escape
    failed = collections.defaultdict(list)
    by_path = {p: g for g, p, _ in jobs}
    for p, rc, err in failures:
        failed[by_path[p]].append("%s (exit %s)" % (p, rc))
    groups = sorted({g for g, _, _ in jobs})
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<testsuites><testsuite name="corpus" tests="%d" failures="%d">' %
           (len(groups), len(failed))]
    for g in groups:
        out.append('<testcase classname="corpus" name="import %s">' % escape(g))
        if failed[g]:
            out.append('<failure message="%s"/>' %
                       escape("; ".join(failed[g]))[:2000])
        out.append("</testcase>")
    out.append("</testsuite></testsuites>")
    with open(path, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
