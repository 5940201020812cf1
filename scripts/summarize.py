#!/usr/bin/env python3
"""Sums JUnit XML results (lit, ctest, weft's own suites) into one line.

Usage: scripts/summarize.py results/*.xml [--missing NAME ...]
Prints a line per suite, then `N passed, N failed`. A suite named with
--missing (it did not run at all, e.g. its build failed) counts as one
failure. Exits 1 if anything failed.
"""
import sys
import xml.etree.ElementTree as ET


def count(path):
    passed = failed = 0
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        bad = case.find("failure") is not None or case.find("error") is not None
        # A skipped test counts as failed: the command installs everything
        # a test needs, so nothing may be skipped.
        skipped = case.find("skipped") is not None
        if bad or skipped:
            failed += 1
        else:
            passed += 1
    return passed, failed


def main(argv):
    files, missing = [], []
    it = iter(argv)
    for a in it:
        if a == "--missing":
            missing.append(next(it))
        else:
            files.append(a)
    tp = tf = 0
    for f in files:
        try:
            p, fl = count(f)
        except (ET.ParseError, OSError) as e:
            print("  %-28s unreadable results (%s): 1 failed" % (f, e))
            tf += 1
            continue
        name = f.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        print("  %-28s %5d passed, %d failed" % (name, p, fl))
        tp += p
        tf += fl
    for m in missing:
        print("  %-28s did not run: 1 failed" % m)
        tf += 1
    print("%d passed, %d failed" % (tp, tf))
    return 1 if tf else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
