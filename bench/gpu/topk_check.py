"""Session 26 (topk): what the CPU cannot say about selections and strided losses, on a GPU.

1. torch's CUDA topk / sort / max order among equal values: kwb_topk takes them lowest index first; the harness
   compares its indices (and what they select) with torch's on the GPU, so the two orders must agree there. Counts the
   rows where torch.topk (sorted=True, largest and smallest; rows of 37, 64, 100, 1000, 5000; along the last dim and
   dim 1 of a 3-D tensor; fp32 and bf16 with many ties) differs from the stable order.
2. Generated kernels (`kwb analyze P.py --gpu H200 --kernel-out P.kernel.py`, copied with P.py into DIR): ModelNew
   against Model on the GPU at the problem's sizes, fp32 and the harness's bf16 case (both models' parameters in
   bf16, the reference in fp32 on the upcast inputs), rel_err and do_bench latency beside eager torch.

    python3 bench/gpu/topk_check.py [--ties] [--kernels DIR]
"""
import argparse
import glob
import importlib.util
import os
import sys

import torch


def stable_topk(x, k, dim, largest):
    v, i = torch.sort(x, dim=dim, descending=largest, stable=True)
    return v.narrow(dim, 0, k), i.narrow(dim, 0, k)


def ties():
    torch.manual_seed(0)
    dev = "cuda"
    print("== torch.topk on %s (torch %s): rows whose indices differ from the stable order" % (
        torch.cuda.get_device_name(), torch.__version__))
    for dt in (torch.float32, torch.bfloat16):
        for n in (37, 64, 100, 1000, 5000):
            for k in (1, 2, 4, 8, 33):
                if k > n:
                    continue
                for largest in (True, False):
                    x = torch.randint(0, 5, (2048, n), device=dev).to(dt)
                    _, i = torch.topk(x, k, -1, largest=largest, sorted=True)
                    _, ri = stable_topk(x, k, -1, largest)
                    bad = int((i != ri).any(-1).sum())
                    x3 = torch.randint(0, 5, (16, n, 24), device=dev).to(dt)
                    _, i3 = torch.topk(x3, k, 1, largest=largest, sorted=True)
                    _, r3 = stable_topk(x3, k, 1, largest)
                    bad3 = int((i3 != r3).any(1).sum())
                    print("topk %-8s n=%-5d k=%-2d largest=%-5s last dim: %4d / 2048   dim 1 of 3-D: %3d / 384" % (
                        str(dt).replace("torch.", ""), n, k, largest, bad, bad3))
        x = torch.randint(0, 5, (2048, 100), device=dev).to(dt)
        for name, fn, ref in (("max(dim)", lambda t: torch.max(t, -1).indices, lambda t: stable_topk(t, 1, -1, True)[1][:, 0]),
                              ("min(dim)", lambda t: torch.min(t, -1).indices, lambda t: stable_topk(t, 1, -1, False)[1][:, 0]),
                              ("argmax", lambda t: torch.argmax(t, -1), lambda t: stable_topk(t, 1, -1, True)[1][:, 0]),
                              ("sort", lambda t: torch.sort(t, -1, descending=True).indices,
                               lambda t: torch.sort(t, dim=-1, descending=True, stable=True).indices)):
            print("%-9s %-8s rows differing: %d / 2048" % (name, str(dt).replace("torch.", ""),
                                                          int((fn(x) != ref(x)).reshape(2048, -1).any(-1).sum())))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def kernels(folder):
    from triton.testing import do_bench
    for kpath in sorted(glob.glob(os.path.join(folder, "*.kernel.py"))):
        name = os.path.basename(kpath)[:-len(".kernel.py")]
        prob = load("p_" + name, os.path.join(folder, name + ".py"))
        ker = load("k_" + name, kpath)
        for dt in (torch.float32, torch.bfloat16):
            torch.manual_seed(0)
            init = prob.get_init_inputs()
            model = prob.Model(*init).cuda().eval()
            new = ker.ModelNew(*init).cuda().eval()
            sd = model.state_dict()
            if sd:
                new.load_state_dict(sd)
            inputs = [x.cuda() if torch.is_tensor(x) else x for x in prob.get_inputs()]
            if dt != torch.float32:  # the harness's dtype case: lp_model, the reference in fp32 on the upcast inputs
                model, new = model.to(dt).float(), new.to(dt)
                inputs = [x.to(dt) if torch.is_tensor(x) and x.is_floating_point() else x for x in inputs]
            ref_in = [x.float() if torch.is_tensor(x) and x.is_floating_point() else x for x in inputs]
            try:
                with torch.no_grad():
                    want = model(*ref_in)
                    got = new(*inputs)
                    torch.cuda.synchronize()
                    rel = float((got.float() - want.float()).norm() / want.float().norm().clamp_min(1e-30))
                    t_new = do_bench(lambda: new(*inputs))
                    eager = prob.Model(*init).cuda().eval()
                    if sd:
                        eager.load_state_dict(sd)
                    eager = eager.to(dt)
                    t_ref = do_bench(lambda: eager(*inputs))
                print("%-36s %-8s rel_err=%.3g  kernel %.1f us  eager %.1f us  (x%.2f)  path=%s" % (
                    name, str(dt).replace("torch.", ""), rel, t_new * 1e3, t_ref * 1e3, t_ref / t_new,
                    getattr(new, "last_graph", "")))
            except Exception as e:  # noqa: BLE001 - one problem's error is its line
                print("%-36s %-8s ERROR %s: %s" % (name, str(dt).replace("torch.", ""), type(e).__name__,
                                                  str(e).splitlines()[0][:300] if str(e) else ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ties", action="store_true")
    ap.add_argument("--kernels")
    a = ap.parse_args()
    if a.ties:
        ties()
    if a.kernels:
        kernels(a.kernels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
