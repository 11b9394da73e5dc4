#!/usr/bin/env python3
r"""Workspace shim (Kernel Workbench): the seed's memory_manager.py, answered by `kwb memory`.

    python tools/memory_manager.py create --workspace kernel_opt_<name> --version v0
    python tools/memory_manager.py update --workspace kernel_opt_<name> --version v0 \
        --set 'performance.latency_us=3070.5' --set 'correctness.status=PASS'

memory/v<N>.json follows reference/v_iteration.schema.json; `kwb memory update` sets each dotted path.
--workspace is a folder (relative to the current directory); kwb uses the current directory if it is
omitted. Standard library only.
"""
import sys

from _kwb import forward


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    if args[0] not in ("create", "update"):
        sys.stderr.write("memory_manager.py: unknown subcommand %r (create | update)\n" % args[0])
        sys.exit(2)
    forward(["memory"] + args)
