"""Folds gluon_tf32.py (beside this file) into the GEMM template's text as B_MN = "gluon" (GLUON_MODE,
GLUON_STAGES), or into a kernel rendered from it (the text anchors carry no {{...}} placeholder).

Usage: python3 fold_template.py FILE MODE STAGES ON    (ON 1: B_MN = "gluon" becomes the default)
FILE is resources/templates/kernels/triton_gemm.py.tmpl, or a `kwb analyze --kernel-out` GEMM kernel (the A/B's
kernels_gluon/). One fold per file: a second raises (the anchors are gone)."""
import os
import re
import sys

tp, mode, stages, on = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "gluon_tf32.py")).read()
t = open(tp).read()
body = src[src.index("BM, BN, BK = 256, 128, 32"):]
ren = {"BM": "GLUON_BM", "BN": "GLUON_BN", "BK": "GLUON_BK", "API": "GLUON_API", "layouts": "_gluon_layouts",
       "gemm_mn": "gluon_gemm_mn", "gemm_mn_kernel": "_gluon_gemm_kernel", "_tma_new": "_gluon_tma_new",
       "_wait_returns": "_gluon_wait_returns", "_ws_api": "_gluon_ws_api", "_p_load": "_gluon_p_load",
       "_p_xf": "_gluon_p_xf", "_p_mma_xf": "_gluon_p_mma_xf", "_p_mma_rs": "_gluon_p_mma_rs",
       "_rs_regs": "_gluon_rs_regs", "_tile_off": "_gluon_tile_off", "_p_load_persist": "_gluon_p_load_persist",
       "_p_mma_rs_persist": "_gluon_p_mma_rs_persist", "TensorDescriptor": "_GlTensorDescriptor",
       "_sync": "_gluon_sync", "_bar": "_gluon_bar", "_issue": "_gluon_issue", "_rs_nows": "_gluon_rs_nows"}
body = re.sub(r"\b(%s)\b" % "|".join(sorted(ren, key=len, reverse=True)), lambda m: ren[m.group(1)], body)
body = re.sub(r"\btma\.", "_gtma.", body)
body = body.replace('GLUON_API = dict(TMA_NEW=_gluon_tma_new(), WAIT_RET=_gluon_wait_returns(), WS_API=_gluon_ws_api(), '
                    'BAR=_gluon_bar())',
                    'GLUON_API = dict(TMA_NEW=_gluon_tma_new(), WAIT_RET=_gluon_wait_returns(), WS_API=_gluon_ws_api(), '
                    'BAR=_gluon_bar()) if _GLUON else {}')
assert "if _GLUON else {}" in body
head = '''# B_MN = "gluon" (session 40, bench/gpu/gemm40): no copy of an fp32 MN-major B. A Gluon (Triton's explicit-layout
# dialect, Triton >= 3.6) warp-specialized TF32 GEMM: GLUON_MODE 0 / 2 compute C^T = B^T A^T with the N-contiguous
# B tile (landed by TMA as it lies) as wgmma's register operand, loaded by the MMA partition while the previous
# wgmma runs (2: persistent); 1 rewrites B K-major in a transform partition. Only one [M, K] @ [K, N] launch (no
# batch, no TRIU) whose shape the 256 x 128 x 64 tile divides; anything else, or no Gluon, stages B as "stage".
GLUON_MODE = %d
GLUON_STAGES = %d
try:
    import inspect
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, warpgroup_mma, \\
        warpgroup_mma_wait
    from triton.experimental.gluon.language.nvidia.hopper import tma as _gtma
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as _GlTensorDescriptor
    _GLUON = True
except Exception:  # noqa: BLE001 -- no Gluon here (an older Triton, the CPU emulation): B_MN "gluon" stages B
    _GLUON = False

    class _NoGluon:
        constexpr = None

        @staticmethod
        def jit(fn):
            return fn

    gluon = gl = _NoGluon()


def gemm_gluon(a, b, c, diagonal, triu):
    """B_MN = "gluon": c[0] = a[0] @ b[0] by _gluon_gemm_kernel when it applies (see above): (CTAs, "") or None
    (the caller stages B). A compile or launch error is remembered in _FAILED and warned once."""
    if not _GLUON or triu or a.shape[0] != 1 or a.dtype != torch.float32 or b.dtype != torch.float32:
        return None
    a2, b2, c2 = a[0], b[0], c[0]
    m, k = a2.shape
    n = b2.shape[1]
    if m %% GLUON_BM or n %% GLUON_BN or k %% (2 * GLUON_BK) or a2.stride(1) != 1 or b2.stride(1) != 1 or \\
            c2.stride(1) != 1 or c2.stride(0) != n or a2.stride(0) %% 4 or b2.stride(0) %% 4 or \\
            a2.data_ptr() %% 16 or b2.data_ptr() %% 16:
        return None
    key = ("gluon", GLUON_MODE, GLUON_STAGES)
    if key in _FAILED:
        return None
    try:
        gluon_gemm_mn(a2, b2, c2, mode=GLUON_MODE, stages=GLUON_STAGES)
    except Exception as e:  # noqa: BLE001 -- remembered; the staged path runs instead
        if isinstance(e, torch.cuda.OutOfMemoryError):
            raise
        msg = str(e).strip()
        _FAILED[key] = "gluon failed: %%s: %%s" %% (type(e).__name__, msg.splitlines()[-1][:300] if msg else "")
        warnings.warn("kernel.py: " + _FAILED[key] + "; staging B instead")
        return None
    LAST_PLAN.clear()
    LAST_PLAN["b_mn"] = "gluon"
    tiles = (m // GLUON_BM) * (n // GLUON_BN)
    return (min(tiles, _num_sms(a)) if GLUON_MODE == 2 else tiles), ""


''' % (mode, stages)
anchor = "def _b_needs_stage(b):"
assert t.count(anchor) == 1
t = t.replace(anchor, head + body.rstrip() + "\n\n\n" + anchor)
old = '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap") and _b_needs_stage(b):
            mode = B_MN
        if mode in ("swap_ab", "transpose")'''
new = '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap", "gluon") and _b_needs_stage(b):
            mode = B_MN
        if mode == "gluon":
            done = gemm_gluon(a, b, c, diagonal, triu)
            if done is not None:
                return done
            mode = "stage"
        if mode in ("swap_ab", "transpose")'''
assert t.count(old) == 1
t = t.replace(old, new)
old = '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap") and _b_needs_stage(b):
            return False, ""'''
assert t.count(old) == 1
t = t.replace(old, '''        if (B_MN in ("swap_ab", "chunked", "transpose", "overlap") or B_MN == "gluon" and _GLUON) and \\
                _b_needs_stage(b):
            return False, ""''')
if on:
    assert t.count('\nB_MN = "stage"\n') == 1
    t = t.replace('\nB_MN = "stage"\n', '\nB_MN = "gluon"\n')
open(tp, "w").write(t)
print("integrated: mode %d stages %d B_MN %s" % (mode, stages, "gluon" if on else "stage"))
