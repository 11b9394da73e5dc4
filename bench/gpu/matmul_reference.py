"""torch.matmul's own latency at each GEMM problem's shape, with fp32 math as the reference uses it
(TF32 off, PyTorch's default) and with TF32 allowed (what a Triton tl.dot on fp32 does by default), so a
generated GEMM can be compared with PyTorch at the same precision as well as with the eager reference.

Usage (GPU machine): python3 matmul_reference.py PROBLEM.py... > out.jsonl
Per problem one JSON line: the median of triton.testing.do_bench (warmup 100 ms, rep 500 ms) of
Model(*get_init_inputs()).forward(*get_inputs()) on CUDA, in µs, for both settings (fp32_us, tf32_us);
and the same call timed the way the workbench's harness times a kernel (fp32_sync_us, tf32_sync_us):
CUDA events around one call, the L2 flushed (a 120 MiB write) and the device synchronized before each,
median of 100. The queue is empty when each call starts, so PyTorch's host path until its first
launch counts, as it does for the generated kernel under the harness.
"""
import importlib.util
import json
import os
import sys

import torch
import triton

FLUSH = None


def synced_median_us(fn, n=100):
    global FLUSH
    if FLUSH is None:
        FLUSH = torch.empty(120 * 2**20 // 4, device="cuda")
    for _ in range(5):
        fn()
    times = []
    for _ in range(n):
        FLUSH.fill_(1.0)
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    times.sort()
    return times[len(times) // 2]


for path in sys.argv[1:]:
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location("problem_" + name.replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    torch.manual_seed(0)
    with torch.device("cuda"):
        inputs = [x.cuda() if torch.is_tensor(x) else x for x in mod.get_inputs()]
        model = mod.Model(*mod.get_init_inputs()).cuda()
    row = {"problem": name, "gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
           "shapes": [list(x.shape) for x in inputs if torch.is_tensor(x)]}
    with torch.no_grad():
        for label, tf32 in (("fp32_us", False), ("tf32_us", True)):
            torch.backends.cuda.matmul.allow_tf32 = tf32
            row[label] = triton.testing.do_bench(lambda: model(*inputs), warmup=100, rep=500,
                                                 return_mode="median") * 1e3
            row[label.replace("_us", "_sync_us")] = synced_median_us(lambda: model(*inputs))
    torch.backends.cuda.matmul.allow_tf32 = False
    print(json.dumps(row), flush=True)
    del inputs, model
    torch.cuda.empty_cache()
