#!/usr/bin/env python3
r"""Workspace shim (Kernel Workbench): the seed's plugin.py, answered by `kwb plugin`.

    python tools/plugin.py list [--json]                    enabled knowledge tools and input schemas
    python tools/plugin.py query TOOL --input '{"...": ...}'  records with stable ids and sources

Records come back exactly as the tool returned them (ids and attribution preserved). Standard library only.
"""
import os
import shutil
import sys

WORKSPACE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_kwb():
    """The kwb executable: $KWB, else the path in .kwb/kwb_path (written by the workbench), else PATH."""
    tried = []
    env = os.environ.get("KWB", "").strip()
    if env:
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return env
        tried.append("$KWB=%s (not an executable file)" % env)
    marker = os.path.join(WORKSPACE, ".kwb", "kwb_path")
    if os.path.isfile(marker):
        with open(marker, encoding="utf-8") as f:
            path = f.readline().strip()
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        tried.append("%s -> %r (not an executable file)" % (marker, path))
    else:
        tried.append("%s (absent)" % marker)
    found = shutil.which("kwb")
    if found:
        return found
    tried.append("PATH (no kwb)")
    sys.stderr.write("%s: cannot find the kwb command-line tool; tried: %s.\n"
                     "Set KWB=/path/to/kwb or put kwb on PATH.\n"
                     % (os.path.basename(sys.argv[0]), "; ".join(tried)))
    sys.exit(127)


def forward(kwb_args):
    """Runs kwb with kwb_args and exits with its exit code (kwb replaces this process)."""
    kwb = find_kwb()
    os.environ.setdefault("KWB_WORKSPACE", WORKSPACE)
    sys.stdout.flush()
    try:
        os.execv(kwb, [kwb] + list(kwb_args))
    except OSError as e:
        sys.stderr.write("%s: cannot run %s: %s\n" % (os.path.basename(sys.argv[0]), kwb, e))
        sys.exit(126)


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    if args[0] not in ("list", "query"):
        sys.stderr.write("plugin.py: unknown subcommand %r (list | query TOOL --input JSON)\n" % args[0])
        sys.exit(2)
    forward(["plugin"] + args)
