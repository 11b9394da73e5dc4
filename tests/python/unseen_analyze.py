"""Code generation by class on problems outside the given set: runs `kwb analyze FILE --json` on every
tests/data/unseen problem (two at a time) and checks that the Triton plan is a kernel, not a skeleton, except
for the problems listed in tests/data/unseen/SKELETONS.txt with the reason the planner must give.
Plans only: the numbers of the generated kernels are checked by chain_emulate.py (docs/results/
2026-12-02-unseen-problems.md), which takes minutes per problem under the CPU emulation of Triton.

usage: unseen_analyze.py KWB [PROBLEM_DIR]   (exit 0 when every problem plans as expected)
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def allowed_skeletons(folder):
    """name -> a phrase the planner's reason must contain (SKELETONS.txt: `name: phrase`, # comments)."""
    out = {}
    path = os.path.join(folder, "SKELETONS.txt")
    if os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].strip()
            if line:
                name, phrase = line.split(":", 1)
                out[name.strip()] = phrase.strip()
    return out


def analyze(kwb, path):
    env = dict(os.environ, KWB_PYTHON=os.environ.get("KWB_PYTHON", "/usr/bin/python3"))
    p = subprocess.run([kwb, "analyze", path, "--json"], capture_output=True, text=True, env=env, timeout=300)
    if p.returncode != 0:
        return None, "kwb analyze exit %d: %s" % (p.returncode, (p.stderr or p.stdout)[-400:])
    try:
        spec = json.loads(p.stdout)
    except ValueError as e:
        return None, "not JSON (%s)" % e
    for b in spec.get("codegen", {}).get("backends", []):
        if b.get("id") == "triton":
            return b, ""
    return None, "no triton backend in codegen"


def main():
    kwb = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "data", "unseen")
    skeletons = allowed_skeletons(folder)
    names = sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda n: analyze(kwb, os.path.join(folder, n + ".py")), names))
    failures = []
    for name, (b, err) in zip(names, results):
        if b is None:
            failures.append("%s: %s" % (name, err))
        elif name in skeletons:
            if b.get("kernel"):
                failures.append("%s: listed in SKELETONS.txt but now a kernel (%s): drop it from the list"
                                % (name, b.get("plan")))
            elif skeletons[name] not in b.get("reason", ""):
                failures.append("%s: skeleton for another reason: %s" % (name, b.get("reason")))
        elif not b.get("kernel"):
            failures.append("%s: skeleton: %s" % (name, b.get("reason")))
        print("%-40s %s" % (name, (b or {}).get("plan") or (b or {}).get("reason") or err))
    for f in failures:
        print("FAIL " + f)
    print("%d problems, %d failures" % (len(names), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
