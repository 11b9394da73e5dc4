#!/usr/bin/env python3
r"""Workspace shim (Kernel Workbench): the seed's compute_utilization.py, answered by `kwb utilization`.

    python tools/compute_utilization.py --gpu H200 --dtype float32 \
        --flops-expr 'M*N' --bytes-expr '8*M*N' --time-ms 3.07 --grid-blocks 4096 [--var M=4096 ...]

Every flag is passed through unchanged (kwb also takes --var NAME=VALUE, --measured-bw TB/s, --json);
the peaks and their sources come from the workbench's GPU spec ledger. Standard library only.
"""
import sys

from _kwb import forward


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    forward(["utilization"] + sys.argv[1:])
