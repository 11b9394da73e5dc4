"""Control for issue 4's "uninitialised memory" bullet: shows whether, on this GPU and torch, the CUDA
caching allocator hands torch.empty_like the block a same-size reference output just freed (so a
kernel returning uninitialised memory would match the reference if the reference ran first, as the
harness did before it ran the kernel first). Prints one JSON line.

Usage (GPU machine): python3 allocator_recycle.py
"""
import json

import torch

x = torch.randn(33, 1000, device="cuda") + 0.5
ref = torch.relu(x)
expected = ref.clone()
del ref                          # the reference's output is freed back to the cache
y = torch.empty_like(x)          # what a "kernel" returning uninitialised memory would return
torch.cuda.synchronize()
recycled = bool(torch.equal(y, expected))
# the harness's order now: the kernel allocates before the reference has computed anything
z = torch.empty_like(torch.randn(33, 1000, device="cuda") + 0.5)
print(json.dumps({"torch": torch.__version__, "gpu": torch.cuda.get_device_name(),
                  "empty_like_after_freed_reference_equals_it": recycled,
                  "note": "true means the hazard is real here: the reference-first order would have "
                          "passed a kernel returning torch.empty_like(x)"}))
del z
