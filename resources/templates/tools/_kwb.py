"""Shared by the workspace shims (tools/*.py): find the kwb command-line tool and hand over to it.
Standard library only; imported from the tools/ folder, which Python puts first on sys.path."""
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

