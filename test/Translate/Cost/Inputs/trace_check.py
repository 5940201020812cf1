#!/usr/bin/python3
"""Checks a WEFT_TRACE of trace-hints.c: the hints follow the loops'
intents (compute first, then memory), and each member's share of every
split follows its capacity weight (within one chunk)."""
import json
import sys

trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
hints = [e["args"]["intent"] for e in events
         if e["name"] == "hint" and e["args"]["ok"]]
assert hints[:1] == ["compute"], hints
assert "memory" in hints and "serial" in hints, hints
assert hints.index("compute") < hints.index("memory") < hints.index("serial"), \
    hints
splits = [e["args"] for e in events if e["name"] == "split"]
assert len(splits) >= 12, len(splits)
for s in splits:
    chunks, weights = s["chunks"], s["weights"]
    total, wsum = sum(chunks), sum(weights)
    for c, w in zip(chunks, weights):
        assert abs(c - total * w / wsum) <= 1, s
works = {}
for e in events:
    if e["name"] == "work":
        works.setdefault(e["tid"], 0)
        works[e["tid"]] += e["args"]["chunks"]
assert len(works) == 2, works
names = [e["args"]["name"] for e in events if e["name"] == "thread_name"]
assert any("weft member 1" in n for n in names), names
print("hints:", " -> ".join(hints), "; splits:", splits[0],
      "; chunks run per thread:", sorted(works.values()))
