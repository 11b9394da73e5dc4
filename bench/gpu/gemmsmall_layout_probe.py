# Ad-hoc probe run on the H200 on 2026-12-02 (session 17, branch gemmsmall), main's templates (d775313): level-1 2_ shape fp32 row-major B, staged vs b_mn vs swap_ab (persistent TMA)
import os, re, sys, time, types
import torch, triton, triton.language as tl
from triton.testing import do_bench
ROOT = os.getcwd()
src = open(os.path.join(ROOT, "resources/templates/kernels/triton_gemm.py.tmpl")).read()
src = src[:src.index("class ModelNew")]
src = src.replace("{{KERNEL}}", "gk").replace("{{TRIU}}", "False").replace("{{TRIU_DIAGONAL}}", "0")
src = re.sub(r"\{\{[A-Z_]+\}\}", "", src)
path = "/tmp/gk_mod.py"; open(path, "w").write(src)
import importlib.util
spec = importlib.util.spec_from_file_location("gk_mod", path); G = importlib.util.module_from_spec(spec); spec.loader.exec_module(G)

@triton.jit
def swap_tma(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
             GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr, EPI_SPLIT: tl.constexpr):
    start = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_tiles = num_pid_m * num_pid_n
    k_tiles = tl.cdiv(K, BK)
    num_pid_in_group = GROUP_M * num_pid_n
    for tile in tl.range(start, num_tiles, NUM_SMS, flatten=True):
        group_id = tile // num_pid_in_group
        first_pid_m = group_id * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        off_m = (first_pid_m + ((tile % num_pid_in_group) % group_size_m)) * BM
        off_n = ((tile % num_pid_in_group) // group_size_m) * BN
        acc = tl.zeros((BN, BM), dtype=tl.float32)
        for kb in range(k_tiles):
            off_k = kb * BK
            a = a_desc.load([off_m, off_k])          # [BM, BK] K-major
            b = b_desc.load([off_k, off_n])          # [BK, BN] N-major
            acc = tl.dot(tl.trans(b) + 0.0, tl.trans(a), acc)
        c = tl.trans(acc)
        if EPI_SPLIT == 1:
            c_desc.store([off_m, off_n], c)
        else:
            h0, h1 = tl.split(tl.permute(tl.reshape(c, (BM, 2, BN // 2)), (0, 2, 1)))
            c_desc.store([off_m, off_n], h0)
            c_desc.store([off_m, off_n + BN // 2], h1)

def swap(a, b, c, bm, bn, bk, st, w, split):
    from triton.tools.tensor_descriptor import TensorDescriptor
    m, k = a.shape; n = b.shape[1]
    sms = 132
    ad = TensorDescriptor(a, [m, k], [a.stride(0), 1], [bm, bk])
    bd = TensorDescriptor(b, [k, n], [b.stride(0), 1], [bk, bn])
    cd = TensorDescriptor(c, [m, n], [c.stride(0), 1], [bm, bn // split])
    grid = (min(sms, triton.cdiv(m, bm) * triton.cdiv(n, bn)),)
    swap_tma[grid](ad, bd, cd, m, n, k, BM=bm, BN=bn, BK=bk, GROUP_M=8, NUM_SMS=sms, EPI_SPLIT=split, num_warps=w, num_stages=st)
    return c

def main():
    torch.backends.cuda.matmul.allow_tf32 = True
    shapes = [(2048, 8192, 4096), (4096, 4096, 4096), (6 * 40, 72, 56)]
    for (m, k, n) in shapes:
        torch.manual_seed(0)
        a = torch.rand(m, k, device="cuda"); b = torch.rand(k, n, device="cuda")
        ref = (a.double() @ b.double())
        def err(x): return float((x.double() - ref).norm() / ref.norm())
        c = torch.empty(m, n, device="cuda")
        rows = []
        rows.append(("cublas", do_bench(lambda: torch.matmul(a, b), warmup=10, rep=50) * 1e3, err(torch.matmul(a, b))))
        a3, b3, c3 = a.unsqueeze(0), b.unsqueeze(0), c.unsqueeze(0)
        f = lambda: G.gemm_tma(a3, b3, c3, 0, False)
        print(f()); torch.cuda.synchronize()
        rows.append(("staged(copy+tma)", do_bench(f, warmup=10, rep=50) * 1e3, err(c)))
        rows.append(("copy alone", do_bench(lambda: G.kmajor(b3, 1), warmup=10, rep=50) * 1e3, 0))
        bk_ = G.kmajor(b3, 1)
        rows.append(("tma on staged B", do_bench(lambda: G.gemm_tma(a3, bk_, c3, 0, False), warmup=10, rep=50) * 1e3, err(c)))
        orig = G.kmajor
        G.kmajor = lambda x, kdim, force=False: x if (kdim == 1 and not force) else orig(x, kdim, force)
        try:
            print(f()); torch.cuda.synchronize()
            rows.append(("b_mn tma", do_bench(f, warmup=10, rep=50) * 1e3, err(c)))
        except Exception as e:
            rows.append(("b_mn tma", -1, str(e)[-100:]))
        G.kmajor = orig
        for cfg in [(128, 128, 32, 4, 8, 1), (256, 128, 32, 3, 8, 2), (128, 256, 32, 3, 8, 2), (256, 128, 32, 4, 8, 2), (128, 128, 32, 5, 4, 1), (64, 128, 32, 4, 4, 1)]:
            try:
                c.zero_(); swap(a, b, c, *cfg); torch.cuda.synchronize()
                rows.append(("swap %s" % (cfg,), do_bench(lambda: swap(a, b, c, *cfg), warmup=10, rep=50) * 1e3, err(c)))
            except Exception as e:
                rows.append(("swap %s" % (cfg,), -1, str(e).strip().splitlines()[-1][:120]))
        for r in rows:
            print("%s\t%s\t%.1f\t%s" % ((m, k, n), r[0], r[1], r[2]))
        sys.stdout.flush()
    # torch.compile of matmul at 2_ shape
    a = torch.rand(2048, 8192, device="cuda"); b = torch.rand(8192, 4096, device="cuda")
    cf = torch.compile(lambda x, y: torch.matmul(x, y))
    cf(a, b)
    print("compile 2_", do_bench(lambda: cf(a, b), warmup=10, rep=50) * 1e3)

main()
