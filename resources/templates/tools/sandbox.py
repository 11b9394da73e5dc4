#!/usr/bin/env python3
r"""Workspace shim (Kernel Workbench): the seed's mandatory sandbox, run locally.

    python tools/sandbox.py --kind run --no-sync -- python test_kernel.py --version v0 --no-memory

Runs CMD in the workspace folder (the parent of tools/) and exits with CMD's exit code (128+N if a
signal N ended it). The environment gets TEST_TIMEOUT_SEC (the per-case limit, default 30 s, kept if
already set; --case-timeout SEC overrides) and PYTHONUNBUFFERED=1 so harness lines arrive at once.
A bare `python`/`python3` as CMD's program becomes the Python the workbench found torch in
(.kwb/python, written by `kwb baseline`), else this interpreter (sys.executable), so the harness runs
under the Python that has torch. CMD stays in this process group: a watchdog that kills the group
ends both; SIGINT/SIGTERM/SIGHUP sent to this process are passed on to CMD.
--no-sync is accepted and does nothing (the workspace is local; remote runs are the workbench's SSH
target). Only --kind run is supported. Standard library only.
"""
import os
import signal
import subprocess
import sys

WORKSPACE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def torch_python():
    """The interpreter kwb found torch in (.kwb/python), when it still exists; else this one."""
    try:
        with open(os.path.join(WORKSPACE, ".kwb", "python"), encoding="utf-8") as f:
            path = f.read().strip()
        if path and os.access(path, os.X_OK):
            return path
    except OSError:
        pass
    return sys.executable


def usage(msg):
    sys.stderr.write("sandbox.py: %s\nusage: python tools/sandbox.py --kind run [--no-sync] "
                     "[--case-timeout SEC] -- CMD [ARGS...]\n" % msg)
    sys.exit(2)


def parse(argv):
    opts = {"kind": "run", "timeout": None}
    if "--" in argv:
        cut = argv.index("--")
        head, cmd = argv[:cut], argv[cut + 1:]
    else:
        # without "--": the leading options are ours, the command starts at the first other word
        cut = 0
        while cut < len(argv) and argv[cut].startswith("-"):
            cut += 2 if argv[cut] in ("--kind", "--case-timeout") else 1
        head, cmd = argv[:cut], argv[cut:]
    i = 0
    while i < len(head):
        a = head[i]
        if a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        if a == "--no-sync":
            pass
        elif a in ("--kind", "--case-timeout") or a.startswith(("--kind=", "--case-timeout=")):
            if "=" in a:
                key, val = a.split("=", 1)
            elif i + 1 < len(head):
                key, val = a, head[i + 1]
                i += 1
            else:
                usage("%s needs a value" % a)
            if key == "--kind":
                opts["kind"] = val
            else:
                try:
                    secs = int(val)
                except ValueError:
                    usage("--case-timeout needs whole seconds, got %r" % val)
                if secs < 1:
                    usage("--case-timeout needs at least 1 second, got %d" % secs)
                opts["timeout"] = str(secs)
        else:
            usage("unknown option %r (put the command after --)" % a)
        i += 1
    if opts["kind"] != "run":
        usage("only --kind run is supported by this local shim (got %r)" % opts["kind"])
    if not cmd:
        usage("no command given after --")
    return opts, cmd


def main(argv):
    opts, cmd = parse(argv)
    if cmd[0] in ("python", "python3"):
        cmd = [torch_python()] + cmd[1:]
    env = dict(os.environ)
    if opts["timeout"] is not None:
        env["TEST_TIMEOUT_SEC"] = opts["timeout"]
    env.setdefault("TEST_TIMEOUT_SEC", "30")
    env["PYTHONUNBUFFERED"] = "1"
    sys.stderr.write("[sandbox] cwd=%s TEST_TIMEOUT_SEC=%s run: %s\n"
                     % (WORKSPACE, env["TEST_TIMEOUT_SEC"], " ".join(cmd)))
    sys.stderr.flush()
    try:
        child = subprocess.Popen(cmd, cwd=WORKSPACE, env=env)
    except OSError as e:
        sys.stderr.write("sandbox.py: cannot start %r: %s\n" % (cmd[0], e))
        return 127

    def pass_on(signum, frame):
        try:
            child.send_signal(signum)
        except OSError:
            pass

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, pass_on)
    rc = child.wait()
    return 128 - rc if rc < 0 else rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
