"""P V's precision in kwb_attention (session 37, attn37): TF32 against full fp32 (pv_ieee), timed in one process with
triton.testing.do_bench, with the error against float64 of softmax(q kᵀ s) v and of its difference with v (probe23
c02's cancellation). Needs a generated kernel.py that holds kwb_attention (any chain kernel of an attention problem:
`kwb suite ... tests/data/probe23/c02_SameTensorTwice_GramSoftmax.py` writes one).

  python3 bench/gpu/attn37_pv_ieee.py --kernel WS/kernel_opt_c02_SameTensorTwice_GramSoftmax/kernel.py
"""
import argparse
import importlib.util

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True, help="a generated kernel.py holding kwb_attention")
    ap.add_argument("--shapes", default="4x5x64,4x128x64,8x16x1024x64,4x16x4096x128",
                    help="[B x H x] S x D, comma-separated")
    ap.add_argument("--device", default="cuda", help="cpu: a dry run on fake Triton (no timing)")
    args = ap.parse_args()
    spec = importlib.util.spec_from_file_location("kwb_kernel", args.kernel)
    k = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(k)
    print("%-18s %-5s %10s %12s %12s" % ("shape", "pv", "ms", "rel_err(O)", "rel_err(O-V)"))
    for text in args.shapes.split(","):
        dims = [int(x) for x in text.split("x")]
        torch.manual_seed(0)
        x = torch.randn(*dims, device=args.device) + 0.5
        want = torch.softmax(x.double() @ x.double().transpose(-1, -2) * dims[-1] ** -0.5, -1) @ x.double()
        for ieee in (False, True):
            k.kwb_attn_pv_ieee = ieee
            out = k.kwb_attention(x, x.transpose(-1, -2), x, dims[-1] ** -0.5)
            e1 = ((out.double() - want).norm() / want.norm()).item()
            d = want - x.double()
            e2 = ((out.double() - x.double() - d).norm() / d.norm()).item()
            ms = float("nan")
            if args.device != "cpu":
                import triton.testing
                ms = triton.testing.do_bench(lambda: k.kwb_attention(x, x.transpose(-1, -2), x, dims[-1] ** -0.5))
            print("%-18s %-5s %10.4f %12.3g %12.3g  (%s)" % (text, "ieee" if ieee else "tf32", ms, e1, e2,
                                                             k.kwb_attn_last.get("path")))
    k.kwb_attn_pv_ieee = None


if __name__ == "__main__":
    main()
