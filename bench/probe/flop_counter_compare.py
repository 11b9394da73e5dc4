#!/usr/bin/env python3
"""Compare the probe's FLOP counts with torch 2.x's FlopCounterMode on every given problem.

    python3 bench/probe/flop_counter_compare.py [--markdown OUT.md] [--json OUT.json] [--specs DIR] [LOGIC.py...]

--specs DIR: take the probe's specs from DIR/<level>/<name>.json (bench/probe/probe_many.py --out DIR)
instead of probing each problem again (under torch 2.x a probe takes ~3.5 s: 117 of them in sequence
outran a 300 s budget on the GPU host).

It needs torch >= 2.1 (torch.utils.flop_counter); Debian's torch 1.13 here has none. It never needs
a GPU: both counts are taken on meta tensors (the probe's FactoryMode). Run on the H200 host's CPU
under torch 2.11 on 2026-11-29: 117 of 117 agree (docs/results/2026-11-29-h200-session3.md).

What is compared. FlopCounterMode counts only matrix products, convolutions and attention
(mm, addmm, bmm, baddbmm, convolution, SDPA kernels): 2*M*N*K per product, no bias adds, no
elementwise, softmax, norm or reduction work. The probe counts everything under its convention
(spec.flops.convention). So per problem:
  probe_core = sum of the probe's per-op FLOPs over GEMM/Convolution/Attention ops
               - the bias adds it includes (addmm/baddbmm/addmv: numel(out); convolution with a
                 bias: numel(out))
               - for fused attention ops, the softmax it includes (5 per score: B*H*Lq*Lk*5)
  counter    = FlopCounterMode(...).get_total_flops() over the same forward on meta tensors
  agree      = probe_core == counter (exact integers), else the difference and both per-op
               breakdowns are printed. The rest (probe total - probe_core) is the work the
               counter does not count, listed per category.
Exit 0 when every problem agrees, 1 when some differ, 2 when torch has no FlopCounterMode.
"""
import argparse
import glob
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "resources", "python"))
PROBLEMS = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "kernelbench"))
CORE = ("GEMM", "Convolution", "Attention")
BIAS_OPS = ("addmm", "baddbmm", "addmv", "addbmm")


def probe_spec(path, spec_dir=None):
    """The probe's spec, run in a child process exactly as the app runs it, or read from spec_dir."""
    if spec_dir:
        level = os.path.basename(os.path.dirname(os.path.abspath(path)))
        with open(os.path.join(spec_dir, level, os.path.splitext(os.path.basename(path))[0] + ".json")) as fh:
            doc = json.load(fh)
        if "error" in doc:
            raise RuntimeError("probe failed: %s: %s" % (doc["error"]["kind"], doc["error"]["message"][:300]))
        return doc
    import subprocess
    out = subprocess.run([sys.executable, os.path.join(ROOT, "resources", "python", "probe.py"), path],
                         capture_output=True, text=True, timeout=300)
    doc = json.loads(out.stdout)
    if "error" in doc:
        raise RuntimeError("probe failed: %s: %s" % (doc["error"]["kind"], doc["error"]["message"][:300]))
    return doc


def probe_core(spec):
    core, extras, per_op = 0, {}, []
    for op in spec["ops"]:
        cat, v = op.get("category"), op["flops"]["value"]
        if cat not in CORE:
            if v:
                extras[cat or "other"] = extras.get(cat or "other", 0) + v
            continue
        base = op["op"].split("::")[-1]
        out_numel = 1
        for d in (op["outputs"][0]["shape"] if op["outputs"] else []):
            out_numel *= d
        minus = 0
        if base in BIAS_OPS or (cat == "Convolution" and len(op["inputs"]) >= 3):
            minus = out_numel                      # the probe's +bias term
        if cat == "Attention":
            q, k = op["inputs"][0]["shape"], op["inputs"][1]["shape"]
            scores = 1
            for d in q[:-1]:
                scores *= d
            minus = 5 * scores * k[-2]             # the probe's softmax term (SOFTMAX_FLOPS = 5)
        core += v - minus
        per_op.append((op["op"], v - minus))
    return core, extras, per_op


def counter_flops(path):
    """FlopCounterMode over forward(*get_inputs()) on meta tensors (the probe's factory redirection)."""
    import torch
    from torch.utils.flop_counter import FlopCounterMode
    from probe_trace import FactoryMode, Tracer, plain
    tr = Tracer(os.path.abspath(path))
    spec_ = importlib.util.spec_from_file_location("kwb_cmp_" + os.path.basename(path)[:-3].replace("-", "_"), path)
    module = importlib.util.module_from_spec(spec_)
    with FactoryMode(tr):
        spec_.loader.exec_module(module)
        init = list(module.get_init_inputs()) if hasattr(module, "get_init_inputs") else []
        model = module.Model(*plain(init))
        inputs = list(module.get_inputs())
    tr.phase = "forward"
    counter = FlopCounterMode(display=False)
    with FactoryMode(tr), counter, torch.no_grad():
        model(*inputs)
    per_op = {}
    for _mod, counts in counter.get_flop_counts().items():
        for op, n in counts.items():
            per_op[str(op)] = max(per_op.get(str(op), 0), int(n))   # the Global entry holds the totals
    return int(counter.get_total_flops()), per_op


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--markdown")
    ap.add_argument("--json")
    ap.add_argument("--specs")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv[1:])
    try:
        import torch
        from torch.utils.flop_counter import FlopCounterMode  # noqa: F401
    except ImportError as exc:
        sys.stderr.write("flop_counter_compare: this torch (%s) has no torch.utils.flop_counter (%s); run it "
                         "under torch >= 2.1\n" % (getattr(sys.modules.get("torch"), "__version__", "?"), exc))
        return 2
    files = a.files or sorted(glob.glob(os.path.join(PROBLEMS, "level1", "*.py")) +
                              glob.glob(os.path.join(PROBLEMS, "level2", "*.py")))
    rows, differ = [], 0
    for f in files:
        name = os.path.join(os.path.basename(os.path.dirname(os.path.abspath(f))), os.path.basename(f))
        try:
            spec = probe_spec(f, a.specs)
            core, extras, probe_ops = probe_core(spec)
            count, counter_ops = counter_flops(f)
        except Exception as exc:  # noqa: B902 - one problem's failure is a row, not the end
            rows.append({"problem": name, "error": "%s: %s" % (type(exc).__name__, exc)})
            differ += 1
            continue
        agree = core == count
        differ += 0 if agree else 1
        rows.append({"problem": name, "probe_total": spec["flops"]["value"], "probe_core": core,
                     "flop_counter": count, "agree": agree,
                     "rel_diff": (core - count) / count if count else None,
                     "not_counted_by_flop_counter": extras, "probe_core_ops": probe_ops,
                     "flop_counter_ops": counter_ops})
        print("%-5s %-70s probe core %d, FlopCounterMode %d%s" % (
            "OK" if agree else "DIFF", name, core, count,
            "" if agree else "  probe ops %s vs counter %s" % (probe_ops, counter_ops)), flush=True)
    summary = {"torch": torch.__version__, "problems": len(rows), "differ": differ, "rows": rows}
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(summary, fh, indent=1)
    if a.markdown:
        with open(a.markdown, "w") as fh:
            fh.write("# Probe FLOPs vs torch %s FlopCounterMode\n\n| Problem | probe core | FlopCounterMode | agree | "
                     "probe extra (not counted there) |\n|---|---|---|---|---|\n" % torch.__version__)
            for r in rows:
                if "error" in r:
                    fh.write("| %s | error: %s | | | |\n" % (r["problem"], r["error"]))
                else:
                    fh.write("| %s | %d | %d | %s | %s |\n" % (r["problem"], r["probe_core"], r["flop_counter"],
                                                             "yes" if r["agree"] else "NO", r["not_counted_by_flop_counter"]))
    print("%d problems, %d differ (torch %s)" % (len(rows), differ, torch.__version__))
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
