"""Issue 6's below-target kernels, one workspace at a time: the generated kernel at its own settings and
at nearby ones, each checked against the workspace's PyTorch reference and timed with do_bench.

Usage (GPU machine): [KWB_VARIANTS=0] python3 pattern_variants.py WORKSPACE > out.jsonl
WORKSPACE: a `kwb baseline` workspace (kernel.py, reference.py). What is varied follows the kernel:
  rownorm (softmax / norms): two passes; the one-pass path per chunk size;
  cross entropy: ROW_EPT;  reduce (inner > 1): COLS_BLOCK_I, COLS_TILE, NUM_WARPS;
  loss (KL divergence): the log's form, as standalone kernels next to the generated one.
Per variant one JSON line: do_bench median µs (warmup 100 ms, rep 400 ms; calls queued back to back,
so the host launch path is hidden unlike in the harness), max rel_err against the reference's output
(fp64 where it fits), the host time of one call started on an idle GPU (host_us: the launch path the
harness counts), and the bytes the spec counts (one read of each input, one write of the output)
over the time. One line per workspace with the device-to-device copy ceiling of the same bytes.
"""
import importlib.util
import json
import os
import sys
import time

import torch
import triton
import triton.language as tl

WS = sys.argv[1]
sys.path.insert(0, WS)


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(WS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench(fn):
    return triton.testing.do_bench(fn, warmup=100, rep=400, return_mode="median") * 1e3


ref = load("reference")
ker = load("kernel")
torch.manual_seed(0)
inputs = [a.cuda() if isinstance(a, torch.Tensor) else a for a in ref.get_inputs()]
model = ref.Model(*ref.get_init_inputs()).cuda()
with torch.no_grad():
    want = model(*inputs)
    try:
        want64 = ref.Model(*ref.get_init_inputs()).cuda().double()(*[a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in inputs])
    except Exception:  # noqa: BLE001 -- fp64 does not fit or is unsupported: compare with fp32
        want64 = want.double()
nbytes = sum(a.numel() * a.element_size() for a in inputs if isinstance(a, torch.Tensor)) + want.numel() * want.element_size()
name = os.path.basename(os.path.normpath(WS))
gpu = torch.cuda.get_device_name()
big = max((a for a in inputs if isinstance(a, torch.Tensor)), key=lambda a: a.numel())
dst = torch.empty_like(big)
copy_us = bench(lambda: dst.copy_(big))
copy_bytes = 2 * big.numel() * big.element_size()
print(json.dumps({"ws": name, "gpu": gpu, "triton": triton.__version__, "torch": torch.__version__, "bytes": nbytes,
                  "copy_us": copy_us, "copy_TBps": copy_bytes / copy_us / 1e6}), flush=True)
del dst
eager_us = bench(lambda: model(*inputs))


def rel_err(got):
    g = got.double()
    return float(((g - want64).abs() / (want64.abs() + 1e-6)).max()) if g.numel() else 0.0


def host_us(fn, n=20):
    """Median host time of one call that starts on an idle GPU (synchronized before), until it
    returns: the launch path the workbench's harness counts, since it times from an empty queue."""
    times = []
    for _ in range(n):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e6)
    torch.cuda.synchronize()
    times.sort()
    return times[len(times) // 2]


def report(variant, fn, extra=None, model=None):
    row = {"ws": name, "variant": variant}
    try:
        with torch.no_grad():
            out = fn()
            torch.cuda.synchronize()
            row["max_rel_err"] = rel_err(out)
            row["grid_blocks"] = getattr(model, "last_grid_blocks", None)  # of this call (None: not a ModelNew)
            row["max_abs_err"] = float((out.double() - want64).abs().max()) if out.numel() else 0.0
            del out
            us = bench(fn)
            row["host_us"] = host_us(fn)
        row.update({"us": us, "GBps": nbytes / us / 1e3, "vs_eager": eager_us / us})
    except Exception as e:  # noqa: BLE001 -- one variant failing must not hide the others
        row["error"] = "%s: %s" % (type(e).__name__, str(e)[:300])
    row.update(extra or {})
    print(json.dumps(row), flush=True)


print(json.dumps({"ws": name, "variant": "eager (the reference Model)", "us": eager_us, "GBps": nbytes / eager_us / 1e3}), flush=True)
new = ker.ModelNew(*ref.get_init_inputs()).cuda()
if hasattr(new, "load_state_dict"):
    new.load_state_dict(model.state_dict(), strict=False)
report("generated (as committed)", lambda: new(*inputs), model=new)


SWEEP = os.environ.get("KWB_VARIANTS", "1") != "0"  # 0: only eager and the generated kernel as committed


def with_settings(variant=None, **kv):
    """Reports the generated kernel (or `variant`, a (label, module, model) from patched()) with the
    module-level settings kv changed for the call; the label names the module, so a patched kernel's
    row can never read as the generated one's."""
    label, mod, model = variant or ("generated", ker, new)
    old = {k: getattr(mod, k, None) for k in kv}
    for k, v in kv.items():
        setattr(mod, k, v)
    try:
        report(label + " " + " ".join("%s=%s" % kv_ for kv_ in kv.items()), lambda: model(*inputs), model=model)
    finally:
        for k, v in old.items():
            setattr(mod, k, v)


def patched(label, edits):
    """(label, module, model) of kernel.py with the source edits [(old, new), ...] applied (each must
    match once), loaded as a module of its own; the generated kernel stays as it is."""
    src = open(os.path.join(WS, "kernel.py")).read()
    for a, b in edits:
        if a not in src:
            return None
        src = src.replace(a, b, 1)
    path = "/tmp/kwb_variant_%s_%d.py" % (label.replace(" ", "_"), os.getpid())
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("kernel_" + label.replace(" ", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    model = mod.ModelNew(*ref.get_init_inputs()).cuda()
    if hasattr(model, "load_state_dict"):
        model.load_state_dict(new.state_dict(), strict=False)
    return label, mod, model


if not SWEEP:
    pass
elif hasattr(ker, "ONEPASS_CHUNK"):
    with_settings(ONEPASS=False)  # the long-row path: lagged where it applies (session 7), else two passes
    if hasattr(ker, "LAGGED"):
        with_settings(ONEPASS=False, LAGGED=False)  # two passes
        with_settings(LAGGED=False)
    for chunk in (4096, 8192, 16384):  # the one-pass path at one chunk size (32 elements per thread)
        with_settings(ONEPASS_CHUNK=(chunk, chunk))
    src = open(os.path.join(WS, "kernel.py")).read()
    kname = src.split("def ")[1].split("_chunk_stats")[0]
    # softmax: the generated kernel keeps e = exp(x - chunk max) (one exp per element, session 6); the
    # two-exp form it replaced (x kept, exp(x - row max) in the apply) at session 5's 32 a thread
    one_exp_stats = "    v = tl.exp(v - a_safe)  # from here on v holds e = exp(x - chunk max)\n    b = tl.sum(v, axis=0)\n"
    if one_exp_stats in src:
        two_exp = patched("two-exp", [
            (one_exp_stats, "    b = tl.sum(tl.exp(v - a_safe), axis=0)\n"),
            ("    y = v * (tl.exp(a_safe - shift) * scale)  # e * exp(chunk max - row max) / sum\n",
             "    y = %s_finish(v, k, m, row, shift, scale, w_ptr, b_ptr, GROUPS, CPG, HW, AFFINE, HAS_BIAS)\n" % kname)])
        if two_exp:
            with_settings(two_exp, ONEPASS_CHUNK=(16384, 16384), ONEPASS_EPT=32)
        for chunk, ept in ((8192, 64), (16384, 32), (32768, 64)):
            with_settings(ONEPASS_CHUNK=(chunk, chunk), ONEPASS_EPT=ept)
elif hasattr(ker, "ROW_EPT"):
    for ept in (8, 32):
        with_settings(ROW_EPT=ept)
    # the final mean: one CTA reads 2 x rows floats; wider steps and more warps
    for fin, w in ((1024, 4), (16384, 16)):  # session 5's mean; a wider one
        with_settings(FIN_BLOCK=fin, FIN_WARPS=w)
    mean_fn = getattr(ker, [a for a in dir(ker) if a.endswith("_mean")][0])
    n_rows = inputs[0].shape[0]
    lbuf = torch.rand(n_rows, device="cuda")
    vbuf = torch.ones(n_rows, device="cuda")
    obuf = torch.empty((), device="cuda")
    for fin, w in ((1024, 4), (8192, 16), (16384, 16)):
        us = bench(lambda f=fin, w=w: mean_fn[(1,)](lbuf, vbuf, obuf, n_rows, BLOCK=f, num_warps=w))
        print(json.dumps({"ws": name, "variant": "diagnostic: the mean kernel alone FIN_BLOCK=%d warps=%d" % (fin, w), "us": us}), flush=True)
    # the target's logit loaded before the row (its latency under the row's loads, not after them)
    src = open(os.path.join(WS, "kernel.py")).read()
    tl_lines = ("    tgt = tl.load(t_ptr + row)\n    ok = tgt != ignore_index\n"
                "    inside = (tgt >= 0) & (tgt < C)  # an out-of-range target gives NaN, never a read outside the row\n"
                "    x_t = tl.load(base + tl.where(ok & inside, tgt, 0)).to(tl.float32)\n")
    early = patched("early-target", [(tl_lines, ""), ("    offs = tl.arange(0, BLOCK)\n    if ONE_BLOCK:",
                                                      "    offs = tl.arange(0, BLOCK)\n" + tl_lines + "    if ONE_BLOCK:")])
    if early:
        with_settings(early)
elif hasattr(ker, "COLS_BLOCK_I"):
    for bi in (32, 64, 128, 256):
        for tile in (2048, 4096, 8192):
            for w in (4, 8):
                with_settings(COLS_BLOCK_I=bi, COLS_TILE=tile, NUM_WARPS=w)
elif "kl_div" in open(os.path.join(WS, "reference.py")).read():
    LN2 = 0.6931471805599453

    @triton.jit
    def kl_partial(p_ptr, t_ptr, part_ptr, n, FORM: tl.constexpr, CHUNK: tl.constexpr, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        start0 = pid.to(tl.int64) * CHUNK
        offs = tl.arange(0, BLOCK)
        acc = tl.zeros([BLOCK], dtype=tl.float32)
        for step in range(0, CHUNK, BLOCK):
            idx = start0 + step + offs
            m = idx < n
            p = tl.load(p_ptr + idx, mask=m, other=1.0).to(tl.float32)
            t = tl.load(t_ptr + idx, mask=m, other=1.0).to(tl.float32)
            if FORM == 0:  # as generated: two natural logs
                term = tl.where(t > 0.0, t * tl.log(t), 0.0) - t * tl.log(p)
            elif FORM == 1:  # one log of the ratio
                term = tl.where(t > 0.0, t * tl.log(t / p), 0.0)
            elif FORM == 2:  # log2, scaled
                term = (tl.where(t > 0.0, t * tl.log2(t), 0.0) - t * tl.log2(p)) * 0.6931471805599453
            else:  # no log at all: the memory-bound floor of this kernel shape
                term = t * p
            acc += tl.where(m, term, 0.0)
        tl.store(part_ptr + pid, tl.sum(acc, axis=0))

    p, t = inputs[0], inputs[1]
    n = p.numel()
    for form, label in ((0, "2x tl.log"), (1, "tl.log(t / p)"), (2, "2x tl.log2 * ln2"), (3, "t * p (no log: floor)")):
        for chunk, block, w in ((16384, 1024, 4), (16384, 2048, 8), (8192, 1024, 4)):
            parts = torch.empty(triton.cdiv(n, chunk), device=p.device)

            def run(form=form, chunk=chunk, block=block, w=w, parts=parts):
                kl_partial[(parts.numel(),)](p, t, parts, n, FORM=form, CHUNK=chunk, BLOCK=block, num_warps=w)
                return parts.sum().reshape(()) / p.shape[0]  # the finalize, here in torch (tiny)
            report("kl %s CHUNK=%d BLOCK=%d warps=%d" % (label, chunk, block, w), run)


# Session-5 and -6 designs next to the generated kernel (bench/gpu/rownorm_experiments.py says what each is).
if SWEEP and os.environ.get("KWB_EXPERIMENTS", "1") != "0":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import rownorm_experiments as X  # noqa: E402

    refsrc = open(os.path.join(WS, "reference.py")).read()
    x = inputs[0]
    sms = torch.cuda.get_device_properties(x.device).multi_processor_count
    if "softmax" in refsrc and x.dim() == 2:
        # streaming hints on the one-pass load (evict_first) and store (.cs): x and y are touched once
        ld = "    v = tl.load(x_ptr + off, mask=m, other=float('-inf')).to(tl.float32)\n"
        st = "    tl.store(out_ptr + off, y.to(out_ptr.dtype.element_ty), mask=m)\n"
        hints = patched("hints", [(ld, ld.replace("other=float('-inf')", "other=float('-inf'), eviction_policy=\"evict_first\"")),
                                  (st, st.replace("mask=m)", "mask=m, cache_modifier=\".cs\")"))])
        if hints:
            with_settings(hints)
    elif "torch.abs" in refsrc and x.dim() == 2:
        report("l1_aligned CHUNK=4096", lambda: X.l1norm_aligned(x, 4096))
        for ept in (32, 16):
            report("l1_aligned2 CHUNK=4096 EPT=%d" % ept, lambda e=ept: X.l1norm_aligned2(x, 4096, e))
        # diagnostic: the generated kernel on 16-byte-aligned rows (one more column), against a copy of them
        xa = torch.rand(x.shape[0], x.shape[1] + 1, device=x.device)
        da = torch.empty_like(xa)
        a_us, c_us = bench(lambda: new(xa)), bench(lambda: da.copy_(xa))
        print(json.dumps({"ws": name, "variant": "diagnostic: generated kernel on rows of %d (16-byte aligned)" % xa.shape[1],
                          "us": a_us, "copy_us": c_us, "pct_of_copy": 100.0 * c_us / a_us}), flush=True)
        del xa, da
    elif "GroupNorm" in refsrc:
        gn = model.gn
        # session 7 call 4: the generated lagged kernel read 5003 us against 4876 us for gn_lagged in the same run
        # (call 3); which part costs the difference: the statistics through _chunk_stats, or the apply's _finish
        st_old = "            a, b = %s_chunk_stats(x_ptr, row, R, 1, (i // 2) * CHUNK, CHUNK, CHUNK, \"evict_last\")\n" % kname
        st_new = ("            x0 = tl.load(x_ptr + row * R).to(tl.float32)\n"
                  "            d = tl.where(m, tl.load(x_ptr + row * R + k, mask=m, other=0.0, eviction_policy=\"evict_last\").to(tl.float32) - x0, 0.0)\n"
                  "            a = tl.sum(d, axis=0)\n            b = tl.sum(d * d, axis=0)\n")
        ap_old = "            y = %s_finish(v, k, m, row, shift, scale, w_ptr, b_ptr, GROUPS, CPG, HW, AFFINE, HAS_BIAS)\n" % kname
        ap_new = ("            ch = (row % GROUPS) * CPG + k // HW\n"
                  "            y = (v - shift) * scale * tl.load(w_ptr + ch, mask=m, other=1.0).to(tl.float32) + "
                  "tl.load(b_ptr + ch, mask=m, other=0.0).to(tl.float32)\n")
        if st_old in src and ap_old in src:
            for label, edits in (("lagged inline-stats", [(st_old, st_new)]), ("lagged inline-apply", [(ap_old, ap_new)]),
                                 ("lagged inline-both", [(st_old, st_new), (ap_old, ap_new)])):
                v = patched(label, edits)
                if v:
                    with_settings(v)
        # session 6: interleaved LAG=2 at 4096 x 8 warps equalled two passes (5116-5166 us); LAG 1 and the blocked
        # order were slower. Session 7, call 1: an evict_first store took LAG=2 to 4858-4867 us (DRAM reads 1.07x
        # of x, bench/gpu/ncu_bytes.py); LAG 1 and 3, 8192 x 16 warps and the blocked order were slower.
        # Call 2: around that point -- the re-read's policy, a streaming store, elements per thread, and
        # persistent CTAs looping over the tickets (P = CTAs per SM).
        # session 7 call 6: both items of a lagged pair in one CTA (gn_pair): the DRAM read and the L2 re-read in
        # flight together, half the CTAs and tickets
        for chunk, lag, warps in ((4096, 2, 8), (4096, 1, 8), (4096, 3, 8), (2048, 2, 4), (8192, 2, 8), (8192, 2, 16)):
            report("gn_pair CHUNK=%d LAG=%d warps=%d" % (chunk, lag, warps),
                   lambda c=chunk, g=lag, w=warps: X.groupnorm_pair(x, gn.weight, gn.bias, gn.num_groups, gn.eps, c, g, w))
        EL, EF = "evict_last", "evict_first"
        EXPERIMENTS = os.environ.get("KWB_GN_EXPERIMENTS", "1") != "0"  # 0: session 7 call 3 (the generated lagged path)
        for chunk, lag, warps, hints, reread, cms, pers in ((4096, 2, 8, (EL, EF), EF, "", 0),) + (() if not EXPERIMENTS else (
                                                            (4096, 2, 8, ("", EF), "", "", 0),
                                                            (4096, 2, 4, (EL, EF), EF, "", 0),
                                                            (2048, 2, 4, (EL, EF), EF, "", 0),
                                                            (8192, 2, 8, (EL, EF), EF, "", 0),
                                                            (4096, 2, 8, (EL, EF), EF, "", 8),
                                                            (4096, 2, 8, (EL, EF), EF, "", 4),
                                                            (2048, 2, 4, (EL, EF), EF, "", 16),
                                                            (4096, 2, 4, (EL, EF), EF, "", 8))):
            report("gn_lagged CHUNK=%d LAG=%d warps=%d hints=%s/%s reread=%s store=%s persistent=%d"
                   % (chunk, lag, warps, hints[0] or "-", hints[1] or "-", reread or "-", cms or "-", pers),
                   lambda c=chunk, g=lag, w=warps, h=hints, rr=reread, cs=cms, p=pers:
                   X.groupnorm_lagged(x, gn.weight, gn.bias, gn.num_groups, gn.eps, c, g, w, False, h, rr, cs, p))
