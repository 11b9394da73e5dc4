"""Registers, spills and vector widths of the Triton kernels compiled into one TRITON_CACHE_DIR.

Usage (GPU machine): python3 kernel_resources.py CACHE_DIR > resources.jsonl
Per compiled kernel one JSON line: its name, num_warps, the registers and spill bytes cuobjdump reports
for the cubin (Triton bundles cuobjdump), and the PTX's global loads and stores by vector width
(ld.global.v4 = 16-byte accesses of fp32; plain ld.global = 4-byte). A session-5 diagnostic for the
row norms: whether a kernel holds its chunk in registers without spilling, and whether it vectorises.
"""
import glob
import json
import os
import re
import subprocess
import sys

import triton

CUOBJDUMP = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")


def usage(cubin):
    try:
        out = subprocess.run([CUOBJDUMP, "--dump-resource-usage", cubin], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return {"cuobjdump_error": str(e)[:200]}
    m = re.search(r"REG:(\d+).*?STACK:(\d+).*?SHARED:(\d+).*?LOCAL:(\d+)", out)
    return {"regs": int(m.group(1)), "stack": int(m.group(2)), "shared": int(m.group(3)), "local": int(m.group(4))} if m else {"raw": out[-300:]}


for meta in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.json"))):
    try:
        md = json.load(open(meta))
    except (OSError, ValueError):
        continue
    if "name" not in md:
        continue
    base = meta[:-5]
    row = {"kernel": md["name"], "num_warps": md.get("num_warps")}
    if os.path.exists(base + ".cubin"):
        row.update(usage(base + ".cubin"))
    if os.path.exists(base + ".ptx"):
        ptx = open(base + ".ptx").read()
        for op in ("ld.global", "st.global"):
            n = {w: len(re.findall(r"\b%s[\w.:]*?%s\.[bfu]32\b" % (re.escape(op), w), ptx)) for w in ("", ".v2", ".v4")}
            row[op] = {"scalar": n[""] - n[".v2"] - n[".v4"], "v2": n[".v2"], "v4": n[".v4"]}
    print(json.dumps(row), flush=True)
