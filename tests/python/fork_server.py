"""A fork server for the tests' Python runs (tests/pyforkserver.h): imports torch once, then runs each request's
script in a forked child, as `/usr/bin/python3 SCRIPT ARGS...` would run it.

Why: tst_chains's emulated rows (~1,100 in the class shards) each started a fresh python that spent most of its
time importing torch; the emulation itself is a fraction of that (docs/results/2026-12-06-ci36.md).

What a child keeps of a fresh process (the isolation): it is forked from a parent that has imported torch and the
standard modules only, ran no torch op (so no intra-op thread pool exists: the parent checks it is one thread before
each fork) and loaded no script, kernel or problem module; the child runs the script as __main__ (runpy) with its own
sys.argv, sys.path[0] the script's folder, the request's environment entries set (PYTHONPATH's entries also on sys.path,
as the interpreter would put them), Python's `random`, torch's and numpy's default generators reseeded from the OS as a
new interpreter seeds them (the scripts seed torch themselves; str hashing keeps the parent's seed); its fd 1 and 2 go
to files of its own (whatever the script, torch or a crash writes), returned with its exit code (SystemExit as the
interpreter maps it; an uncaught exception: its traceback and 1; a signal: -N). A child past the request's timeout is
killed (SIGKILL, with its process group) and reported as timed out with what it had written. Nothing a child does
reaches the parent or the next child.

Protocol (one JSON object a line): the parent prints {"ready": true, "pid": N} once, then for each request line
{"script": PATH, "args": [...], "env": {NAME: VALUE}, "timeout": SECONDS} answers
{"rc": N, "stdout": TEXT, "stderr": TEXT, "timed_out": BOOL}. EOF on stdin ends it. Any other line: {"error": WHY}.
"""
import json
import os
import signal
import sys
import tempfile
import time

# The protocol's channel is a private copy of the real stdout; fd 1 then goes to stderr, so that nothing the
# imports print can corrupt an answer.
_REPLY = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)

# PYTHONPATH's entries follow sys.path[0] (this folder, as the scripts' own); a request's PYTHONPATH replaces them
_INHERITED_PATH = len([p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

import torch  # noqa: E402,F401  (the cost this server exists to pay once)
import runpy  # noqa: E402
import traceback  # noqa: E402


def threads():
    """The number of threads of this process (Linux); forking a process with more than one is what we refuse."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 1


def child(req, out_path, err_path):
    """In the forked child: run the script as __main__; never returns (os._exit)."""
    code = 1
    try:
        os.setpgid(0, 0)  # a timeout kills the child's own subprocesses too
        out_fd = os.open(out_path, os.O_WRONLY | os.O_TRUNC)
        err_fd = os.open(err_path, os.O_WRONLY | os.O_TRUNC)
        os.dup2(out_fd, 1)
        os.dup2(err_fd, 2)
        os.close(out_fd)
        os.close(err_fd)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        # fresh text streams over the new fds (the parent's carry its buffers and the reply channel's neighbours)
        sys.stdin = open(0, "r", closefd=False)
        sys.stdout = open(1, "w", closefd=False, buffering=1 if os.isatty(1) else -1)
        sys.stderr = open(2, "w", closefd=False, buffering=1)
        sys.__stdout__, sys.__stderr__ = sys.stdout, sys.stderr
        _REPLY.close()
        script = os.path.abspath(req["script"])
        env = req.get("env") or {}
        os.environ.update({str(k): str(v) for k, v in env.items()})
        # sys.path as `python3 SCRIPT` builds it: the script's folder first, then PYTHONPATH's entries
        if "PYTHONPATH" in env:
            extra = [p for p in env["PYTHONPATH"].split(os.pathsep) if p]
            sys.path[0:1 + _INHERITED_PATH] = [os.path.dirname(script)] + extra
        else:
            sys.path[0] = os.path.dirname(script)
        sys.argv = [script] + [str(a) for a in req.get("args", [])]
        # what a new interpreter seeds from the OS: Python's random, torch's default generator, numpy's
        if "random" in sys.modules:
            sys.modules["random"].seed()
        torch.seed()
        if "numpy.random" in sys.modules:
            sys.modules["numpy.random"].seed()
        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as e:  # as the interpreter maps it
            if e.code is None:
                code = 0
            elif isinstance(e.code, int):
                code = e.code & 0xFF
            else:
                print(e.code, file=sys.stderr)
                code = 1
        except BaseException as e:  # noqa: BLE001 - the interpreter's uncaught-exception path
            # the traceback from the script's frame on, as `python3 SCRIPT` prints it (not this server's frames)
            tb = e.__traceback__
            while tb is not None and tb.tb_frame.f_code.co_filename != script:
                tb = tb.tb_next
            traceback.print_exception(type(e), e, tb or e.__traceback__)
            code = 1
    except BaseException:  # noqa: BLE001 - the set-up itself failed: say so where the caller reads
        try:
            traceback.print_exc()
        except BaseException:  # noqa: BLE001
            pass
    finally:
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except BaseException:  # noqa: BLE001
                pass
        os._exit(code)


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def serve_one(req, tmpdir):
    if not isinstance(req, dict) or not isinstance(req.get("script"), str):
        return {"error": "a request names its script"}
    n = threads()
    if n != 1:  # a fork would copy a thread pool's state without its threads (torch's intra-op pool, OpenMP)
        return {"error": "the server has %d threads; it forks only single-threaded" % n}
    out_path = os.path.join(tmpdir, "stdout")
    err_path = os.path.join(tmpdir, "stderr")
    for p in (out_path, err_path):
        open(p, "wb").close()
    timeout = float(req.get("timeout", 240))
    _REPLY.flush()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        child(req, out_path, err_path)
    deadline = time.monotonic() + timeout
    timed_out = False
    status = None
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() >= deadline:
            timed_out = True
            for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
                try:
                    target()
                except OSError:
                    pass
            _, status = os.waitpid(pid, 0)
            break
        time.sleep(0.02)
    if os.WIFSIGNALED(status):
        rc = -os.WTERMSIG(status)
    else:
        rc = os.WEXITSTATUS(status)
    try:  # the child's own subprocesses left behind (its process group)
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    return {"rc": rc, "stdout": read_text(out_path), "stderr": read_text(err_path), "timed_out": timed_out}


def main():
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    with tempfile.TemporaryDirectory(prefix="kwb-fork-server-") as tmpdir:
        _REPLY.write(json.dumps({"ready": True, "pid": os.getpid(), "threads": threads()}) + "\n")
        _REPLY.flush()
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            try:
                req = json.loads(line)
            except ValueError as e:
                reply = {"error": "not JSON: %s" % e}
            else:
                reply = serve_one(req, tmpdir)
            _REPLY.write(json.dumps(reply) + "\n")
            _REPLY.flush()


if __name__ == "__main__":
    # the parent must not be the one to die on a closed pipe mid-answer; its caller sees EOF instead
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
