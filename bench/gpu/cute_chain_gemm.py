"""First run of the CuTe DSL one-GEMM chain kernels (the stage set's kwb_gemm, cutedsl_stages.py; until session 31
cutedsl_chain_gemm.py.tmpl) on a GPU with the DSL installed.

    CUTE_DSL_ARCH=sm_90a python3 bench/gpu/cute_chain_gemm.py [--kwb build/dev/app/kwb] [--problems DIR]
                                                              [--only 40_,76_] [--dtype fp32|bf16]

NEVER RUN YET (written in session 15, where no machine could install nvidia-cutlass-dsl): the kernels were only
checked statically (kwb check) and on a CPU emulation of their cute.* names. For each level-2 problem listed below
(or --only): `kwb analyze P --kernel-out K --framework cutedsl` must write a kernel, not a skeleton; ModelNew
(loaded from Model's state_dict, as the harness does) runs at the problem's own shapes on the GPU against Model
with TF32 off. One line per problem: rel_err = ||ours - ref|| / ||ref||, the latency of ours and of eager PyTorch
(CUDA events, median of 20 after 3 warm-ups, µs) and ModelNew.last_grid_blocks. The SIMT GEMM is expected to be
far slower than cuBLAS: this checks that the DSL accepts the kernel and computes the right numbers.
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
PROBLEMS = ["40_Matmul_Scaling_ResidualAdd", "76_Gemm_Add_ReLU", "12_Gemm_Multiply_LeakyReLU",
            "86_Matmul_Divide_GELU", "70_Gemm_Sigmoid_Scaling_ResidualAdd", "68_Matmul_Min_Subtract"]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def time_us(fn, n=20):
    for _ in range(3):
        fn()
    times = []
    for _ in range(n):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()
        times.append(a.elapsed_time(b) * 1000.0)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kwb", default=os.path.join(ROOT, "build", "dev", "app", "kwb"))
    ap.add_argument("--problems", default="/work/shared/data/kernelbench/level2")
    ap.add_argument("--only", default="")
    ap.add_argument("--dtype", default="fp32", choices=["fp32", "bf16"])
    a = ap.parse_args()
    dtype = torch.float32 if a.dtype == "fp32" else torch.bfloat16
    torch.backends.cuda.matmul.allow_tf32 = False
    names = [p for p in PROBLEMS if not a.only or any(p.startswith(o) for o in a.only.split(","))]
    tmp = tempfile.mkdtemp(prefix="cute_chain_")
    for name in names:
        problem = os.path.join(a.problems, name + ".py")
        kernel = os.path.join(tmp, name + ".py")
        try:
            subprocess.run([a.kwb, "analyze", problem, "--kernel-out", kernel, "--framework", "cutedsl"], check=True,
                           capture_output=True)
            with open(kernel, encoding="utf-8") as f:
                if "UNIMPLEMENTED" in f.read():
                    print("%s: SKELETON (kwb wrote no CuTe DSL kernel)" % name)
                    continue
            ref, ker = load(problem, "ref_" + name), load(kernel, "ker_" + name)
            torch.manual_seed(0)
            model = ref.Model(*ref.get_init_inputs()).cuda().to(dtype).eval()
            new = ker.ModelNew(*ref.get_init_inputs()).cuda().to(dtype).eval()
            new.load_state_dict(model.state_dict())
            inputs = [x.cuda().to(dtype) if isinstance(x, torch.Tensor) else x for x in ref.get_inputs()]
            with torch.no_grad():
                want = model(*inputs).float()
                got = new(*inputs).float()
                torch.cuda.synchronize()
                err = ((got - want).norm() / want.norm().clamp_min(1e-30)).item()
                ours = time_us(lambda: new(*inputs))
                eager = time_us(lambda: model(*inputs))
            print("%s: rel_err %.2e  ours %.1f us  eager %.1f us  ctas %d" % (name, err, ours, eager,
                                                                             new.last_grid_blocks))
        except Exception as e:  # noqa: BLE001 - one problem's failure is its line
            print("%s: ERROR %s: %s" % (name, type(e).__name__, (str(e).splitlines() or [""])[0][:300]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
