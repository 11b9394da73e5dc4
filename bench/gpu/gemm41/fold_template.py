"""Folds the winning mode of gluon_tf32.py (beside this file) into the GEMM template's text as B_MN = "gluon"
(GLUON_MODE, GLUON_STAGES), or into a kernel rendered from it (the anchors carry no {{...}} placeholder).
Only the functions that mode's launch needs are copied (ast), renamed with a _gl prefix.

Usage: python3 fold_template.py FILE MODE STAGES ON     (ON 1: B_MN = "gluon" becomes the default)
One fold per file: a second raises (the anchors are gone). Adapted from bench/gpu/gemm40/fold_template.py."""
import ast
import os
import re
import sys

NEEDS = {  # mode -> the top-level functions its launch reaches (the kernel names every branch's callee)
    0: ["_sync", "_rs_regs", "_tile_off", "_load_step", "_p_load", "_p_mma", "_mma_nows", "gemm_mn_kernel"],
    1: ["_tile_off", "_load_step", "_p_xf", "_p_load_xf", "_p_mma_xf", "gemm_xf_kernel"],
}
NEEDS[2] = NEEDS[3] = NEEDS[0]


def main():
    tp, mode, stages, on = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "gluon_tf32.py")).read()
    tree = ast.parse(src)
    defs = {n.name: ast.get_source_segment(src, n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    names = NEEDS[mode]
    body = "\n\n\n".join("@gluon.jit\n" + defs[n] for n in names)
    ren = {n: "_gl" + n if n.startswith("_") else "_gl_" + n for n in names}
    body = re.sub(r"\b(%s)\b" % "|".join(sorted(ren, key=len, reverse=True)), lambda m: ren[m.group(1)], body)
    body = re.sub(r"\btma\.", "_gtma.", body)
    launch = ("_gl_gemm_xf_kernel[grid](a_desc, b_desc, c, m, n, k, GLUON_T_LAYOUT, GLUON_STAGES, GROUP_M, 24, 4, 88, "
              "8, num_warps=8, maxnreg=128)" if mode == 1 else
              "_gl_gemm_mn_kernel[grid](a_desc, b_desc, c, m, n, k, GLUON_MODE, GLUON_STAGES, GROUP_M, 24, 0, 1, 8, "
              "num_warps=8%s)" % ("" if mode == 3 else ", maxnreg=168"))
    head = '''# B_MN = "gluon" (session 41, bench/gpu/gemm41): no copy of an fp32 MN-major B. A Gluon (Triton >= 3.6) TF32
# GEMM: GLUON_MODE 0 / 2 / 3 compute C^T = B^T A^T with the N-contiguous B tile (landed by TMA as it lies) as
# wgmma's register operand (0 warp-specialized, 2 persistent, 3 no warp_specialize); 1 rewrites B K-major in a
# transform partition. Only one fp32 [M, K] @ [K, N] launch (no batch, no TRIU) whose shape the 256 x 128 x 64
# tile divides; anything else, or no Gluon, stages B as "stage".
GLUON_MODE = %d
GLUON_STAGES = %d
GLUON_BM, GLUON_BN, GLUON_BK = 256, 128, 32
try:
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, warpgroup_mma, \\
        warpgroup_mma_wait
    from triton.experimental.gluon.language.nvidia.hopper import tma as _gtma
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as _GlTensorDescriptor
    _GLUON = hasattr(_gtma, "async_copy_global_to_shared") and hasattr(gl, "thread_barrier")
except Exception:  # noqa: BLE001 -- no Gluon here (an older Triton, the CPU emulation): B_MN "gluon" stages B
    _GLUON = False
if not _GLUON:
    class _NoGluon:
        constexpr = None

        @staticmethod
        def jit(fn):
            return fn

    gluon = gl = _NoGluon()


def gemm_gluon(a, b, c, diagonal, triu):
    """B_MN = "gluon": c[0] = a[0] @ b[0] by the Gluon kernel when it applies (see above): (CTAs, "") or None
    (the caller stages B). A compile or launch error is remembered in _FAILED and warned once."""
    if not _GLUON or triu or a.shape[0] != 1 or a.dtype != torch.float32 or b.dtype != torch.float32:
        return None
    a2, b2, c = a[0], b[0], c[0]
    m, k = a2.shape
    n = b2.shape[1]
    if m %% GLUON_BM or n %% GLUON_BN or k %% (2 * GLUON_BK) or k // GLUON_BK < GLUON_STAGES or \\
            a2.stride(1) != 1 or b2.stride(1) != 1 or c.stride(1) != 1 or c.stride(0) != n or a2.stride(0) %% 4 or \\
            b2.stride(0) %% 4 or a2.data_ptr() %% 16 or b2.data_ptr() %% 16:
        return None
    key = ("gluon", GLUON_MODE, GLUON_STAGES)
    if key in _FAILED:
        return None
    try:
        a_desc = _GlTensorDescriptor.from_tensor(a2, [GLUON_BM, GLUON_BK], gl.NVMMASharedLayout.get_default_for(
            [GLUON_BM, GLUON_BK], gl.float32))
        b_desc = _GlTensorDescriptor.from_tensor(b2, [GLUON_BK, GLUON_BN], gl.NVMMASharedLayout.get_default_for(
            [GLUON_BK, GLUON_BN], gl.float32))
        tiles = (m // GLUON_BM) * (n // GLUON_BN)
        grid = (min(tiles, _num_sms(a)) if GLUON_MODE == 2 else tiles, )
        GLUON_T_LAYOUT = gl.NVMMASharedLayout.get_default_for([GLUON_BN, GLUON_BK], gl.float32)  # noqa: F841
        %s
    except Exception as e:  # noqa: BLE001 -- remembered; the staged path runs instead
        if isinstance(e, torch.cuda.OutOfMemoryError):
            raise
        msg = str(e).strip()
        _FAILED[key] = "gluon failed: %%s: %%s" %% (type(e).__name__, msg.splitlines()[-1][:300] if msg else "")
        warnings.warn("kernel.py: " + _FAILED[key] + "; staging B instead")
        return None
    LAST_PLAN.clear()
    LAST_PLAN["b_mn"] = "gluon"
    return grid[0], ""


''' % (mode, stages, launch)
    t = open(tp).read()
    anchor = "def _b_needs_stage(b):"
    assert t.count(anchor) == 1, "anchor"
    t = t.replace(anchor, head + body.rstrip() + "\n\n\n" + anchor)
    old = '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap") and _b_needs_stage(b):
            mode = B_MN
'''
    assert t.count(old) == 1, "gemm_tma"
    t = t.replace(old, '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap", "gluon") and _b_needs_stage(b):
            mode = B_MN
        if mode == "gluon":
            done = gemm_gluon(a, b, c, diagonal, triu)
            if done is not None:
                return done
            mode = "stage"
''')
    old = '''        if B_MN in ("swap_ab", "chunked", "transpose", "overlap") and _b_needs_stage(b):
            return False, ""'''
    assert t.count(old) == 1, "_tma_plan_of"
    t = t.replace(old, '''        if (B_MN in ("swap_ab", "chunked", "transpose", "overlap") or B_MN == "gluon" and _GLUON) and \\
                _b_needs_stage(b):
            return False, ""''')
    if on:
        assert t.count('\nB_MN = "stage"\n') == 1, "B_MN"
        t = t.replace('\nB_MN = "stage"\n', '\nB_MN = "gluon"\n')
    open(tp, "w").write(t)
    print("folded: mode %d stages %d B_MN %s, %d functions" % (mode, stages, "gluon" if on else "stage", len(names)))


if __name__ == "__main__":
    main()
