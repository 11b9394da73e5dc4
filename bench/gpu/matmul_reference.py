"""torch.matmul's own latency at each GEMM problem's shape, with fp32 math as the reference uses it
(TF32 off, PyTorch's default) and with TF32 allowed (what a Triton tl.dot on fp32 does by default), so a
generated GEMM can be compared with PyTorch at the same precision as well as with the eager reference.

Usage (GPU machine): python3 matmul_reference.py PROBLEM.py... > out.jsonl
Per problem one JSON line: the median of triton.testing.do_bench (warmup 100 ms, rep 500 ms) of
Model(*get_init_inputs()).forward(*get_inputs()) on CUDA, in µs, for both settings.
"""
import importlib.util
import json
import os
import sys

import torch
import triton

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
    torch.backends.cuda.matmul.allow_tf32 = False
    print(json.dumps(row), flush=True)
    del inputs, model
    torch.cuda.empty_cache()
