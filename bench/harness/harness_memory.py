#!/usr/bin/env python3
"""Peak tensor memory of the generated harness (resources/templates/test_kernel.py.in), measured on the CPU.

    /usr/bin/python3 bench/harness/harness_memory.py [--problem relu|softmax|l1norm|all] [--rows 4096] [--cols 16384]

Why: on the H200 the suite admits problems by an estimate of each harness's GPU peak
(core/pipeline/suite.cpp suiteFootprintBytes), and session 11 measured 19_ReLU at 10.0x its input
(gpu_peak_bytes 64.6 GB). The harness's own tensors do not depend on the device, so their peak is measured
here: the harness is rendered as the pipeline renders it (tests/python/harness_support.render) and run
in-process in its cpu-test mode (KWB_HARNESS_DEVICE=cpu, ModelNew = the reference Model), with
bench/harness/kwbmem.c preloaded: it counts every heap block of 64 KiB or more that torch's CPU allocator takes
(posix_memalign) and gives back (free), so live and peak bytes of the tensor storages are exact at every
allocation. Three things are made GPU-like: derive_cases() is asked for the GPU's cases (problem_shape
and mean_shift at the problem's own shape, the derived cases at 2^20 elements), the comparison pieces
(COMPARE_CHUNK) are ~1 % of the tensor as 2^24 elements are of a 6.4 GB one, and torch.compile, missing in
torch 1.13, is the identity (what the harness holds around the compiled model's outputs is measured;
Inductor's own buffers are not). Printed: the peak over the whole run and within each harness step
(check_seed per case and seed, time_primary, record_dispatch, measure_compile_ref) with the bytes live
before and after it, in MB and as multiples of the input bytes (I) and of the minimum bytes
(B = inputs + outputs, what the spec's "bytes" counts for these problems). Intermediates inside one torch
op are counted too (they are heap blocks); the GPU's caching allocator rounds and caches, which is not.
"""
import argparse
import importlib.util
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "python"))
import harness_support as hs  # noqa: E402

REFERENCES = {
    # name: (forward body, pattern, outputs per input element)
    "relu": ("return torch.relu(x)", "Elementwise"),
    "softmax": ("return torch.softmax(x, dim=1)", "Softmax"),
    "l1norm": ("return x / torch.mean(torch.abs(x), dim=1, keepdim=True)", "Norm"),
}

REFERENCE = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        {body}


def get_inputs():
    return [torch.rand({rows}, {cols})]


def get_init_inputs():
    return []
'''

KERNEL = '''from reference import Model


class ModelNew(Model):
    pass
'''

STEPS = ("check_seed", "time_primary", "record_dispatch", "profile_kernels", "measure_compile_ref")


def preload():
    """The counting allocator shim (bench/harness/kwbmem.c) loaded into this process: re-executes this script under
    LD_PRELOAD with it (built with gcc into a temporary folder) unless it is loaded already."""
    import ctypes
    lib = ctypes.CDLL(None)
    if hasattr(lib, "kwbmem_peak"):
        for f in (lib.kwbmem_live, lib.kwbmem_peak):
            f.restype = ctypes.c_size_t
        return lib
    import subprocess
    so = os.path.join(tempfile.mkdtemp(prefix="kwbmem_"), "kwbmem.so")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", so, os.path.join(HERE, "kwbmem.c"), "-ldl"], check=True)
    env = dict(os.environ, LD_PRELOAD=so)
    os.execve(sys.executable, [sys.executable] + sys.argv, env)


def measure(name, rows, cols, lib, template=None):
    import torch
    body, pattern = REFERENCES[name]
    spec = hs.spec_for(name, [{"name": "x", "shape": [rows, cols], "stride": [cols, 1]}], pattern=pattern)
    root = tempfile.mkdtemp(prefix="kwb_harness_memory_")
    rows_out, whole = [], [0]

    def labelled(fn, step):
        def wrapper(*a, **kw):
            label = step if step != "check_seed" else "check_seed:%s:seed%d" % (a[1].name, a[2])
            whole[0] = max(whole[0], lib.kwbmem_peak())
            before = lib.kwbmem_live()
            lib.kwbmem_reset_peak()
            try:
                return fn(*a, **kw)
            finally:
                peak = lib.kwbmem_peak()
                whole[0] = max(whole[0], peak)
                rows_out.append((label, peak, before, lib.kwbmem_live()))
        return wrapper
    try:
        with open(os.path.join(root, "reference.py"), "w") as f:
            f.write(REFERENCE.format(body=body, rows=rows, cols=cols))
        with open(os.path.join(root, "kernel.py"), "w") as f:
            f.write(KERNEL)
        path = os.path.join(root, "test_kernel.py")
        with open(path, "w") as f:
            text = hs.render(spec)
            if template:  # another version of the template (e.g. main's, for a before/after)
                saved = hs.TEMPLATE
                hs.TEMPLATE = template
                try:
                    text = hs.render(spec)
                finally:
                    hs.TEMPLATE = saved
            f.write(text)
        os.environ["KWB_HARNESS_DEVICE"] = "cpu"
        os.environ["TEST_TIMEOUT_SEC"] = "600"
        sys.path.insert(0, root)
        for m in ("reference", "kernel"):
            sys.modules.pop(m, None)
        mod_spec = importlib.util.spec_from_file_location("kwb_measured_harness_" + name, path)
        mod = importlib.util.module_from_spec(mod_spec)
        mod_spec.loader.exec_module(mod)
        orig_derive = mod.derive_cases
        mod.derive_cases = lambda s, plan, cpu_mode: orig_derive(s, plan, False)  # the GPU's cases
        if hasattr(mod, "COMPARE_CHUNK"):  # pieces as small beside the tensor as on the GPU (6.4 GB / 2^24)
            mod.COMPARE_CHUNK = max(1, rows * cols // 96)
        if not hasattr(torch, "compile"):
            torch.compile = lambda model, **kw: model
        for s in STEPS:
            setattr(mod, s, labelled(getattr(mod, s), s))
        start = lib.kwbmem_live()
        rc = mod.main(["--compile-ref", "--no-memory"])
        whole[0] = max(whole[0], lib.kwbmem_peak())
        sys.path.remove(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    in_bytes = rows * cols * 4
    minimum = 2 * in_bytes  # inputs + outputs: one fp32 input, one output of the same size
    print("%s %dx%d fp32: exit %s; input I = %.1f MB, B = I + O = %.1f MB; live before main() %.1f MB" % (
        name, rows, cols, rc, in_bytes / 1e6, minimum / 1e6, start / 1e6))
    print("  %-34s %10s %7s %7s %10s %10s" % ("step", "peak MB", "x I", "x B", "before MB", "after MB"))
    print("  %-34s %10.1f %7.2f %7.2f" % ("whole run", whole[0] / 1e6, whole[0] / in_bytes, whole[0] / minimum))
    for label, peak, before, after in rows_out:
        if peak >= 0.05 * in_bytes:
            print("  %-34s %10.1f %7.2f %7.2f %10.1f %10.1f" % (label, peak / 1e6, peak / in_bytes,
                                                                 peak / minimum, before / 1e6, after / 1e6))
    return {"problem": name, "exit": rc, "input_bytes": in_bytes, "min_bytes": minimum, "peak_bytes": whole[0],
            "steps": [{"step": label, "peak_bytes": peak, "live_before": before, "live_after": after}
                      for label, peak, before, after in rows_out]}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--problem", default="all", choices=sorted(REFERENCES) + ["all"])
    p.add_argument("--rows", type=int, default=4096)
    p.add_argument("--cols", type=int, default=16384)
    p.add_argument("--template", default=None, help="render this test_kernel.py.in instead of the checkout's")
    p.add_argument("--json", action="store_true",
                   help="also print one line KWB_MEMORY_JSON=[{problem, peak_bytes, ...}]")
    a = p.parse_args()
    lib = preload()
    out = [measure(name, a.rows, a.cols, lib, a.template)
           for name in (sorted(REFERENCES) if a.problem == "all" else [a.problem])]
    if a.json:
        import json
        print("KWB_MEMORY_JSON=" + json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
