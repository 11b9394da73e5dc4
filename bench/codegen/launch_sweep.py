"""Every given problem's generated Triton kernel at its FULL shape through tests/python/launch_dry.py (meta tensors,
each launch's grid / num_warps / TMA descriptor checked against CUDA's limits, nothing executed): the sweep that
finds a launch whose grid y/z grows with a size past 65535 before a GPU run does (97_ScaledDotProductAttention,
session 36: "Triton Error [CUDA]: invalid argument").

    /usr/bin/python3 bench/codegen/launch_sweep.py [PROBLEM.py|DIR]... [--kwb build/dev/app/kwb] [--gpu H100-SXM]
        [--out DIR] [--timeout 120] [--json FILE]

A DIR takes its *.py (default: level1..level3 of $KWB_SHARED_DIR/data/kernelbench). Each problem's kernel is
written by `kwb analyze P --gpu G --framework triton --kernel-out OUT/<name>.py` (main's generator; kept under --out,
reused when newer than the kwb binary), then dry-run in this process. One line a problem: OK (launch count),
OVER (the launch and its limit), NOGEN (no kernel: the generator's reason) or META (forward() could not run on
meta tensors: a value read on the host, an unsupported op on meta; not a limit finding). Exit 1 where any is OVER.
"""
import argparse
import glob
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import launch_dry  # noqa: E402


def problems(args):
    shared = os.environ.get("KWB_SHARED_DIR", "/work/shared")
    args = args or [os.path.join(shared, "data", "kernelbench", "level%d" % n) for n in (1, 2, 3)]
    out = []
    for a in args:
        out += sorted(glob.glob(os.path.join(a, "*.py"))) if os.path.isdir(a) else [a]
    return out


def generate(kwb, gpu, problem, kernel, timeout):
    """The kernel of @p problem at @p kernel (None and the reason where the generator wrote none)."""
    if os.path.exists(kernel) and os.path.getmtime(kernel) > os.path.getmtime(kwb):
        return kernel, ""
    try:
        r = subprocess.run([kwb, "analyze", problem, "--gpu", gpu, "--framework", "triton", "--kernel-out", kernel],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "kwb analyze timed out"
    except OSError as e:  # kwb being relinked, missing
        return None, "kwb analyze could not start: %s" % e
    if r.returncode != 0 or not os.path.exists(kernel):
        lines = (r.stderr or r.stdout).strip().splitlines()
        return None, "rc %d: %s" % (r.returncode, lines[-1] if lines else "")
    return kernel, ""


class _Timeout(Exception):
    pass


def _alarm(*_):
    raise _Timeout()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("problems", nargs="*")
    ap.add_argument("--kwb", default=os.path.join(ROOT, "build", "dev", "app", "kwb"))
    ap.add_argument("--gpu", default="H100-SXM")
    ap.add_argument("--out", default="/tmp/kwb_launch_sweep")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--sms", type=int, default=132)
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    rows, over = [], 0
    signal.signal(signal.SIGALRM, _alarm)
    for p in problems(a.problems):
        name = os.path.splitext(os.path.basename(p))[0]
        level = os.path.basename(os.path.dirname(p))
        t0 = time.time()
        kernel, why = generate(a.kwb, a.gpu, p, os.path.join(a.out, "%s_%s.py" % (level, name)), a.timeout)
        if kernel is None:
            status, detail = "NOGEN", why
        else:
            signal.alarm(a.timeout)
            try:
                rec = launch_dry.dry_run(kernel, p, a.sms)
                status, detail = "OK", "%d launches" % len(rec.launches)
            except _Timeout:
                status, detail = "META", "timed out after %d s" % a.timeout
            except ValueError as e:
                status, detail = ("OVER", str(e)) if "fake Triton" in str(e) else ("META", "ValueError: %s" % e)
            except BaseException as e:  # noqa: BLE001 -- reported: forward() on meta tensors is not a limit finding
                if isinstance(e, KeyboardInterrupt):
                    raise
                status, detail = "META", "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
            finally:
                signal.alarm(0)
        over += status == "OVER"
        rows.append({"problem": "%s/%s" % (level, name), "status": status, "detail": detail[:300],
                     "s": round(time.time() - t0, 1)})
        print("%-6s %-60s %s" % (status, rows[-1]["problem"], rows[-1]["detail"]), flush=True)
    counts = {s: sum(r["status"] == s for r in rows) for s in ("OK", "OVER", "NOGEN", "META")}
    print("%d problems: %s" % (len(rows), ", ".join("%d %s" % (n, s) for s, n in counts.items())))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
