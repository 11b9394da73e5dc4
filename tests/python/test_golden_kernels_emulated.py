"""The golden generated Triton kernels of the row-norm and cross-entropy patterns, run on the CPU through
tests/data/codegen/fake_triton (a test fixture that emulates the tl.* subset, one thread per program for
kernels whose CTAs wait on each other), against PyTorch. Shapes are chosen so that the one-pass path
splits a row over several CTAs with a ragged tail, and the two-pass path is forced as well.
Numbers only: nothing here says anything about speed or about the real Triton compiler.
"""
import importlib.util
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "codegen")
sys.path.insert(0, os.path.join(DATA, "fake_triton"))


def golden(name):
    path = os.path.join(DATA, "level1", name + ".triton.golden.py")
    spec = importlib.util.spec_from_file_location("golden_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    return float(((got.double() - want.double()).abs() / (want.double().abs() + 1e-6)).max())


class RowNormEmulated(unittest.TestCase):
    def run_with(self, mod, settings, model, *args):
        old = {k: getattr(mod, k) for k in settings}
        for k, v in settings.items():
            setattr(mod, k, v)
        try:
            return model(*args)
        finally:
            for k, v in old.items():
                setattr(mod, k, v)

    def test_softmax_one_pass_registers_splits_a_row(self):
        mod = golden("23_Softmax")
        torch.manual_seed(0)
        x = torch.randn(3, 9000) * 3
        model = mod.ModelNew()
        out = model(x)
        self.assertEqual(model.last_grid_blocks, 3 * 3)  # R = 9000 -> chunks of 4096: 3 CTAs per row
        self.assertLess(rel_err(out, torch.softmax(x, dim=1)), 1e-5)

    def test_softmax_rows_over_the_split_limit_take_two_passes(self):
        mod = golden("23_Softmax")
        x = torch.randn(2, 9000) * 3
        model = mod.ModelNew()
        # at most 2 CTAs per row allowed: rows of 9000 in 4096-element chunks need 3, so two passes, here
        # with 3 statistics chunks of 4096 per row
        out = self.run_with(mod, {"ONEPASS_MAX_SPLIT": 2, "CHUNK": 4096, "LAGGED": False}, model, x)
        self.assertEqual(model.last_grid_blocks, 2 * 9)  # the apply launch: 1024-element blocks
        self.assertLess(rel_err(out, torch.softmax(x, dim=1)), 1e-5)

    def test_softmax_strided_dim_short_rows_and_empty(self):
        mod = golden("23_Softmax")
        model = mod.ModelNew()
        x = torch.randn(2, 5000, 3)  # dim 1 is not innermost: inner = 3, rows = 6
        self.assertLess(rel_err(model(x), torch.softmax(x, dim=1)), 1e-5)
        self.assertEqual(model.last_grid_blocks, 6 * 2)  # 2 chunks of 4096 per row
        short = torch.randn(5, 64)  # a short row: one CTA of 64 elements
        self.assertLess(rel_err(model(short), torch.softmax(short, dim=1)), 1e-5)
        self.assertEqual(model.last_grid_blocks, 5)
        self.assertEqual(model(torch.randn(0, 64)).shape, (0, 64))

    def test_softmax_two_pass(self):
        mod = golden("23_Softmax")
        x = torch.randn(2, 5000)
        model = mod.ModelNew()
        out = self.run_with(mod, {"ONEPASS": False, "LAGGED": False}, model, x)
        self.assertEqual(model.last_grid_blocks, 2 * 5)  # the apply launch: 1024-element blocks
        self.assertLess(rel_err(out, torch.softmax(x, dim=1)), 1e-5)

    def test_group_norm_one_pass_with_affine(self):
        mod = golden("35_GroupNorm_")
        ref = torch.nn.GroupNorm(8, 64)
        with torch.no_grad():
            ref.weight.uniform_(0.5, 1.5)
            ref.bias.uniform_(-1, 1)
        model = mod.ModelNew(64, 8)
        model.gn.weight.data, model.gn.bias.data = ref.weight.data, ref.bias.data
        x = torch.randn(2, 64, 29, 19) + 2.0  # R = 8 * 551 = 4408 -> 2 CTAs of 4096 per group, ragged
        out = model(x)
        self.assertEqual(model.last_grid_blocks, 2 * 8 * 2)
        with torch.no_grad():
            want = ref(x)
            self.assertLess(float((out - want).abs().max()), 1e-4)
            for settings in ({"ONEPASS": False}, {"ONEPASS": False, "LAGGED": False}):  # lagged, two passes
                two = self.run_with(mod, settings, model, x)
                self.assertLess(float((two - want).abs().max()), 1e-4, settings)

    def test_group_norm_lagged_path(self):
        # Rows too long for one pass (here: at most 1 CTA a row allowed) and of at most LAGGED_MAX_ROW_BYTES take
        # one launch of statistics and apply CTAs, the apply LAG rows behind. R = 8 * 29 * 19 = 4408: 5 chunks
        # of 1024 a row, the last ragged; LAG = max(2, distance / row bytes) is 2 and 5 here.
        mod = golden("35_GroupNorm_")
        ref = torch.nn.GroupNorm(8, 64)
        with torch.no_grad():
            ref.weight.uniform_(0.5, 1.5)
            ref.bias.uniform_(-1, 1)
        model = mod.ModelNew(64, 8)
        model.gn.weight.data, model.gn.bias.data = ref.weight.data, ref.bias.data
        x = torch.randn(2, 64, 29, 19) + 2.0
        rows, row_bytes = 2 * 8, 4408 * 4
        for distance, lag in ((0, 2), (5 * row_bytes, 5)):
            out = self.run_with(mod, {"ONEPASS_MAX_SPLIT": 1, "LAGGED_CHUNK": 1024, "LAGGED_DISTANCE": distance}, model, x)
            self.assertEqual(model.last_grid_blocks, (rows + lag) * 2 * 5)
            with torch.no_grad():
                self.assertLess(float((out - ref(x)).abs().max()), 1e-4, lag)
        # rows over the byte limit, or LAGGED off, take two passes (apply blocks of 1024: 5 a row)
        for settings in ({"LAGGED_MAX_ROW_BYTES": row_bytes - 1}, {"LAGGED": False}):
            settings.update({"ONEPASS_MAX_SPLIT": 1})
            out = self.run_with(mod, settings, model, x)
            self.assertEqual(model.last_grid_blocks, rows * 5)
            with torch.no_grad():
                self.assertLess(float((out - ref(x)).abs().max()), 1e-4)

    def test_softmax_and_l1_norm_lagged_path(self):
        # the lagged kernel is the pattern's own statistics, merge and finish: softmax's online max and L1's sum
        for name, fn in (("23_Softmax", lambda x: torch.softmax(x, dim=1)),
                         ("38_L1Norm_", lambda x: x / torch.mean(torch.abs(x), dim=1, keepdim=True))):
            mod = golden(name)
            model = mod.ModelNew()
            x = torch.randn(6, 3000) * 3 + (0.0 if name == "23_Softmax" else 5.0)
            out = self.run_with(mod, {"ONEPASS": False, "LAGGED_CHUNK": 1024, "LAGGED_DISTANCE": 0}, model, x)
            self.assertEqual(model.last_grid_blocks, (6 + 2) * 2 * 3, name)
            self.assertLess(rel_err(out, fn(x)), 1e-5, name)

    def test_layer_norm_never_takes_the_lagged_path(self):
        # per-position weights would be re-read per row: layer norm keeps two passes with rows fastest
        mod = golden("40_LayerNorm")
        shape = (4, 9, 11)
        model = mod.ModelNew(shape)
        x = torch.randn(3, *shape)
        self.run_with(mod, {"ONEPASS": False, "CHUNK": 256, "BLOCK": 128}, model, x)
        self.assertEqual(model.last_grid_blocks, 3 * 4)

    def test_constructor_scalars_the_kernel_bakes_in_are_guarded(self):
        # 47_Sum's kernel is generated for dim=1: ModelNew(dim=2) raised nothing and reduced over dim 1
        # (second fresh-user trial, session 6); shape arguments stay free (the tests below use them).
        mod = golden("47_Sum_reduction_over_a_dimension")
        mod.ModelNew(1)
        with self.assertRaises(ValueError) as e:
            mod.ModelNew(2)
        self.assertIn("kernel.py was generated for dim=1; got [2]", str(e.exception))
        mod35 = golden("35_GroupNorm_")
        mod35.ModelNew(16, 8)  # num_features sizes the weights: a shape argument, not guarded
        with self.assertRaises(ValueError):
            mod35.ModelNew(64, 4)  # the kernel bakes in 8 groups

    def test_group_norm_one_pass_aligned_chunks_with_edges(self):
        # R = 2 channels * 37 * 59 = 4366 (R % 4 == 2): each group's first 16-byte boundary falls elsewhere, so the
        # chunks start past the group's head and its first CTA also takes the head and tail elements;
        # fp16 rows have 8-element vectors. Two CTAs of 4096 per group.
        mod = golden("35_GroupNorm_")
        for dtype, tol in ((torch.float32, 1e-4), (torch.float16, 2e-2)):
            ref = torch.nn.GroupNorm(8, 16)  # the golden kernel is specialised to the spec's 8 groups
            with torch.no_grad():
                ref.weight.uniform_(0.5, 1.5)
                ref.bias.uniform_(-1, 1)
            model = mod.ModelNew(16, 8)
            model.gn.weight.data, model.gn.bias.data = ref.weight.data.to(dtype), ref.bias.data.to(dtype)
            x = (torch.randn(2, 16, 37, 59) + 2.0).to(dtype)
            out = model(x)
            self.assertEqual(model.last_grid_blocks, 2 * 8 * 2)
            with torch.no_grad():
                want = ref(x.float())
                self.assertLess(float((out.float() - want).abs().max()), tol, dtype)

    def test_l1_norm_one_pass_odd_rows(self):
        # 38_L1Norm_'s rows of 65535 fp32 are not 16-byte aligned; here rows of 4099 (2 CTAs, ragged), of
        # 5 (one CTA, head and tail only) and of 2 (inside one vector)
        mod = golden("38_L1Norm_")
        model = mod.ModelNew()
        for rows, r in ((7, 4099), (9, 5), (6, 2), (3, 4096)):
            x = torch.rand(rows, r) + 0.1
            want = x / torch.mean(torch.abs(x), dim=1, keepdim=True)
            self.assertLess(rel_err(model(x), want), 1e-5, (rows, r))
            for settings in ({"ONEPASS": False}, {"ONEPASS": False, "LAGGED": False}):  # lagged (unaligned rows), two passes
                two = self.run_with(mod, settings, model, x)
                self.assertLess(rel_err(two, want), 1e-5, (rows, r, settings))

    def test_layer_norm_two_pass_rows_fastest(self):
        mod = golden("40_LayerNorm")
        shape = (4, 9, 11)
        ref = torch.nn.LayerNorm(shape)
        with torch.no_grad():
            ref.weight.uniform_(0.5, 1.5)
            ref.bias.uniform_(-1, 1)
        model = mod.ModelNew(shape)
        model.ln.weight.data, model.ln.bias.data = ref.weight.data, ref.bias.data
        x = torch.randn(3, *shape)
        # two passes: statistics and (reversed) apply with rows fastest, 2 statistics chunks per row
        out = self.run_with(mod, {"ONEPASS": False, "CHUNK": 256, "BLOCK": 128}, model, x)
        self.assertEqual(model.last_grid_blocks, 3 * 4)  # R = 396 -> 4 apply blocks of 128 per row
        with torch.no_grad():
            self.assertLess(float((out - ref(x)).abs().max()), 1e-4)
        out1 = model(x)  # and the one-pass path at this size (one CTA per row)
        with torch.no_grad():
            self.assertLess(float((out1 - ref(x)).abs().max()), 1e-4)

    def test_two_pass_hints_keep_any_share_of_the_statistics(self):
        # TWO_PASS_HINTS (off by default): the statistics CTAs from keep_from on load evict_last, the others
        # evict_first, the apply's re-read and stores evict_first. Every share kept (none, some CTAs, all) gives
        # the two-pass result: layer norm (rows fastest, per-position weights, fp32 and bf16), softmax over a
        # strided dim (INNER > 1) and the L1 norm (one row-major row order), each with a ragged last chunk.
        shape = (4, 9, 11)
        ref = torch.nn.LayerNorm(shape)
        with torch.no_grad():
            ref.weight.uniform_(0.5, 1.5)
            ref.bias.uniform_(-1, 1)
        torch.manual_seed(5)
        x_ln = torch.randn(3, *shape) + 1.0
        cases = [("40_LayerNorm", x_ln, 1e-4), ("40_LayerNorm", x_ln.bfloat16(), 3e-2),
                 ("23_Softmax", torch.randn(2, 700, 3) * 3, 1e-5), ("38_L1Norm_", torch.rand(5, 1001) + 0.1, 1e-5)]
        for name, x, tol in cases:
            mod = golden(name)
            if name == "40_LayerNorm":
                model = mod.ModelNew(shape)
                model.ln.weight.data, model.ln.bias.data = ref.weight.data.to(x.dtype), ref.bias.data.to(x.dtype)
                with torch.no_grad():
                    want = ref(x.float())
            else:
                model = mod.ModelNew()
                want = torch.softmax(x, dim=1) if name == "23_Softmax" else x / x.abs().mean(dim=1, keepdim=True)
            base = {"ONEPASS": False, "LAGGED": False, "CHUNK": 256, "BLOCK": 128}
            plain = self.run_with(mod, base, model, x)
            for keep in (0, 3 * 256 * x.element_size(), 1 << 30):  # none, 3 of the statistics CTAs, all
                with torch.no_grad():
                    got = self.run_with(mod, dict(base, TWO_PASS_HINTS=True, TWO_PASS_KEEP_BYTES=keep), model, x)
                self.assertEqual(got.dtype, x.dtype, name)
                self.assertTrue(torch.equal(got, plain), (name, x.dtype, keep))  # hints change no number
                self.assertLess(float(((got.float() - want.float()).abs() / (want.float().abs() + 1.0)).max()), tol,
                                (name, x.dtype, keep))

    def test_two_pass_row_loop_walks_every_row_of_a_block(self):
        # TWO_PASS_ROW_LOOP (off by default): with per-position weights one apply CTA per block of positions walks
        # every row (weights loaded once): the same numbers as the rows-fastest apply, with and without the L2 hints,
        # fp32 and bf16, a ragged last block; without per-position weights (softmax) the switch changes nothing.
        shape = (4, 9, 11)  # R = 396: 4 apply blocks of 128, the last ragged
        ref = torch.nn.LayerNorm(shape)
        with torch.no_grad():
            ref.weight.uniform_(0.5, 1.5)
            ref.bias.uniform_(-1, 1)
        mod = golden("40_LayerNorm")
        model = mod.ModelNew(shape)
        base = {"ONEPASS": False, "LAGGED": False, "CHUNK": 256, "BLOCK": 128}
        torch.manual_seed(6)
        for dtype, tol in ((torch.float32, 1e-4), (torch.bfloat16, 3e-2)):
            x = (torch.randn(5, *shape) + 1.0).to(dtype)
            model.ln.weight.data, model.ln.bias.data = ref.weight.data.to(dtype), ref.bias.data.to(dtype)
            plain = self.run_with(mod, base, model, x)
            self.assertEqual(model.last_grid_blocks, 5 * 4)
            for hints in (False, True):
                with torch.no_grad():
                    got = self.run_with(mod, dict(base, TWO_PASS_ROW_LOOP=True, TWO_PASS_HINTS=hints), model, x)
                self.assertEqual(model.last_grid_blocks, 4, (dtype, hints))  # one CTA a block, every row
                self.assertTrue(torch.equal(got, plain), (dtype, hints))
                with torch.no_grad():
                    self.assertLess(float((got.float() - ref(x.float())).abs().max()), tol, (dtype, hints))
        soft = golden("23_Softmax")
        sm = soft.ModelNew()
        xs = torch.randn(3, 700) * 3
        got = self.run_with(soft, dict(base, TWO_PASS_ROW_LOOP=True), sm, xs)
        self.assertEqual(sm.last_grid_blocks, 3 * 6)  # rows x blocks: no per-position weights, no row loop
        self.assertLess(rel_err(got, torch.softmax(xs, dim=1)), 1e-5)


class OffsetDataEmulated(unittest.TestCase):
    def test_layer_norm_keeps_its_digits_on_offset_data(self):
        # mean 1000, std 0.01: E[x^2] - E[x]^2 in fp32 was off by 4.5 here; the shifted sums are not
        mod = golden("40_LayerNorm")
        shape = (3, 3001)
        ref = torch.nn.LayerNorm(shape)
        model = mod.ModelNew(shape)
        model.ln.weight.data, model.ln.bias.data = ref.weight.data, ref.bias.data
        torch.manual_seed(3)
        x = 1000.0 + 0.01 * torch.randn(4, *shape)
        want = torch.nn.functional.layer_norm(x.double(), shape, ref.weight.double(), ref.bias.double()).float()
        for settings in ({}, {"ONEPASS": False, "CHUNK": 2048}):  # one pass (3 CTAs per row), two passes
            old = {k: getattr(mod, k) for k in settings}
            for k, v in settings.items():
                setattr(mod, k, v)
            try:
                out = model(x)
            finally:
                for k, v in old.items():
                    setattr(mod, k, v)
            # fp32 inputs near 1000 carry ~6e-5 of absolute error, 0.6% of the std: 0.05 leaves room for that
            self.assertLess(float((out - want).abs().max()), 0.05, settings)


class CrossEntropyEmulated(unittest.TestCase):
    def test_out_of_range_target_gives_nan_not_a_stray_read(self):
        mod = golden("95_CrossEntropyLoss")
        x = torch.randn(4, 50)
        t = torch.tensor([1, 2, 50, 3])  # 50 is out of range (torch raises; the kernel must not read past the row)
        self.assertTrue(bool(torch.isnan(mod.ModelNew()(x, t))))

    def test_row_in_registers_and_online_loop(self):
        mod = golden("95_CrossEntropyLoss")
        torch.manual_seed(1)
        x = torch.randn(6, 300) * 4
        t = torch.randint(0, 300, (6,))
        want = torch.nn.functional.cross_entropy(x, t)
        self.assertLess(rel_err(mod.ModelNew()(x, t), want), 1e-5)
        old = mod.ROW_BLOCK
        mod.ROW_BLOCK = 128  # 300 classes > 128: the online loop, with a ragged last step
        try:
            got = mod.ModelNew()(x, t)
        finally:
            mod.ROW_BLOCK = old
        self.assertLess(rel_err(got, want), 1e-5)


if __name__ == "__main__":
    unittest.main()
