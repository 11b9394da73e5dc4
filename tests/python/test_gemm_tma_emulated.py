"""The Hopper TMA + persistent GEMM variant of resources/templates/kernels/triton_gemm.py.tmpl (GEMM_IMPL =
"tma_persistent") run on the CPU through tests/data/codegen/fake_triton, whose host TensorDescriptor keeps
the real one's alignment checks and zero-fills / clips blocks outside the tensor as TMA does. Checks the
persistent tile walk (more tiles than the 4 emulated SMs), M/N/K tails, operand layouts (K-major, M/N-major,
shared batch), the TRIU epilogue and both fallbacks to the pointer kernel. Numbers only: nothing here says
anything about speed or about the real Triton compiler (bench/gpu/gemm_tma_sweep.py runs it on a GPU).
KWB_REAL_TRITON=1 runs the same checks with the installed Triton on CUDA tensors (a GPU smoke test).
"""
import importlib.util
import os
import re
import sys
import tempfile
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
REAL = os.environ.get("KWB_REAL_TRITON") == "1"
DEVICE = "cuda" if REAL else "cpu"
TOL32 = 5e-3 if REAL else 1e-5  # fp32 operands: tl.dot is TF32 on the GPU, exact-ish fp32 products on the CPU
if not REAL:
    sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
TEMPLATE = os.path.join(ROOT, "resources", "templates", "kernels", "triton_gemm.py.tmpl")
GLUON_SECTION = os.path.join(ROOT, "resources", "templates", "kernels", "triton_gemm_gluon.py.inc")

# A generic forward: A [M, K] or [nb, M, K], B [K, N] or [nb, K, N] (any strides), like the generator's
# operand views for mm / bmm.
OPERANDS = """        a = A if A.dim() == 3 else A.unsqueeze(0)
        b = B if B.dim() == 3 else B.unsqueeze(0).expand(a.shape[0], -1, -1)
        out = torch.empty((a.shape[0], a.shape[1], b.shape[2]), dtype=A.dtype, device=A.device)
        c = out"""


def as_float64(text):
    """The template as the generator renders it for a float64 problem (float64Kernel, core/codegen/dtyperule.cpp):
    fp32 math in fp64 and every tl.dot an ieee fp64 product with an fp64 result (Triton's fp64 dot: DMMA)."""
    text = re.sub(r"\btl\.float32\b", "tl.float64", text)
    # host code: a dtype to allocate or convert to becomes float64, a dtype TEST keeps the name it tests (session 36)
    test = re.compile(r"(==|!=)\s*$|\bin\s*[(\[{]\s*([^()\[\]{}]*,\s*)?$")
    text = "\n".join(re.sub(r"\btorch\.float32\b",
                            lambda m: m.group(0) if test.search(m.string[:m.start()]) or
                            re.match(r"\s*(==|!=)", m.string[m.end():]) else "torch.float64", line)
                     for line in text.split("\n"))
    return re.sub(r"tl\.dot\(((?:[^()]|\([^()]*\))*)\)",
                  lambda m: 'tl.dot(%s, input_precision="ieee", out_dtype=tl.float64)' % m.group(1), text)


def render(triu=False, diagonal=0, float64=False, gluon=False):
    """The template rendered as kwb does (gluon: with KWB_GEMM_GLUON=1's B_MN = "gluon" section), imported."""
    with open(TEMPLATE) as f:
        text = f.read()
    section = ""
    if gluon:
        with open(GLUON_SECTION) as f:
            section = f.read().rstrip("\n")
    # kwb's renderer drops a placeholder's line when its value is empty (core/codegen/template.cpp)
    text = text.replace("{{GEMM_GLUON}}\n", section + "\n" if section else "")
    if float64:
        text = as_float64(text)
    subs = {"PROBLEM": "emulated_gemm", "SPEC_SHA": "", "DESCRIPTION": "test", "POLICY_NOTE": "test",
            "CONFIG_SUMMARY": "#   test", "TRIU": str(triu), "TRIU_DIAGONAL": str(diagonal), "KERNEL": "kwb_mm",
            "INIT_PARAMS": "", "INIT_STORE": "        pass", "FORWARD_PARAMS": ", A, B", "OPERANDS": OPERANDS}
    for k, v in subs.items():
        text = text.replace("{{%s}}" % k, v)
    path = os.path.join(tempfile.mkdtemp(), "kernel_tma_%s%s.py" % (triu, "_gluon" if gluon else ""))
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_tma_%s%s" % (triu, "_gluon" if gluon else ""), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.GEMM_IMPL = "tma_persistent"
    mod.SMALL_GEMM_FLOPS = 0  # these shapes are small GEMMs: the TMA path runs only with that rule off
    return mod


def rel_err(got, want):
    return float((got.double() - want).abs().max() / (want.abs().max() + 1e-12))


class GemmTmaEmulated(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = render()

    def run_model(self, A, B, mod=None):
        model = (mod or self.mod).ModelNew()
        A, B = A.to(DEVICE), B.to(DEVICE)
        out = model(A, B)
        want = A.double() @ B.double()
        return model, out.reshape(want.shape), want

    def test_fp32_tails_and_persistent_walk(self):
        torch.manual_seed(0)
        # 3 x 3 tiles of 128 x 256 on 4 CTAs, K tail 6; 2084-byte rows of C: stored through pointers, not TMA
        A, B = torch.randn(300, 70), torch.randn(70, 521)
        model, out, want = self.run_model(A, B)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        # one CTA per SM, at most one per tile of the tile TMA_FILL chose (off the GPU, 4 SMs: 9 tiles of
        # 128 x 256; an H100's 132 SMs narrow the tile to fill them, e.g. 45 of 64 x 64)
        plan, sms = self.mod.LAST_PLAN["plan"], self.mod._num_sms(out)
        tiles = -(-300 // plan["BLOCK_M"]) * -(-521 // plan["BLOCK_N"])
        self.assertEqual(model.last_grid_blocks, min(tiles, sms))
        if not REAL:
            self.assertEqual((plan["BLOCK_M"], plan["BLOCK_N"], model.last_grid_blocks), (128, 256, 4))
        self.assertLess(rel_err(out, want), TOL32)

    def test_every_c_store_split(self):
        torch.manual_seed(6)
        A, B = torch.randn(300, 40), torch.randn(40, 520)  # 2080-byte rows of C: TMA-storable; N tail 8
        old = dict(self.mod.TMA_EPI_SPLIT), self.mod.TMA_C_STORE
        try:
            # split 1: the whole staged fp32 tile, too big for 3 stages on the H200
            for split in (2, 4) if REAL else (1, 2, 4):
                for by_tma in (True, False):
                    self.mod.TMA_EPI_SPLIT[4], self.mod.TMA_C_STORE = split, by_tma
                    model, out, want = self.run_model(A, B)
                    tag = "split %d, C by TMA %s" % (split, by_tma)
                    self.assertEqual(model.last_impl, "tma_persistent", tag + ": " + model.last_fallback)
                    self.assertLess(rel_err(out, want), TOL32, tag)
        finally:
            self.mod.TMA_EPI_SPLIT.update(old[0])
            self.mod.TMA_C_STORE = old[1]

    def test_fp32_transposed_operands_are_staged_k_major(self):
        torch.manual_seed(1)
        A, B = torch.randn(90, 200).t(), torch.randn(300, 90).t()  # A M-major, B K-major (N rows of K)
        model, out, want = self.run_model(A, B)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, want), TOL32)

    def test_16bit_every_major_order(self):
        torch.manual_seed(2)
        for dt in (torch.bfloat16, torch.float16):
            for a_t in (False, True):
                for b_t in (False, True):
                    A = torch.randn(72, 136).t().to(dt) if a_t else torch.randn(136, 72).to(dt)
                    B = torch.randn(264, 72).t().to(dt) if b_t else torch.randn(72, 264).to(dt)
                    model, out, want = self.run_model(A, B)
                    tag = "%s a_t=%s b_t=%s" % (dt, a_t, b_t)
                    self.assertEqual(model.last_impl, "tma_persistent", tag + ": " + model.last_fallback)
                    self.assertLess(rel_err(out, want), 1e-2, tag)

    def test_batched_and_shared_operand(self):
        torch.manual_seed(3)
        A, B = torch.randn(3, 130, 40), torch.randn(3, 40, 264)
        model, out, want = self.run_model(A, B)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, want), TOL32)
        W = torch.randn(40, 264).to(torch.bfloat16)  # one B for every batch (batch stride 0)
        model, out, want = self.run_model(A.to(torch.bfloat16), W)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, want), 1e-2)

    def test_triu_epilogue(self):
        mod = render(triu=True, diagonal=1)
        torch.manual_seed(4)
        A, B = torch.randn(200, 64), torch.randn(64, 300)
        model, out, want = self.run_model(A, B, mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, torch.triu(want, diagonal=1)), TOL32)

    def test_unaligned_16bit_rows_are_staged_padded(self):
        torch.manual_seed(5)
        A, B = torch.randn(40, 7).half(), torch.randn(7, 33).half()  # 14- and 66-byte rows: copied K-major
        model, out, want = self.run_model(A, B)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, want), 1e-2)

    def test_fp64_falls_back_to_the_pointer_kernel(self):
        if REAL:
            self.skipTest("fp64 tl.dot: the pointer kernel's own business")
        A, B = torch.randn(40, 8).double(), torch.randn(8, 16).double()
        # rendered as a float64 problem's kernel is (dtype35, session 35): the raw template's fp32 accumulator is
        # what fake Triton (like Triton) refuses for fp64 operands
        model, out, want = self.run_model(A, B, render(float64=True))
        self.assertEqual(model.last_impl, "pointer")
        self.assertIn("float64", model.last_fallback)
        self.assertLess(rel_err(out, want), 1e-12)  # fp64 products and accumulator

    def test_a_failing_variant_is_recorded_and_falls_back(self):
        mod = render()

        class Broken:
            def __getitem__(self, grid):
                def launch(*args, **kwargs):
                    # the warning shows the last line: named as this test's, so that a log of a GPU run does not
                    # read as a real compile failure of the TMA kernel (session 34 did)
                    raise RuntimeError("emulated compile error\nPassManager::run failed (injected by "
                                       "test_a_failing_variant_is_recorded_and_falls_back)")
                return launch

        mod.kwb_mm_tma = Broken()
        A, B = torch.randn(64, 32), torch.randn(32, 64)
        with self.assertWarnsRegex(UserWarning, "injected by test_a_failing_variant"):  # the first forward only
            model, out, want = self.run_model(A, B, mod)
        for _ in range(2):  # later forwards skip the variant without trying it again
            model, out, want = self.run_model(A, B, mod)
            self.assertEqual(model.last_impl, "pointer")
            self.assertIn("PassManager::run failed", model.last_fallback)
            self.assertLess(rel_err(out, want), TOL32)
        self.assertEqual(len(mod._FAILED), 1)  # one specialization, tried once


class BatchGrid(unittest.TestCase):
    """More batches than CUDA's grid y takes (65535: a bmm of 100k small matrices failed its launch with "invalid
    argument"): batch_grid puts the batch on grid x and the tiles on y. The limit is lowered to 2 here (the template's
    GRID_YZ_MAX and, off the GPU, the fake Triton's own check, which refuses a grid over it) so that 5 batches take
    the swapped grid at test sizes; pointer kernel, small-GEMM tiles, GEMV and the K-major staging copy."""

    def setUp(self):
        self.mod = render()
        self.mod.GRID_YZ_MAX = 2
        if not REAL:
            import triton
            old = triton.GRID_MAX
            triton.GRID_MAX = (old[0], 2, 2)
            self.addCleanup(setattr, triton, "GRID_MAX", old)

    def test_batches_on_grid_x(self):
        torch.manual_seed(16)
        self.assertEqual(self.mod.batch_grid(3, 2), ((3, 2), False))
        self.assertEqual(self.mod.batch_grid(2, 5), ((5, 2), True))
        with self.assertRaisesRegex(ValueError, "grid limits"):
            self.mod.batch_grid(3, 5)
        cases = [("pointer", 0, torch.randn(5, 40, 24), torch.randn(5, 24, 20).transpose(1, 2).contiguous()
                  .transpose(1, 2)),                                       # B N-major fp32: staged K-major
                 ("pointer", 1 << 40, torch.randn(5, 40, 24), torch.randn(5, 24, 20)),  # the small-GEMM tiles
                 ("pointer", 0, torch.randn(5, 2 * self.mod.GEMV_BLOCK_M - 3, 24), torch.randn(5, 24, 1))]  # GEMV
        for impl, small, A, B in cases:
            self.mod.GEMM_IMPL, self.mod.SMALL_GEMM_FLOPS = impl, small
            model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
            self.assertLess(rel_err(out, want), TOL32, (impl, small, tuple(B.shape)))
            self.assertEqual(model.last_grid_blocks % 5, 0)


class SmallGemmEmulated(unittest.TestCase):
    """SMALL_GEMM_FLOPS (the default rule): a GEMM of at most that many FLOPs runs the pointer kernel on its operands
    as given, with no K-major staging launch (counted), its tile halved down to SMALL_BLOCK_MIN while there are
    fewer tiles than SMs; one FLOP over the threshold takes the TMA path with the staging copy again."""

    def setUp(self):
        self.mod = render()
        self.mod.SMALL_GEMM_FLOPS = 1 << 29
        self.stages = 0
        real, test = self.mod.kwb_mm_stage, self

        class Counting:
            def __getitem__(self, grid):
                test.stages += 1
                return real[grid]

        self.mod.kwb_mm_stage = Counting()

    def test_mn_major_operands_unstaged(self):
        torch.manual_seed(7)
        # u22: [6, 40, 72] @ [72, 56] (B N-major, shared); u23: bmm with N-major B; A given M-major (a view)
        cases = [(torch.randn(6, 40, 72), torch.randn(72, 56)), (torch.randn(4, 48, 64), torch.randn(4, 64, 40)),
                 (torch.randn(72, 48).t(), torch.randn(72, 56))]
        for A, B in cases:
            model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
            tag = "%s @ %s" % (tuple(A.shape), tuple(B.shape))
            self.assertEqual(model.last_impl, "pointer", tag)
            self.assertIn("small GEMM", model.last_fallback, tag)
            self.assertLess(rel_err(out, want), TOL32, tag)
        self.assertEqual(self.stages, 0)
        # 4 SMs off the GPU: 6 batches of 40 x 56 are 6 tiles of 128 x 256 already; one batch is 1 tile, then
        # BLOCK_N 128, 64, 32 (2 tiles), BLOCK_M 64, 32 (4 tiles)
        self.assertEqual(self.mod.small_tile(6, 40, 56, 4), (128, 256))
        self.assertEqual(self.mod.small_tile(1, 40, 56, 4), (32, 32))
        self.assertEqual(self.mod.small_tile(1, 240, 56, 132), (32, 32))  # the floor

    def test_threshold(self):
        torch.manual_seed(8)
        A, B = torch.randn(48, 80), torch.randn(80, 64)
        self.mod.SMALL_GEMM_FLOPS = 2 * 48 * 80 * 64 - 1
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertEqual(self.stages, 1)  # B [K, N] fp32 copied K-major
        self.assertLess(rel_err(out, want), TOL32)


class FillAndMnMajorB(unittest.TestCase):
    """TMA_FILL (the tile by output tiles against SMs and waves) and the B_MN variants for an fp32 MN-major B ("swap_ab":
    C^T = B^T A^T with B^T from registers; "chunked": the K-major copy of B in runs of N columns, each run's GEMM
    its own launch), checked against float64 products at tails, batches, a shared B and the TRIU epilogue."""

    def setUp(self):
        self.mod = render()
        self.stages = 0
        real, test = self.mod.kwb_mm_stage, self

        class Counting:
            def __getitem__(self, grid):
                test.stages += 1
                return real[grid]

        self.mod.kwb_mm_stage = Counting()

    def test_tma_plan_fills_the_sms(self):
        plan = self.mod.tma_plan
        # 1024^3 fp32 on 132 SMs: 32 tiles of 128 x 256, 64 of 128 x 128, 128 of 128 x 64 (>= 90% of a wave)
        self.assertEqual(plan(1, 1024, 1024, 4, 4, 132),
                         dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, EPI_SPLIT=1, num_stages=4, num_warps=4))
        # 2_ (2048 x 4096): 256 tiles, the fixed tile and its constants (3 stages, C in halves, 8 warps)
        self.assertEqual(plan(1, 2048, 4096, 4, 4, 132),
                         dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=32, EPI_SPLIT=2, num_stages=3, num_warps=8))
        # M = 128, N = 16384: 64 tiles, then 128 of 128 x 128 (8 warps: a 128 x 128 tile)
        self.assertEqual(plan(1, 128, 16384, 4, 4, 132),
                         dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, EPI_SPLIT=1, num_stages=4, num_warps=8))
        # 512 x 512: 4 tiles, BLOCK_N to the floor (64: 32 tiles), then BLOCK_M 64 (64 tiles): the floor of both
        self.assertEqual(plan(1, 512, 512, 2, 2, 132)["BLOCK_M"], 64)
        self.assertEqual(plan(1, 512, 512, 2, 2, 132)["BLOCK_N"], 64)
        self.assertEqual(plan(1, 512, 512, 2, 2, 132)["BLOCK_K"], 64)
        # 8 batches fill the machine already
        self.assertEqual(plan(8, 1024, 1024, 4, 4, 132)["BLOCK_N"], 256)
        # a 128 x 128 fp32 tile at 4 stages (32 KiB each) and its whole 64 KiB C tile: 192 KiB fit in one slice
        self.assertEqual(plan(1, 128, 16384, 4, 4, 132)["EPI_SPLIT"], 1)
        # 1536^3: 72 tiles (one wave); block_n's 144 of 128 x 128 are two waves on 132 SMs, the same area per SM:
        # "waves" (the default) keeps 128 x 256, "block_n" (the stage library's rule as is) narrows
        self.assertEqual(plan(1, 1536, 1536, 4, 4, 132)["BLOCK_N"], 256)
        # 100 tiles: block_n's 128 x 128 gives 200 tiles, two waves: kept at 128 x 256 as well
        self.assertEqual(plan(1, 1280, 2560, 4, 4, 132)["BLOCK_N"], 256)
        self.mod.TMA_FILL = "block_n"
        self.assertEqual(plan(1, 1536, 1536, 4, 4, 132)["BLOCK_N"], 128)
        self.assertEqual(plan(1, 1024, 1024, 4, 4, 132)["BLOCK_N"], 64)
        self.mod.TMA_FILL = "off"
        self.assertEqual(plan(1, 1024, 1024, 4, 4, 132)["BLOCK_N"], 256)

    def test_class_table(self):
        # TMA_CLASS_TABLE (off by default): the class by K steps and tiles, the level-1 shapes on 132 SMs, then
        # each class run (bounds lowered to these sizes) against fp64; off, every launch is unclassed
        cls = self.mod.tma_class
        self.assertEqual(cls(16384, 64, 32, 4, 132), "store")   # 7_: 32768^2 outputs, K = 64
        self.assertEqual(cls(6144, 256, 32, 4, 132), "store")   # 11_: K = 256 (8 steps)
        self.assertEqual(cls(256, 8192, 32, 4, 132), "deep")    # 2_: 256 tiles, K = 8192
        self.assertEqual(cls(512, 4096, 32, 4, 132), "deep")    # 1_
        self.assertEqual(cls(256, 8192, 64, 2, 132), "")        # 16-bit: not "deep"
        self.assertEqual(cls(100, 8192, 32, 4, 132), "")        # under a wave of tiles
        self.assertEqual(cls(256, 1024, 32, 4, 132), "")        # 32 K steps: between the classes
        old = (self.mod.TMA_CLASS_TABLE, self.mod.TMA_CLASS_STORE_K_TILES, self.mod.TMA_CLASS_DEEP_K_TILES,
               self.mod._num_sms)
        try:
            self.mod.TMA_CLASS_STORE_K_TILES, self.mod.TMA_CLASS_DEEP_K_TILES = 2, 4
            self.mod._num_sms = lambda t: 4  # on CUDA too: the 6 tiles fill the "wave"
            torch.manual_seed(15)
            for table in (True, False):
                self.mod.TMA_CLASS_TABLE = table
                # 3 x 2 tiles of 128 x 256 on 4 SMs; K = 40 (2 steps), 80 (3), 200 (7, a tail of 8); N = 520: C by TMA
                for k, want_class in ((40, "store"), (80, ""), (200, "deep")):
                    A, B = torch.randn(300, k), torch.randn(k, 520)
                    model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
                    self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
                    self.assertEqual(self.mod.LAST_PLAN["class"], want_class if table else "", (k, table))
                    self.assertLess(rel_err(out, want), TOL32, (k, table))
        finally:
            (self.mod.TMA_CLASS_TABLE, self.mod.TMA_CLASS_STORE_K_TILES, self.mod.TMA_CLASS_DEEP_K_TILES,
             self.mod._num_sms) = old

    def test_large_class(self):
        # TMA_LARGE (session 39, {} by default): settings that replace tma_plan's for launches of at least
        # TMA_LARGE_K_TILES K steps and one wave of 128 x 256 tiles, by operand width; never by problem
        plan = self.mod.tma_plan
        self.assertNotIn("cls", plan(1, 2048, 4096, 4, 4, 132, k=8192))  # off: the plan as before
        old = (self.mod.TMA_LARGE, self.mod.TMA_LARGE_K_TILES, self.mod._num_sms, self.mod.MEMO_PLANS)
        try:
            self.mod.TMA_LARGE = {4: dict(num_stages=4, EPI_SPLIT=4, WARP_SPECIALIZE=True)}
            # the level-1 members on 132 SMs: 2_ / 16_ / 17_ (256 tiles, 256 steps), 1_ / 13_ / 14_ (512, 128),
            # 8_ (1560 tiles, 93 steps), 10_ (16 batches: 384 tiles, 64 steps)
            for nb, m, n, k in ((1, 2048, 4096, 8192), (1, 4096, 4096, 4096), (1, 8205, 5921, 2949),
                                (16, 1024, 768, 2048)):
                self.assertEqual(plan(nb, m, n, 4, 4, 132, k=k),
                                 dict(BLOCK_M=128, BLOCK_N=256, BLOCK_K=32, EPI_SPLIT=4, num_stages=4, num_warps=8,
                                      WARP_SPECIALIZE=True, cls="large"), (nb, m, n, k))
            # outside: 7_ and 11_ (K in 2 and 8 steps), 32 K steps, under a wave (1024^2: 32 tiles), K unknown,
            # 16-bit operands (no entry for 2 bytes)
            for nb, m, n, k, es in ((1, 32768, 32768, 64, 4), (8, 65536, 768, 256, 4), (1, 4096, 4096, 1024, 4),
                                    (1, 1024, 1024, 8192, 4), (1, 4096, 4096, 0, 4), (1, 4096, 4096, 4096, 2)):
                self.assertNotIn("cls", plan(nb, m, n, es, es, 132, k=k), (nb, m, n, k, es))
            # run through both forward paths (planned and not) at lowered bounds on 4 SMs, against fp64: fp32
            # with an MN-major B (staged) and a K-major B, K tails, a batched A on a shared B, TRIU; a tile
            # swap (256 x 128), C by pointer stores where TMA could store it, and a 16-bit entry on bf16 operands
            self.mod.TMA_LARGE_K_TILES = 3
            self.mod._num_sms = lambda t: 4
            torch.manual_seed(39)
            r = torch.randn
            cases = [({4: dict(num_stages=4, EPI_SPLIT=4, WARP_SPECIALIZE=True)}, self.mod,
                      lambda: (r(300, 200), r(200, 520))),
                     ({4: dict(num_stages=4, EPI_SPLIT=4, WARP_SPECIALIZE=True)}, self.mod,
                      lambda: (r(260, 101), r(520, 101).t())),
                     ({4: dict(BLOCK_M=256, BLOCK_N=128)}, self.mod, lambda: (r(3, 130, 96), r(96, 600))),
                     ({4: dict(C_TMA=False, WARP_SPECIALIZE=True)}, self.mod, lambda: (r(300, 200), r(200, 520))),
                     ({4: dict(num_stages=4, EPI_SPLIT=4)}, render(triu=True, diagonal=1),
                      lambda: (r(520, 200), r(200, 520))),
                     ({2: dict(num_stages=4, EPI_SPLIT=2, WARP_SPECIALIZE=True)}, self.mod,
                      lambda: (r(300, 256).bfloat16(), r(256, 520).bfloat16()))]
            for i, (large, mod, make) in enumerate(cases):
                for memo in (True, False):
                    mod.TMA_LARGE, mod.TMA_LARGE_K_TILES, mod.MEMO_PLANS = large, 3, memo
                    mod._num_sms = lambda t: 4
                    A, B = make()
                    model, out, want = GemmTmaEmulated.run_model(self, A, B, mod)
                    if mod.TRIU:
                        want = torch.triu(want, 1)
                    self.assertEqual(model.last_impl, "tma_persistent", (i, memo, model.last_fallback))
                    p = mod.LAST_PLAN["plan"]
                    self.assertEqual(p.get("cls"), "large", (i, memo))
                    for key, v in next(iter(large.values())).items():
                        self.assertEqual(p[key], v, (i, memo, key))
                    tol = 2e-2 if A.dtype == torch.bfloat16 else TOL32
                    self.assertLess(rel_err(out.float(), want.float()), tol, (i, memo))
            # below the lowered bound (K in 2 steps): the plain plan
            A, B = r(300, 40), r(40, 520)
            model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
            self.assertNotIn("cls", self.mod.LAST_PLAN["plan"])
            self.assertLess(rel_err(out, want), TOL32)
        finally:
            self.mod.TMA_LARGE, self.mod.TMA_LARGE_K_TILES, self.mod._num_sms, self.mod.MEMO_PLANS = old

    def pin_4_sms(self):
        """The rules under test by their SM count: 4 on CUDA too (a GPU's own count, e.g. the H100's 132, makes these
        shapes take other tiles and one chunk; session 34's KWB_REAL_TRITON=1 run failed on that alone). A
        persistent grid of 4 CTAs on a bigger GPU is still a valid launch: the numbers are checked on the GPU."""
        old = self.mod._num_sms
        self.mod._num_sms = lambda t: 4
        self.addCleanup(setattr, self.mod, "_num_sms", old)

    def test_fill_runs_the_narrowed_tile(self):
        self.pin_4_sms()
        torch.manual_seed(9)
        # 2 tiles of 128 x 256 on 4 SMs, 3 of 128 x 128, 5 of 128 x 64
        A, B = torch.randn(100, 72), torch.randn(72, 300)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertEqual(self.mod.LAST_PLAN["plan"],
                         dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, EPI_SPLIT=1, num_stages=4, num_warps=4))
        self.assertEqual(model.last_grid_blocks, 4)
        self.assertLess(rel_err(out, want), TOL32)

    def test_swap_ab(self):
        torch.manual_seed(10)
        self.mod.B_MN = "swap_ab"
        # M, N, K (72 = 2 x 32 + 8) tails and several tiles per CTA; a batched B; one B for both batches
        cases = [(torch.randn(300, 72), torch.randn(72, 520)),
                 (torch.randn(3, 130, 40), torch.randn(3, 40, 264)),
                 (torch.randn(2, 100, 36), torch.randn(36, 200))]
        for load in ("pointer", "tma"):
            self.mod.SWAP_B_LOAD = load
            for A, B in cases:
                model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
                tag = "%s: %s @ %s" % (load, tuple(A.shape), tuple(B.shape))
                self.assertEqual(model.last_impl, "tma_persistent", tag + ": " + model.last_fallback)
                self.assertEqual(self.mod.LAST_PLAN["b_mn"], "swap_ab", tag)
                self.assertLess(rel_err(out, want), TOL32, tag)
        self.assertEqual(self.stages, 0)  # no copy of B
        # B already K-major (given transposed): nothing to swap, the plain kernel
        A, B = torch.randn(300, 72), torch.randn(520, 72).t()
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "stage")
        self.assertLess(rel_err(out, want), TOL32)

    def test_swap_ab_triu(self):
        mod = render(triu=True, diagonal=1)
        mod.B_MN = "swap_ab"
        torch.manual_seed(11)
        A, B = torch.randn(200, 64), torch.randn(64, 300)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, mod)
        self.assertEqual(mod.LAST_PLAN["b_mn"], "swap_ab")
        self.assertLess(rel_err(out, torch.triu(want, diagonal=1)), TOL32)

    def test_chunked(self):
        self.pin_4_sms()
        torch.manual_seed(12)
        self.mod.B_MN = "chunked"
        # 3 x 5 tiles of 128 x 256 on 4 SMs: 2 chunks of 3 x 2 (>= 3.6 tiles each), 768 and 332 columns
        self.assertEqual(self.mod.chunk_count(1, 300, 1100, 4, 4), (2, 256))
        self.assertEqual(self.mod.chunk_count(1, 2048, 4096, 4, 132), (2, 256))   # 2_: 2 x 128 tiles
        self.assertEqual(self.mod.chunk_count(1, 4096, 4096, 4, 132), (4, 256))   # 1_: 4 x 128 tiles
        self.assertEqual(self.mod.chunk_count(1, 1024, 1024, 4, 132), (1, 64))    # one wave in all: no chunks
        A, B = torch.randn(300, 72), torch.randn(72, 1100)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertEqual(self.mod.LAST_PLAN["chunks"], 2)
        self.assertEqual(self.stages, 2)  # one copy per chunk
        self.assertLess(rel_err(out, want), TOL32)
        # batched, and the TRIU epilogue's diagonal shifted per chunk
        A, B = torch.randn(2, 300, 40), torch.randn(2, 40, 1100)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertLess(rel_err(out, want), TOL32)
        mod = render(triu=True, diagonal=-40)
        mod.B_MN = "chunked"
        mod._num_sms = lambda t: 4  # as pin_4_sms
        A, B = torch.randn(300, 72), torch.randn(72, 1100)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, mod)
        self.assertEqual(mod.LAST_PLAN["chunks"], 2)
        self.assertLess(rel_err(out, torch.triu(want, diagonal=-40)), TOL32)
        # one chunk by the rule: staged whole as before
        A, B = torch.randn(130, 70), torch.randn(70, 300)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "stage")
        self.assertLess(rel_err(out, want), TOL32)

    def test_overlap(self):
        """B_MN "overlap" (session 37): one _tma_prepare for every chunk, each chunk's launch walking C's columns
        [n_lo, N) on descriptors of the whole operands; tails in M, N and K, a batch, TRIU on global columns, 2 and
        4 chunks (the last one narrower), SMs left to the copy, one chunk by the rule, and size-1 dims."""
        self.pin_4_sms()
        torch.manual_seed(13)
        self.mod.B_MN = "overlap"
        runs = []
        real_run = self.mod._tma_run

        def counting_run(prep, n_lo, n_hi):
            runs.append((n_lo, n_hi, prep["cap"]))
            return real_run(prep, n_lo, n_hi)

        self.mod._tma_run = counting_run
        # K = 300: 10 steps, past the small-K class (TMA_CLASS_STORE_K_TILES), whose copy is too small to chunk
        A, B = torch.randn(300, 300), torch.randn(300, 1100)  # 5 tiles of 256 columns: chunks of 768 and 332
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertEqual((self.mod.LAST_PLAN["b_mn"], self.mod.LAST_PLAN["chunks"]), ("overlap", 2))
        self.assertEqual(runs, [(0, 768, 4), (768, 1100, 4)])
        self.assertEqual(self.stages, 2)  # one copy per chunk
        self.assertLess(rel_err(out, want), TOL32)
        # 4 chunks asked of 5 tiles, 1 SM left to the copy, 4 C slices; K tail 5. The wave rule (session 39): 4
        # or 3 chunks give a chunk of one tile column, 2 tiles on a wave of 3 CTAs (under 90%): 2 chunks of 3 + 2
        runs.clear()
        self.mod.OVERLAP_CHUNKS, self.mod.OVERLAP_SMS_LEFT, self.mod.OVERLAP_EPI_SPLIT = 4, 1, 4
        A, B = torch.randn(130, 261), torch.randn(261, 1100)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(runs, [(0, 768, 3), (768, 1100, 3)])
        self.assertEqual(self.mod.LAST_PLAN["plan"]["EPI_SPLIT"], 4)
        self.assertLessEqual(model.last_grid_blocks, 3)
        self.assertLess(rel_err(out, want), TOL32)
        # 3 rows of tiles: 4 chunks of 5 tile columns keep 3 tiles each on the 3-CTA wave, per = 2 tiles: 3 chunks
        runs.clear()
        A, B = torch.randn(300, 261), torch.randn(261, 1100)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(runs, [(0, 512, 3), (512, 1024, 3), (1024, 1100, 3)])
        self.assertLess(rel_err(out, want), TOL32)
        # under a wave whatever the count (2 rows x 1 tile column on 4 CTAs): staged whole
        self.mod.OVERLAP_SMS_LEFT = 0
        A, B = torch.randn(130, 270), torch.randn(270, 520)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "stage")
        self.assertLess(rel_err(out, want), TOL32)
        self.mod.OVERLAP_SMS_LEFT = 1
        # batched A and B
        A, B = torch.randn(2, 200, 270), torch.randn(2, 270, 600)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertLess(rel_err(out, want), TOL32)
        # one row of A (M = 1): 3 tiles, chunked on a wave of one CTA (3 SMs left to the copy)
        self.mod.OVERLAP_SMS_LEFT = 3
        A, B = torch.randn(1, 300), torch.randn(300, 600)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "overlap")
        self.assertLess(rel_err(out, want), TOL32)
        self.mod.OVERLAP_SMS_LEFT = 1
        # a small K (2 steps): the copy is staged whole
        A, B = torch.randn(130, 64), torch.randn(64, 600)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "stage")
        self.assertLess(rel_err(out, want), TOL32)
        # one chunk by the rule (a single BLOCK_N of columns): staged whole as before
        A, B = torch.randn(130, 270), torch.randn(270, 60)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(self.mod.LAST_PLAN["b_mn"], "stage")
        self.assertLess(rel_err(out, want), TOL32)
        # TRIU: the diagonal compared on global columns (no per-chunk shift)
        for diag in (-40, 300):
            mod = render(triu=True, diagonal=diag)
            mod.B_MN, mod.OVERLAP_CHUNKS, mod.OVERLAP_SMS_LEFT = "overlap", 3, 1  # 3 tiles a chunk, a wave of 3
            mod._num_sms = lambda t: 4  # as pin_4_sms
            A, B = torch.randn(300, 264), torch.randn(264, 1100)
            model, out, want = GemmTmaEmulated.run_model(self, A, B, mod)
            self.assertEqual((mod.LAST_PLAN["b_mn"], mod.LAST_PLAN["chunks"]), ("overlap", 3))
            self.assertLess(rel_err(out, torch.triu(want, diagonal=diag)), TOL32)

    def test_store_k_pointer(self):
        """STORE_K_IMPL "pointer" (session 37): a small-K GEMM (K in <= TMA_CLASS_STORE_K_TILES steps) runs the
        pointer kernel on K-major operands with STORE_K_TILE; K past the class keeps the TMA path."""
        torch.manual_seed(14)
        self.mod.STORE_K_IMPL = "pointer"
        for tile in ((128, 128, 32, 4, 3), (64, 256, 32, 4, 2)):
            self.mod.STORE_K_TILE = tile
            for shape in ((300, 64, 521), (1, 3, 7), (257, 256, 130)):  # tails, size-1 M, K = 8 steps exactly
                m, k, n = shape
                A, B = torch.randn(m, k), torch.randn(k, n)
                model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
                self.assertEqual(model.last_impl, "pointer", shape)
                self.assertIn("STORE_K_IMPL", model.last_fallback)
                self.assertLess(rel_err(out, want), TOL32, (tile, shape))
            A, B = torch.randn(2, 100, 64), torch.randn(2, 64, 90)  # batched
            model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
            self.assertLess(rel_err(out, want), TOL32)
        A, B = torch.randn(130, 257), torch.randn(257, 300)  # 9 K steps: the TMA path
        model, out, want = GemmTmaEmulated.run_model(self, A, B, self.mod)
        self.assertEqual(model.last_impl, "tma_persistent", model.last_fallback)
        self.assertLess(rel_err(out, want), TOL32)
        mod = render(triu=True, diagonal=2)
        mod.STORE_K_IMPL, mod.SMALL_GEMM_FLOPS = "pointer", 0
        A, B = torch.randn(200, 40), torch.randn(40, 150)
        model, out, want = GemmTmaEmulated.run_model(self, A, B, mod)
        self.assertEqual(model.last_impl, "pointer")
        self.assertLess(rel_err(out, torch.triu(want, diagonal=2)), TOL32)


class MemoPlans(unittest.TestCase):
    """MEMO_PLANS (session 38): a forward's launches planned once per (shapes, strides, dtypes, device, 16-byte base
    alignment, settings) and replayed. The class is every route the forward takes: gemv, the small-GEMM and small-K
    pointer launches, the staged TMA launch (fp32 A and / or B copied K-major, 16-bit rows padded, batched and
    shared operands, C by TMA or by pointers, TRIU) and the pointer fallback (fp64, a failing variant); each
    against MEMO_PLANS = False (session 37's path): the same outputs bit for bit, the same last_* and LAST_PLAN, and
    one plan for repeated calls on new tensors of the same key. B_MN variants other than "stage" are not planned."""

    def check(self, mod, make, tag, routes=None):
        """make(): fresh (A, B) of one key. Runs the forward without and with MEMO_PLANS; returns the memo plan."""
        mod.MEMO_PLANS = False
        A, B = make()
        model = mod.ModelNew()
        mod.LAST_PLAN.clear()
        want = model(A, B)
        ref = (model.last_grid_blocks, model.last_impl, model.last_fallback, dict(mod.LAST_PLAN))
        mod.MEMO_PLANS = True
        mod._PLANS.clear()
        made = []
        real = mod._make_plan

        def counting(*args):
            made.append(1)
            return real(*args)

        mod._make_plan = counting
        try:
            for i in range(3):  # new tensors each call: the plan holds no tensor, only their geometry
                if i:
                    A, B = make()
                    model = mod.ModelNew()
                    mod.MEMO_PLANS = False
                    want = model(A, B)
                    mod.MEMO_PLANS = True
                mod.LAST_PLAN.clear()
                got = model(A, B)
                self.assertTrue(torch.equal(got, want), tag)
                self.assertEqual((model.last_grid_blocks, model.last_impl, model.last_fallback, dict(mod.LAST_PLAN)),
                                 ref if i == 0 else (ref[0], ref[1], ref[2], dict(mod.LAST_PLAN)), tag)
                self.assertEqual(model.last_impl, ref[1], tag)
        finally:
            mod._make_plan = real
        self.assertEqual(len(made), 1, tag)
        plan = list(mod._PLANS.values())[0]
        if routes is not None:
            self.assertEqual(plan if plan is False else plan[0], routes, tag)
        return plan

    def test_every_route_matches_the_unplanned_forward(self):
        torch.manual_seed(38)
        mod = render()
        r = torch.randn
        self.check(mod, lambda: (r(300, 70), r(70, 521)), "fp32 MN-major B, C by pointers", "tma")
        self.check(mod, lambda: (r(300, 40), r(40, 520)), "fp32, C by TMA", "tma")
        self.check(mod, lambda: (r(90, 200).t(), r(300, 90).t()), "A M-major, B K-major", "tma")
        self.check(mod, lambda: (r(3, 100, 64), r(64, 90)), "batched A, shared B", "tma")
        self.check(mod, lambda: (r(2, 100, 64), r(2, 64, 90)), "batched A and B", "tma")
        self.check(mod, lambda: (r(40, 7).half(), r(7, 33).half()), "16-bit rows padded", "tma")
        self.check(mod, lambda: (r(64, 48).bfloat16(), r(48, 80).bfloat16().t().contiguous().t()), "bf16", "tma")
        self.check(mod, lambda: (r(1, 300), r(300, 90)), "M = 1", "tma")
        self.check(mod, lambda: (r(70, 300), r(300, 1)), "gemv", "gemv")
        old = mod.SMALL_GEMM_FLOPS
        mod.SMALL_GEMM_FLOPS = 1 << 29
        self.check(mod, lambda: (r(60, 30), r(30, 50)), "small GEMM", "ptr")
        mod.SMALL_GEMM_FLOPS = old
        mod.STORE_K_IMPL = "pointer"
        self.check(mod, lambda: (r(300, 64).t().contiguous().t(), r(64, 521)), "small K, pointer", "ptr")
        mod.STORE_K_IMPL = "tma"
        mod.GEMM_IMPL = "pointer"
        self.check(mod, lambda: (r(90, 200).t(), r(200, 70)), "GEMM_IMPL pointer", "ptr")
        mod.GEMM_IMPL = "tma_persistent"
        mod.B_MN = "overlap"
        self.check(mod, lambda: (r(300, 300), r(300, 1100)), "B_MN overlap: not planned", False)
        self.check(mod, lambda: (r(300, 300), r(300, 1100).t().contiguous().t()), "overlap, B K-major", "tma")
        mod.B_MN = "stage"
        tri = render(triu=True, diagonal=-3)
        self.check(tri, lambda: (r(130, 70), r(70, 300)), "TRIU", "tma")
        self.check(render(float64=True), lambda: (r(40, 8).double(), r(8, 16).double()), "fp64", "ptr")

    def test_settings_and_alignment_are_part_of_the_key(self):
        torch.manual_seed(39)
        mod = render()
        A, B = torch.randn(300, 40), torch.randn(40, 520)
        model = mod.ModelNew()
        model(A, B)
        self.assertTrue(mod.LAST_PLAN["plan"] and len(mod._PLANS) == 1)
        mod.TMA_C_STORE = False  # a setting changed at run time: a new plan, not the old one's C descriptor
        out = model(A, B)
        self.assertEqual(len(mod._PLANS), 2)
        self.assertLess(rel_err(out, A.double() @ B.double()), TOL32)
        mod.TMA_C_STORE = True
        buf = torch.randn(300 * 41 + 1)  # A at a 4-byte offset: not 16-byte aligned, so staged K-major
        A2 = buf[1:].view(300, 41)[:, :40]
        A2.copy_(A)
        out = model(A2, B)
        self.assertEqual(len(mod._PLANS), 3)
        self.assertLess(rel_err(out, A.double() @ B.double()), TOL32)

    def test_fast_desc_copies_a_prototype_per_call(self):
        """FAST_DESC where the host descriptor is a dataclass (Triton's): the second call on new tensors must describe
        them, not the first call's (emulated by a dataclass over the fake whose view follows its base)."""
        import dataclasses
        from triton.tools.tensor_descriptor import TensorDescriptor as Fake

        @dataclasses.dataclass
        class DataclassDescriptor(Fake):
            base: object
            shape: list
            strides: list
            block_shape: list
            padding: str = "zero"

            def __post_init__(self):
                Fake.__init__(self, self.base, self.shape, self.strides, self.block_shape, self.padding)

            view = property(lambda self: torch.as_strided(self.base, self.shape, self.strides,
                                                          self.base.storage_offset()), lambda self, v: None)
            dtype = property(lambda self: self.base.dtype, lambda self, v: None)

        mod = render()
        mod._TD[:] = [DataclassDescriptor, True]
        torch.manual_seed(40)
        for i in range(3):
            A, B = torch.randn(300, 40), torch.randn(40, 520)
            model = mod.ModelNew()
            out = model(A, B)
            self.assertEqual(model.last_impl, "tma_persistent")
            self.assertLess(rel_err(out, A.double() @ B.double()), TOL32, i)
        plan = list(mod._PLANS.values())[0]
        self.assertTrue(all(spec[3] is not None and spec[3].base is None for spec in plan[3:6]))


class GluonSection(unittest.TestCase):
    """B_MN = "gluon" (session 45, KWB_GEMM_GLUON=1's section triton_gemm_gluon.py.inc). Where Gluon cannot be
    imported (here: the fake Triton has no triton.experimental) the section's path never applies and the kernel.py
    with it computes, launches and plans exactly as the one without it. The dispatch (_B_MN_PATHS) is checked with
    a stand-in path; gemm_gluon's failure path with a launch that raises. Nothing here runs Gluon."""

    @classmethod
    def setUpClass(cls):
        cls.on = render(gluon=True)

    def test_section_defaults_and_imports_without_gluon(self):
        self.assertEqual(self.on.B_MN, "gluon")
        self.assertEqual(render().B_MN, "stage")
        self.assertIn("gluon", self.on._B_MN_PATHS)
        self.assertEqual(render()._B_MN_PATHS, {})
        if not REAL:
            self.assertFalse(self.on._GLUON)
            self.assertTrue(self.on._GLUON_WHY.startswith("no Gluon"), self.on._GLUON_WHY)

    def test_without_gluon_the_staged_path_runs_unchanged(self):
        """Every layout class against the kernel.py without the section: same output bit for bit, same last_*,
        same LAST_PLAN (b_mn "stage"), planned and unplanned."""
        if REAL:
            self.skipTest("the CPU emulation's case (no Gluon)")
        off = render()
        r = torch.randn
        cases = [(r(300, 70), r(70, 521)), (r(300, 40), r(40, 520)), (r(1, 300), r(300, 90)),
                 (r(90, 200).t(), r(300, 90).t()), (r(3, 100, 64), r(64, 90)), (r(513, 100), r(100, 260))]
        for memo in (True, False):
            for i, (A, B) in enumerate(cases):
                got = []
                for mod in (off, self.on):
                    mod.MEMO_PLANS = memo
                    mod.LAST_PLAN.clear()
                    model = mod.ModelNew()
                    out = model(A, B)
                    got.append((out, model.last_grid_blocks, model.last_impl, model.last_fallback,
                                dict(mod.LAST_PLAN)))
                tag = "case %d memo %s" % (i, memo)
                self.assertTrue(torch.equal(got[0][0], got[1][0]), tag)
                self.assertEqual(got[0][1:], got[1][1:], tag)
                self.assertEqual(got[1][4].get("b_mn"), "stage", tag)
        self.assertEqual(self.on._FAILED, {})

    def test_dispatch_through_b_mn_paths(self):
        """A path that fits runs unplanned, once per forward, and its answer is the forward's; one that returns None
        leaves B staged; one that does not fit is never called and the staged launch is planned."""
        mod = render(gluon=True)
        calls = []

        def run(a, b, c, triu):
            calls.append(tuple(b.shape))
            if fits_box[1]:
                return None
            c[0].copy_(a[0] @ b[0])
            return 7, ""

        fits_box = [True, False]
        mod._B_MN_PATHS["gluon"] = (run, lambda a, b, c, al: fits_box[0])
        A, B = torch.randn(300, 70), torch.randn(70, 521)
        want = A.double() @ B.double()
        for memo in (True, False):
            mod.MEMO_PLANS = memo
            mod._PLANS.clear()
            model = mod.ModelNew()
            out = model(A, B)
            self.assertEqual((model.last_grid_blocks, model.last_impl), (7, "tma_persistent"))
            self.assertLess(rel_err(out, want), TOL32)
            if memo:
                self.assertEqual(list(mod._PLANS.values()), [False])
        self.assertEqual(len(calls), 2)
        fits_box[1] = True  # the path declines at run time: B staged
        model = mod.ModelNew()
        out = model(A, B)
        self.assertEqual(mod.LAST_PLAN.get("b_mn"), "stage")
        self.assertLess(rel_err(out, want), TOL32)
        fits_box[0], calls[:] = False, []  # does not fit: the staged launch, planned
        mod.MEMO_PLANS = True
        mod._PLANS.clear()
        model = mod.ModelNew()
        out = model(A, B)
        self.assertEqual(calls, [])
        self.assertEqual(list(mod._PLANS.values())[0][0], "tma")
        self.assertLess(rel_err(out, want), TOL32)
        Bk = B.t().contiguous().t()  # K-major B: never the path's
        fits_box[0] = True
        model(A, Bk)
        self.assertEqual(calls, [])

    def test_a_failing_launch_is_remembered_and_stages_b(self):
        """gemm_gluon where the launch raises (here: the stand-in gl has no layouts): _FAILED keeps why, one warning,
        the plans are dropped, and this and every later forward stage B."""
        if REAL:
            self.skipTest("the CPU emulation's case")
        import warnings
        mod = render(gluon=True)
        mod._GLUON = True  # as if Gluon imported; the launch itself fails
        real_fits = mod._gl_fits
        mod._gl_fits = lambda a, b, c, al: "gluon" not in str(mod._FAILED)
        mod._B_MN_PATHS["gluon"] = (mod.gemm_gluon, lambda a, b, c, al: mod._gl_fits(a, b, c, al))
        A, B = torch.randn(300, 64), torch.randn(64, 520)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            model = mod.ModelNew()
            out = model(A, B)
            out2 = model(A, B)
        self.assertEqual(list(mod._FAILED), [("gluon", mod.GLUON_STAGES)])
        self.assertIn("gluon failed", mod._FAILED[("gluon", mod.GLUON_STAGES)])
        self.assertEqual(sum("gluon failed" in str(x.message) for x in w), 1)
        self.assertEqual(mod.LAST_PLAN.get("b_mn"), "stage")
        self.assertTrue(torch.equal(out, out2))
        self.assertLess(rel_err(out, A.double() @ B.double()), TOL32)
        mod._gl_fits = real_fits
        self.assertFalse(mod._gl_fits(A.unsqueeze(0), B.unsqueeze(0), out.unsqueeze(0), (True, True, True)))


if __name__ == "__main__":
    unittest.main()
