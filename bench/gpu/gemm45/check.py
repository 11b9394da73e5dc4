"""gemm45 GPU check (one GPU, one process + a smoke child, <= 90 s): B_MN = "gluon" (the GEMM template's KWB_GEMM_GLUON=1
section, resources/templates/kernels/triton_gemm_gluon.py.inc: session 41's Gluon TF32 GEMM "rs s4 persist", B
MN-major as wgmma's register operand, no staging copy) against B_MN = "stage" (the default: B copied K-major) and
cuBLAS TF32, on the level-1 GEMMs whose B is an fp32 MN-major input, tail shapes and skinny ones.

    python3 bench/gpu/gemm45/check.py            # from the repository root; --budget 85 (seconds in all)
    python3 bench/gpu/gemm45/check.py --envelope # only where the section ships (GLUON_MIN_*; see ENVELOPE)

Staging: nothing beyond the tracked tree. The kernel is rendered here from the template and its section (the same
text kwb writes with KWB_GEMM_GLUON=1; tests/python/test_gemm_tma_emulated.py renders it the same way), with a
generic forward (A [M, K] or [nb, M, K], B [K, N], any strides); the problems' inputs are made here at their
level-1 sizes (torch.rand; 13_'s symmetric; 16_'s A given as (K, M) and transposed as its forward does; 10_ / 11_
fold their leading dims into M as kwb's "fold" operands do), so no problem file, ../shared or .gpu/ is read.
Needs torch + Triton 3.6 (Gluon) on a Hopper GPU.

1. A smoke child (subprocess, hard timeout: a wrong mbarrier phase hangs the GPU and cannot be stopped in-process)
   runs the gluon path once per class: "even" (2048 x 256 x 2304: 144 tiles > 132 SMs, the ring wraps), "tail"
   (1000^3: M, N tails, K % 64 = 40), "oddk" (515 x 4100 x 260: an odd count of 32-wide K steps, so one step wholly
   past K is TMA's zeros; M, N tails). A shape below is timed on gluon only if every class it belongs to passed.
2. Per shape: rel_err = ||C - C_ref|| / ||C_ref|| against fp32 cuBLAS (TF32 off), bound 5e-3, and
   triton.testing.do_bench (warmup 5, rep 20, mean us) of cuBLAS TF32, B_MN "stage" and B_MN "gluon" (the same
   kernel.py module, B_MN set at run time); "ran" says which path the forward took (LAST_PLAN["b_mn"]) and any
   _FAILED entry (a shape the section does not take, e.g. N % 4 != 0, stages B: listed, not timed against the rule).
3. The verdict by the rule written before any number (docs/results/2026-12-07-gemm45.md "Next GPU session"),
   printed as its last lines.

`--cpu` runs the flow on the CPU through tests/data/codegen/fake_triton (no Gluon: every gluon row stages B;
shapes divided by --shrink): a plumbing test, no numbers.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
KERNELS = os.path.join(ROOT, "resources", "templates", "kernels")
TOL = 5e-3

# (name, M, K, N, how A is given, classes the rule reads). how: "rm" row-major A [M, K]; "t" A given (K, M) and
# transposed (16_); "sym" symmetric A and B (13_). Level-1 sizes; 10_ / 11_ as kwb's fold: [nb * M, K] @ [K, N].
SHAPES = [
    ("2_", 2048, 8192, 4096, "rm", "level1"),
    ("13_", 4096, 4096, 4096, "sym", "level1"),
    ("1_", 4096, 4096, 4096, "rm", "level1"),
    ("tail 1000^3", 1000, 1000, 1000, "rm", "tail"),
    ("tail 2047x4100x2052", 2047, 4100, 2052, "rm", "tail"),  # M tail, odd K steps, N tail (N % 4 == 0: TMA)
    ("tail 2047x4100x2049", 2047, 4100, 2049, "rm", "tail"),  # N % 4 != 0: B rows not 16-byte: stays "stage"
    ("skinny M 96", 96, 4096, 8192, "rm", "skinny"),
    ("skinny N 100", 8192, 4096, 100, "rm", "skinny"),
    ("16_ (A^T)", 2048, 8192, 4096, "t", "level1"),
    ("10_ (fold)", 16 * 1024, 2048, 768, "rm", "level1"),
    ("8_ irregular", 8205, 2949, 5921, "rm", "level1"),  # N % 4 != 0: stays "stage"
    # Session 46: just outside the shipped envelope (GLUON_MIN_TILES 256 of 256 x 128, K 4096, N 2048), one bound
    # crossed each, to move it by measurement (rule: docs/results/2026-12-07-s46-lead.md "GEMM envelope").
    ("edge K 2048", 4096, 2048, 4096, "rm", "edge"),  # 512 tiles, N in, K half the bound
    ("edge K 3072", 4096, 3072, 4096, "rm", "edge"),
    ("edge N 1024", 8192, 4096, 1024, "rm", "edge"),  # 256 tiles, K in, N half the bound
    ("edge tiles 192", 3072, 4096, 2048, "rm", "edge"),  # K, N in, 12 x 16 = 192 tiles
    ("edge tiles 128", 4096, 8192, 1024, "rm", "edge"),  # 16 x 8 = 128 tiles, N below too
    ("11_ (fold)", 8 * 256 * 512, 256, 768, "rm", "level1"),  # largest: last, skipped if the budget is short
]
SMOKE = [("even", 2048, 256, 2304), ("tail", 1000, 1000, 1000), ("oddk", 515, 4100, 260)]

OPERANDS = """        a = A if A.dim() == 3 else A.unsqueeze(0)
        b = B if B.dim() == 3 else B.unsqueeze(0).expand(a.shape[0], -1, -1)
        out = torch.empty((a.shape[0], a.shape[1], b.shape[2]), dtype=A.dtype, device=A.device)
        c = out"""


def render_kernel(tag):
    """kernel.py as kwb writes it for an fp32 A @ B with KWB_GEMM_GLUON=1 (B_MN "gluon" by default), imported."""
    with open(os.path.join(KERNELS, "triton_gemm.py.tmpl")) as f:
        text = f.read()
    with open(os.path.join(KERNELS, "triton_gemm_gluon.py.inc")) as f:
        section = f.read().rstrip("\n")
    subs = {"PROBLEM": "gemm45_check", "SPEC_SHA": "", "DESCRIPTION": "gemm45 check", "POLICY_NOTE": "checked",
            "CONFIG_SUMMARY": "#   gemm45 check", "TRIU": "False", "TRIU_DIAGONAL": "0", "KERNEL": "kwb_mm",
            "INIT_PARAMS": "", "INIT_STORE": "        pass", "FORWARD_PARAMS": ", A, B", "OPERANDS": OPERANDS,
            "GEMM_GLUON": section}
    for k, v in subs.items():
        text = text.replace("{{%s}}" % k, v)
    assert "{{" not in text.replace("{{}}", ""), "an unreplaced placeholder"
    path = os.path.join(tempfile.mkdtemp(prefix="gemm45_"), "kernel_%s.py" % tag)
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_" + tag, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if "fake_triton" in sys.path[0]:  # --cpu: the emulation's shrunk shapes are "small GEMMs"; take the TMA path
        mod.SMALL_GEMM_FLOPS = 0
    if not ENVELOPE:  # the kernel itself on every shape (session 45's first check), not only where it ships
        mod.GLUON_MIN_TILES = mod.GLUON_MIN_K = mod.GLUON_MIN_N = 0
    return mod


# --envelope: keep the section's shipped envelope (GLUON_MIN_*, on since session 45) for the timed rows, so a shape
# outside it stages B (its gluon row says so); the smoke child always lifts it (its classes are below the envelope).
# Default: lifted everywhere, so the check measures the kernel on every shape, as session 45's first run did.
ENVELOPE = "--envelope" in sys.argv


def squash(e, n=500):
    """An exception's first lines that say what failed."""
    text = "%s: %s" % (type(e).__name__, e)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    key = [ln for ln in lines if "rror" in ln]
    pick = (key[:3] + lines[-3:]) if key else lines[-5:]
    return " | ".join(ln for i, ln in enumerate(pick) if ln not in pick[:i])[:n]


def operands(torch, M, K, N, how, dev, seed=0):
    """(A as the forward gets it, B [K, N] row-major)."""
    g = torch.Generator(device=dev).manual_seed(seed)
    if how == "t":
        A = torch.rand(K, M, device=dev, generator=g).t()  # 16_: matmul(A.T, B)
    else:
        A = torch.rand(M, K, device=dev, generator=g)
    B = torch.rand(K, N, device=dev, generator=g)
    if how == "sym":
        A, B = (A + A.t()) / 2, (B + B.t()) / 2
    return A, B


def ran_of(mod, model):
    """Which path the last forward took: "gluon", "stage", ... (+ a _FAILED entry)."""
    s = "%s/%s" % (model.last_impl, mod.LAST_PLAN.get("b_mn", "-"))
    if mod._FAILED:
        s += " FAILED " + "; ".join(str(v) for v in mod._FAILED.values())[:300]
    return s


def smoke_child(dev, shrink):
    import torch

    try:
        mod = render_kernel("smoke")
    except Exception as e:  # noqa: BLE001
        print("SMOKE " + json.dumps(dict(name="import", ok=False, err=squash(e))), flush=True)
        return
    print("SMOKE " + json.dumps(dict(name="gluon import", ok=bool(mod._GLUON), err=mod._GLUON_WHY)), flush=True)
    for name, M, K, N in SMOKE:
        M, K, N = max(M // shrink, 1), max(K // shrink, 1), max(N // shrink, 1)
        print("SMOKE start " + name, flush=True)
        t = time.time()
        try:
            A, B = operands(torch, M, K, N, "rm", dev)
            torch.backends.cuda.matmul.allow_tf32 = False
            want = A @ B
            model = mod.ModelNew()
            with torch.no_grad():
                got = model(A, B)
            if dev == "cuda":
                torch.cuda.synchronize()
            err = float((got - want).norm() / want.norm())
            path = mod.LAST_PLAN.get("b_mn")
            ok = err <= TOL and path == "gluon"
            rec = dict(name=name, ok=ok, rel=err, s=round(time.time() - t, 1), ran=ran_of(mod, model),
                       err=None if ok else ("rel_err %.3g" % err if err > TOL else "did not run gluon: " +
                                            ran_of(mod, model)))
        except Exception as e:  # noqa: BLE001
            rec = dict(name=name, ok=False, err=squash(e), s=round(time.time() - t, 1))
            traceback.print_exc(limit=3)
            try:
                if dev == "cuda":
                    torch.cuda.synchronize()
            except Exception:  # noqa: BLE001 -- a sticky CUDA error: nothing more can run here
                print("SMOKE " + json.dumps(rec), flush=True)
                print("SMOKE context lost", flush=True)
                return
        print("SMOKE " + json.dumps(rec), flush=True)


def run_smoke(args, timeout):
    cmd = [sys.executable, os.path.abspath(__file__), "--smoke", "--shrink", str(args.shrink)] + \
        (["--cpu"] if args.cpu else [])  # never --envelope: the smoke checks the kernel per class, wherever it ships
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        text = r.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b"").decode(errors="replace")
        print("smoke: timed out after %.0f s" % timeout)
    got, started = {}, None
    for ln in text.splitlines():
        if ln.startswith("SMOKE start "):
            started = ln[12:]
        elif ln.startswith("SMOKE {"):
            rec = json.loads(ln[6:])
            got[rec["name"]] = rec
            started = None
            print("smoke %-12s %s" % (rec["name"], ("ok" + (" rel_err %.2e (%.1f s) %s" % (rec["rel"], rec["s"],
                                                                                        rec["ran"]) if "rel" in rec
                                                             else "")) if rec["ok"] else "FAILED " + str(rec["err"])))
    if started:
        print("smoke %-12s FAILED no answer (hang or timeout)" % started)
        got[started] = dict(name=started, ok=False, err="hang or timeout")
    tail = [ln for ln in text.splitlines() if not ln.startswith("SMOKE")]
    if tail:
        print("smoke log (last 20 lines):")
        print("\n".join("    " + ln for ln in tail[-20:]))
    sys.stdout.flush()
    return got


def classes_of(M, K, N):
    """The smoke classes a shape needs: even always; tail where M or N is not a multiple of the 256 x 128 tile or K
    of 64; oddk where its 32-wide K steps are odd."""
    need = ["even"]
    if M % 256 or N % 128 or K % 64:
        need.append("tail")
    if -(-K // 32) % 2:
        need.append("oddk")
    return need


def verdict(res, smoke):
    """The rule of docs/results/2026-12-07-gemm45.md (written before any number); res[name] = dict of rows."""
    lines, bad, slow = [], [], []
    for name in ("even", "tail", "oddk"):  # even failing: the kernel itself; tail / oddk: a class to gate out
        k = smoke.get(name) or dict(err="no answer")
        if not k.get("ok"):
            (bad if name == "even" else slow).append("smoke %s: %s" % (name, k.get("err")))
    for name, *_ in SHAPES:
        r = res.get(name)
        must = name in ("2_", "13_", "1_")  # the section must take these (fp32, B MN-major, aligned)
        if r is None:
            if must:
                bad.append("%s: not measured (budget)" % name)
            continue
        for side in ("stage", "gluon"):
            if side in r and not r[side]["err"] <= TOL:
                bad.append("%s %s rel_err %.3g" % (name, side, r[side]["err"]))
        g, s = r.get("gluon"), r.get("stage")
        if g is None or s is None:
            if must or "error" in r.get("why", "") or "rror" in r.get("why", ""):
                bad.append("%s: a row did not run (%s)" % (name, r.get("why", "budget")))
            continue  # else: skipped for the budget, or its smoke class failed (a gate reason above)
        if "FAILED" in g["ran"] or (must and not g["ran"].endswith("/gluon")):
            bad.append("%s: %s" % (name, g["ran"]))
        elif g["ran"].endswith("/gluon") and g["us"] > 1.03 * s["us"]:
            slow.append("%s %.3f of stage" % (name, g["us"] / s["us"]))
        # else: the section does not take this shape (B staged): its rel_err is all the rule reads
    win2 = res.get("2_", {})
    win = win2.get("gluon") and win2.get("stage") and win2["gluon"]["ran"].endswith("/gluon") and \
        win2["gluon"]["us"] <= 0.90 * win2["stage"]["us"]
    if bad:
        lines.append("verdict: KEEP OFF (a failure: %s)" % "; ".join(bad))
    elif not win:
        lines.append("verdict: KEEP OFF (2_ gluon %s of stage, the rule needs <= 0.90)" % (
            "%.3f" % (win2["gluon"]["us"] / win2["stage"]["us"]) if win2.get("gluon") and win2.get("stage") else "-"))
    elif slow:
        lines.append("verdict: GATE (correct where it ran and 2_ wins, but a class failed its smoke or runs slower "
                     "than stage by > 3 %%: %s): the next session narrows _gl_fits to exclude that class, then flips "
                     "the default" % "; ".join(slow))
    else:
        lines.append("verdict: DEFAULT ON (every shape correct, never > 3 % slower than stage, 2_ >= 10 % faster): "
                     "KWB_GEMM_GLUON defaults to 1 (goldens regenerated), after the harness run on 1_ / 2_ / 13_")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=float, default=85.0, help="seconds in all; shapes past it are skipped")
    ap.add_argument("--smoke-s", type=float, default=35.0, help="hard timeout of the smoke child, seconds")
    ap.add_argument("--only", default="", help="comma-separated shape names (default: all)")
    ap.add_argument("--smoke", action="store_true", help="(internal) the smoke child")
    ap.add_argument("--cpu", action="store_true", help="the CPU emulation (fake_triton): a flow test, no numbers")
    ap.add_argument("--shrink", type=int, default=1, help="divide the shapes by this (with --cpu)")
    ap.add_argument("--envelope", action="store_true", help="keep the section's envelope (GLUON_MIN_*)")
    args = ap.parse_args()
    if args.cpu:
        sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    dev = "cpu" if args.cpu else "cuda"
    if args.smoke:
        smoke_child(dev, args.shrink)
        return 0
    import torch
    import triton

    try:
        from triton.testing import do_bench
    except ImportError:  # the fake Triton: a wall-clock mean
        def do_bench(fn, warmup=5, rep=20):
            fn()
            t = time.perf_counter()
            for _ in range(3):
                fn()
            return (time.perf_counter() - t) / 3 * 1e3

    if dev == "cuda":
        props = torch.cuda.get_device_properties(0)
        print("gemm45 check: %s (%d SMs, cc %d.%d), triton %s, torch %s, CUDA %s" % (
            props.name, props.multi_processor_count, props.major, props.minor, triton.__version__,
            torch.__version__, torch.version.cuda), flush=True)
    smoke = run_smoke(args, min(args.smoke_s, args.budget - 20))
    mod = render_kernel("main")
    print("section: _GLUON %s %s; GLUON_STAGES %d" % (mod._GLUON, mod._GLUON_WHY, mod.GLUON_STAGES))
    print("| shape | M K N | row | us | x_cublas | x_stage | rel_err | ran |")
    print("|---|---|---|---:|---:|---:|---:|---|", flush=True)

    def row(name, mkn, side, us=None, xc=None, xs=None, err=None, ran=""):
        f = lambda x, fmt: fmt % x if x is not None else "-"  # noqa: E731
        flag = " BAD" if err is not None and not err <= TOL else ""
        print("| %s | %s | %s | %s | %s | %s | %s%s | %s |" % (name, mkn, side, f(us, "%.1f"), f(xc, "%.3f"),
                                                              f(xs, "%.3f"), f(err, "%.2e"), flag, ran), flush=True)

    only = [o for o in args.only.split(",") if o]
    res = {}
    for name, M, K, N, how, _cls in SHAPES:
        if only and name not in only:
            continue
        M, K, N = max(M // args.shrink, 1), max(K // args.shrink, 1), max(N // args.shrink, 1)
        mkn = "%d %d %d" % (M, K, N)
        if time.time() - T0 > args.budget - 4:
            row(name, mkn, "all", ran="skipped (budget)")
            continue
        r = res[name] = {}
        try:
            A, B = operands(torch, M, K, N, how, dev)
            torch.backends.cuda.matmul.allow_tf32 = False
            want = torch.matmul(A, B)
            torch.backends.cuda.matmul.allow_tf32 = True
            rel = lambda got: float((got - want).norm() / want.norm())  # noqa: E731
            cub = do_bench(lambda: torch.matmul(A, B), warmup=5, rep=20) * 1e3
            row(name, mkn, "cuBLAS TF32", cub, 1.0, None, rel(torch.matmul(A, B)))
            need = classes_of(M, K, N)
            for side in ("stage", "gluon"):
                missing = [c for c in need if not (smoke.get(c) or {}).get("ok")]
                if side == "gluon" and missing and not args.cpu:
                    r["why"] = "smoke class %s did not pass" % ",".join(missing)
                    row(name, mkn, side, ran="not run: " + r["why"])
                    continue
                if time.time() - T0 > args.budget - 3:
                    row(name, mkn, side, ran="skipped (budget)")
                    continue
                mod.B_MN = side
                model = mod.ModelNew()
                with torch.no_grad():
                    err = rel(model(A, B))
                    ran = ran_of(mod, model)
                    us = do_bench(lambda: model(A, B), warmup=5, rep=20) * 1e3
                r[side] = dict(us=us, err=err, ran=ran)
                st = r.get("stage")
                row(name, mkn, side, us, cub / us, st["us"] / us if st else None, err, ran)
            del A, B, want
        except Exception as e:  # noqa: BLE001
            r["why"] = squash(e)
            row(name, mkn, "error", ran=squash(e))
        if dev == "cuda":
            torch.cuda.empty_cache()
    for ln in verdict(res, smoke):
        print(ln)
    for name, *_rest, cls in SHAPES:  # session 46's envelope rule (the lead doc): a bound moves where gluon wins
        g, st = res.get(name, {}).get("gluon"), res.get(name, {}).get("stage")
        if cls == "edge" and g and st:
            ok = g["err"] <= TOL and g["ran"].endswith("/gluon") and g["us"] <= 0.97 * st["us"]
            print("%s: gluon / stage %.3f -> %s" % (name, g["us"] / st["us"], "INSIDE" if ok else "OUTSIDE"))
    print("done in %.1f s" % (time.time() - T0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
