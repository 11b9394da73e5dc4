#!/usr/bin/env python3
"""plancheck49: does the launch-plan cache (kwb_plan_call, on by default since session 48) return this call's result
when the inputs are refreshed in place between calls, as the harness's timed calls do? Session 49's level-1 run
failed 97_ScaledDotProductAttention on exactly that ("last timed call: rel_err 0.578 ... a cached result?"): its
materialised path's TMA GEMMs take TensorDescriptor arguments, which the recorded plan replayed as constants
holding the recording call's tensors. The fix keeps such a key eager (chain_host.py _kwb_plan_held_tensor).

    python3 bench/gpu/plancheck49.py --generate .gpu/plancheck49        # CPU: this tree's kwb writes new/NAME.py
    python3 bench/gpu/plancheck49.py --kernels .gpu/plancheck49         # GPU

--generate also copies, where given with --old DIR... (suites' workspaces, kernel_opt_NAME/kernel.py), the kernels a
kwb without the fix wrote, as old/NAME.py: the run shows the bug on them and its absence on new/.

Per problem and side, one process: Model and ModelNew (weights copied, eval), inputs made once on the GPU, then
CALLS calls each after refreshing every input tensor in place with a new draw of get_inputs(); per call the
rel_err of ModelNew's output against Model's on the same values. Printed: the largest rel_err over the calls, the
first call that exceeded 1e-2, and ModelNew.last_plan (what the cache ran on the last call) and last_graph.
Rule, written before any number: the fix holds iff every new/ row's calls are all under 1e-2 (the harness's
threshold) and no new/ row whose kernel launched a TensorDescriptor says "replay"; old/ rows are the control.
"""
import argparse
import glob
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abharness as H  # noqa: E402

CALLS = 6
# level 1's failing row and the level-2 / 3 problems whose kernels call kwb_plan_call around a GEMM that may take
# the TMA path (their session-48 kernels hold TensorDescriptor), GEMM chains first
PROBLEMS = ["level1/97_ScaledDotProductAttention", "level2/12_Gemm_Multiply_LeakyReLU",
            "level2/14_Gemm_Divide_Sum_Scaling", "level2/18_Matmul_Sum_Max_AvgPool_LogSumExp_LogSumExp",
            "level2/22_Matmul_Scale_ResidualAdd_Clamp_LogSumExp_Mish",
            "level2/28_BMM_InstanceNorm_Sum_ResidualAdd_Multiply",
            "level2/30_Gemm_GroupNorm_Hardtanh", "level2/40_Matmul_Scaling_ResidualAdd", "level2/56_Matmul_Sigmoid_Sum",
            "level2/62_Matmul_GroupNorm_LeakyReLU_Sum", "level2/64_Gemm_LogSumExp_LeakyReLU_LeakyReLU_GELU_GELU",
            "level2/68_Matmul_Min_Subtract", "level2/70_Gemm_Sigmoid_Scaling_ResidualAdd", "level2/76_Gemm_Add_ReLU",
            "level2/80_Gemm_Max_Subtract_GELU", "level2/86_Matmul_Divide_GELU",
            "level2/88_Gemm_GroupNorm_Swish_Multiply_Swish", "level2/94_Gemm_BiasAdd_Hardtanh_Mish_GroupNorm",
            "level2/98_Matmul_AvgPool_GELU_Scale_Max", "level3/1_MLP", "level3/44_MiniGPTBlock",
            "level2/4_Conv2d_Mish_Mish", "level2/52_Conv2d_Activation_BatchNorm"]


def generate(out, old):
    for sub in ("problems", "new", "old"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for p in PROBLEMS:
        name = os.path.basename(p)
        src = os.path.join(H.ROOT, ".gpu", "problems", p + ".py")
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        print("%-60s new %s" % (name, H.analyze(H.KWB, src, os.path.join(out, "new", name + ".py"))[1]), flush=True)
        for d in old or ():
            k = os.path.join(d, "kernel_opt_" + name, "kernel.py")
            if os.path.exists(k):
                shutil.copy(k, os.path.join(out, "old", name + ".py"))
    return 0


def run(kdir):
    import torch
    print("[plancheck49] %s torch %s, %d calls a row, inputs refreshed in place" % (
        torch.cuda.get_device_name(), torch.__version__, CALLS), flush=True)
    bad = 0
    for side in ("new", "old"):  # the fix first: the control after it, as far as the time goes
        for path in sorted(glob.glob(os.path.join(kdir, side, "*.py"))):
            name = os.path.basename(path)[:-3]
            try:
                P = H.load(os.path.join(kdir, "problems", name + ".py"), "p_%s_%s" % (side, name))
                K = H.load(path, "k_%s_%s" % (side, name))
                if hasattr(K, "kwb_plan_cache"):
                    K.kwb_plan_cache = True  # the old kernels' default was off
                torch.manual_seed(0)
                ref = P.Model(*P.get_init_inputs()).cuda().eval()
                m = K.ModelNew(*P.get_init_inputs()).cuda().eval()
                m.load_state_dict(ref.state_dict(), strict=False)
                xs = H.inputs_on(P, "cuda")
                worst, first = 0.0, None
                with torch.no_grad():
                    for c in range(CALLS):
                        torch.manual_seed(100 + c)
                        for x, y in zip(xs, H.inputs_on(P, "cuda")):
                            if isinstance(x, torch.Tensor):
                                x.copy_(y)
                        err = H.rel_err(m(*xs), ref(*xs))
                        worst = max(worst, err)
                        if err >= 1e-2 and first is None:
                            first = c
                st = m.__dict__
                tma = "TensorDescriptor" in open(path, encoding="utf-8").read()
                if side == "new" and (first is not None or (tma and st.get("last_plan") == "replay")):
                    bad += 1
                print("%-4s %-56s max rel_err %.1e  first bad call %s  last_plan %r  last_graph %r" % (
                    side, name, worst, first, str(st.get("last_plan"))[:110], st.get("last_graph")), flush=True)
                del m, ref, xs
                torch.cuda.empty_cache()
            except Exception as e:  # noqa: BLE001 -- the row says why
                bad += side == "new"
                print("%-4s %-56s error: %s: %s" % (side, name, type(e).__name__, str(e)[:200]), flush=True)
    print("[plancheck49] %s" % ("every new row holds" if not bad else "%d new rows BAD" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--generate", metavar="DIR")
    ap.add_argument("--old", metavar="SUITE_DIR", nargs="*", help="suites' workspaces: kernels written without the fix")
    ap.add_argument("--kernels", default=os.path.join(H.ROOT, ".gpu", "plancheck49"))
    a = ap.parse_args()
    sys.exit(generate(a.generate, a.old) if a.generate else run(a.kernels))
