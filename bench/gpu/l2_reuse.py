"""How much of a second read comes from L2, by working-set size (H200; issue 6's GroupNorm/LayerNorm question:
can a group of 8 MB or a row of 16 MB be re-read from L2 at all?).

For each size S: x (S bytes of fp32) is evicted from L2 by zeroing a 512 MiB buffer, then read twice in a
row by torch.sum (one launch each), each launch timed by CUDA events around it alone. cold = the first read
(from DRAM), warm = the second (from L2 where it still holds x). Median of REPS. The sum's own overheads
(launch, the final reduction) are in both, so warm/cold understates the L2 gain at small S.

Usage (GPU machine): python3 l2_reuse.py > out.jsonl
"""
import json

import torch

REPS = 30
SIZES_MB = (2, 4, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128)

flush = torch.empty(512 * 1024 * 1024 // 4, device="cuda")
print(json.dumps({"gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
                  "l2_bytes": getattr(torch.cuda.get_device_properties(0), "L2_cache_size", None)}), flush=True)
for mb in SIZES_MB:
    x = torch.rand(mb * 1024 * 1024 // 4, device="cuda")
    cold, warm = [], []
    for _ in range(REPS):
        flush.zero_()
        e = [torch.cuda.Event(enable_timing=True) for _ in range(3)]
        e[0].record()
        x.sum()
        e[1].record()
        x.sum()
        e[2].record()
        torch.cuda.synchronize()
        cold.append(e[0].elapsed_time(e[1]) * 1e3)
        warm.append(e[1].elapsed_time(e[2]) * 1e3)
    cold.sort()
    warm.sort()
    c, w = cold[REPS // 2], warm[REPS // 2]
    nbytes = x.numel() * 4
    print(json.dumps({"MiB": mb, "cold_us": round(c, 2), "warm_us": round(w, 2), "cold_TBps": round(nbytes / c / 1e6, 3),
                      "warm_TBps": round(nbytes / w / 1e6, 3), "warm_over_cold": round(c / w, 3)}), flush=True)
    del x
