#!/usr/bin/env python3
r"""Workspace shim (Kernel Workbench): the seed's plugin.py, answered by `kwb plugin`.

    python tools/plugin.py list [--json]                    enabled knowledge tools and input schemas
    python tools/plugin.py query TOOL --input '{"...": ...}'  records with stable ids and sources

Records come back exactly as the tool returned them (ids and attribution preserved). Standard library only.
"""
import sys

from _kwb import forward


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    if args[0] not in ("list", "query"):
        sys.stderr.write("plugin.py: unknown subcommand %r (list | query TOOL --input JSON)\n" % args[0])
        sys.exit(2)
    forward(["plugin"] + args)
