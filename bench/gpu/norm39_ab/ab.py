"""norm39's A/B (session 39, issue 14: statistics written by hand, fused losses). For each member: main's generated
kernel.py (main/), the branch's kernels (mine/: kwb_rows with apply= / the joint walk, forward written as the planner
would emit it; mine3d: the same launch over x with its contiguous kept dims merged), torch.compile of Model and eager
Model, in one process, one timing method (triton.testing.do_bench: L2 flushed by its cache clear before each call, the
median in ms), correctness of every variant against eager Model (max |err| / max |ref|, fp32) per row.
usage: python3 norm39/ab.py [--budget SECONDS] [--only NAME,...] [--no-compile]"""
import argparse
import importlib.util
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
MEMBERS = ["ln_cf", "kl_smooth", "rms_cf", "gn_hand", "ce_ls_hand", "uint8_norm"]  # by priority: the budget skips the tail


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def rel(a, b):
    a, b = a.float(), b.float()
    return ((a - b).abs().max() / b.abs().max().clamp_min(1e-30)).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=70.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="CPU check of loading and correctness (fake Triton); no timing")
    a = ap.parse_args()
    t_start = time.time()
    dev = "cpu" if a.cpu else "cuda"
    if not a.cpu:
        import triton
        from triton.testing import do_bench
        print("device:", torch.cuda.get_device_name(), "torch", torch.__version__, "triton", triton.__version__)
    members = [m for m in MEMBERS if not a.only or m in a.only.split(",")]
    rows = []
    for name in members:
        if time.time() - t_start > a.budget:
            print("budget spent: skipped", name)
            continue
        prob = load(os.path.join(HERE, "probs", name + ".py"), "p_" + name)
        if a.cpu:  # small sizes for the emulation
            for k, v in {"N": 2, "H": 5, "W": 6, "V": 9000, "batch": 2, "height": 5, "width": 6}.items():
                if hasattr(prob, k):
                    setattr(prob, k, v)
        torch.manual_seed(0)
        model = prob.Model(*prob.get_init_inputs()).to(dev).eval()
        torch.manual_seed(1)
        inputs = [t.to(dev) for t in prob.get_inputs()]
        variants = []
        try:
            km = load(os.path.join(HERE, "main", name + ".py"), "km_" + name)
            variants.append(("main", km.ModelNew))
        except Exception as e:  # noqa: BLE001
            print(name, "main: load failed:", repr(e)[:300])
        try:
            kn = load(os.path.join(HERE, "mine", name + ".py"), "kn_" + name)
            if a.cpu:  # two rows: the chunked path on as few programs as the GPU's 2048 rows get
                kn.kwb_rows_min_programs = 1
            variants.append(("mine", kn.ModelNew))
            if getattr(kn, "ModelNew3d", None) is not None:
                variants.append(("mine3d", kn.ModelNew3d))
            if getattr(kn, "ModelNewNoJoint", None) is not None:
                variants.append(("mine_nojoint", kn.ModelNewNoJoint))
            variants += list(getattr(kn, "VARIANTS", {}).items())  # more rows of one member (their own names)
        except Exception as e:  # noqa: BLE001
            print(name, "mine: load failed:", repr(e)[:300])
        with torch.no_grad():
            ref = model(*inputs)
            fns = []
            for vname, cls in variants:
                try:
                    m = cls(*prob.get_init_inputs()).to(dev).eval()
                    m.load_state_dict(model.state_dict(), strict=False)
                    out = m(*inputs)
                    err = rel(out, ref)
                    fns.append((vname, m, err))
                except Exception as e:  # noqa: BLE001
                    print(name, vname, "run failed:", repr(e)[:400])
                    fns.append((vname, None, float("nan")))
            if not a.cpu and not a.no_compile:
                try:
                    cm = torch.compile(model)
                    err = rel(cm(*inputs), ref)
                    fns.append(("compile", cm, err))
                except Exception as e:  # noqa: BLE001
                    print(name, "compile failed:", repr(e)[:300])
            fns.append(("eager", model, 0.0))
            res = {}
            for vname, f, err in fns:
                ms = float("nan")
                if f is not None and not a.cpu and err == err and err < 1e-2:
                    ms = do_bench(lambda: f(*inputs), warmup=10, rep=60)
                res[vname] = (ms, err)
        rows.append((name, res))
        line = "%-11s " % name + "  ".join("%s %.1f us (err %.1e)" % (k, v[0] * 1e3, v[1]) for k, v in res.items())
        print(line, flush=True)
    print()
    print("| member | main us | mine us | mine3d us | mine_nojoint us | compile us | eager us | compile/main | compile/best mine | main/mine |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, res in rows:
        g = lambda k: res.get(k, (float("nan"), 0))[0] * 1e3  # noqa: E731
        best = min([g(k) for k in ("mine", "mine3d") if g(k) == g(k)] or [float("nan")])
        print("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2fx | %.2fx | %.2fx |" % (
            name, g("main"), g("mine"), g("mine3d"), g("mine_nojoint"), g("compile"), g("eager"), g("compile") / g("main"),
            g("compile") / best, g("main") / g("mine")))
    print("errors (max|err|/max|ref| vs eager):", {n: {k: "%.1e" % v[1] for k, v in r.items()} for n, r in rows})
    print("wall %.1f s" % (time.time() - t_start))


if __name__ == "__main__":
    main()
