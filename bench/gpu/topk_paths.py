"""Session 27 (topk27): kwb_topk's paths side by side on a GPU (docs/DECISIONS.md "topk: a rank pass for short rows").

For each case (R rows of N, k of each: sort_argmax_kthvalue_rows' three selections, then the classes around them) and
each plan -- "old" (kwb_topk_mode rounds, kwb_topk_fill_sms off: the plan before session 27), "rounds+fill", "auto"
(the rule), and "rank" / "sort" forced where the row allows -- checks the indices against the stable order
(torch.sort(stable=True)) and the values against its values, then times the launch as GPU time: 20 calls captured in a
CUDA graph, the graph replayed (no host launch cost in the number), the median of 20 replays / 20. torch.topk /
torch.sort beside it the same way.

    python3 bench/gpu/topk_paths.py [--quick] [--kernels DIR]

--kernels DIR: each NAME.kernel.py in DIR (`kwb analyze NAME.py --gpu H200 --kernel-out NAME.kernel.py`) beside
NAME.py: ModelNew against Model's eager forward and torch.compile(Model), GPU time (graph replay as above) and
do_bench time (host launch cost included), after a check that ModelNew matches Model.
"""
import argparse
import importlib.util
import os
import sys
import tempfile

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"


def load():
    """The stage library then the epilogue file, as kernel.py pastes them."""
    text = PREAMBLE
    for name in ("triton_stages.py", "triton_epilogue.py"):
        with open(os.path.join(KERNELS, name)) as f:
            text += f.read() + "\n\n"
    path = os.path.join(tempfile.mkdtemp(prefix="kwb_topk_paths_"), "kernel_topk.py")
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_topk", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def gpu_us(fn, calls=20, reps=20):
    """GPU time of one call: `calls` calls in one CUDA graph, replayed `reps` times; the median replay / calls."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        fn()
        with torch.cuda.graph(g, stream=s):
            for _ in range(calls):
                fn()
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        g.replay()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b) * 1000.0 / calls)
    times.sort()
    return times[len(times) // 2]


PLANS = [("old", "rounds", False), ("rounds+fill", "rounds", True), ("auto", "auto", True), ("rank", "rank", True),
         ("sort", "sort", True)]


def load_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def problems(folder):
    import glob
    import triton
    for kpath in sorted(glob.glob(os.path.join(folder, "*.kernel.py"))):
        name = os.path.basename(kpath)[:-len(".kernel.py")]
        prob = load_file(os.path.join(folder, name + ".py"), name + "_problem")
        kern = load_file(kpath, name + "_kernel")
        torch.manual_seed(0)
        ins = [t.cuda() if isinstance(t, torch.Tensor) else t for t in prob.get_inputs()]
        model = prob.Model(*prob.get_init_inputs()).cuda().eval()
        new = kern.ModelNew(*prob.get_init_inputs()).cuda().eval()
        new.load_state_dict(model.state_dict(), strict=False)
        comp = torch.compile(model)
        with torch.no_grad():
            want, got = model(*ins), new(*ins)
            err = float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))
            row = ["%-32s rel_err %.2g" % (name, err)]
            for label, fn in (("kwb", lambda: new(*ins)), ("eager", lambda: model(*ins)),
                              ("compile", lambda: comp(*ins))):
                try:
                    g = "%.2f" % gpu_us(fn)
                except Exception as e:  # noqa: BLE001 - a forward that cannot be captured still has do_bench
                    g = "n/a(%s)" % type(e).__name__
                row.append("%s graph %s us, do_bench %.2f us" % (label, g, triton.testing.do_bench(fn) * 1000.0))
        print(" | ".join(row), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="the problem's three selections only")
    ap.add_argument("--kernels", help="a folder of NAME.kernel.py beside NAME.py: whole forwards")
    args = ap.parse_args()
    if args.kernels:
        problems(args.kernels)
        return 0
    K = load()
    dev = "cuda"
    torch.manual_seed(0)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print("== kwb_topk paths on %s (%d SMs), torch %s" % (torch.cuda.get_device_name(), sms, torch.__version__))
    # (label, R, N, k, largest, nan_first)
    cases = [("problem sort (desc)", 300, 40, 40, True, None), ("problem kthvalue k=5", 300, 40, 5, False, None),
             ("problem argmax", 300, 40, 1, True, True)]
    if not args.quick:
        cases += [("sort 8192x64", 8192, 64, 64, True, None), ("topk8 8192x64", 8192, 64, 8, True, None),
                  ("sort 8192x128", 8192, 128, 128, False, None), ("topk2 8192x128", 8192, 128, 2, True, None),
                  ("sort 65536x32", 65536, 32, 32, True, None), ("argmax 65536x32", 65536, 32, 1, True, True),
                  ("sort 300x1000", 300, 1000, 1000, True, None), ("topk64 4096x1024", 4096, 1024, 64, True, None),
                  ("topk16 4096x1024", 4096, 1024, 16, True, None), ("sort 4096x1024", 4096, 1024, 1024, True, None),
                  ("topk100 1024x16384", 1024, 16384, 100, True, None),
                  ("sort 256x16384", 256, 16384, 16384, True, None)]
    for label, R, N, k, largest, nan_first in cases:
        x = torch.randint(-50, 50, (R, N), device=dev).float() / 7  # ties
        x.view(-1)[torch.randperm(R * N, device=dev)[:R]] = float("nan")
        rv, ri = torch.sort(x, dim=-1, descending=largest, stable=True)
        rv, ri = rv[:, :k], ri[:, :k]
        ref = (lambda: torch.topk(x, k, -1, largest)) if k < N else (lambda: torch.sort(x, -1, descending=largest))
        row = ["%-22s" % label, "torch %8.2f" % gpu_us(ref)]
        for name, mode, fill in PLANS:
            m, br, bn, w = K._kwb_topk_plan(R, N, k, sms, mode=mode, fill=fill)
            if name == "rank" and m != 1:
                row.append("%s -" % name)
                continue
            if m == 0 and k > 1024:
                row.append("%s skip(k rounds)" % name)
                continue
            old = (K.kwb_topk_mode, K.kwb_topk_fill_sms)
            K.kwb_topk_mode, K.kwb_topk_fill_sms = mode, fill
            try:
                v, i = K.kwb_topk(x, k, -1, largest, nan_first=nan_first)
                if nan_first:  # max along a dim: the first index of the largest, NaN winning (torch.argmax)
                    ok = torch.equal(i[:, 0], torch.argmax(x, -1))
                else:
                    ok = torch.equal(i, ri) and torch.equal(torch.nan_to_num(v), torch.nan_to_num(rv))
                us = gpu_us(lambda: K.kwb_topk(x, k, -1, largest, nan_first=nan_first))
                row.append("%s[m%d r%d w%d]%s %8.2f" % (name, m, br, w, "" if ok else " WRONG", us))
            except Exception as e:  # noqa: BLE001 - a plan that fails to compile is a row, not the end
                row.append("%s ERROR %s: %s" % (name, type(e).__name__, str(e).splitlines()[0][:200] if str(e) else ""))
            finally:
                K.kwb_topk_mode, K.kwb_topk_fill_sms = old
        print(" | ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
