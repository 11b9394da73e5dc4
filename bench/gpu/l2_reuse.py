"""How much of a second read comes from L2, by working-set size (H200; issue 6's GroupNorm/LayerNorm question:
can a group of 8 MB or a row of 16 MB be re-read from L2 at all?).

For each size S, a Triton read kernel (one CTA per 16 KiB, one fp32 partial out per CTA) is launched K times
back to back between two CUDA events:
  warm: K reads of the same S-byte buffer (after the first, from L2 as far as it holds S);
  cold: K reads of K different S-byte buffers, K * S > 4x the L2, so every read comes from DRAM.
The K launches are one CUDA graph, replayed between the events. Per-read time = (end - start) / K, median of
REPS; the warm figure includes the first (cold) read of the K. Session 6 first tried torch.sum
(an 8 us floor at every size hid the difference): replaced by this.

Usage (GPU machine): python3 l2_reuse.py > out.jsonl
"""
import json

import torch
import triton
import triton.language as tl

REPS = 15
K = 16
SIZES_MB = (4, 8, 12, 16, 24, 32, 40, 48, 64, 96)
BLOCK = 4096


@triton.jit
def read_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + pid, tl.sum(v, axis=0))


def per_read_us(bufs, out):
    n = bufs[0].numel()
    grid = (triton.cdiv(n, BLOCK),)
    # The K launches are captured in a CUDA graph and replayed, so they run back to back on the GPU (launched
    # from Python one by one, each took ~13 us of host time and the GPU idled: call 6's first run).
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for i in range(K):
            read_kernel[grid](bufs[i % len(bufs)], out, n, BLOCK=BLOCK, num_warps=4)
    times = []
    for _ in range(REPS):
        torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        g.replay()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) * 1e3 / K)
    times.sort()
    return times[REPS // 2]


l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 60 * 1024 * 1024)
print(json.dumps({"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__,
                  "l2_bytes": l2, "K": K, "REPS": REPS}), flush=True)
for mb in SIZES_MB:
    n = mb * 1024 * 1024 // 4
    out = torch.empty(triton.cdiv(n, BLOCK), device="cuda")
    same = [torch.rand(n, device="cuda")]
    distinct = [torch.rand(n, device="cuda") for _ in range(K)]  # K * S bytes, >= 4x L2 from 16 MiB on
    read_kernel[(triton.cdiv(n, BLOCK),)](same[0], out, n, BLOCK=BLOCK, num_warps=4)  # compile
    warm, cold = per_read_us(same, out), per_read_us(distinct, out)
    nbytes = n * 4
    print(json.dumps({"MiB": mb, "distinct_total_MiB": mb * K, "cold_us": round(cold, 2), "warm_us": round(warm, 2),
                      "cold_TBps": round(nbytes / cold / 1e6, 3), "warm_TBps": round(nbytes / warm / 1e6, 3),
                      "warm_speedup": round(cold / warm, 3)}), flush=True)
    del same, distinct, out
