"""chain_emulate.py --case: the inputs are the harness's own (its DimPlan/derive_cases/make_inputs, rendered from
the spec), resized by value like the harness's boundary cases, not by the module globals' names."""
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")
sys.path.insert(0, HERE)

import chain_emulate  # noqa: E402
import torch  # noqa: E402

NAME = "u56_Conv2d_flatten_SpatialSoftmax_view"


def problem(name=NAME, folder="unseen"):
    spec = importlib.util.spec_from_file_location(name + "_problem", os.path.join(DATA, folder, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class HarnessCases(unittest.TestCase):
    def shapes(self, case):
        ref = problem()
        model = ref.Model(*ref.get_init_inputs())
        vals, note, _ = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", NAME + ".spec.json"),
                                                     case, 1024, ref, model)
        self.assertIsNotNone(vals, note)
        return [list(v.shape) for v in vals if torch.is_tensor(v)], note

    def test_boundary_tail_resizes_by_value(self):
        # x [4, 3, 20, 24]: 3 is the model's (in_channels, kernel_size); 24 is the innermost free dim, kept (< TILE);
        # the other free dims take small odd sizes: 4 -> min(4, 7), 20 -> 5. Shrinking by name leaves batch 4 (<= 16).
        shapes, note = self.shapes("boundary_tail")
        self.assertEqual(shapes, [[4, 3, 5, 24]], note)

    def test_boundary_size1_gives_a_batch_of_one(self):
        shapes, note = self.shapes("boundary_size1")
        self.assertEqual(shapes, [[1, 3, 5, 24]], note)

    def test_not_derived_case_is_skipped(self):
        ref = problem()
        vals, note, _ = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", NAME + ".spec.json"),
                                                     "no_such_case", 1024, ref, ref.Model(*ref.get_init_inputs()))
        self.assertIsNone(vals)
        self.assertIn("not derived", note)


class HarnessTile(unittest.TestCase):
    """The TILE chain_emulate takes by default is the workspace harness's (new-user trial 18, #5)."""

    def write(self, kernel, harness=None):
        import tempfile
        d = tempfile.mkdtemp()
        with open(os.path.join(d, "kernel.py"), "w") as f:
            f.write(kernel)
        if harness is not None:
            with open(os.path.join(d, "test_kernel.py"), "w") as f:
                f.write(harness)
        return os.path.join(d, "kernel.py")

    def test_workspace_tile(self):
        self.assertEqual(chain_emulate.harness_tile(self.write("x = 1\n", '_TILE_TEXT = "128"\n')), 128)
        self.assertEqual(chain_emulate.harness_tile(self.write("BLOCK_SIZE = 256  # tuned\n", '_TILE_TEXT = "128"\n')),
                         256)  # the user's BLOCK_SIZE wins, as in test_kernel.py's tile_size()
        self.assertEqual(chain_emulate.harness_tile(self.write("BLOCK_SIZE = 256\n")), 1024)  # no workspace
        self.assertEqual(chain_emulate.harness_tile("/nonexistent/kernel.py"), 1024)


class TiedSizes(unittest.TestCase):
    """A size the module hard-codes (nn.Conv1d(32, 64, groups=4): the weight is [64, 8, 5], no parameter shape
    names 32) is kept like a parameter's (the harness's model_tied_sizes), so both boundary cases run, resizing
    the other dims; before, the harness resized it and skipped both (the reference rejected their shapes)."""

    def shapes(self, name, case):
        ref = problem(name)
        vals, note, _ = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", name + ".spec.json"),
                                                     case, 1024, ref, ref.Model(*ref.get_init_inputs()))
        self.assertIsNotNone(vals, note)
        return [list(v.shape) for v in vals if torch.is_tensor(v)]

    def test_conv1d_groups_keeps_in_channels(self):
        # x [8, 32, 128]: 8 is the weight's (32 / 4), 32 tied by the meta check; 128 < TILE is kept at the tail
        self.assertEqual(self.shapes("u15_Conv1d_groups_dilation", "boundary_tail"), [[8, 32, 128]])
        self.assertEqual(self.shapes("u15_Conv1d_groups_dilation", "boundary_size1"), [[8, 32, 1]])

    def test_conv3d_groups_keeps_in_channels(self):
        # x [2, 16, 12, 20, 20]: 16 tied; depth 12 -> 5, batch 2 -> 1 at size1
        self.assertEqual(self.shapes("u16_Conv3d_groups_stride", "boundary_tail"), [[2, 16, 5, 20, 20]])
        self.assertEqual(self.shapes("u16_Conv3d_groups_stride", "boundary_size1"), [[1, 16, 5, 20, 20]])

    def test_too_small_is_not_tied(self):
        # a 3x3 conv without padding rejects a 1x1 spatial size, but accepts one more than its own: H stays free
        # x [8, 3, 6, 5], 8 and 3 the weight's: boundary_size1 takes H to 1, which the conv rejects
        import harness_support
        spec = {"inputs": [{"name": "x", "kind": "tensor", "dtype": "float32", "shape": [8, 3, 6, 5]}],
                "model": {"parameters": [{"name": "w", "shape": [8, 3, 3, 3]}]}, "pattern": {}}
        h = harness_support.load_rendered(spec, name="kwb_harness_tied")
        h.torch = torch

        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.w = torch.nn.Parameter(torch.randn(8, 3, 3, 3))

            def forward(self, x):
                return torch.nn.functional.conv2d(x, self.w)
        plan = h.DimPlan(spec, 1024, {8, 3})
        size1 = [c for c in h.derive_cases(spec, plan, True) if c.name == "boundary_size1"][0]
        self.assertIs(h.MetaChecker(M()).check(spec, plan, size1)[0], False)  # the case is rejected ...
        self.assertEqual(h.model_tied_sizes(spec, plan, h.MetaChecker(M()), True), set())  # ... but 6 is not tied

    def test_sizes_related_across_inputs_are_named_so(self):
        # new-user trial 21 #2: a UNet skip input at twice the deep input's H and W (24 = 2 x 12, 34 = 2 x 17). Each
        # size resized alone breaks torch.cat; resized together with its multiple the reference accepts them. The log
        # said "the module hard-codes them" before, and boundary_tail repeated problem_shape with an empty reason.
        import json
        import harness_support
        name = "unet_skip_related_sizes"
        with open(os.path.join(DATA, "codegen", "chains", name + ".spec.json")) as f:
            spec = json.load(f)
        spec.pop("codegen", None)
        h = harness_support.load_rendered(spec, name="kwb_harness_related")
        h.torch = torch
        ref = problem(name, os.path.join("codegen", "chains", "problems"))
        model = ref.Model(*ref.get_init_inputs())
        fixed = {int(d) for t in list(model.parameters()) + list(model.buffers()) for d in t.shape}
        plan = h.DimPlan(spec, 256, fixed)
        related = {}
        tied = h.model_tied_sizes(spec, plan, h.MetaChecker(model), True, related)
        self.assertEqual(sorted(tied), [12, 17])
        self.assertEqual(related, {12: {24: 2}, 17: {34: 2}})
        text = h.tied_sizes_text(tied, related)
        self.assertIn("related across inputs (24 = 2 x 12, 34 = 2 x 17)", text)
        self.assertNotIn("hard-code", text)
        self.assertIn("the module may hard-code them", h.tied_sizes_text({7}, {}))  # no multiple accepted
        cases = {c.name: c for c in h.derive_cases(spec, h.DimPlan(spec, 256, fixed, tied), False)}
        tail = cases["boundary_tail"]
        self.assertTrue(tail.repeats.startswith("no tail tested: its shapes are problem_shape's ("), tail.repeats)
        self.assertEqual(tail.note, tail.repeats)
        self.assertEqual(cases["boundary_size1"].repeats, "")  # batch 2 -> 1: a real size-1 case

    def test_index_buffer_past_a_resized_dim(self):
        # H200, session 31: index_add_alpha_neg_rows3d's buffer [2, 0, 2, 1, 4] indexes dim 0 of x, which
        # boundary_size1 takes to 1 row; meta tensors trace it (no values), and on the GPU the reference's
        # device-side assert lost the context (an ERROR). The harness's one CPU forward per resized shape
        # (reference_prerun) rejects the case with the reference's own error, naming the buffer.
        import types
        import harness_support
        spec = {"inputs": [{"name": "x", "kind": "tensor", "dtype": "float32", "shape": [6, 3, 24]},
                           {"name": "src", "kind": "tensor", "dtype": "float32", "shape": [5, 3, 24]}],
                "model": {"parameters": []}, "pattern": {}}
        h = harness_support.load_rendered(spec, name="kwb_harness_index")
        h.torch = torch

        class M(torch.nn.Module):
            def __init__(self, fail=None):
                super().__init__()
                self.register_buffer("idx", torch.tensor([2, 0, 2, 1, 4]))
                self.fail = fail

            def forward(self, x, src):
                if self.fail and x.device.type == "cpu":  # the meta trace passes; the CPU forward does not
                    raise RuntimeError(self.fail)
                return x.index_add(0, self.idx, src)
        ref = types.SimpleNamespace(get_inputs=lambda: [torch.randn(6, 3, 24), torch.randn(5, 3, 24)])
        plan = h.DimPlan(spec, 1024, {5})
        cases = {c.name: c for c in h.derive_cases(spec, plan, True)}

        def prerun(model, name):
            ctx = types.SimpleNamespace(spec=spec, plan=plan, device=torch.device("cpu"), reference=ref,
                                        ref_model=model)
            return h.reference_prerun(ctx, cases[name], 7, {})
        self.assertIs(h.MetaChecker(M()).check(spec, plan, cases["boundary_size1"])[0], True)  # meta sees no values
        why = prerun(M(), "boundary_size1")
        self.assertTrue(why.startswith("the reference rejects the derived shapes %s: IndexError: "
                                       % plan.mapped(cases["boundary_size1"].dim_map)), why)
        self.assertIn("the model's index tensor idx index past a resized dim", why)
        self.assertEqual(prerun(M(), "boundary_tail"), "")  # 4 < the resized rows: it runs
        # a CPU-only failure of another kind is no verdict on the shapes (the meta trace already accepted them)
        self.assertEqual(prerun(M("expected all tensors on cuda"), "boundary_size1"), "")
        self.assertEqual(prerun(M("some other failure"), "boundary_size1"), "")


class IndexOnlyInputs(unittest.TestCase):
    """A gather of a floating table by integer inputs alone (an int64 index, a uint8 mask; new-user trial 21 #5):
    the problem computes in the table's dtype, so the dtype cases run, casting the parameters and no input."""

    def cases(self, params, dtype="float32"):
        import harness_support
        spec = {"dtype": dtype,
                "inputs": [{"name": "idx", "kind": "tensor", "dtype": "int64", "shape": [8, 77]},
                           {"name": "keep", "kind": "tensor", "dtype": "uint8", "shape": [8, 77]}],
                "model": {"parameters": params}, "pattern": {"primary": "Reduction"}}
        h = harness_support.load_rendered(spec, name="kwb_harness_index_only")
        h.torch = torch
        return [c.name for c in h.derive_cases(spec, h.DimPlan(spec, 1024, {5000, 48}), True)]

    def test_floating_table_gives_dtype_cases(self):
        names = self.cases([{"name": "table", "dtype": "float32", "shape": [5000, 48]}])
        self.assertIn("dtype_bf16", names)
        self.assertIn("dtype_fp16", names)
        self.assertNotIn("mean_shift", names)  # no floating input to shift

    def test_no_floating_tensor_gives_none(self):
        names = self.cases([{"name": "table", "dtype": "int64", "shape": [5000, 48]}], dtype="int64")
        self.assertNotIn("dtype_bf16", names)
        self.assertNotIn("dtype_fp16", names)


class AtSpecGuard(unittest.TestCase):
    """kwb_at_spec (chain_host.py): a constant the generator holds at the spec's sizes. Its error named the first
    resized dim that changed, which may not be the one the value depends on (trial 20, fix20a's note); the
    generator does not know which, so the error lists every size that changed and blames none."""

    def guard(self):
        import runpy
        host = os.path.join(HERE, "..", "..", "resources", "templates", "kernels", "chain_host.py")
        return runpy.run_path(host)["kwb_at_spec"]

    def test_every_changed_size_is_listed_and_none_is_blamed(self):
        f = self.guard()
        self.assertEqual(f("a reshape's size", 1537, (1537, 1537), (384, 384)), 1537)  # at the spec: the value
        with self.assertRaises(ValueError) as e:
            f("a reshape's size (1537 at the spec)", 1537, (7, 1537), (384, 384), (1, 64))
        msg = str(e.exception)
        self.assertTrue(msg.startswith("a reshape's size (1537 at the spec): kernel.py holds its value at the spec's "
                                       "input sizes, and the input sizes are now 7 (1537 at the spec), "
                                       "1 (64 at the spec) (unchanged: 384)"), msg)
        self.assertIn("may depend on any of these; regenerate the kernel for these sizes", msg)
        with self.assertRaises(ValueError) as e:
            f("the attention scale", 0.125, (9, 64))
        self.assertIn("the input size is now 9 (64 at the spec);", str(e.exception))


class SizeMinimums(unittest.TestCase):
    """A dim that an op needs at least some size of (a reflect pad above its pad, a circular pad at least it, a
    convolution or pooling window) keeps it in every derived case (the harness's size_minimums): the reference
    itself refused the smaller shapes."""

    def cases(self, name, problem_path, tile):
        import json
        import harness_support
        with open(os.path.join(DATA, "codegen", "chains", name + ".spec.json")) as f:
            spec = json.load(f)
        spec.pop("codegen", None)
        h = harness_support.load_rendered(spec, name="kwb_harness_minimums")
        h.torch = torch
        plan = h.DimPlan(spec, tile, {int(d) for p in spec["model"]["parameters"] for d in p["shape"]})
        shapes = {c.name: plan.mapped(c.dim_map)[0] for c in h.derive_cases(spec, plan, True)
                  if c.name.startswith("boundary")}
        mod_spec = importlib.util.spec_from_file_location(name + "_problem", os.path.join(DATA, problem_path))
        ref = importlib.util.module_from_spec(mod_spec)
        mod_spec.loader.exec_module(ref)
        model = ref.Model(*ref.get_init_inputs())
        for case, shape in shapes.items():  # the reference runs at every derived shape
            with torch.no_grad():
                model(torch.randn(shape))
        return plan, shapes

    def test_reflect_1d_keeps_the_length_above_its_pad(self):
        # x [4, 40, 24] padded (6, 5) along L = 40: L > 6; the cases gave L 5 before (an outer dim's small size)
        plan, shapes = self.cases("pad_reflect1d_transposed", "codegen/chains/problems/pad_reflect1d_transposed.py",
                                  1024)
        self.assertEqual(plan.minimum, {40: 7})
        self.assertEqual(shapes, {"boundary_tail": [4, 7, 24], "boundary_size1": [1, 7, 24]})

    def test_reflect_pad_then_dilated_conv_w03(self):
        # new-user trial 12 w03: x [8, 32, 75, 122] reflect-padded (2, 2, 1, 1), then a (3, 5) kernel with dilation
        # (2, 1): the padded H + 2 >= 5 binds H = 75 through the resize check (H + 2 grew as H did), W > 2. At TILE 1
        # on the CPU the tail case shrank H to 2 before, which the convolution refused.
        plan, shapes = self.cases("w03_Conv2d_reflect_pad_asym_stride_groups",
                                  "trial12/w03_Conv2d_reflect_pad_asym_stride_groups.py", 1)
        self.assertEqual(plan.minimum, {75: 3, 122: 3})
        self.assertEqual(shapes["boundary_tail"], [2, 32, 3, 769])


    def test_unbiased_std_keeps_the_reduced_dim_past_its_correction(self):
        # new-user trial 21 #3: std(x, dim=0, unbiased=True) of a 3 x 70001 input; boundary_size1 gave [1, 70001]
        # before, an all-NaN reference that any NaN kernel "passed" as "reference is all zero"
        plan, shapes = self.cases("std_unbiased_short_dim0", "codegen/chains/problems/std_unbiased_short_dim0.py", 128)
        self.assertEqual(plan.minimum, {3: 2})
        self.assertGreaterEqual(shapes["boundary_size1"][0], 2)  # a size the std has two samples at, or more
        with torch.no_grad():
            for shape in shapes.values():
                self.assertTrue(bool(torch.isfinite(torch.std(torch.randn(shape), dim=0)).all()), shape)

    def test_var_mean_correction_two_keeps_three(self):
        # the second member: var_mean(x, dim=1, correction=2) of a 300 x 5 x 40 input: dim 1 keeps at least 3
        plan, shapes = self.cases("var_mean_correction2_dim1", "codegen/chains/problems/var_mean_correction2_dim1.py",
                                  128)
        self.assertEqual(plan.minimum, {5: 3})
        for name, shape in shapes.items():
            self.assertGreaterEqual(shape[1], 3, (name, shape))


class BoundedIndexInputs(unittest.TestCase):
    """An index or offset input whose values a dim bounds (embedding_bag's offsets: length batch or batch + 1, cuts
    batch - 1, ids below n + 1): the harness's derived cases map sizes within 2 of a resized dim with it, so
    get_inputs() builds them at the case's sizes. Before, the shapes did not match, the synthetic fallback drew the
    offsets as randint(0, 2), and torch's own embedding_bag raised (offsets[0] must be 0)."""

    def inputs(self, name, path, case):
        spec = importlib.util.spec_from_file_location(name + "_bounded", os.path.join(DATA, path))
        ref = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ref)
        model = ref.Model(*ref.get_init_inputs())
        vals, note, _ = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", name + ".spec.json"),
                                                     case, 1024, ref, model)
        self.assertIsNotNone(vals, note)
        self.assertIn("get_inputs()", note)  # not the synthetic fallback
        model(*vals)  # the reference runs: the offsets are valid at these sizes
        return vals

    def check_offsets(self, ids, offsets, last):
        self.assertEqual(int(offsets[0]), 0)
        self.assertTrue(bool((offsets[1:] >= offsets[:-1]).all()))
        self.assertLessEqual(int(offsets[-1]), ids.numel())
        if last:
            self.assertEqual(int(offsets[-1]), ids.numel())

    def test_offsets_with_last_keep_two_entries(self):
        # ids [57] (kept), offsets [10] = [0, 8 cuts, 57]: 10 -> 7 maps the 8 cuts (10 - 2) to 5; at size 1 the offsets'
        # least size is 2 (one bag), so no case gives a bag count of 0
        for case in ("boundary_tail", "boundary_size1"):
            ids, offsets = self.inputs("embedding_bag_mean_last_offset_pad",
                                       "codegen/chains/problems/embedding_bag_mean_last_offset_pad.py", case)
            self.assertEqual(list(offsets.shape), [7], case)
            self.check_offsets(ids, offsets, True)

    def test_offsets_and_bound_follow_the_ids(self):
        # z06: ids [81920] -> 1537, offsets [4096] -> 7 (1 at size 1): 4095 cuts -> 6, drawn below 81921 -> 1538
        for case, bags in (("boundary_tail", 7), ("boundary_size1", 1)):
            ids, offsets, weights = self.inputs("z06_EmbeddingBag_Offsets_Weighted_Tanh",
                                                "probe16/z06_EmbeddingBag_Offsets_Weighted_Tanh.py", case)
            self.assertEqual([list(ids.shape), list(offsets.shape)], [[1537], [bags]], case)
            self.check_offsets(ids, offsets, False)


if __name__ == "__main__":
    unittest.main()
