"""CuTe DSL coverage by folder: runs `kwb analyze P --json --gpu H200` (the policy's CuTe DSL first) on every problem of
each folder (two at a time) and counts the problems whose `cutedsl` backend is a kernel, those where it is a
skeleton while Triton has a kernel (a CuTe DSL stage gap), and those where both are skeletons. The gaps are
grouped by the first missing stage the reason names ("a kwb_pad launch", "a kwb_gemm launch with pro=").
Plans only: nothing is generated or run.

usage: cute_coverage.py KWB [--out RESULTS.json] [--by-problem] [--kernel-dir DIR [--new-stages a,b]] PATH...
  PATH: a folder (its *.py problems) or one problem file (grouped under its folder).
  --kernel-dir: also write each problem's CuTe DSL kernel.py there (`--kernel-out --framework cutedsl`), for
  `kwb check`; with --new-stages, a kernel whose forward() calls one of those stages is counted as a skeleton in the
  "before" column (the stages this change adds: without them it was one), so one run gives before and after.
"""
import argparse
import collections
import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

GAP = re.compile(r"(a kwb_\w+ launch(?: with \w+=| of \w+)?|a conv_forward launch with \w+=|its epilogue)")


def analyze(kwb, path, kernel_dir=None):
    env = dict(os.environ, KWB_PYTHON=os.environ.get("KWB_PYTHON", "/usr/bin/python3"))
    extra = []
    if kernel_dir:
        extra = ["--kernel-out", os.path.join(kernel_dir, os.path.basename(path)), "--framework", "cutedsl"]
    try:
        p = subprocess.run(["nice", kwb, "analyze", path, "--json", "--gpu", "H200"] + extra,
                           capture_output=True, text=True, env=env, timeout=300)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return {"error": "exit %d: %s" % (p.returncode, (p.stderr or p.stdout)[-200:].strip())}
    out = {}
    for b in doc.get("codegen", {}).get("backends", []):
        out[b.get("id")] = {"kernel": bool(b.get("kernel")), "reason": b.get("reason", "")}
    return out


def gap_of(reason):
    m = GAP.search(reason or "")
    if m:
        return m.group(1)
    return "other: " + (reason or "")[:90]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kwb")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--out")
    ap.add_argument("--by-problem", action="store_true")
    ap.add_argument("--kernel-dir")
    ap.add_argument("--new-stages", default="")
    a = ap.parse_args()
    jobs, dirs = [], []
    for d in a.dirs:
        if os.path.isfile(d):
            jobs.append((os.path.dirname(d), d))
        else:
            for f in sorted(os.listdir(d)):
                if f.endswith(".py") and not f.startswith("_"):
                    jobs.append((d, os.path.join(d, f)))
    for d, _ in jobs:
        if d not in dirs:
            dirs.append(d)
    if a.kernel_dir:
        os.makedirs(a.kernel_dir, exist_ok=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        res = list(pool.map(lambda j: analyze(a.kwb, j[1], a.kernel_dir), jobs))
    results = {path: r for (_, path), r in zip(jobs, res)}
    new = [n for n in a.new_stages.split(",") if n]
    for path, r in results.items():
        c = r.get("cutedsl")
        if c and c["kernel"] and a.kernel_dir and new:
            src = open(os.path.join(a.kernel_dir, os.path.basename(path))).read()
            fwd = src[src.find("    def forward("):]
            c["new_stages"] = sorted(n for n in new if re.search(r"\b%s\(" % n, fwd))
    if a.out:
        json.dump(results, open(a.out, "w"), indent=1, sort_keys=True)
    gaps = collections.defaultdict(list)
    print("%-45s %5s %6s %6s %9s %9s %6s" % ("folder", "all", "before", "cute", "gap", "both-skel", "error"))
    for d in dirs:
        rows = [(p, results[p]) for (dd, p) in jobs if dd == d]
        n = len(rows)
        err = sum(1 for _, r in rows if "error" in r or "cutedsl" not in r)
        cute = sum(1 for _, r in rows if r.get("cutedsl", {}).get("kernel"))
        before = sum(1 for _, r in rows if r.get("cutedsl", {}).get("kernel") and not r["cutedsl"].get("new_stages"))
        gap = both = 0
        for p, r in rows:
            c, t = r.get("cutedsl"), r.get("triton")
            if not c or c["kernel"]:
                continue
            if t and t["kernel"]:
                gap += 1
                gaps[gap_of(c["reason"])].append(os.path.relpath(p))
            else:
                both += 1
        print("%-45s %5d %6d %6d %9d %9d %6d" % (d.rstrip("/")[-45:], n, before, cute, gap, both, err))
    print("\nCuTe DSL kernels that call a new stage (skeletons without it):")
    for path, r in sorted(results.items()):
        if r.get("cutedsl", {}).get("new_stages"):
            print("      %s  %s" % (os.path.relpath(path), ", ".join(r["cutedsl"]["new_stages"])))
    print("\nCuTe DSL skeletons where Triton has a kernel, by the first missing stage:")
    for g, ps in sorted(gaps.items(), key=lambda kv: -len(kv[1])):
        print("%4d  %s" % (len(ps), g))
        if a.by_problem:
            for p in ps:
                print("        " + p)


if __name__ == "__main__":
    main()
