#!/usr/bin/env python3
"""Per problem, the Triton plan's launch count and groups from `kwb analyze --json` (CPU only).

    plan_launches.py --kwb build/dev/app/kwb --out before.json [--kernel-dir DIR] PROBLEM.py|DIR ...
    plan_launches.py --diff before.json after.json [--list list.txt --root /work/shared/data/kernelbench]

The first form writes {problem path: {"launches": n, "plan": text, "groups": [[anchor, ops, epilogue, prologue]],
"graph": whether ModelNew replays a CUDA graph (with --kernel-dir, where the Triton kernels are written; else
null)}}; the second prints the problems whose plan changed (launch count, groups, kernel or graph replay) and with
--list writes their paths, relative to --root, one a line (the lead reruns exactly those on the GPU)."""
import argparse
import json
import os
import subprocess
import sys


def problems(paths):
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(os.listdir(p)):
                if f.endswith(".py"):
                    yield os.path.join(p, f)
        else:
            yield p


def analyze(kwb, path, timeout, kernel_dir=None):
    kernel = os.path.join(kernel_dir, os.path.basename(path)) if kernel_dir else None
    try:
        r = subprocess.run([kwb, "analyze", path, "--json"] + (["--kernel-out", kernel] if kernel else []),
                           capture_output=True, text=True, timeout=timeout)
        d = json.loads(r.stdout)
    except (subprocess.TimeoutExpired, json.JSONDecodeError) as e:
        return {"error": type(e).__name__}
    graph = None
    if kernel and os.path.exists(kernel):
        with open(kernel) as f:
            graph = "kwb_graph_call(self" in f.read()
    cg = d.get("codegen") or {}
    tri = next((b for b in cg.get("backends", []) if b.get("id") == "triton"), {})
    groups = [[g.get("anchor"), g.get("ops"), g.get("epilogue"), g.get("prologue")] for g in cg.get("groups", [])]
    return {"launches": (cg.get("plan") or {}).get("launches"), "kernel": tri.get("kernel"),
            "plan": tri.get("plan") or tri.get("reason"), "groups": groups, "graph": graph}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--kwb", default="build/dev/app/kwb")
    ap.add_argument("--out")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--diff", nargs=2)
    ap.add_argument("--list")
    ap.add_argument("--root", default="")
    ap.add_argument("--kernel-dir", help="also write each Triton kernel.py here (records whether it replays a graph)")
    a = ap.parse_args()
    if a.diff:
        before, after = (json.load(open(f)) for f in a.diff)
        changed = []
        for p in sorted(set(before) | set(after)):
            b, c = before.get(p, {}), after.get(p, {})
            if b.get("launches") != c.get("launches") or b.get("groups") != c.get("groups") or \
                    b.get("kernel") != c.get("kernel") or None not in (b.get("graph"), c.get("graph")) and \
                    b.get("graph") != c.get("graph"):
                changed.append(p)
                graph = f"; graph replay {b.get('graph')} -> {c.get('graph')}" if b.get("graph") != c.get("graph") else ""
                print(f"{p}: {b.get('launches')} -> {c.get('launches')} launches ({b.get('plan')} -> {c.get('plan')})"
                      + graph)
        print(f"{len(changed)} of {len(set(before) | set(after))} problems change plan")
        if a.list:
            with open(a.list, "w") as f:
                for p in changed:
                    f.write((os.path.relpath(p, a.root) if a.root else p) + "\n")
        return 0
    res = {}
    for p in problems(a.paths):
        if a.kernel_dir:
            os.makedirs(a.kernel_dir, exist_ok=True)
        res[p] = analyze(a.kwb, p, a.timeout, a.kernel_dir)
        print(p, res[p].get("launches"), file=sys.stderr, flush=True)
    with open(a.out, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
