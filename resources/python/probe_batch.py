#!/usr/bin/env python3
"""Probe many logic files with one torch import (core/analysis runProbeBatch, bench/probe).

    python3 probe_batch.py [--jobs 2] [--timeout S] [--scale-for-dry-run] --out DIR LOGIC.py...

Why: `import torch` is ~1.5 s of the ~2 s a single probe costs, so probing 117 problems as 117
processes mostly imports torch. This imports torch and the probe modules once, then forks one child
per file: the child starts with torch loaded (copy-on-write), runs probe.main() unchanged, and its
monkey-patches, the logic module and its tensors die with it, so files stay as isolated as in
separate runs. Up to --jobs children run at once; a child running past --timeout seconds is killed.

Child i writes its stdout (the spec, or the {"error", "partial"} document) to DIR/<i>.json, its
stderr to DIR/<i>.stderr and the part of the logic file it runs to DIR/<i>.phase (probe.mark_phase). On stdout this prints one JSON document:
  {"results": [{"index", "file", "rc", "wall_s", "peak_rss_mb", "timed_out"}...], "total_wall_s",
   "torch_import_s", "warm_s" and "warm_modules" (warm(); null when KWB_PROBE_WARM=0), "jobs", "torch", "python"}
rc is the child's exit status (0 spec, 3 error document, negative: killed by that signal).
peak_rss_mb is the child's ru_maxrss from wait4(): pages it touched, including those shared with the
parent, so it is comparable to (slightly below) a standalone probe's figure. POSIX only (fork).
"""
import json
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _child(probe, logic, out_json, out_err, extra):
    rc = 2
    try:
        fd = os.open(out_json, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open(out_err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(err, 2)
        sys.stdout = os.fdopen(1, "w")
        sys.stderr = os.fdopen(2, "w")
        probe.START = time.monotonic()          # the spec's own wall_ms counts this file only
        os.environ["KWB_PROBE_PHASE_FILE"] = out_json[:-len(".json")] + ".phase"  # what runs, read at a timeout
        rc = probe.main(["probe.py", logic] + extra)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException as exc:  # noqa: B902 - a child must never return into the parent's loop
        try:
            os.write(2, ("probe_batch child failed: %r\n" % (exc,)).encode())
        except OSError:
            pass
    os._exit(rc)


WARM_PROBLEM = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.fc = nn.Linear(n, n)
        self.norm = nn.LayerNorm(n)

    def forward(self, x):
        y = torch.relu(self.fc(x))
        return self.norm(torch.softmax(y, dim=-1) + x).sum(dim=0)


def get_inputs():
    return [torch.rand(8, 16)]


def get_init_inputs():
    return [16]
"""


NOT_IN_PARENT = ("torch._inductor", "triton")


def _modules_a_probe_imports(probe, out_dir, timeout=60.0):
    """The names of the modules that probe.main() imports for a small built-in problem beyond what this process
    has, found in a forked child (whatever the probe sets up dies with it; only the names come back). []
    when the child fails or runs past `timeout` s."""
    path = os.path.join(out_dir, "_warm_problem.py")
    with open(path, "w") as f:
        f.write(WARM_PROBLEM)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            before = set(sys.modules)
            probe.main(["probe.py", path])
            new = sorted(n for n in set(sys.modules) - before if not n.startswith("kwb_logic"))
            os.write(w, json.dumps(new).encode())
        except BaseException:  # noqa: B902 - a child must never return into the parent
            pass
        os._exit(0)
    os.close(w)
    data, deadline = b"", time.monotonic() + timeout
    import select
    while time.monotonic() < deadline:
        ready, _, _ = select.select([r], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        data += chunk
    os.close(r)
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    os.waitpid(pid, 0)
    try:
        os.remove(path)
    except OSError:
        pass
    try:
        names = json.loads(data.decode() or "[]")
    except ValueError:
        return []
    return [n for n in names if isinstance(n, str)]


def warm(torch, probe=None, out_dir=None):
    """What every child would otherwise do once for itself, done here once before the forks (copy-on-write):
    the probe's own lazily imported modules; the modules a probe imports on its way (learnt from one forked
    probe of a small built-in problem, then imported here: torch 2.x imports more lazily than 1.13 -- session 3
    measured ~5 s in every batch child on torch 2.11, HingeLoss as much as a GEMM); and one small forward on meta
    tensors under a TorchFunctionMode and a TorchDispatchMode (the modes the probe traces with) for torch's
    first-op caches. Here only module imports and plain torch run: none of the probe's classes or state is set
    up in this process, so a child's spec is what it was. KWB_PROBE_WARM=0 turns it off.
    Returns (seconds, number of modules imported from the learning probe), or (None, None) when off; a failure is
    ignored (the children pay the cost as before)."""
    if os.environ.get("KWB_PROBE_WARM", "1") == "0":
        return None, None
    t0 = time.monotonic()
    imported = 0
    try:
        import importlib
        import probe_demo, probe_dtype, probe_eval, probe_formula, probe_resize, probe_rnn  # noqa: F401,E401
        if probe is not None and out_dir is not None:
            for name in _modules_a_probe_imports(probe, out_dir):
                # Inductor starts its compile pool on import (a process and threads a fork must not copy)
                if name in sys.modules or name.startswith(NOT_IN_PARENT):
                    continue
                try:
                    importlib.import_module(name)
                    imported += 1
                except BaseException:  # noqa: B902 - a module that will not import alone: its child imports it
                    pass
        from torch.overrides import TorchFunctionMode
        from torch.utils._python_dispatch import TorchDispatchMode

        class _Fn(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                return func(*args, **(kwargs or {}))

        class _Disp(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                return func(*args, **(kwargs or {}))

        rng = torch.random.get_rng_state()
        try:
            nn, F, m = torch.nn, torch.nn.functional, "meta"
            with torch.no_grad(), _Fn(), _Disp():
                x = torch.empty(2, 4, 8, 8, device=m)
                y = nn.Conv2d(4, 4, 3, padding=1, device=m)(x)
                y = nn.BatchNorm2d(4, device=m)(F.relu(y)).mean(dim=(2, 3))
                z = nn.Linear(4, 8, device=m)(y)
                z = nn.LayerNorm(8, device=m)(torch.matmul(z.t(), z).softmax(-1) + z.sum())
                F.max_pool2d(x, 2)
                torch.cat([z, z]).to(torch.float16).float().reshape(-1).cumsum(0)
        finally:
            torch.random.set_rng_state(rng)
    except Exception as exc:  # noqa: BLE001 - a warm-up only saves time; the children do it all anyway
        sys.stderr.write("probe_batch: warm-up skipped: %r\n" % (exc,))
    return round(time.monotonic() - t0, 3), imported


def run(files, out_dir, jobs=2, timeout=120.0, extra=(), on_result=None):
    """Probes files (paths) into out_dir/<index>.json; returns the summary dict described above."""
    t0 = time.monotonic()
    import torch
    import probe
    import probe_analysis  # noqa: F401 - imported once, inherited by every child
    import probe_ops  # noqa: F401
    import probe_trace  # noqa: F401
    import_s = time.monotonic() - t0
    os.makedirs(out_dir, exist_ok=True)
    warm_s, warm_modules = warm(torch, probe, out_dir)
    pending = list(enumerate(files))
    running = {}     # pid -> (index, file, start)
    results = []
    while pending or running:
        while pending and len(running) < max(1, jobs):
            i, f = pending.pop(0)
            pid = os.fork()
            if pid == 0:
                _child(probe, os.path.abspath(f), os.path.join(out_dir, "%d.json" % i),
                       os.path.join(out_dir, "%d.stderr" % i), list(extra))
            running[pid] = (i, f, time.monotonic())
        pid, status, ru = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for p, (i, f, start) in running.items():
                if now - start > timeout:
                    os.kill(p, signal.SIGKILL)
            time.sleep(0.01)
            continue
        i, f, start = running.pop(pid)
        wall = time.monotonic() - start
        r = {"index": i, "file": f, "rc": os.waitstatus_to_exitcode(status), "wall_s": round(wall, 3),
             "peak_rss_mb": round(ru.ru_maxrss / 1024.0, 1), "timed_out": wall > timeout}
        results.append(r)
        if on_result:
            on_result(r)
    results.sort(key=lambda r: r["index"])
    return {"results": results, "total_wall_s": round(time.monotonic() - t0, 3),
            "torch_import_s": round(import_s, 3), "warm_s": warm_s, "warm_modules": warm_modules, "jobs": jobs, "torch": torch.__version__,
            "python": sys.version.split()[0]}


def main(argv):
    args, files, extra = argv[1:], [], []
    jobs, timeout, out_dir = 2, 120.0, None
    while args:
        a = args.pop(0)
        if a == "--jobs":
            jobs = int(args.pop(0))
        elif a == "--timeout":
            timeout = float(args.pop(0))
        elif a == "--out":
            out_dir = args.pop(0)
        elif a == "--scale-for-dry-run":
            extra.append(a)
        else:
            files.append(a)
    if not out_dir or not files:
        sys.stderr.write("usage: probe_batch.py [--jobs N] [--timeout S] [--scale-for-dry-run] --out DIR LOGIC.py...\n")
        return 2
    real_stdout = sys.stdout
    sys.stdout = sys.stderr        # nothing imported may print into the summary
    summary = run(files, out_dir, jobs, timeout, extra)
    real_stdout.write(json.dumps(summary) + "\n")
    real_stdout.flush()
    return 0


if __name__ == "__main__":
    rc = main(sys.argv)
    sys.stderr.flush()
    os._exit(rc)  # the summary is flushed; skip the teardown of a process with torch loaded (probe.py says why)
