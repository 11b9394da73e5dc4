#!/usr/bin/env python3
"""Compare probe specs made under another torch (e.g. torch 2.x on the GPU host) with the goldens in
tests/data/specs, which were made and hand-checked under Debian's torch 1.13.

    python3 bench/probe/golden_compare.py SPEC_DIR [--markdown OUT.md]

SPEC_DIR holds <level>/<name>.json as written by bench/probe/probe_many.py --out SPEC_DIR.
The view compared is tests/tst_spec_golden.cpp's stableView (keep the two in step), with one
difference: the aten op list ("ops") is reported separately, because another torch lowers modules
to other aten ops (e.g. 2.x decomposes differently); everything a later phase reads (pattern, sizes,
tensors, FLOPs/bytes expressions and values, accuracy, ambiguities) must be identical.
Exit 0 when every stable field agrees, 1 otherwise.
"""
import argparse
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDENS = os.path.normpath(os.path.join(HERE, "..", "..", "tests", "data", "specs"))


def stable_view(spec):
    v = {}
    for key in ("schema", "kind", "pattern", "pointwise_graph", "sizes", "dtype", "accuracy", "writes"):
        if key in spec:
            v[key] = spec[key]
    for key in ("flops", "bytes"):
        if key in spec:
            v[key] = {"expr": spec[key].get("expr"), "value": spec[key].get("value")}
    for key in ("inputs", "outputs"):
        v[key] = [{f: t[f] for f in ("name", "kind", "shape", "stride", "dtype", "layout", "device", "value",
                                     "dim_names", "aliases_input") if f in t} for t in spec.get(key, [])]
    if "model" in spec:
        m = spec["model"]
        v["model"] = {"init_args": m.get("init_args"), "init_signature": m.get("init_signature")}
        for key in ("parameters", "buffers"):
            v["model"][key] = [{"name": p.get("name"), "shape": p.get("shape"), "stride": p.get("stride"),
                                "dtype": p.get("dtype")} for p in m.get(key, [])]
    v["ops"] = [op.get("op", "") for op in spec.get("ops", [])]
    v["ambiguities"] = [{"kind": a.get("kind"), "line": a.get("line"), "why": a.get("why")}
                        for a in spec.get("ambiguities", [])]
    return v


def diff_paths(a, b, path=""):
    """JSON paths where a and b differ (first level of difference only)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append("%s/%s" % (path, k))
            else:
                out += diff_paths(a[k], b[k], "%s/%s" % (path, k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff_paths(x, y, "%s/%d" % (path, i))
        return out
    return [] if a == b else [path or "/"]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("spec_dir")
    ap.add_argument("--markdown")
    a = ap.parse_args(argv[1:])
    rows, bad, ops_differ = [], 0, 0
    torch_versions = set()
    for golden_path in sorted(glob.glob(os.path.join(GOLDENS, "level*", "*.json"))):
        rel = os.path.relpath(golden_path, GOLDENS)
        actual_path = os.path.join(a.spec_dir, rel)
        golden = json.load(open(golden_path))
        try:
            spec = json.load(open(actual_path))
        except (OSError, ValueError) as e:
            rows.append((rel, "NO SPEC (%s)" % type(e).__name__, ""))
            bad += 1
            continue
        torch_versions.add(spec.get("torch_version"))
        actual = stable_view(spec)
        g_ops, a_ops = golden.pop("ops", []), actual.pop("ops", [])
        diffs = diff_paths(golden, actual)
        ops_note = "" if g_ops == a_ops else "ops differ: 1.13 %s -> %s" % (g_ops, a_ops)
        ops_differ += bool(ops_note)
        if diffs:
            bad += 1
            detail = "; ".join("%s: %s -> %s" % (p, json.dumps(_at(golden, p))[:120], json.dumps(_at(actual, p))[:120])
                               for p in diffs[:4])
            rows.append((rel, "DIFFERS", detail + ("; " + ops_note if ops_note else "")))
        else:
            rows.append((rel, "same" if not ops_note else "same (ops differ)", ops_note))
    lines = ["Probe specs under torch %s against the torch 1.13 goldens (%d problems): %d with a differing "
             "stable field, %d whose aten op list differs." % (", ".join(sorted(str(t) for t in torch_versions)),
                                                              len(rows), bad, ops_differ), "",
             "| problem | stable fields | detail |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % (r[0][:-5], r[1], r[2].replace("|", "\\|")) for r in rows]
    text = "\n".join(lines) + "\n"
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)
    print(text)
    return 0 if bad == 0 else 1


def _at(doc, path):
    for part in [p for p in path.split("/") if p]:
        if isinstance(doc, list):
            doc = doc[int(part)] if int(part) < len(doc) else None
        elif isinstance(doc, dict):
            doc = doc.get(part)
        else:
            return None
    return doc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
