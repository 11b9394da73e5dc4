#!/usr/bin/env python3
"""host40 (session 40, issue 14): the Python side of a generated kernel.py's forward on the CPU, GPU part stubbed.

Fake Triton (tests/data/codegen/fake_triton) with every `kernel[grid](...)` replaced by a stub that counts the
launch and its arguments and runs nothing; torch.cuda's graph API replaced by a no-op model (capture runs the
body once, replay does nothing) and the graph path's CUDA check lifted, so the kwb_graph_call route's Python runs
too. Per problem and variant: forward calls per second are not the figure (no GPU, no Triton launcher): the
figures are Python function calls per forward (sys.setprofile 'call' events, C calls apart), launches per forward
and the arguments they pass, and the wall us per forward of that Python (perf_counter, median of rounds, the garbage collector off).
What the real Triton launcher costs per argument is not here (a GPU question; host40/ab.py on the device).

  KWB_FAKE_TRITON=1 python3 bench/gpu/host40_cpu.py --kernels DIR --problems DIR [--only a,b]
"""
import argparse
import contextlib
import gc
import importlib.util
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/data/codegen/fake_triton"))
import torch  # noqa: E402
import triton  # noqa: E402

LAUNCHES = [0, 0]  # launches, arguments


class _Stub:
    def __init__(self, *a, **k):
        pass

    def __call__(self, *args, **kwargs):
        LAUNCHES[0] += 1
        LAUNCHES[1] += len(args) + len(kwargs)


def stub_launches():
    triton.JITFunction.__getitem__ = lambda self, grid: _Stub()


class _FakeGraph:
    def replay(self):
        pass


@contextlib.contextmanager
def _fake_capture(g, **kw):
    yield


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def graph_lib():
    """The current tree's triton_graph.py (with the stage library it calls) as one module, its CUDA parts faked."""
    t = ROOT / "resources/templates/kernels"
    src = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n" + "\n\n".join(
        (t / f).read_text() for f in ("triton_stages.py", "chain_host.py", "triton_epilogue.py", "triton_indexed.py",
                                      "triton_graph.py"))
    mod = type(sys)("kwb_graphlib_cpu")
    exec(compile(src, "kwb_graphlib_cpu", "exec"), mod.__dict__)
    mod._kwb_graph_why_not = lambda args: ""
    mod.torch = type(sys)("torch_shim")
    mod.torch.__dict__.update(torch.__dict__)
    mod.torch.cuda = type(sys)("cuda_shim")
    mod.torch.cuda.CUDAGraph = _FakeGraph
    mod.torch.cuda.graph = _fake_capture
    return mod


def count_calls(fn):
    n = [0]

    def prof(frame, event, arg):
        if event == "call":
            n[0] += 1
    sys.setprofile(prof)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return n[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--problems", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--calls", type=int, default=20)
    args = ap.parse_args()
    stub_launches()
    lib = graph_lib()
    print("%-42s %-8s %8s %8s %10s %10s" % ("problem", "variant", "launches", "args", "py_calls", "py_us"))
    for f in sorted(os.listdir(args.kernels)):
        tag = f[:-3]
        if not f.endswith(".py") or (args.only and tag not in args.only.split(",")):
            continue
        p = load(os.path.join(args.problems, f), "p_" + tag)
        torch.manual_seed(0)
        init = p.get_init_inputs()
        model = p.Model(*init).eval()
        A = p.get_inputs()
        B = [x.clone() if isinstance(x, torch.Tensor) else x for x in A]
        for variant in ("old", "graph", "graph-AB"):
            k = load(os.path.join(args.kernels, f), "k_%s_%s" % (variant.replace("-", "_"), tag))
            m = k.ModelNew(*init).eval()
            if model.state_dict():
                m.load_state_dict(model.state_dict())
            if variant != "old":
                eager = m.forward
                m.forward = (lambda e, mm: (lambda *a: lib.kwb_graph_call(mm, e, a)))(eager, m)
            sets = [A, B] if variant == "graph-AB" else [A]
            with torch.no_grad():
                for i in range(4):
                    m(*sets[i % len(sets)])
                LAUNCHES[:] = [0, 0]
                calls = count_calls(lambda: m(*sets[0]))
                launches, nargs = LAUNCHES
                times = []
                gc.collect()
                gc.disable()  # a collection of the fake Triton's heap landed in one call: ms of noise
                for r in range(args.rounds):
                    t0 = time.perf_counter()
                    for i in range(args.calls):
                        m(*sets[i % len(sets)])
                    times.append((time.perf_counter() - t0) * 1e6 / args.calls)
                gc.enable()
            print("%-42s %-8s %8d %8d %10d %10.1f %s" % (tag, variant, launches, nargs, calls,
                                                          statistics.median(times), m.__dict__.get("last_graph", "")),
                  flush=True)


if __name__ == "__main__":
    main()
