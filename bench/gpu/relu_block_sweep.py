"""Block-size sweep of the generated Triton elementwise kernel shape on ReLU 4096x393216 fp32,
against PyTorch eager and a device-to-device copy, all with triton.testing.do_bench (median).
Usage (on the GPU machine): python3 relu_block_sweep.py
"""
import json

import torch
import triton
import triton.language as tl


@triton.jit
def _relu(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


x = torch.rand(4096, 393216, device="cuda") - 0.5
y = torch.empty_like(x)
n = x.numel()
nbytes = 2 * x.numel() * x.element_size()
rows = []


def bench(name, fn):
    ms = triton.testing.do_bench(fn, warmup=100, rep=1500, return_mode="median")
    rows.append({"config": name, "median_us": ms * 1e3, "TB_s": nbytes / (ms * 1e-3) / 1e12})


bench("torch.relu (eager)", lambda: torch.relu(x))
bench("copy_ (D2D, same bytes)", lambda: y.copy_(x))
for block, warps in [(1024, 4), (2048, 4), (2048, 8), (4096, 8), (8192, 8), (8192, 16)]:
    bench("triton BLOCK=%d num_warps=%d" % (block, warps),
          lambda b=block, w=warps: _relu[(triton.cdiv(n, b),)](x, y, n, BLOCK=b, num_warps=w))
assert torch.equal(y, torch.relu(x))
print(json.dumps(rows, indent=1))
for r in rows:
    print("%-34s %10.1f us %6.3f TB/s" % (r["config"], r["median_us"], r["TB_s"]))
