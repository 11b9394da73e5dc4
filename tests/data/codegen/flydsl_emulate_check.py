"""Runs generated FlyDSL kernel.py files on the CPU through the emulation in fake_flydsl/ and compares
them with PyTorch at tiny shapes (Kernel Workbench tests: tst_codegen flydslKernelsMatchTorch).

    PYTHONPATH=fake_flydsl python3 flydsl_emulate_check.py KERNEL_DIR KERNELBENCH_LEVEL1_DIR

KERNEL_DIR holds <case>.py for the cases below. Prints one line per case and "ok" when all match.
The emulation checks index arithmetic, guards, reductions and plumbing, not FlyDSL itself (fake_flydsl).
"""
import importlib.util
import sys

import torch
import torch.nn.functional as F

torch.cuda.current_stream = lambda *a, **k: None  # the emulation runs on CPU tensors
KDIR, L1 = sys.argv[1], sys.argv[2]


def load(path, name):
    s = importlib.util.spec_from_file_location(name, path)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    return m


def new(case, *init):
    return load("%s/%s.py" % (KDIR, case), "k_" + case).ModelNew(*init)


def ref(problem, *init):
    return load("%s/%s.py" % (L1, problem), "r_" + problem.split("_")[0]).Model(*init)


def share(mod_new, mod_ref):
    """ModelNew declares its parameters at the spec's shapes: take the reference's (smaller) ones."""
    mod_new.weight = torch.nn.Parameter(mod_ref.weight.detach().clone())
    mod_new.bias = torch.nn.Parameter(mod_ref.bias.detach().clone())


def check(case, got, want, tol=2e-5):
    assert got.shape == want.shape and got.dtype == want.dtype, (case, got.shape, want.shape, got.dtype, want.dtype)
    if got.dtype in (torch.int64, torch.int32):
        assert torch.equal(got, want), (case, got, want)
    else:
        err = float((got.double() - want.double()).abs().max()) if got.numel() else 0.0
        assert err <= tol, (case, err)
    print("match", case)


torch.manual_seed(0)
# elementwise: tails (231 = not a multiple of 256), bf16, a scalar argument, broadcasts and a view
x = torch.randn(7, 33)
check("relu", new("relu")(x), torch.relu(x))
xb = x.to(torch.bfloat16)
check("relu bf16", new("relu")(xb), torch.relu(xb), 0.0)
check("leaky_relu", new("leaky_relu", 0.01)(x), F.leaky_relu(x, 0.01))
check("gelu", new("gelu")(x), F.gelu(x), 1e-6)
check("swish", new("swish")(x), x * torch.sigmoid(x), 1e-6)
A = torch.randn(5, 300)
check("scalar_mul", new("scalar_mul")(A, 2.5), A * 2.5)
bb = torch.randn(33)
check("broadcast_bias", new("broadcast_bias")(x, bb), x + bb)
xt = torch.randn(33, 7).t()
check("broadcast_bias strided", new("broadcast_bias")(xt, bb), xt + bb)
a, b, c = torch.randn(5, 1), torch.randn(1, 9), torch.randn(9)
check("outer_sum", new("outer_sum")(a, b, c), torch.relu(a + b) * c)
Av, Bm = torch.randn(6), torch.randn(6, 11)
check("diag_scale", new("diag_scale")(Av, Bm), Av.unsqueeze(1) * Bm)
check("diag_scale bf16", new("diag_scale")(Av.bfloat16(), Bm.bfloat16()), Av.bfloat16().unsqueeze(1) * Bm.bfloat16(), 0.0)

# reductions: rows (one block per row, R > 256 and not a multiple of 256) and columns (inner > 1)
xr = torch.randn(3, 300, 5)
for problem, case in [("47_Sum_reduction_over_a_dimension", "sum"), ("49_Max_reduction_over_a_dimension", "max"),
                      ("53_Min_reduction_over_a_dimension", "min"), ("52_Argmin_over_a_dimension", "argmin")]:
    for path, inp in [("columns", xr), ("rows", torch.randn(1, 700))]:  # the spec's dim 1: inner 5, inner 1
        check("%s %s" % (case, path), new(case, 1)(inp), ref(problem, 1)(inp), 1e-4)
xi = torch.randn(3, 300)
xi[0, 17] = xi[0].min() - 1  # a unique minimum in the first wave
xi[1, 290] = xi[1, 3] = xi[1].min() - 1  # equal minima in different waves: the first index wins
xi[2, 100] = xi[2, 164] = xi[2].min() - 1  # equal minima in one wave (lanes 36 of passes 0 and 1... of one thread)
check("argmin ties", new("argmin", 1)(xi), torch.argmin(xi, dim=1))

# softmax / norms: one block per row
xs = torch.randn(1, 700) * 4
check("softmax", new("softmax")(xs), ref("23_Softmax")(xs), 1e-6)
xl = torch.randn(1, 4, 5, 6)
ln_new, ln_ref = new("layernorm", (4, 5, 6)), ref("40_LayerNorm", (4, 5, 6))
with torch.no_grad():
    ln_ref.ln.weight.copy_(torch.randn(4, 5, 6))
    ln_ref.ln.bias.copy_(torch.randn(4, 5, 6))
share(ln_new.ln, ln_ref.ln)
check("layernorm", ln_new(xl), ln_ref(xl), 1e-5)
xg = torch.randn(1, 16, 5, 7)
gn_new, gn_ref = new("groupnorm", 16, 8), ref("35_GroupNorm_", 16, 8)  # the spec's 8 groups
with torch.no_grad():
    gn_ref.gn.weight.copy_(torch.randn(16))
    gn_ref.gn.bias.copy_(torch.randn(16))
share(gn_new.gn, gn_ref.gn)
check("groupnorm", gn_new(xg), gn_ref(xg), 1e-5)
x1 = torch.randn(1, 400)
check("l1norm", new("l1norm")(x1), ref("38_L1Norm_")(x1), 1e-5)
print("ok")
