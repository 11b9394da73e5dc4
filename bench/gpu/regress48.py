"""Where two final-list rows lost ~110 us between session 46's code and session 47's (H100, the suite's latency_us:
03_switch_router_capacity 92.1 -> 201.8 us, 03_t5_bucketed_relpos_attention 94.8 -> 207.4 us; eager and
torch.compile unchanged in the same runs). Per kernel.py: which path kwb_plan_call took (model.last_plan and why a
replay was slow), the do_bench median (host path included), the CUDA-graph replay (GPU time), the same with the plan
cache off, and the forward's kernels from torch.profiler (GPU time per kernel, summed). Rows NAME.off.py are the same
problem with a planner switch off (written by --generate with the switch's env).

    python3 bench/gpu/regress48.py --generate .gpu/regress48      # CPU: this tree's kwb writes the kernels
    python3 bench/gpu/regress48.py --kernels .gpu/regress48       # GPU
"""
import argparse
import glob
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abharness as H  # noqa: E402

PROBLEMS = os.path.join(H.ROOT, ".gpu", "problems")
# (problem file name, planner env of the .off variant or None)
ROWS = [("03_switch_router_capacity", {"KWB_SCAN_EPILOGUE": "0"}),
        ("03_t5_bucketed_relpos_attention", None),
        ("02_moe_topk_router_gather", None)]  # a control: same trial, unchanged in the suite


def generate(out):
    os.makedirs(os.path.join(out, "problems"), exist_ok=True)
    os.makedirs(os.path.join(out, "kernels"), exist_ok=True)
    for name, env in ROWS:
        src = glob.glob(os.path.join(PROBLEMS, "*", name + ".py"))[0]
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        print(name, H.analyze(H.KWB, src, os.path.join(out, "kernels", name + ".py"))[1], flush=True)
        if env:
            print(name + ".off", H.analyze(H.KWB, src, os.path.join(out, "kernels", name + ".off.py"), env=env)[1],
                  flush=True)


def run(kdir):
    import torch
    print("[regress48] %s torch %s" % (torch.cuda.get_device_name(), torch.__version__), flush=True)
    for path in sorted(glob.glob(os.path.join(kdir, "kernels", "*.py"))):
        base = os.path.basename(path)[:-3]
        name = base[:-4] if base.endswith(".off") else base
        P = H.load(os.path.join(kdir, "problems", name + ".py"), "p_" + base.replace(".", "_"))
        torch.manual_seed(0)
        ref = P.Model(*P.get_init_inputs()).cuda().eval()
        inputs = [t.cuda() if isinstance(t, torch.Tensor) else t for t in H.inputs_on(P, "cuda")]
        for cache in (True, False):
            K = H.load(path, "k_%s_%d" % (base.replace(".", "_"), cache))
            if hasattr(K, "kwb_plan_cache"):
                K.kwb_plan_cache = cache
            m = K.ModelNew(*P.get_init_inputs()).cuda().eval()
            m.load_state_dict(ref.state_dict(), strict=False)
            with torch.no_grad():
                fn = lambda: m(*inputs)  # noqa: E731
                want = ref(*inputs)
                for _ in range(4):
                    got = fn()
                st = m.__dict__
                err = H.rel_err(got, want)
                us, gus = H.bench_graph(fn, "cuda")
                ks = [(k_us, k) for k_us, _, k in H.profile_kernels(fn, iters=5)]
                tot = sum(k_us for k_us, _ in ks)
            print("%-40s cache=%d rel_err %.1e do_bench %8.1f us graph %s us profiler sum %8.1f us  last_plan %r %s"
                  % (base, cache, err, us, "%8.1f" % gus if gus else "    none", tot, st.get("last_plan"),
                     {k: str(v)[:160] for k, v in st.items() if k.startswith("last_") and k != "last_plan"}),
                  flush=True)
            if cache:
                for k_us, k in ks[:8]:
                    print("    %9.1f us  %s" % (k_us, k[:110]), flush=True)
    return 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--generate", metavar="DIR")
    ap.add_argument("--kernels", default=os.path.join(H.ROOT, ".gpu", "regress48"))
    a = ap.parse_args()
    sys.exit(generate(a.generate) if a.generate else run(a.kernels))
