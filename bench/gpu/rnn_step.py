"""The recurrent stage's step paths (triton_stages.py kwb_rnn_step) on the H200, in one process, one table:
for 39_GRU, 35_LSTM and u37_GRU_1layer_last_step, each variant next to the one it replaces, with eager PyTorch
(cuDNN's RNN) and torch.compile of the reference:
  dot        the session-16 step (tl.dot tiles, 8 programs for 256 units; 39_GRU measured 85.8 ms), graph replayed
  split      one step kernel over ~128 programs (units split, every gate per program), graph replayed
  split/bhN  the same with N units a program (kwb_rnn_split_bh sweep; auto picks 2 for 256 units)
  loop       the whole time loop in one kernel per layer (hidden <= 64: u37), x_t @ W_ih^T in it too (auto:
             kwb_rnn_fuse_x) or from a GEMM first (loop,gemm)
  *,nograph  the same launched one by one (KWB_CUDA_GRAPH=0: the host-bound view)
35_LSTM draws h0/c0 with torch.randn in forward: the new plan draws them eagerly before the replay (chain.cpp
drawLines), so `last_graph` should read "replay" there now (it was always "eager" before).
Times: triton.testing.do_bench medians (ms); rel_err: ||new - eager|| / ||eager|| on the same inputs, the
generator seeded alike before each forward (as the harness does). Budget: <= 60 s (torch.compile rows are
skipped, and say so, once 20 s have gone; the suite has them: 33.6, 24.3, 25.6 ms).

    python3 bench/gpu/rnn_step.py [--kernels DIR] [--kwb KWB] [--problems DIR]

DIR (default .gpu/rnnstep): 39_GRU.py, 35_LSTM.py, u37_GRU_1layer_last_step.py generated on the CPU with this
branch (`kwb analyze P --kernel-out DIR/NAME.py --framework triton`); a missing one is generated with KWB
(default /tmp/kernel-workbench/bin/kwb). Problems: .gpu/problems/{level3,unseen}/ (or --problems ROOT).
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import time

import torch
import triton

PROBLEMS = [("level3", "39_GRU"), ("level3", "35_LSTM"), ("unseen", "u37_GRU_1layer_last_step")]
T0 = time.time()


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(a, b):
    a, b = a.double(), b.double()
    return ((a - b).norm() / b.norm().clamp_min(1e-30)).item()


def bench(fn, slow):
    # a launch-bound (ungraphed) 39_GRU call takes ~0.2 s: few repetitions there
    return triton.testing.do_bench(fn, warmup=1 if slow else 25, rep=1 if slow else 200, return_mode="median")


def kernel_file(args, level, name):
    path = os.path.join(args.kernels, name + ".py")
    if os.path.exists(path):
        return path
    problem = os.path.join(args.problems, level, name + ".py")
    os.makedirs(args.kernels, exist_ok=True)
    subprocess.run([args.kwb, "analyze", problem, "--kernel-out", path, "--framework", "triton"], check=True,
                   capture_output=True)
    return path


def run_problem(args, level, name, rows):
    problem = os.path.join(args.problems, level, name + ".py")
    ref_mod = load(problem, name + "_ref")
    kpath = kernel_file(args, level, name)
    init = ref_mod.get_init_inputs()
    torch.manual_seed(0)
    ref = ref_mod.Model(*init).cuda().eval()
    torch.manual_seed(1)
    inputs = [x.cuda() if isinstance(x, torch.Tensor) else x for x in ref_mod.get_inputs()]

    def seeded(fn):
        def call():
            torch.manual_seed(2)  # the same draw for every competitor (35_LSTM's randn state)
            return fn()
        return call

    with torch.no_grad():
        want = seeded(lambda: ref(*inputs))()
        eager_ms = bench(seeded(lambda: ref(*inputs)), False)
        variants = [("dot", {"kwb_rnn_step": "dot"}, "1"), ("auto", {"kwb_rnn_step": "auto"}, "1"),
                    ("auto,nograph", {"kwb_rnn_step": "auto"}, "0")]
        if name == "39_GRU":
            variants += [("split/bh%d" % bh, {"kwb_rnn_step": "split", "kwb_rnn_split_bh": bh}, "1")
                         for bh in (1, 4, 8)]
            variants.insert(1, ("dot,nograph", {"kwb_rnn_step": "dot"}, "0"))
        if name.startswith("u37"):
            variants += [("loop,gemm", {"kwb_rnn_step": "loop", "kwb_rnn_fuse_x": False}, "1"),
                         ("split", {"kwb_rnn_step": "split"}, "1")]
        for label, knobs, graph in variants:
            os.environ["KWB_CUDA_GRAPH"] = graph
            kmod = load(kpath, "%s_k_%s" % (name, label.replace("/", "_").replace(",", "_")))
            for k, v in knobs.items():
                setattr(kmod, k, v)
            new = kmod.ModelNew(*init).cuda().eval()
            new.load_state_dict(ref.state_dict(), strict=False)
            fn = seeded(lambda: new(*inputs))
            try:
                fn()
                fn()  # the second call of a key captures the graph
                got = fn()
                err = rel_err(got, want)
                ms = bench(fn, graph == "0" and name != "u37_GRU_1layer_last_step")
                what = "%s; %s" % (getattr(new, "last_graph", "-"), kmod._kwb_rnn_last)
            except Exception as e:  # noqa: BLE001 -- one variant failing must not hide the others
                err, ms, what = float("nan"), float("nan"), "FAILED %s: %s" % (type(e).__name__, str(e)[:200])
            rows.append((name, label, ms, eager_ms, err, what))
            print("%-26s %-14s %10.3f ms  eager %8.3f ms  %6.2fx eager  rel_err %.2e  %s" %
                  (name, label, ms, eager_ms, eager_ms / ms if ms == ms else float("nan"), err, what), flush=True)
            del new, kmod
        os.environ["KWB_CUDA_GRAPH"] = "1"
        if time.time() - T0 < 20:  # a first torch.compile can take 15-30 s
            try:
                comp = torch.compile(ref)
                cfn = seeded(lambda: comp(*inputs))
                cfn()
                cerr = rel_err(cfn(), want)
                cms = bench(cfn, False)
                print("%-26s %-14s %10.3f ms  eager %8.3f ms  %6.2fx eager  rel_err %.2e" %
                      (name, "torch.compile", cms, eager_ms, eager_ms / cms, cerr), flush=True)
            except Exception as e:  # noqa: BLE001
                print("%-26s torch.compile failed: %s" % (name, str(e)[:200]), flush=True)
        else:
            print("%-26s torch.compile skipped (%.0f s gone of the 60 s budget)" % (name, time.time() - T0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", default=".gpu/rnnstep")
    ap.add_argument("--kwb", default="/tmp/kernel-workbench/bin/kwb")
    ap.add_argument("--problems", default=".gpu/problems")
    args = ap.parse_args()
    print("device: %s, torch %s, triton %s" % (torch.cuda.get_device_name(), torch.__version__, triton.__version__))
    rows = []
    for level, name in PROBLEMS:
        try:
            run_problem(args, level, name, rows)
        except Exception as e:  # noqa: BLE001
            print("%-26s FAILED %s: %s" % (name, type(e).__name__, str(e)[:300]), flush=True)
    print("total %.1f s" % (time.time() - T0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
