"""Attention traced as ops, masks from constants as index predicates (issue 14, session 18): old vs new plan of the
same problem in one process, beside eager and torch.compile.

  old  = the kernel.py main (8a8bc5d) generates: GEMM, scale, the mask built by kwb_full / kwb_tri (or read as a
         pointwise epilogue tensor), kwb_softmax, GEMM -- one launch each (u68: 7 launches; u65: 5)
  new  = this branch's kernel.py: one kwb_attention launch (the flash kernel, online softmax, the causal mask an index
         predicate; key tiles past the diagonal skipped), or one kwb_masked_softmax launch for a masked softmax alone
  new-mat = the same new kernel.py with its stage library's kwb_attn_flash = False (scores GEMM, masked softmax,
         P V GEMM: the mask still a predicate, nothing materialised but the scores)
  new-copy = grouped-query / multi-query attention (session 20, gqa): the same new kernel.py with its module switch
         off (kwb_attn_kv_index = False in a chain's stage library, KV_INDEX = False in the attention template): K and V
         repeated to the query heads by a copy before the flash launch, as the plan before did (expand + reshape in
         forward()); "new" reads them in place per KV head (kv_head = h // rep). new vs new-copy decides the switch.

GQA / MQA problems (bench/gpu/gqa_problems, GPU-sized copies of tests/data/codegen/chains/problems): repeat_interleave
+ causal SDPA (rep 4, d 128), one expanded K / V head (MQA, rep 16, d 64), repeat_interleave + SDPA (rep 2, d 96: not a
power of 2), and a fixed-scale SDPA that the attention anchor's template renders (rep 8). Their "old" rows: main's kwb
cannot trace repeat_interleave under torch 1.13 (a skeleton), and copies K / V for the expand form.

Problems, most important first: u68 (new-user trial 9 #4: einsum + triu + masked_fill + softmax + bmm), u65 (where +
full_like + triu, softmax: 0.34x torch.compile at 5 launches), level-3 44_MiniGPTBlock (a buffer mask: read in the
kernel) and 31_VisionAttention (nn.MultiheadAttention, 8 x 16384 x 16384 scores), then u58, u36, u49, u69, u70,
u64.

    # CPU machine (needs build/dev/app/kwb of this branch and an old kwb: $KWB_OLD, else /work/main/build/release/app/kwb)
    python3 bench/gpu/attn.py --generate .gpu/attn
    python3 bench/gpu/attn.py --kernels .gpu/attn --cpu-emulated      # same code path, fake_triton, shrunk sizes
    # GPU machine, repository root
    python3 bench/gpu/attn.py --kernels .gpu/attn --budget 120
    # GQA only (session 20): generate here, then one <= 90 s GPU run
    python3 bench/gpu/attn.py --generate .gpu/gqa --only gqa
    python3 bench/gpu/attn.py --kernels .gpu/gqa --only gqa --budget 80

Rows: problem, variant, latency_us (triton.testing.do_bench median of the whole forward), rel_err (||got - ref|| /
||ref|| against the eager Model in fp32 with TF32 off). The kernels compute fp32 with TF32 dots; eager and
torch.compile are timed with TF32 allowed (the same precision). Order: per problem old, new, eager; then new-mat rows;
then torch.compile rows while the budget lasts (each compile takes seconds). Exits 0.
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
KB = os.environ.get("KWB_KERNELBENCH", "/work/shared/data/kernelbench")
UNSEEN = os.path.join(ROOT, "tests", "data", "unseen")
CASES = [  # name, problem file (relative to UNSEEN or KB)
    ("u68_CausalAttention_einsum_triu_masked_fill", "unseen"),
    ("u65_CausalMask_where_full_like", "unseen"),
    ("44_MiniGPTBlock", "level3"),
    ("31_VisionAttention", "level3"),
    ("u58_CausalSelfAttention_tril_mask", "unseen"),
    ("u36_TransformerEncoderLayer_MHA", "unseen"),
    ("u49_PreNorm_TransformerBlock_GELU", "unseen"),
    ("u69_CausalAttention_arange_compare_dropout", "unseen"),
    ("u70_CausalAttention_additive_triu_inf", "unseen"),
    ("u64_CausalMask_bitwise_not", "unseen"),
    ("gqa_ri_causal_h32kv8_s2048_d128", "gqa"),
    ("mqa_expand_causal_h16_s2048_d64", "gqa"),
    ("gqa_ri_sdpa_h24kv12_s1024_d96", "gqa"),
    ("gqa_anchor_h32kv4_s1024_d128", "gqa"),
]
GQA = os.path.join(HERE, "gqa_problems")


def problem_file(name, where):
    base = {"unseen": UNSEEN, "gqa": GQA}.get(where, os.path.join(KB, where))
    return os.path.join(base, name + ".py")


def selected():
    """--only: problem names, or "gqa" for the GQA / MQA group; every case without it."""
    if not args.only:
        return list(CASES)
    names = args.only.split(",")
    return [(n, w) for n, w in CASES if n in names or w in names]


def generate(out):
    new_kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    old_kwb = os.environ.get("KWB_OLD", "/work/main/build/release/app/kwb")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, KWB_PYTHON=os.environ.get("KWB_PYTHON", "/usr/bin/python3"))
    for name, where in selected():
        src = problem_file(name, where)
        shutil.copy(src, os.path.join(out, name + ".problem.py"))
        for tag, kwb in (("old", old_kwb), ("new", new_kwb)):
            dst = os.path.join(out, "%s.%s.py" % (name, tag))
            r = subprocess.run([kwb, "analyze", src, "--kernel-out", dst, "--framework", "triton"], capture_output=True,
                               text=True, env=env)
            skeleton = os.path.exists(dst) and "unimplemented" in open(dst).read()[:4000].lower()
            print("%-46s %-4s %s" % (name, tag, "FAILED " + (r.stderr or r.stdout).strip()[-200:] if r.returncode
                                     else ("skeleton" if skeleton else "written")), flush=True)


ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", metavar="DIR")
ap.add_argument("--kernels", metavar="DIR", default=os.path.join(ROOT, ".gpu", "attn"))
ap.add_argument("--budget", type=float, default=120.0, help="seconds: later rows are skipped near it")
ap.add_argument("--cpu-emulated", action="store_true")
ap.add_argument("--only", help="comma-separated problem names, or gqa (the GQA / MQA problems)")
args = ap.parse_args()
if args.generate:
    generate(args.generate)
    sys.exit(0)
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn):
    if DEV != "cuda":
        fn()
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=5, rep=20, return_mode="median") * 1e3


def left():
    return args.budget - (time.time() - T0)


def kv_switch(k):
    """The module switch of a GQA / MQA kernel whose K / V are read per KV head ("" when it has none)."""
    if k is None:
        return ""
    mod, _ = k
    src = open(mod.__file__).read()
    if hasattr(mod, "KV_INDEX") and "K_REPEAT = True" in src:
        return "KV_INDEX"
    if hasattr(mod, "kwb_attn_kv_index") and "k_rep=" in src.split("class ModelNew")[-1]:
        return "kwb_attn_kv_index"
    return ""


def kv_reps(mod, m):
    """The K / V repeat factors the last call read in place (1: as given, or copied)."""
    if hasattr(m, "last_kv_rep"):
        return tuple(m.last_kv_rep)
    last = getattr(mod, "kwb_attn_last", {})
    return last.get("k_rep"), last.get("v_rep")


def row(problem, variant, fn, want, note=None):
    """One timed row; note (a function, called after the run) adds a column."""
    try:
        with torch.no_grad():
            got = fn()
            err = rel_err(got, want)
            us = bench(fn)
        print("%-44s %-14s %12.1f %10.2e%s" % (problem, variant, us, err, "  " + note() if note else ""), flush=True)
    except Exception as e:  # noqa: BLE001 -- one failing variant does not lose the table
        print("%-44s %-14s ERROR %s: %s" % (problem, variant, type(e).__name__, str(e).strip()[-200:]), flush=True)


def setup(name):
    """(problem module, reference model, inputs, fp32 TF32-off reference output, {variant: ModelNew})."""
    d = args.kernels
    prob = load(os.path.join(d, name + ".problem.py"), "p_" + name)
    if args.cpu_emulated:  # shrunk by name, as chain_emulate.py; not where that would change the constructor's sizes
        from chain_emulate import shrink
        init0 = prob.get_init_inputs()
        shrink(prob)
        if prob.get_init_inputs() != init0:
            prob = load(os.path.join(d, name + ".problem.py"), "p_" + name)
    torch.manual_seed(0)
    init = prob.get_init_inputs()
    model = prob.Model(*init).to(DEV).eval()
    inputs = [x.to(DEV) if isinstance(x, torch.Tensor) else x for x in prob.get_inputs()]
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    with torch.no_grad():
        want = model(*inputs)
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
    news = {}
    for tag in ("old", "new"):
        path = os.path.join(d, "%s.%s.py" % (name, tag))
        if not os.path.exists(path) or "unimplemented" in open(path).read()[:4000].lower():
            news[tag] = None
            continue
        mod = load(path, "k_%s_%s" % (tag, name))
        m = mod.ModelNew(*init).to(DEV).eval()
        sd = model.state_dict()
        if sd:
            m.load_state_dict(sd)
        news[tag] = (mod, m)
    return model, inputs, want, news


def main():
    names = [n for n, _ in selected()]
    print("[attn] %s, torch %s, kernels %s, budget %.0f s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton, shrunk sizes)", torch.__version__,
        args.kernels, args.budget), flush=True)
    print("%-44s %-14s %12s %10s" % ("problem", "variant", "latency_us", "rel_err"), flush=True)
    done = []
    last = 10.0  # seconds the previous problem took (Triton compiles included)
    for name in names:  # the verdict rows: old, new, eager
        if left() < max(15.0, 1.5 * last):
            print("%-44s skipped (budget)" % name, flush=True)
            continue
        t_start = time.time()
        try:
            model, inputs, want, ks = setup(name)
        except Exception as e:  # noqa: BLE001
            print("%-44s setup ERROR %s: %s" % (name, type(e).__name__, str(e).strip()[-200:]), flush=True)
            continue
        for tag in ("old", "new"):
            if ks[tag] is None:
                print("%-44s %-14s skeleton (no kernel)" % (name, tag), flush=True)
            elif not (tag == "new" and kv_switch(ks[tag])):  # a GQA kernel's new row comes with its new-copy row
                row(name, tag, lambda m=ks[tag][1]: m(*inputs), want)
        switch = kv_switch(ks["new"])
        if switch:  # GQA / MQA: the same kernel with K / V copied to the query heads first (the old path)
            mod, m = ks["new"]
            row(name, "new", lambda: m(*inputs), want, note=lambda: "kv_rep=%s" % (kv_reps(mod, m),))
            setattr(mod, switch, False)
            row(name, "new-copy", lambda: m(*inputs), want, note=lambda: "kv_rep=%s" % (kv_reps(mod, m),))
            setattr(mod, switch, True)
        row(name, "eager", lambda: model(*inputs), want)
        done.append((name, model, inputs, want, ks))
        last = time.time() - t_start
    for name, model, inputs, want, ks in done:  # the materialised path of the same new kernel
        if ks["new"] is None or not hasattr(ks["new"][0], "kwb_attn_flash") or left() < 10:
            continue
        mod, m = ks["new"]
        if " = kwb_attention(" not in open(mod.__file__).read():  # a call in forward(), not the library's def
            continue
        mod.kwb_attn_flash = False
        row(name, "new-mat", lambda: m(*inputs), want)
        mod.kwb_attn_flash = True
    if DEV == "cuda":
        for name, model, inputs, want, ks in done:
            if left() < 60:  # a compile takes tens of seconds
                print("%-44s %-14s skipped (budget)" % (name, "torch.compile"), flush=True)
                continue
            comp = torch.compile(model)
            row(name, "torch.compile", lambda: comp(*inputs), want)
    print("[attn] %.0f s" % (time.time() - T0), flush=True)


main()
