#!/usr/bin/env python3
"""A/B of L2-blocked normalisation schedules against the generated kernel, torch eager, torch.compile and a copy
of the same bytes (issue 14's memory-bound target; session 37, mem37).

Problems (level 1): 35_GroupNorm_ (x [112, 64, 512, 512] fp32, 8 groups: 896 rows of 8 MiB, per-channel affine),
40_LayerNorm (x [16, 64, 256, 256], over the last three dims: 16 rows of 16 MiB, per-position affine of 2 x 16 MiB),
37_FrobeniusNorm_ (x / ||x||_F: one row; at [16, 64, 256, 256] (268 MB) and at the file's [112, 64, 512, 512]).
Every row runs in this one process, timed by triton.testing.do_bench (median), checked against eager
(max |y - ref| / max |ref|). GB/s counts the bytes a single-pass schedule must move (x read once, y written once,
the weights once); "% copy" is that rate over the copy's (y.copy_(x): 2 x the bytes of x) in the same run.

Needs only torch and triton: python3 ab.py --budget 140 (GPU), or, on a CPU with the repo's fake Triton on
PYTHONPATH, python3 ab.py --cpu (small shapes, numbers only: every launch emulated, nothing timed).
"""
import argparse
import importlib.util
import math
import os
import sys
import time

import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
# main's generated kernels: 35_ and 40_ are the repo's golden kernels (tests/data/codegen/level1, the generator's exact
# output), read from there, or from this folder when it is copied alone to a device (copy them beside ab.py then)
GOLDEN = os.path.join(HERE, "..", "..", "..", "tests", "data", "codegen", "level1")


def kernel_path(name):
    local = os.path.join(HERE, name)
    return local if os.path.exists(local) else os.path.join(GOLDEN, name)
sys.path.insert(0, HERE)
import triton  # noqa: E402

import l2b_kernels as K  # noqa: E402

T0 = time.time()


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Frob(nn.Module):
    def forward(self, x):
        return x / torch.norm(x, p="fro")


class LN(nn.Module):
    def __init__(self, normalized_shape):
        super().__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)

    def forward(self, x):
        return self.ln(x)


class GN(nn.Module):
    def __init__(self, num_features, num_groups):
        super().__init__()
        self.gn = nn.GroupNorm(num_groups=num_groups, num_channels=num_features)

    def forward(self, x):
        return self.gn(x)


def problems(cpu):
    """(tag, shape, Model factory, init args, current kernel file, rows, R, affine kind, groups, cpg, hw, mode)"""
    out = []
    gshape = [2, 64, 8, 8] if cpu else [112, 64, 512, 512]
    n, c, h, w = gshape
    out.append(dict(tag="35_GroupNorm_", shape=gshape, model=lambda: GN(64, 8), kfile="35_GroupNorm_.triton.golden.py",
                    kfile_l2b="cur_35_GroupNorm_l2b.py",
                    init=(64, 8), rows=n * 8, R=(c // 8) * h * w, affine=2, groups=8, cpg=c // 8, hw=h * w, mode=0))
    lshape = [2, 4, 16, 16] if cpu else [16, 64, 256, 256]
    out.append(dict(tag="40_LayerNorm", shape=lshape, model=lambda: LN(tuple(lshape[1:])),
                    kfile="40_LayerNorm.triton.golden.py", init=(tuple(lshape[1:]),), rows=lshape[0],
                    R=math.prod(lshape[1:]), affine=1, groups=1, cpg=1, hw=1, mode=0))
    for fshape, tag in (([2, 4, 16, 16] if cpu else [16, 64, 256, 256], "37_FrobeniusNorm_@268MB"),
                        ([2, 8, 16, 16] if cpu else [112, 64, 512, 512], "37_FrobeniusNorm_@7.5GB")):
        out.append(dict(tag=tag, shape=fshape, model=Frob, kfile="cur_37_FrobeniusNorm_.py", init=(),
                        rows=1, R=math.prod(fshape), affine=0, groups=1, cpg=1, hw=1, mode=1))
    return out


def rel_err(y, ref):
    """max |y - ref| / max |ref|, in chunks (no full-size temporaries on 7.5 GB tensors)"""
    a, b = y.reshape(-1), ref.reshape(-1)
    step = 1 << 26
    num, den = 0.0, 0.0
    for i in range(0, a.numel(), step):
        num = max(num, (a[i:i + step] - b[i:i + step]).abs().max().item())
        den = max(den, b[i:i + step].abs().max().item())
    if math.isnan(num):
        return float("inf")
    return num / max(den, 1e-30)


def bench(fn, cpu, rep_ms):
    if cpu:
        t = time.perf_counter()
        fn()
        return (time.perf_counter() - t) * 1e3
    from triton.testing import do_bench
    try:
        return do_bench(fn, warmup=max(5, rep_ms // 4), rep=rep_ms, return_mode="median")
    except TypeError:
        return do_bench(fn, warmup=max(5, rep_ms // 4), rep=rep_ms)


class L2B:
    """the L2-blocked schedules over contiguous rows of R elements (rows per chunk RPC)"""

    def __init__(self, p, weight, bias, sms, cpu):
        self.p, self.w, self.b, self.sms, self.cpu = p, weight, bias, sms, cpu

    def _args(self, x):
        p = self.p
        w = self.w if self.w is not None else x
        b = self.b if self.b is not None else x
        return w, b, p["groups"], p["cpg"], p["hw"]

    def persistent(self, x, rpc, pipe, hints, cps, block, warps, reverse=True):
        p = self.p
        nprog = self.sms * cps
        n_chunks = triton.cdiv(p["rows"], rpc)
        out = torch.empty_like(x)
        part = torch.empty(p["rows"] * nprog * 2, dtype=torch.float32, device=x.device)
        cnt = torch.zeros(n_chunks + 1, dtype=torch.int32, device=x.device)
        w, b, g, cpg, hw = self._args(x)
        k = K.l2b_persistent[(nprog,)](x, out, part, cnt, w, b, p["R"], p["rows"], rpc, n_chunks, 1e-5, g, cpg, hw,
                                   BLOCK=block, NP2=triton.next_power_of_2(nprog), MODE=p["mode"],
                                   AFFINE=p["affine"], REVERSE=reverse, HINTS=hints, PIPE=pipe,
                                   MAX_POLLS=20000 if self.cpu else 1 << 16, num_warps=warps)
        self.last_cnt = cnt
        self.last_regs = "regs %s spills %s" % (getattr(k, "n_regs", "?"), getattr(k, "n_spills", "?"))
        return out

    def gave_up(self):
        return int(self.last_cnt[-1].item())

    def pairs(self, x, rpc, hints, ctas, block, warps, out=None, part=None):
        p = self.p
        nprog = ctas
        n_chunks = triton.cdiv(p["rows"], rpc)
        out = torch.empty_like(x) if out is None else out
        part = torch.empty(p["rows"] * nprog * 2, dtype=torch.float32, device=x.device) if part is None else part
        w, b, g, cpg, hw = self._args(x)
        np2 = triton.next_power_of_2(nprog)
        for c in range(n_chunks):
            K.l2b_stats[(nprog,)](x, part, c, rpc, p["rows"], p["R"], BLOCK=block, MODE=p["mode"], HINTS=hints,
                                  num_warps=warps)
            K.l2b_apply[(nprog,)](x, out, part, w, b, c, rpc, p["rows"], p["R"], 1e-5, g, cpg, hw, BLOCK=block,
                                  NP2=np2, MODE=p["mode"], AFFINE=p["affine"], REVERSE=True, HINTS=hints,
                                  num_warps=warps)
        return out

    def steps(self, x, rpc, hints, ctas, block, warps, out=None, part=None):
        p = self.p
        nprog = ctas
        n_chunks = triton.cdiv(p["rows"], rpc)
        out = torch.empty_like(x) if out is None else out
        part = torch.empty(p["rows"] * nprog * 2, dtype=torch.float32, device=x.device) if part is None else part
        w, b, g, cpg, hw = self._args(x)
        np2 = triton.next_power_of_2(nprog)
        for c in range(n_chunks + 1):
            K.l2b_step[(2 * nprog,)](x, out, part, w, b, c, rpc, p["rows"], n_chunks, p["R"], 1e-5, g, cpg, hw,
                                     BLOCK=block, NP2=np2, MODE=p["mode"], AFFINE=p["affine"], REVERSE=True,
                                     HINTS=hints, num_warps=warps)
        return out


def graphed(fn, x):
    """the same launches captured once in a CUDA graph (no host launch cost); returns (replay, out)"""
    out = torch.empty_like(x)
    fn(x, out=out)  # compiled and warm before capture
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn(x, out=out)
    return (lambda: g.replay()), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=float, default=140.0, help="seconds; rows past it are skipped")
    ap.add_argument("--cpu", action="store_true", help="small shapes on the CPU through the fake Triton")
    ap.add_argument("--only", default="", help="comma-separated problem tags (prefix match)")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--rep", type=int, default=60, help="do_bench rep (ms)")
    a = ap.parse_args()
    cpu = a.cpu or not torch.cuda.is_available()
    dev = "cpu" if cpu else "cuda"
    sms = 4 if cpu else torch.cuda.get_device_properties(0).multi_processor_count
    if not cpu:
        torch.backends.cuda.matmul.allow_tf32 = False
        print("device: %s, %d SMs, L2 %.0f MB, torch %s, triton %s" % (
            torch.cuda.get_device_name(0), sms,
            getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 0) / 1e6, torch.__version__,
            triton.__version__))
    else:
        print("CPU emulation (fake Triton): numbers only, no timing is meaningful")
    only = [s for s in a.only.split(",") if s]
    results = []
    todo = [p for p in problems(cpu) if not only or any(p["tag"].startswith(o) for o in only)]
    for pi, p in enumerate(todo):
        if only and not any(p["tag"].startswith(o) for o in only):
            continue
        if time.time() - T0 > a.budget - 10:
            print("skip %s: budget" % p["tag"])
            continue
        torch.manual_seed(0)
        x = torch.rand(*p["shape"], device=dev)
        model = p["model"]().to(dev)
        with torch.no_grad():  # random affine so that the weights are checked, not ones / zeros
            for prm in model.parameters():
                prm.copy_(torch.randn_like(prm))
        cur = load_module(kernel_path(p["kfile"]), "cur_" + p["tag"].split("@")[0]).ModelNew(*p["init"]).to(dev)
        gen = None
        if p.get("kfile_l2b"):  # the generator's own L2_BLOCKED path (its template, session 37), switched on here
            gmod = load_module(os.path.join(HERE, p["kfile_l2b"]), "gen_l2b_" + p["tag"].split("@")[0])
            gen = gmod.ModelNew(*p["init"]).to(dev)
        for mm in (cur, gen) if gen is not None else (cur,):
            for pname, prm in model.named_parameters():  # Model's names (the generated ModelNew keeps them)
                owner = mm
                for part in pname.split(".")[:-1]:
                    owner = getattr(owner, part)
                setattr(owner, pname.split(".")[-1], nn.Parameter(prm.detach().clone()))
        params = list(model.parameters())
        weight, bias = (params[0].detach(), params[1].detach()) if params else (None, None)
        l2 = L2B(p, weight, bias, sms, cpu)
        xbytes = x.numel() * x.element_size()
        single = 2 * xbytes + sum(q.numel() * q.element_size() for q in params)
        with torch.no_grad():
            ref = model(x)
        row_bytes = p["R"] * x.element_size()
        # rows per chunk: chunks of about 8 / 16 / 24 MiB of whole rows (one row if a row is bigger)
        rpcs = sorted({max(1, (mb << 20) // row_bytes) for mb in (8, 16, 24)}) if not cpu else [1, 2]
        rpc16 = max(1, (16 << 20) // row_bytes) if not cpu else 2
        blk, wp = (4096, 8) if not cpu else (64, 4)
        rows = []
        ycopy = torch.empty_like(x)
        rows.append(("copy (y.copy_(x), 2 x bytes of x)", lambda: ycopy.copy_(x), None))
        rows.append(("torch eager", lambda: model(x), None))
        rows.append(("generated kernel.py (main)", lambda: cur(x), None))
        if gen is not None:
            def gen_run(nbytes, gmod=gmod, gen=gen):
                gmod.L2_BLOCKED, gmod.L2_BLOCKED_BYTES = True, nbytes
                if cpu:
                    gmod.ONEPASS, gmod.L2_BLOCKED_CHUNK = False, 64
                y = gen(x)
                assert gen.last_grid_blocks == min(sms if not cpu else 64, triton.cdiv(p["R"], gmod.L2_BLOCKED_CHUNK) * max(
                    1, nbytes // row_bytes)), "not the L2-blocked path"
                return y
            for mb in (8, 16, 24):
                nb = (mb << 20) if not cpu else mb * row_bytes // 8
                rows.append(("generated kernel.py L2_BLOCKED=True, %d MiB chunks" % mb,
                             (lambda nb=nb: gen_run(nb)), None))
        for rpc in rpcs:
            for pipe, hints in ((0, True), (0, False), (1, True)):
                if pipe and rpc * row_bytes > (12 << 20) and not cpu:
                    continue  # two chunks in flight must fit L2 too
                if p["rows"] == 1 and pipe:
                    continue
                rows.append(("persistent L2-blocked rpc=%d (%.0f MiB) pipe=%d hints=%d 2CTA/SM" % (
                    rpc, rpc * row_bytes / 2 ** 20, pipe, hints),
                    (lambda rpc=rpc, pipe=pipe, hints=hints: l2.persistent(x, rpc, pipe, hints, 2, blk, wp)), "pers"))
        rows.append(("persistent L2-blocked rpc=%d hints=1 4CTA/SM blk/2" % rpc16,
                     lambda: l2.persistent(x, rpc16, 0, True, 4, blk // 2, max(1, wp // 2)), "pers"))
        rows.append(("persistent L2-blocked rpc=%d hints=1 1CTA/SM blk*2 16 warps" % rpc16,
                     lambda: l2.persistent(x, rpc16, 0, True, 1, blk * 2, 16 if not cpu else 4), "pers"))
        ctas = sms * 2  # as the persistent grid: the same partials a row to merge
        if p["rows"] > 1:
            rows.append(("launch pairs rpc=%d hints=1 (host loop)" % rpc16,
                         lambda: l2.pairs(x, rpc16, True, ctas, blk, wp), None))
            rows.append(("pipelined steps rpc=%d hints=1 (host loop)" % rpc16,
                         lambda: l2.steps(x, rpc16, True, ctas, blk, wp), None))
            if not cpu:
                rows.append(("launch pairs rpc=%d hints=1 (CUDA graph)" % rpc16,
                             ("graph", lambda xx, out: l2.pairs(xx, rpc16, True, ctas, blk, wp, out=out)), None))
                rows.append(("pipelined steps rpc=%d hints=1 (CUDA graph)" % rpc16,
                             ("graph", lambda xx, out: l2.steps(xx, rpc16, True, ctas, blk, wp, out=out)), None))
        if p["affine"] == 2 or cpu:  # elsewhere main's kernel is this schedule (its apply runs reversed)
            rows.append(("two passes, apply reversed (one chunk of all rows) hints=0",
                         lambda: l2.pairs(x, p["rows"], False, ctas, blk, wp), None))
        if not a.no_compile and not cpu:
            rows.append(("torch.compile", "compile", None))
        t_copy = None
        for name, fn, kind in rows:
            left = a.budget - (time.time() - T0)
            # torch.compile (a cold Inductor compile) only where 25 s a problem still left stays for the others
            if left < (45 + 25 * (len(todo) - pi - 1) if fn == "compile" else 8):
                print("  skip %-62s budget" % name)
                continue
            try:
                if fn == "compile":
                    cm = torch.compile(model)
                    fn = (lambda cm=cm: cm(x))
                if isinstance(fn, tuple):
                    replay, gout = graphed(fn[1], x)
                    replay()
                    y = gout
                    fn = replay
                else:
                    with torch.no_grad():
                        y = fn()
                if not cpu:
                    torch.cuda.synchronize()
                note = ""
                if kind == "pers":
                    note = l2.last_regs
                    if l2.gave_up():
                        note += "; barrier gave up (%d CTAs): not co-resident" % l2.gave_up()
                err = 0.0 if name.startswith("copy") else rel_err(y, ref)
                ok = err <= 1e-4 and "gave up" not in note
                del y
                if ok:
                    with torch.no_grad():
                        ms = bench(fn, cpu, a.rep)
                else:
                    ms = float("nan")
            except Exception as e:  # noqa: BLE001 -- one row's failure is a row of the table
                print("  %-62s ERROR %s: %s" % (name, type(e).__name__, str(e).splitlines()[0][:200] if str(e) else ""))
                continue
            if name.startswith("copy"):
                t_copy = ms
            gbs = single / (ms * 1e-3) / 1e9 if ms == ms else float("nan")
            copy_gbs = 2 * xbytes / (t_copy * 1e-3) / 1e9 if t_copy else float("nan")
            pct = 100.0 * gbs / copy_gbs if t_copy and not cpu else float("nan")
            tr = t_copy / ms if t_copy and not cpu else float("nan")
            print("  %-62s %9.3f ms  %7.0f GB/s  %5.1f %% copy  t_copy/t %.3f  rel_err %.1e %s%s" % (
                name, ms, gbs, pct, tr, err, "ok" if ok else "FAIL", (" " + note) if note else ""), flush=True)
            results.append((p["tag"], name, ms, pct, err, ok))
        print("%s: x %.1f MB, single-pass bytes %.1f MB, elapsed %.0f s" % (
            p["tag"], xbytes / 1e6, single / 1e6, time.time() - T0), flush=True)
        del x, ref, ycopy, cur, model, l2
        if not cpu:
            torch.cuda.empty_cache()
    bad = [r for r in results if not r[5]]
    print("rows %d, FAIL %d, elapsed %.0f s" % (len(results), len(bad), time.time() - T0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
