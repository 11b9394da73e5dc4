#!/usr/bin/env python3
"""host40's rule (docs/results/2026-12-06-host40.md) applied to ab.py's output: python3 rule.py host40.out"""
import re
import sys

rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+)\s+(old|fast|graph\+f|graph|compile)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S+)", line)
    if m:
        rows[(m.group(1), m.group(2))] = tuple(float(m.group(i)) for i in range(3, 7))
        if m.group(2).startswith("graph") and "switch" not in line:
            rows[(m.group(1), m.group(2))] = "wrap"  # a one-launch plan: not the switch's class (rule 1, amended)
    m = re.match(r"(\S+)\s+(old|fast|graph\+f|graph|compile)\s+.*FAIL", line)
    if m:
        rows[(m.group(1), m.group(2))] = "FAIL"
tags = sorted({t for t, _ in rows})


def ratios(v, col):
    out = {}
    for t in tags:
        o, r = rows.get((t, "old")), rows.get((t, v))
        if isinstance(o, tuple) and isinstance(r, tuple):
            out[t] = r[col] / o[col]
    return out


def frac(d, bound):
    return sum(1 for x in d.values() if x <= bound), len(d)


fails = {v: [t for t in tags if rows.get((t, v)) == "FAIL"] for v in ("fast", "graph", "graph+f")}
print("one-launch plans' graph rows (wrapper; information):", [t for t in tags if rows.get((t, "graph")) == "wrap"])
for v in ("graph", "graph+f"):
    b, ab, g = ratios(v, 0), ratios(v, 2), ratios(v, 3)
    nb, n = frac(b, 0.7)
    nab, _ = frac(ab, 0.9)
    ok = (n >= 4 and 3 * nb >= 2 * n and max(b.values(), default=9) <= 1.1 and 3 * nab >= 2 * n
          and max(ab.values(), default=9) <= 1.1 and not fails[v])
    harness = max(g.values(), default=9) <= 1.10
    print("%s: n=%d bench<=0.7x %d, max %.2f; loopAB<=0.9x %d, max %.2f; fails %s; gpu max %.2f -> host rule %s, "
          "harness rule %s" % (v, n, nb, max(b.values(), default=0), nab, max(ab.values(), default=0), fails[v],
                               max(g.values(), default=0), ok, harness))
    for t in b:
        print("   %-42s bench %.2f loopAB %.2f gpu %.2f" % (t, b[t], ab.get(t, 0), g.get(t, 0)))
b, g = ratios("fast", 0), ratios("fast", 3)
nb, n = frac(b, 0.85)
ok = n >= 6 and 3 * nb >= 2 * n and max(b.values(), default=9) <= 1.05 and not fails["fast"] and max(
    g.values(), default=9) <= 1.05
print("fast: n=%d bench<=0.85x %d, max %.2f; gpu max %.2f; fails %s -> %s" % (
    n, nb, max(b.values(), default=0), max(g.values(), default=0), fails["fast"], ok))
for t in b:
    print("   %-42s bench %.2f gpu %.2f" % (t, b[t], g.get(t, 0)))
for t in tags:
    o, c = rows.get((t, "old")), rows.get((t, "compile"))
    if isinstance(o, tuple) and isinstance(c, tuple):
        best = min((rows[(t, v)][0] for v in ("old", "fast", "graph", "graph+f") if isinstance(rows.get((t, v)), tuple)))
        print("   compile %-34s bench: old %.1f best-of-ours %.1f compile %.1f" % (t, o[0], best, c[0]))
