#!/usr/bin/env python3
"""host44 (session 44, issue 14): where a generated forward's host time goes on the GPU host, per fixture.

    python3 bench/gpu/host44_gpu.py --kernels DIR --problems DIR [--only a,b] [--calls 200] [--cpu]
      (--cpu: a dry run of the same path on fake_triton, to check the script without a GPU; its figures mean nothing)
      DIR: NAME.py kernels (kwb analyze P --gpu H100-SXM --framework triton --kernel-out DIR/NAME.py) and the
      problems NAME.py beside them in --problems.

Columns (us; one process, one GPU, same inputs each call):
  launches   @triton.jit launches of one eager forward (the body: `_kwb_forward` where the kernel has one)
  bench      do_bench of the forward as shipped (host included where it outlasts the GPU)
  graph      do_bench_cudagraph of it (GPU time, host hidden)
  host       wall of `calls` forwards back to back, no synchronize inside, / calls (the host path; the queue is
             deep enough for these tiny kernels)
  body_host  the same for the eager body (`_kwb_forward`), where the forward replays a graph
  triton     the body's launches replayed from the recorded (grid, args, kwargs): Triton's JITFunction.run and the
             CUDA launch, no kwb Python
  plumbing   body_host - triton: kwb's own Python and torch host work (what bench/host_path.py measures on a CPU)
  per_launch triton / launches
The rule this answers is in docs/results/2026-12-07-host44.md ("Next GPU session"), written before any number.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abharness  # noqa: E402


def host_us(fn, calls, dev):
    import torch
    sync = torch.cuda.synchronize if dev == "cuda" else (lambda: None)
    sync()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    t1 = time.perf_counter()
    sync()
    return (t1 - t0) / calls * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--problems", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--cpu", action="store_true", help="a dry run of the script's path on fake_triton (no timing "
                    "meaning: bench/host_path.py is the CPU bench)")
    a = ap.parse_args()
    if a.cpu:
        abharness.use_cpu_emulation()
    import torch
    import triton
    dev = "cpu" if a.cpu else "cuda"
    if dev == "cuda" and not torch.cuda.is_available():
        print("host44_gpu: needs CUDA (bench/host_path.py is the CPU side; --cpu for a dry run)")
        return 0
    names = sorted(f[:-3] for f in os.listdir(a.kernels) if f.endswith(".py"))
    names = [n for n in names if not a.only or n in a.only.split(",")]
    try:
        jit_cls = triton.runtime.jit.JITFunction
    except AttributeError:  # fake_triton (--cpu)
        jit_cls = triton.JITFunction
    orig_getitem = jit_cls.__getitem__
    rec = []

    def recording(self, grid):
        launch = orig_getitem(self, grid)

        def call(*args, **kwargs):
            rec.append((self, grid, args, kwargs))
            return launch(*args, **kwargs)
        return call

    print("%-40s %8s %8s %8s %8s %9s %8s %8s %10s" % ("problem", "launches", "bench", "graph", "host", "body_host",
                                                       "triton", "plumbing", "per_launch"))
    for n in names:
        try:
            prob = abharness.load(os.path.join(a.problems, n + ".py"), "p_" + n)
            ker = abharness.load(os.path.join(a.kernels, n + ".py"), "k_" + n)
            init = prob.get_init_inputs()
            model = prob.Model(*init).to(dev).eval()
            new = ker.ModelNew(*init).to(dev).eval()
            sd = model.state_dict()
            if sd:
                new.load_state_dict(sd, strict=False)
            inputs = abharness.inputs_on(prob, dev)
            body = getattr(new, "_kwb_forward", None) or new.forward

            def fwd():
                with torch.no_grad():
                    return new(*inputs)

            def fbody():
                with torch.no_grad():
                    return body(*inputs)

            for _ in range(5):
                fwd()
                fbody()
            if dev == "cuda":
                torch.cuda.synchronize()
            del rec[:]
            jit_cls.__getitem__ = recording
            try:
                fbody()
            finally:
                jit_cls.__getitem__ = orig_getitem
            calls = list(rec)
            del rec[:]

            def replay():
                with torch.no_grad():  # as the forward launched them (fake_triton's writes see autograd)
                    for j, g, args, kw in calls:
                        j[g](*args, **kw)

            bench, graph = abharness.bench_graph(fwd, dev)
            h = host_us(fwd, a.calls, dev)
            bh = host_us(fbody, a.calls, dev)
            tr = host_us(replay, a.calls, dev)
            print("%-40s %8d %8s %8s %8.1f %9.1f %8.1f %8.1f %10.1f" % (
                n, len(calls), "-" if bench is None else "%.1f" % bench, "-" if graph is None else "%.1f" % graph,
                h, bh, tr, bh - tr, tr / max(len(calls), 1)), flush=True)
        except Exception as e:  # noqa: BLE001 -- one problem's failure is its row, the others run
            print("%-40s FAILED %s: %s" % (n, type(e).__name__, str(e)[:200]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
