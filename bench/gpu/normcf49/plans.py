#!/usr/bin/env python3
"""The launches of generated kernel.py files at their problems' own shapes, without running a kernel (normcf49).

  python3 bench/gpu/normcf49/plans.py --kernels DIR [--only PREFIXES] [--sms 132] [--set NAME=VALUE ...]

DIR is a normcf49_ab.py --generate folder (DIR/problems/NAME.py, DIR/kernels/NAME[.off].py). Each forward runs on the
CPU under the project's emulation of Triton (tests/data/codegen/fake_triton) with every @triton.jit launch replaced by
a recorder that prints the kernel, its grid, its tile constexprs and warps, and what follows from them: programs per
SM (at --sms), elements a thread of one source's tile (BLOCK_M x BLOCK_R / threads, or BLOCK / threads) and the
tensors the launch was handed (shape, dtype, MB) -- the inputs of the per-launch diagnosis table in
docs/results/2026-12-08-normcf49.md. No kernel body runs, so the outputs are garbage and nothing is checked: the
plan functions (kwb_row1's, kwb_rows's, kwb_pointwise's) are what runs. --set NAME=VALUE sets a module constant of
every kernel.py first (a tile candidate: --set _kwb_rows_cols_threads=256).
"""
import argparse
import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import abharness as ab  # noqa: E402

ab.use_cpu_emulation()
import torch  # noqa: E402

TILE_KEYS = ("BLOCK_M", "BLOCK_R", "BLOCK", "BLOCK_N", "BLOCK_K", "BLOCK_D", "ONE", "COLS", "MULTI", "RD", "NR")


class Recorder:
    """Stands for a @triton.jit kernel: kernel[grid](*args, **meta) prints the launch and runs nothing."""

    def __init__(self, name, k, sms, log):
        self.name, self.k, self.sms, self.log = name, k, sms, log

    def __getitem__(self, grid):
        def launch(*args, **meta):
            g = grid(meta) if callable(grid) else grid
            g = tuple(g) if isinstance(g, (tuple, list)) else (g,)
            progs = 1
            for d in g:
                progs *= int(d)
            warps = int(meta.get("num_warps", 4))
            tile = 1
            for key in ("BLOCK_M", "BLOCK_R") if "BLOCK_M" in meta else ("BLOCK",):
                tile *= int(meta.get(key, 1))
            seen, tens = set(), []
            for a in args:
                if isinstance(a, torch.Tensor) and a.data_ptr() not in seen and a.numel() > 1:
                    seen.add(a.data_ptr())
                    tens.append("%s %s %.2f MB" % (list(a.shape), str(a.dtype).replace("torch.", ""),
                                                   a.numel() * a.element_size() / 1e6))
            consts = ", ".join("%s=%s" % (k, meta[k]) for k in TILE_KEYS if k in meta)
            self.log.append("  %-26s grid %-12s %6d programs (%5.1f a SM)  warps %2d  %s  %4.0f elem/thread\n"
                            "      tensors: %s" % (self.name, g, progs, progs / self.sms, warps, consts,
                                                   tile / (32.0 * warps), "; ".join(tens)))
        return launch

    def __call__(self, *a, **kw):
        return self.k(*a, **kw)

    def __getattr__(self, name):
        return getattr(self.k, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--sms", type=int, default=132)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    kdir = os.path.join(args.kernels, "kernels")
    names = sorted(f[:-3] for f in os.listdir(kdir) if f.endswith(".py"))
    for kname in ab.chosen(names, args.only):
        pname = kname[:-4] if kname.endswith(".off") else kname
        P = ab.load(os.path.join(args.kernels, "problems", pname + ".py"), "p_" + pname)
        K = ab.load(os.path.join(kdir, kname + ".py"), "k_" + kname.replace(".", "_"))
        K.kwb_target_sms = args.sms
        for s in args.set:
            k, _, v = s.partition("=")
            ab.apply_settings(K, {k: ast.literal_eval(v)})
        for attr in ("kwb_plan_cache", "kwb_graph_small", "kwb_fast_launch"):
            if hasattr(K, attr):
                setattr(K, attr, False)
        log = []
        with open(K.__file__) as f:
            launched = set(__import__("re").findall(r"\b(\w+)\[", f.read()))
        for name in sorted(launched & set(dir(K))):
            k = getattr(K, name)
            if hasattr(k, "fn") and hasattr(k, "__getitem__") and not isinstance(k, (dict, type)):
                setattr(K, name, Recorder(name, k, args.sms, log))
        torch.manual_seed(0)
        m = K.ModelNew(*P.get_init_inputs()).eval()
        inputs = ab.inputs_on(P, "cpu")
        try:
            with torch.no_grad():
                m(*inputs)
            said = ""
        except Exception as e:  # noqa: BLE001 -- garbage values may trip a host check after the launches we want
            said = "  (forward stopped: %s: %s)" % (type(e).__name__, str(e)[-120:])
        shapes = ", ".join("%s %s" % (list(t.shape), str(t.dtype).replace("torch.", ""))
                           for t in inputs if isinstance(t, torch.Tensor))
        print("%s: %d launches; inputs %s%s" % (kname, len(log), shapes, said))
        for line in log:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
