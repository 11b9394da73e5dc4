"""sib42 A/B (one GPU process), issue 14 (trial 29 08): KWB_PROLOGUE_REACH (a pointwise run read only by a later
reduction is its prologue, launches between them moved past) and KWB_SIBLING_REDUCE (sibling whole-tensor reductions
as one kwb_reduce_multi launch, one accumulator and prologue each).
- 08: trial 29's sigmoid focal loss (fp32 logits / targets [120000, 80], 38 MB each): old the loss written (38 MB)
  and read back, targets.sum() its own pass; mid the loss the loss sum's prologue; new one walk over both inputs;
- mm: a masked mean written as (x * m).sum() / m.sum() (fp32 [64, 1024, 512]);
- var: x.mean() and (x * x).mean() then the normalised x (fp32 [32, 256, 4096]).

Run from the folder's parent: `python3 sib42/ab.py --budget 60`. Needs only torch + triton.
Kernels (kernels/): kwb's Triton kernel.py with both switches 0 (*_old), KWB_SIBLING_REDUCE=0 (*_mid) and the
defaults (*_new), generated on the CPU for H100-SXM (bash bench/gpu/sib42/make.sh).
Every row: triton.testing.do_bench (warmup 25 ms, rep 100 ms; L2 cleared before each call), mean GPU-side ms as
us; rel_err = ||out - Model|| / ||Model||; x_old = old us / row us. torch.compile rows last, while budget remains.
An error prints as one row and the table goes on.
"""
import argparse
import importlib.util
import os
import sys
import time

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = [("08", "08_sigmoid_focal_loss"), ("mm", "sibling_masked_mean_sums"), ("var", "sibling_mean_meansq_whole")]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=85.0, help="seconds; rows after it are skipped")
    ap.add_argument("--cpu", action="store_true", help="structure check only: CPU tensors, one call per row")
    a = ap.parse_args()
    import torch

    dev = "cpu" if a.cpu else "cuda"
    bench = None
    if not a.cpu:
        import triton.testing

        bench = lambda fn: triton.testing.do_bench(fn, warmup=25, rep=100) * 1000.0  # noqa: E731
    rows = []

    def row(prob, name, us, err, note=""):
        rows.append((prob, name, us, err, note))
        print("ROW %-6s %-14s %10s %10s %s" % (prob, name, "-" if us is None else "%.1f" % us,
                                                "-" if err is None else "%.2e" % err, note))
        sys.stdout.flush()

    ctx = {}
    for tag, stem in PROBLEMS:
        try:
            prob = load(os.path.join(HERE, "problems", stem + ".py"), "prob_" + tag)
            if a.cpu:  # the CPU emulation of tl.* is slow: small sizes (the kernels follow run-time sizes)
                for k, v in dict(NANCH=300, NCLS=20, batch=2, seq=16, dim=8, channels=4, length=33).items():
                    if hasattr(prob, k):
                        setattr(prob, k, v)
            torch.manual_seed(0)
            ref = prob.Model(*prob.get_init_inputs()).to(dev).eval()
            torch.manual_seed(1)
            xs = [t.to(dev) for t in prob.get_inputs()]
            with torch.no_grad():
                want = ref(*xs)
            ctx[tag] = (prob, ref, xs, want)
        except Exception as e:  # noqa: BLE001
            row(tag, "setup", None, None, "%s: %s" % (type(e).__name__, str(e)[:300]))
    us_old = {}

    def kernel(tag, side):
        prob, ref = ctx[tag][0], ctx[tag][1]
        km = load(os.path.join(HERE, "kernels", "%s_%s.py" % (tag, side)), "k_%s_%s" % (tag, side))
        torch.manual_seed(0)
        m = km.ModelNew(*prob.get_init_inputs()).to(dev).eval()
        m.load_state_dict(ref.state_dict())
        return m

    # the old / new pairs of every problem first, then torch.compile while the budget lasts
    plan = [(t, n) for t in ctx for n in ("eager", "old", "mid", "new")] + [(t, "torch.compile") for t in ctx]
    for tag, name in plan:
        prob, ref, xs, want = ctx[tag]
        # a torch.compile takes ~10-30 s to compile: started only with 35 s of the budget left
        if time.time() - T0 > a.budget - (35 if name == "torch.compile" else 0):
            row(tag, name, None, None, "skipped: budget")
            continue
        try:
            m = ref if name == "eager" else torch.compile(ref) if name == "torch.compile" else kernel(tag, name)
            with torch.no_grad():
                got = m(*xs)  # compiles
                err = ((got.float() - want.float()).norm() / want.float().norm()).item()
                us = None if bench is None else bench(lambda: m(*xs))
            if name == "old":
                us_old[tag] = us
            note = "" if us is None or us_old.get(tag) is None else "x_old=%.3f" % (us_old[tag] / us)
            row(tag, name, us, err, note)
        except Exception as e:  # noqa: BLE001
            row(tag, name, None, None, "%s: %s" % (type(e).__name__, " ".join(str(e).split())[:300]))
    print("\n%-6s %-14s %10s %10s %s" % ("prob", "competitor", "us", "rel_err", "note"))
    for p, n, us, err, note in rows:
        print("%-6s %-14s %10s %10s %s" % (p, n, "-" if us is None else "%.1f" % us,
                                           "-" if err is None else "%.2e" % err, note))
    print("device: %s; wall %.1f s" % (torch.cuda.get_device_name() if not a.cpu else "cpu", time.time() - T0))


if __name__ == "__main__":
    main()
