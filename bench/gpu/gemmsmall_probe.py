# Ad-hoc probe run on the H200 on 2026-12-02 (session 17, branch gemmsmall) from the repository root with main's
# templates (d775313): pools (D_SLIDE on / off), small GEMMs (staged / MN-major / pointer tiles), the K-major copy
# tile. Figures: docs/results/2026-12-02-gemmsmall.md. GPU time by triton.testing.do_bench_cudagraph.
import os, re, sys, importlib.util
import torch, triton, triton.language as tl
from triton.testing import do_bench, do_bench_cudagraph
ROOT = os.getcwd()
def inst(name, subs):
    src = open(os.path.join(ROOT, "resources/templates/kernels", name)).read()
    for k, v in subs.items():
        src = src.replace("{{%s}}" % k, v)
    src = src[:src.index("class ModelNew")]
    src = re.sub(r"\{\{[A-Z_]+\}\}", "", src)
    p = "/tmp/%s_%d.py" % (name.split(".")[0], abs(hash(str(subs))) % 10000)
    open(p, "w").write(src)
    spec = importlib.util.spec_from_file_location(os.path.basename(p)[:-3], p); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    return m
G = inst("triton_gemm.py.tmpl", {"KERNEL": "gk", "TRIU": "False", "TRIU_DIAGONAL": "0"})
def cg(f):
    try:
        return do_bench_cudagraph(f, rep=30) * 1e3
    except Exception as e:
        return -1
def pr(*a):
    print(*a); sys.stdout.flush()
# D) pools
for name, (shape, ks, st, pd, ceil) in [("u13", ((4, 16, 31, 28), 3, 2, 1, False)), ("u47", ((4, 8, 21, 18), 3, 2, 1, True)), ("big", ((32, 64, 256, 256), 3, 2, 1, False))]:
    subs = {"KERNEL": "pk", "POOL_KIND": "avg", "SPATIAL": "2", "KERNEL_SIZE": "(%d, %d)" % (ks, ks), "STRIDE": "(%d, %d)" % (st, st), "PADDING": "(%d, %d)" % (pd, pd), "DILATION": "(1, 1)", "CEIL_MODE": str(ceil), "COUNT_INCLUDE_PAD": "False", "DIVISOR_OVERRIDE": "None"}
    P = inst("triton_pool.py.tmpl", subs)
    x = torch.randn(*shape, device="cuda")
    ref = torch.nn.functional.avg_pool2d(x, ks, st, pd, ceil_mode=ceil, count_include_pad=False)
    def fwd():
        view, out_shape, slide, grid, args, meta, last = P._pool_plan(x)
        out = torch.empty(out_shape, device="cuda")
        (P.pk_slide if slide else P.pk)[grid](x, out, *args, **meta)
        return out
    for ds in [True, False]:
        P.D_SLIDE = ds
        o = fwd(); torch.cuda.synchronize()
        pr(name, "D_SLIDE", ds, P._pool_plan(x)[3], P._pool_plan(x)[5].get("num_warps"), P._pool_plan(x)[5].get("BLOCK_H"), P._pool_plan(x)[5].get("BLOCK_W"), "%.2f" % cg(fwd), "%.1e" % float((o - ref).abs().max()))
    pr(name, "eager %.2f" % cg(lambda: torch.nn.functional.avg_pool2d(x, ks, st, pd, ceil_mode=ceil, count_include_pad=False)))

# C) small GEMMs
torch.backends.cuda.matmul.allow_tf32 = True
orig = G.kmajor
def run_variant(a3, b3, c3, v):
    if v == "staged":
        G.kmajor = orig; return G.gemm_tma(a3, b3, c3, 0, False)
    if v == "b_mn":
        G.kmajor = lambda x, kdim, force=False: x if not force else orig(x, kdim, force)
        return G.gemm_tma(a3, b3, c3, 0, False)
    bm, bn, w = v
    m, k = a3.shape[1], a3.shape[2]; n = b3.shape[2]
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn), a3.shape[0])
    G.gk[grid](a3, b3, c3, m, n, k, *a3.stride(), *b3.stride(), *c3.stride(), 0, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=32, GROUP_M=8, TRIU=False, num_warps=w, num_stages=3)
for name, (nb, m, k, n, bshared) in [("u22", (1, 240, 72, 56, True)), ("u23", (4, 48, 64, 40, False)), ("u30", (1, 48, 80, 64, True)), ("mid", (1, 512, 512, 512, True)), ("mid2", (1, 1024, 1024, 1024, True))]:
    a3 = torch.randn(nb, m, k, device="cuda"); b3 = torch.randn(1 if bshared else nb, k, n, device="cuda")
    if bshared: b3 = b3.expand(nb, k, n)
    c3 = torch.empty(nb, m, n, device="cuda")
    ref = (a3.double() @ b3.double())
    pr(name, "cublas", "%.2f" % cg(lambda: torch.matmul(a3, b3)))
    for v in ["staged", "b_mn", (128, 256, 8), (64, 64, 4), (32, 32, 4), (32, 64, 4), (16, 32, 4)]:
        try:
            c3.zero_(); run_variant(a3, b3, c3, v); torch.cuda.synchronize()
            e = float((c3.double() - ref).norm() / ref.norm())
            pr(name, v, "%.2f" % cg(lambda: run_variant(a3, b3, c3, v)), "%.1e" % e)
        except Exception as ex:
            pr(name, v, "error", str(ex).strip().splitlines()[-1][:100])
    G.kmajor = orig
# A) copy variants
b = torch.rand(8192, 4096, device="cuda"); b3 = b.unsqueeze(0)
for (br, bc, w) in [(64, 64, 4), (64, 128, 4), (128, 64, 4), (128, 128, 8), (32, 128, 4), (64, 64, 8)]:
    G.STAGE_BLOCK = br
    nb, kk, no = 1, 8192, 4096
    buf = torch.empty((1, no, kk), device="cuda"); dst = buf.transpose(1, 2)
    grid = (triton.cdiv(8192, br) * triton.cdiv(4096, bc), 1)
    f = lambda: G.gk_stage[grid](b3, dst, 8192, 4096, *b3.stride(), *dst.stride(), BLOCK_R=br, BLOCK_C=bc, num_warps=w)
    f(); torch.cuda.synchronize(); assert torch.equal(dst[0], b)
    pr("copy", br, bc, w, "%.1f" % (do_bench(f, warmup=10, rep=50) * 1e3))
pr("copy aten t().contiguous()", "%.1f" % (do_bench(lambda: b.t().contiguous(), warmup=10, rep=50) * 1e3))
G.STAGE_BLOCK = 64
del b, b3, buf, dst
