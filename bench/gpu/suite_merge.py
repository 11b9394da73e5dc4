#!/usr/bin/env python3
"""Per-level counts and geomeans of several suite.json files, a later file's row replacing an earlier one's of the
same problem (a rerun of the problems a fix touched), and the PASS rows below 0.5x torch.compile.

    python3 bench/gpu/suite_merge.py docs/results/raw/2026-12-03-suite-s20-call12-suite.json \\
        docs/results/raw/2026-12-03-suite-s20-call3-suite.json
"""
import json
import math
import sys
from collections import defaultdict

rows = {}
for path in sys.argv[1:]:
    for p in json.load(open(path))["problems"]:
        rows[p["name"]] = p
logs, counts, low = defaultdict(list), defaultdict(lambda: defaultdict(int)), []
for name, p in rows.items():
    level = next((lv for lv in ("level1", "level2", "level3", "unseen") if "/%s/" % lv in p["source"]), "other")
    counts[level][p["status"]] += 1
    if p["status"] == "PASS" and p.get("speedup_vs_compile"):
        logs[level].append(math.log(p["speedup_vs_compile"]))
        if p["speedup_vs_compile"] < 0.5:
            low.append((p["speedup_vs_compile"], name))
every = []
for level in sorted(counts):
    every += logs[level]
    g = math.exp(sum(logs[level]) / len(logs[level])) if logs[level] else float("nan")
    print("%-7s %s geomean vs torch.compile %.2fx over %d" % (level, dict(counts[level]), g, len(logs[level])))
print("all     geomean vs torch.compile %.2fx over %d" % (math.exp(sum(every) / len(every)), len(every)))
print("below 0.5x:", ", ".join("%s %.2fx" % (n, s) for s, n in sorted(low)) or "none")
