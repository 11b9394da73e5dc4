"""The harness's derived cases for sizes get_inputs() derives from a resized size (2 * W, rows // 2), the reference
rejecting a case's own inputs, synthetic inputs in the problem's dim order, and the output-layout check against
Model (new-user trial 19, #11; DECISIONS "Derived sizes follow the module's globals"). Debian's torch on the CPU."""
import os
import shutil
import types
import unittest

import torch

import harness_support as h

CPU = {"KWB_HARNESS_DEVICE": "cpu"}

SLICE_SPEC = h.spec_for("channels_last_slice_add", [
    {"name": "a", "shape": [4, 6, 5, 300], "stride": [9000, 1, 1800, 6]},
    {"name": "b", "shape": [4, 6, 5, 300], "stride": [18000, 3000, 600, 2]}])
SLICE_SPEC["inputs"][0]["layout"] = "channels_last"
SLICE_SPEC["inputs"][1]["layout"] = "strided"


def index_add_spec(name):
    spec = h.spec_for(name, [{"name": "x", "shape": [300, 70], "stride": [70, 1]},
                             {"name": "idx", "shape": [300], "stride": [1]}], pattern="Scatter")
    spec["inputs"][1]["dtype"] = "int64"
    return spec


class Harness:
    """A rendered harness module with a context as main() builds it, for make_inputs at a case."""

    def __init__(self, test, spec, reference):
        import importlib.util
        import os
        self.mod = h.load_rendered(spec, name="kwb_rendered_resize_%s" % spec["source"]["name"])
        self.mod.torch = torch
        path = os.path.join(h.FIXTURES, "references", reference)
        s = importlib.util.spec_from_file_location("ref_" + spec["source"]["name"], path)
        self.ref = importlib.util.module_from_spec(s)
        s.loader.exec_module(self.ref)
        self.ctx = types.SimpleNamespace(spec=spec, device=torch.device("cpu"), reference=self.ref,
                                         plan=self.mod.DimPlan(spec, 256))
        self.cases = {c.name: c for c in self.mod.derive_cases(spec, self.ctx.plan, True)}

    def inputs(self, case):
        c = self.cases[case]
        return self.mod.make_inputs(self.ctx, c, 1234, c.dist)


class DerivedSizesTest(unittest.TestCase):
    def test_size_globals_are_the_ints_of_a_resized_value(self):
        mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_resize_globals")
        m = types.SimpleNamespace(N=32, W=64, H=64, K=3, flag=True, name="x", __hidden=64)
        self.assertEqual(mod.size_globals(m, {32: 7, 64: 13, 3: 3}), {"N": 7, "W": 13, "H": 13})
        self.assertEqual(mod.size_globals(m, {}), {})
        self.assertEqual(mod.size_globals(m, None), {})
        # a slot of a value that stays tied (one dim of a 64 beside a 64 of the model) is no global's
        self.assertEqual(mod.size_globals(m, {mod.SlotSize(64, "in0.1"): 9}), {})

    def test_a_width_derived_from_a_resized_dim_follows_it_and_keeps_its_layout(self):
        hs = Harness(self, SLICE_SPEC, "channels_last_slice_add.py")
        vals, note = hs.inputs("boundary_tail")
        a, b = vals
        self.assertEqual(list(b.shape), hs.ctx.plan.mapped(hs.cases["boundary_tail"].dim_map)[1])
        self.assertEqual(b.shape[-1], 385)  # W 300 -> 385; 2 * W followed it (by value it stayed 600: 300 columns)
        self.assertIn("get_inputs() with its size globals at the case's sizes (", note)
        self.assertIn("W=385", note)
        self.assertNotIn("synthetic", note)
        self.assertEqual(b.stride()[-1], 2)  # the problem's own view: every other column
        self.assertTrue(a.is_contiguous(memory_format=torch.channels_last))
        # the module's globals are back as they were
        self.assertEqual((hs.ref.N, hs.ref.C, hs.ref.H, hs.ref.W), (4, 6, 5, 300))

    def test_an_index_bound_derived_by_arithmetic_follows_the_resized_rows(self):
        hs = Harness(self, index_add_spec("index_add_rows_half"), "index_add_rows_half.py")
        (x, idx), note = hs.inputs("boundary_tail")
        self.assertEqual(list(x.shape), [7, 70])
        self.assertLess(int(idx.max()), 3, note)  # below rows // 2 at the case's rows (by value: below 150)
        self.assertIn("(rows=7)", note)
        # boundary_size1's rows of 1 give randint(0, 0): get_inputs() raises with the globals, so by value as before
        # (and the meta check rejects those shapes: zeros(0, 70) has no row to add into)
        (x, idx), note = hs.inputs("boundary_size1")
        self.assertEqual(list(x.shape), [1, 70])
        self.assertTrue(note.startswith("get_inputs() with rand/randn"), note)

    def test_sizes_no_global_holds_are_resized_by_value_as_before(self):
        hs = Harness(self, index_add_spec("index_add_literal_bound"), "index_add_literal_bound.py")
        (x, idx), note = hs.inputs("boundary_tail")
        self.assertEqual(list(x.shape), [7, 70])
        self.assertTrue(note.startswith("get_inputs() with rand/randn drawn as randn+0.5"), note)
        self.assertGreaterEqual(int(idx.max()), 7)  # the literal bound 150 kept: the reference rejects these

    def test_synthetic_inputs_keep_the_problems_order_of_dims(self):
        mod = h.load_rendered(SLICE_SPEC, name="kwb_rendered_resize_order")
        mod.torch = torch  # main() sets this global
        self.assertEqual(mod.spec_dim_order(SLICE_SPEC["inputs"][0]), [0, 2, 3, 1])  # channels_last
        self.assertIsNone(mod.spec_dim_order(SLICE_SPEC["inputs"][1]))  # row-major order (a strided slice)
        self.assertIsNone(mod.spec_dim_order({"shape": [33, 1000], "stride": [0, 1]}))  # expanded: no order
        # only the dims > 1 are ordered by stride; a size-1 dim keeps its place
        self.assertEqual(mod.spec_dim_order({"shape": [4, 1, 5], "stride": [1, 1, 4]}), [2, 1, 0])
        plan = mod.DimPlan(SLICE_SPEC, 256)
        case = [c for c in mod.derive_cases(SLICE_SPEC, plan, True) if c.name == "boundary_tail"][0]
        a, b = mod.synthetic_inputs(SLICE_SPEC, plan, case, torch.device("cpu"), torch.Generator().manual_seed(0),
                                    "shift")
        self.assertEqual([list(a.shape), list(b.shape)], plan.mapped(case.dim_map))
        self.assertTrue(a.is_contiguous(memory_format=torch.channels_last))
        self.assertTrue(b.is_contiguous())


class ReferenceRejectsInputsTest(unittest.TestCase):
    def test_model_with_weights_runs_on_a_cpu_copy_and_rejects_nothing(self):
        spec = h.spec_for("embedding_scale", [{"name": "idx", "shape": [40, 8], "stride": [8, 1]},
                                              {"name": "x", "shape": [40, 8, 16], "stride": [128, 16, 1]}],
                          init_args=[50, 16],
                          parameters=[{"name": "emb.weight", "shape": [50, 16], "stride": [16, 1],
                                       "dtype": "float32"}])
        spec["inputs"][0]["dtype"] = "int64"
        hs = Harness(self, spec, "embedding_scale.py")
        hs.ctx.ref_model = hs.ref.Model(50, 16)
        weight = hs.ctx.ref_model.emb.weight
        seen = {}
        for name in ("boundary_tail", "boundary_size1"):
            case = hs.cases[name]
            self.assertTrue(case.dim_map, name)
            self.assertEqual(hs.mod.reference_prerun(hs.ctx, case, 99, seen), "", name)
        self.assertIs(hs.ctx.ref_model.emb.weight, weight)  # the harness's model is left as it was
        self.assertIsNot(hs.ctx.cpu_reference.emb.weight, weight)  # the check ran a copy
        self.assertTrue(torch.equal(hs.ctx.cpu_reference.emb.weight, weight))
        self.assertEqual(len(seen), 2)  # one verdict per case's shapes

    def run_harness(self, reference, spec, kernel=None, *args):
        root, ws = h.make_workspace(reference, kernel, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        return h.run_harness(ws, "--no-memory", *args, env=None if kernel is None else CPU)

    def test_bound_through_globals_runs_every_case(self):
        r = self.run_harness("index_add_rows_half.py", index_add_spec("index_add_rows_half"), None, "--cpu-dry-run")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        self.assertIn("boundary_tail", r.results)
        self.assertEqual(r.results["boundary_tail"]["status"], "PASS")
        self.assertIn("size globals", r.results["boundary_tail"]["inputs"])
        # boundary_size1 alone is skipped, by the meta check (rows 1: zeros(0, 70) has no row to add into)
        self.assertEqual([s["name"] for s in r.result["skipped_cases"]], ["boundary_size1"])
        self.assertIn("the reference rejects the derived shapes [[1, 70], [1]]", r.result["skipped_cases"][0]["reason"])
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)

    def test_literal_bound_skips_the_resized_cases_with_the_references_error(self):
        r = self.run_harness("index_add_literal_bound.py", index_add_spec("index_add_literal_bound"), None,
                             "--cpu-dry-run")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        self.assertEqual(sorted(skipped), ["boundary_size1", "boundary_tail"])
        self.assertEqual(sorted(s["name"] for s in r.plan["skipped_cases"]), ["boundary_size1", "boundary_tail"])
        self.assertNotIn("boundary_tail", r.results)  # never started: no kernel call on indices out of range
        why = skipped["boundary_tail"]
        self.assertTrue(why.startswith("the reference raises on get_inputs()'s inputs at the derived shapes "
                                       "[[7, 70], [7]]: IndexError: "), why)
        self.assertIn("index", why[len("the reference raises on"):].lower())  # torch's own words
        self.assertIn("does not follow it here, so the case is not run", why)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)


    def test_synthetic_offsets_the_reference_rejects_skip_the_case_not_fail_it(self):
        # new-user trial 23, #1: idx 448 = bags * per_bag and offsets 64 resized apart; get_inputs() cannot make
        # them, the synthetic offsets are randint(0, 2) and the reference raises on them: a skip, not a FAIL
        spec = h.spec_for("embedding_bag_offsets", [{"name": "idx", "shape": [448], "stride": [1]},
                                                    {"name": "offsets", "shape": [64], "stride": [1]}],
                          parameters=[{"name": "bag.weight", "shape": [500, 24], "stride": [24, 1],
                                       "dtype": "float32"}], pattern="Gather")
        for i in spec["inputs"]:
            i["dtype"] = "int64"
        r = self.run_harness("embedding_bag_offsets.py", spec, None, "--cpu-dry-run")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        self.assertIn("boundary_tail", skipped)
        why = skipped["boundary_tail"]
        self.assertTrue(why.startswith("the reference raises on the harness's synthetic inputs at the derived "
                                       "shapes [[385], [7]]: RuntimeError: "), why)
        self.assertIn("randint(0, 2) are not valid ones for this model", why)
        self.assertNotIn("boundary_tail", r.results)  # never run: its ERROR would have failed the gate
        # boundary_size1's one offset is [0] at the warm seed and [1] at a checked one: every seed is tried
        self.assertIn("randint(0, 2) are not valid ones", skipped.get("boundary_size1", ""), r.results)
        for c in r.results.values():  # dtype_bf16: SKIPPED where this CPU's embedding_bag lacks bfloat16
            self.assertIn(c["status"], ("PASS", "SKIPPED"), c)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS")


class ReferencePrerunTest(unittest.TestCase):
    """The harness's one CPU forward per resized shape (reference_prerun) decides both an index buffer of the model
    past a resized dim (only an index error counts) and the reference raising on get_inputs()'s integer inputs (any
    error counts): one forward per shape, never one per check (session 32, helper tidy32)."""

    def prerun_all(self, reference, spec):
        hs = Harness(self, spec, reference)
        hs.ctx.ref_model = hs.ref.Model()
        hs.ref.Model.calls = 0
        seen, verdicts = {}, {}
        for name, case in hs.cases.items():
            if case.dim_map:
                for _ in range(2):  # a second ask (a dtype case of the same shapes) is the cached verdict
                    verdicts[name] = hs.mod.reference_prerun(hs.ctx, case, 99, seen)
        shapes = {str(hs.ctx.plan.mapped(c.dim_map)) for c in hs.cases.values() if c.dim_map}
        self.assertEqual(len(seen), len(shapes))
        self.assertEqual(hs.ref.Model.calls, len(shapes))  # one forward per resized shape
        return hs, verdicts

    def test_an_index_buffer_past_a_resized_dim_skips_the_case_naming_the_buffer(self):
        spec = h.spec_for("index_buffer_rows", [{"name": "x", "shape": [300, 70], "stride": [70, 1]}])
        hs, verdicts = self.prerun_all("index_buffer_rows.py", spec)
        self.assertEqual(verdicts["boundary_tail"], "")  # rows 7: the buffer's 5 is in range
        why = verdicts["boundary_size1"]
        self.assertTrue(why.startswith("the reference rejects the derived shapes [[1, 70]]: IndexError: "), why)
        self.assertIn("the model's index tensor keep index past a resized dim", why)
        self.assertEqual(hs.ctx.ref_model.keep.device.type, "cpu")
        self.assertIsNot(hs.ctx.cpu_reference.keep, hs.ctx.ref_model.keep)  # the check ran a copy

    def test_integer_inputs_and_an_index_buffer_run_the_reference_once_per_shape(self):
        spec = index_add_spec("index_buffer_and_ids")
        _, verdicts = self.prerun_all("index_buffer_and_ids.py", spec)
        for name in ("boundary_tail", "boundary_size1"):  # the literal bound 150 past 7 rows and 1 row
            why = verdicts[name]
            self.assertTrue(why.startswith("the reference raises on get_inputs()'s inputs at the derived shapes "),
                            why)
            self.assertIn("IndexError", why)
            self.assertIn("does not follow it here, so the case is not run", why)

    def test_a_whole_run_skips_the_buffers_case_and_runs_the_rest(self):
        spec = h.spec_for("index_buffer_rows", [{"name": "x", "shape": [300, 70], "stride": [70, 1]}])
        root, ws = h.make_workspace("index_buffer_rows.py", None, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--no-memory", "--cpu-dry-run")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        self.assertEqual(sorted(skipped), ["boundary_size1"], skipped)
        self.assertIn("IndexError", skipped["boundary_size1"])
        self.assertIn("index tensor keep", skipped["boundary_size1"])
        self.assertNotIn("boundary_size1", r.results)  # never started
        self.assertEqual(r.results["boundary_tail"]["status"], "PASS")


class GetInputsRaisesTest(unittest.TestCase):
    """get_inputs() itself raising at a derived case's sizes (a literal index or unpack no resize follows): the
    case is skipped as not applicable, naming get_inputs() and the problem's line, never failed (trial 20, #3)."""

    def run_harness(self, reference, spec):
        root, ws = h.make_workspace(reference, None, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        return h.run_harness(ws, "--no-memory", "--cpu-dry-run")

    def check(self, reference, spec, line, error, skipped_names):
        r = self.run_harness(reference, spec)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        self.assertEqual(sorted(skipped), skipped_names, r.result["skipped_cases"])
        for name in skipped_names:
            why = skipped[name]
            self.assertTrue(why.startswith("get_inputs() raised at the case's sizes ["), why)
            # the workspace's copy and the problem's own file, with the line of get_inputs() that raised
            self.assertIn(", at reference.py:%d (%s.py:%d): %s: " % (line, spec["source"]["name"], line, error), why)
            self.assertIn("so it does not apply (not a kernel failure)", why)
            self.assertNotIn(name, r.results)  # never started
        self.assertIn("problem_shape", r.results)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
        return r

    def test_literal_row_of_a_padding_mask_skips_the_batch_of_one(self):
        spec = h.spec_for("padding_mask_literal_row", [
            {"name": "x", "shape": [2, 40, 16], "stride": [640, 16, 1]},
            {"name": "pad", "shape": [2, 40], "stride": [40, 1]}])
        spec["inputs"][1]["dtype"] = "bool"
        r = self.check("padding_mask_literal_row.py", spec, 19, "IndexError", ["boundary_size1"])
        self.assertIn("index 1 is out of bounds", r.result["skipped_cases"][0]["reason"])

    def test_unpack_of_two_rows_skips_the_batch_of_one(self):
        spec = h.spec_for("unpack_two_rows", [{"name": "x", "shape": [4, 300], "stride": [300, 1]},
                                              {"name": "gain", "shape": [300], "stride": [1]}])
        r = self.check("unpack_two_rows.py", spec, 18, "ValueError", ["boundary_size1"])
        self.assertIn("not enough values to unpack", r.result["skipped_cases"][0]["reason"])


class DrawDependentReferenceTest(unittest.TestCase):
    """A derived case valid for some draws of get_inputs() only (a table sized by get_init_inputs() beside lengths
    drawn up to a resized seq): the reference runs on the CPU with the draw of every seed the case will use (its
    warm seed and its checked ones), so a draw past the table skips the case naming the seed instead of the
    reference's error failing the kernel (probe25's c05 on the H100, session 38: its boundary_size1's one checked
    draw stayed in range, a checked seed's did not and PyTorch's gather asserted on the device). The base seeds
    below make the warm draw valid and a checked draw not (main's one-draw check: FAIL, boundary_size1 ERROR)."""

    def run_harness(self, reference, spec, tile, seed):
        root, ws = h.make_workspace(reference, None, spec=spec, tile=tile)
        self.addCleanup(shutil.rmtree, root)
        return h.run_harness(ws, "--no-memory", "--cpu-dry-run", "--seeds", "3", "--seed", str(seed), timeout=300)

    def check(self, r, names, shapes):
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        for name in names:
            why = skipped.get(name, "")
            self.assertTrue(why.startswith("the reference raises on get_inputs()'s inputs at the derived shapes %s: "
                                           "IndexError: " % shapes[name]), (name, why, r.results.get(name)))
            self.assertRegex(why, r"seed \d+'s draw, of the case's seeds \[\d+, \d+, \d+\]")
            self.assertNotIn("\n", why)  # one line
            self.assertNotIn(name, r.results)  # never started: no kernel or reference call on such a draw
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)

    def test_position_ids_past_the_table_at_a_checked_seed_skip_the_case(self):
        # probe25's c05: positions from a padding mask of random lengths into a 130-row table; tile 128 resizes
        # seq to 193 as on the H100 (boundary_tail's 7 rows: the warm draw is out already)
        spec = h.spec_for("position_ids_from_mask", [
            {"name": "h", "shape": [16, 128, 96], "stride": [12288, 96, 1]},
            {"name": "mask", "shape": [16, 128], "stride": [128, 1]}], init_args=[130, 96],
            parameters=[{"name": "pos.weight", "shape": [130, 96], "stride": [96, 1], "dtype": "float32"}],
            pattern="Gather")
        spec["inputs"][1]["dtype"] = "int64"
        c05 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "probe25",
                           "c05_PositionIdsFromPaddingMask_CumsumClamp_Embedding.py")  # the problem itself, no copy
        r = self.run_harness(c05, spec, 128, 4)
        self.check(r, ["boundary_tail", "boundary_size1"],
                   {"boundary_tail": "[[7, 193, 96], [7, 193]]", "boundary_size1": "[[1, 193, 96], [1, 193]]"})
        self.assertIn("seed 15844's draw", {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
                      ["boundary_size1"])  # the third checked seed (6 + 2 * 7919); the warm one's draw was valid

    def test_length_past_the_length_table_at_a_checked_seed_skips_the_case(self):
        # the second member: lengths drawn in 1..seq index a (seq + 1)-row table; tile 64 resizes seq 64 to 97
        spec = h.spec_for("length_embedding", [
            {"name": "h", "shape": [8, 64, 32], "stride": [2048, 32, 1]},
            {"name": "lengths", "shape": [8], "stride": [1]}], init_args=[65, 32],
            parameters=[{"name": "len_emb.weight", "shape": [65, 32], "stride": [32, 1], "dtype": "float32"}],
            pattern="Gather")
        spec["inputs"][1]["dtype"] = "int64"
        r = self.run_harness("length_embedding.py", spec, 64, 33)
        self.check(r, ["boundary_tail", "boundary_size1"],
                   {"boundary_tail": "[[7, 97, 32], [7]]", "boundary_size1": "[[1, 97, 32], [1]]"})
        self.assertIn("problem_shape", r.results)


class OutputLayoutTest(unittest.TestCase):
    def harness(self, kernel, *args):
        root, ws = h.make_workspace("channels_last_slice_add.py", kernel, spec=SLICE_SPEC)
        self.addCleanup(shutil.rmtree, root)
        return h.run_harness(ws, "--no-memory", "--skip", "dtype_bf16", *args, env=CPU)

    def test_contiguous_result_of_a_channels_last_model_is_warned_not_failed(self):
        r = self.harness("contiguous_tanh_add.py")
        self.assertEqual(r.rc, 0, r)
        for name in ("problem_shape", "boundary_tail", "boundary_size1"):
            c = r.results[name]
            self.assertEqual(c["status"], "PASS", c)
            self.assertEqual(len(c["output_layout"]), 1, c)
            got = c["output_layout"][0]
            self.assertEqual(got["output"], 0)
            shape = c["shape"][0]
            self.assertEqual(got["model"][1], 1)  # channels_last: C innermost
            self.assertEqual(got["kernel"][-1], 1)  # row-major
            self.assertEqual(got["kernel"][0], shape[1] * shape[2] * shape[3])
            self.assertTrue(any(w.startswith("output layout differs from Model's: output 0: ModelNew returns strides")
                                and "(contiguous) where Model returns" in w and "(channels_last)" in w
                                for w in c["warnings"]), c)
        # the strided case's inputs are padded row-major views: Model's result is row-major too, nothing to say
        self.assertNotIn("output_layout", r.results["strided"])
        # get_inputs() ran in every case (2 * W followed W), none on synthetic inputs
        for c in r.results.values():
            self.assertNotIn("synthetic", c["inputs"], c)

    def test_result_in_torchs_layout_has_no_layout_warning(self):
        r = self.harness("layout_tanh_add.py")
        self.assertEqual(r.rc, 0, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
            self.assertNotIn("output_layout", c)
            self.assertFalse(any("output layout" in w for w in c.get("warnings", [])), c)

    def test_layout_differences_look_at_dense_model_outputs_and_dims_above_one(self):
        mod = h.load_rendered(SLICE_SPEC, name="kwb_rendered_resize_layout")
        mod.torch = torch
        cl = torch.empty(2, 3, 4, 5).to(memory_format=torch.channels_last)
        rm = torch.empty(2, 3, 4, 5)
        self.assertEqual(len(mod.layout_differences([rm], [cl])), 1)
        self.assertEqual(mod.layout_differences([cl], [cl]), [])
        # a size-1 dim's stride says nothing: [2, 1, 4, 5] row-major and channels_last are the same order
        one = torch.empty(2, 1, 4, 5)
        self.assertEqual(mod.layout_differences([one], [one.to(memory_format=torch.channels_last)]), [])
        # Model returning a view that is not dense (a slice, an expand) sets no layout a kernel must copy
        self.assertEqual(mod.layout_differences([rm[..., :3].contiguous()], [rm[..., :3]]), [])
        self.assertEqual(mod.layout_differences([rm.contiguous()], [torch.empty(1, 3, 4, 5).expand(2, 3, 4, 5)]), [])
        self.assertTrue(mod.dense_layout(rm.permute(0, 2, 3, 1)))
        self.assertFalse(mod.dense_layout(rm[..., ::2]))


if __name__ == "__main__":
    unittest.main()
