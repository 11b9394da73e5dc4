"""gpufix36b (session 36): the dtype cases of a Model that raises in low precision, and of a Model that fixes its own
parameters' dtypes. Run on the CPU (KWB_HARNESS_DEVICE=cpu, mode "cpu-test") like test_harness_adversarial.py.

1. Model itself raises on the bf16 / fp16 inputs (a float32 constant built in forward() meets a 16-bit operand:
   probe19 attn_addmm_const_causal's addmm, probe22 a08's arange embedding into a Linear). The harness inferred the
   expected dtype as the case's and FAILed a kernel that follows torch's promotion ("dtype float32 != expected
   bfloat16"). Now the case is SKIPPED as not applicable, with Model's own error as its reason; the problem still
   needs its other cases to pass, and a kernel returning the wrong dtype where Model runs still FAILs.
2. A Model that fixes its own parameters' dtypes (probe21 h04: fp16 x times a bf16 gain, .to(bfloat16) into a bf16
   Linear): its float32 copy raises, which the spec's dtype_check said only where the probe's meta trace raised (not
   under torch 2.x on the H100: every case ERROR). The reference now learns it from its own dtype error and keeps
   Model's dtypes. Members: h04 small (spec without the probe's verdict), a bf16 Linear casting its input itself.
3. Index outputs of a selection under ties (chains tuple_topk_direct dtype_bf16: output[1] rel_err 0.026): compared
   by the values they select (the selection's input, recorded in the reference's forward, gathered at each side's
   indices, equal in the case's dtype). Members: topk with ties (bf16 rounding), argmax of a ReLU (tied zeros); a
   wrong non-tied index and duplicated topk indices still FAIL.

    cd tests/python && /usr/bin/python3 -m unittest test_harness_gpufix36
"""
import os
import shutil
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402

CPU = {"KWB_HARNESS_DEVICE": "cpu"}
# as on the GPU's torch 2.x: the meta pre-check passes a dtype case whose ops mix dtypes, so the case runs
GPU_META = dict(CPU, KWB_HARNESS_SIMULATE_META_DTYPES="1")

ADDMM_SPEC = h.spec_for("const_addmm_causal", [{"name": n, "shape": [37, 16], "stride": [16, 1]}
                                               for n in ("q", "k", "v")], pattern="Attention")
EMBED_SPEC = h.spec_for("timestep_embed_linear",
                        [{"name": "t", "shape": [24], "stride": [1]},
                         {"name": "x", "shape": [24, 32], "stride": [32, 1]}], init_args=[16, 32],
                        parameters=[{"name": "lin.weight", "shape": [32, 16], "stride": [16, 1], "dtype": "float32"},
                                    {"name": "lin.bias", "shape": [32], "stride": [1], "dtype": "float32"}])
# as the H100's probe wrote it (torch 2.x): no dtype_check verdict that Model fails in float32
OWN_SPEC = h.spec_for("own_dtype_linear", [{"name": "x", "shape": [16, 64], "stride": [64, 1]}], init_args=[64, 32],
                      dtype="float16",
                      parameters=[{"name": "gain", "shape": [64], "stride": [1], "dtype": "bfloat16"},
                                  {"name": "fc.weight", "shape": [32, 64], "stride": [64, 1], "dtype": "bfloat16"},
                                  {"name": "fc.bias", "shape": [32], "stride": [1], "dtype": "bfloat16"}])
CAST_SPEC = h.spec_for("bf16_linear_cast", [{"name": "x", "shape": [16, 64], "stride": [64, 1]}], init_args=[64, 32],
                       parameters=[{"name": "fc.weight", "shape": [32, 64], "stride": [64, 1], "dtype": "bfloat16"},
                                   {"name": "fc.bias", "shape": [32], "stride": [1], "dtype": "bfloat16"}])


class Base(unittest.TestCase):
    def harness(self, reference, kernel, spec, cases, env=GPU_META):
        root, ws = h.make_workspace(reference, kernel=kernel, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--no-memory", "--cases", cases, "--seeds", "1", env=env, timeout=300)
        self.assertIsNotNone(r.result, r)
        return r


class ModelRaisesInDtypeTest(Base):
    def test_not_applicable_with_models_error(self):
        for ref, kern, spec in (("const_addmm_causal.py", "const_addmm_causal_promoted.py", ADDMM_SPEC),
                                ("timestep_embed_linear.py", "timestep_embed_linear_promoted.py", EMBED_SPEC)):
            with self.subTest(ref):
                r = self.harness(ref, kern, spec, "problem_shape,dtype_bf16")  # cpu-test has no dtype_fp16
                self.assertEqual(r.results["problem_shape"]["status"], "PASS", r)
                for case, dt in (("dtype_bf16", "bfloat16"),):
                    c = r.results[case]
                    self.assertEqual(c["status"], "SKIPPED", c)
                    self.assertTrue(c["reason"].startswith("not applicable in %s: Model itself raises" % dt), c)
                    self.assertIn("must have the same dtype", c["reason"])  # Model's own error, named
                self.assertEqual(r.result["status"], "PASS", r)

    def test_nothing_applicable_is_no_pass(self):
        r = self.harness("const_addmm_causal.py", "const_addmm_causal_promoted.py", ADDMM_SPEC, "dtype_bf16")
        self.assertEqual(r.results["dtype_bf16"]["status"], "SKIPPED")
        self.assertEqual(r.result["status"], "FAIL", r)

    def test_meta_precheck_still_skips_before_the_run(self):
        # torch 1.13's meta kernels reject the case before it runs: the same verdict, from the plan
        r = self.harness("const_addmm_causal.py", "const_addmm_causal_promoted.py", ADDMM_SPEC, "problem_shape",
                         env=CPU)
        skipped = {s["name"]: s["reason"] for s in r.plan["skipped_cases"]}
        self.assertIn("the reference rejects bfloat16 inputs", skipped["dtype_bf16"])

    def test_wrong_dtype_where_model_runs_still_fails(self):
        r = self.harness("relu.py", "wrong_dtype.py", h.RELU_SPEC, "dtype_bf16")
        c = r.results["dtype_bf16"]
        self.assertEqual(c["status"], "FAIL", c)
        self.assertIn("dtype float32 != expected bfloat16", c["reason"])


class OwnDtypesTest(Base):
    def test_reference_keeps_models_own_dtypes(self):
        for ref, kern, spec, cases in (
                ("own_dtype_linear.py", "own_dtype_linear.py", OWN_SPEC, "problem_shape,dtype_bf16"),
                ("bf16_linear_cast.py", "bf16_linear_cast.py", CAST_SPEC, "problem_shape,dtype_bf16")):
            with self.subTest(ref):
                r = self.harness(ref, kern, spec, cases)
                for name in cases.split(","):
                    c = r.results[name]
                    self.assertEqual(c["status"], "PASS", c)
                self.assertTrue(any("Model fixes its own parameters' dtypes" in w for c in r.results.values()
                                    for w in c.get("warnings", [])), r.results)

    def test_wrong_values_still_fail(self):
        # the identity where the reference keeps its own dtypes: its values, not the GEMM's, FAIL
        r = self.harness("bf16_linear_cast.py", "identity.py", CAST_SPEC, "dtype_bf16")
        self.assertNotEqual(r.results["dtype_bf16"]["status"], "PASS", r.results)


class _TopK(torch.nn.Module):
    def forward(self, x):
        return torch.topk(x * 1.5, 5, dim=1, largest=False)


class _ArgmaxRelu(torch.nn.Module):
    def forward(self, x):
        return torch.argmax(torch.relu(x), dim=-1)


class IndexTiesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_g36b")
        cls.mod.torch = torch
        cls.cpu = torch.device("cpu")

    def check(self, model, x, outs, lp=None):
        refs = [t for t in (model(x) if isinstance(model(x), tuple) else (model(x),))]
        exp = [r.dtype for r in refs]
        base = self.mod.compare_all(outs, refs, exp, self.cpu, 0.01)
        return base, self.mod.index_ties_recheck(model, [x], 0, outs, refs, exp, self.cpu, 0.01, base, lp)

    def topk_inputs(self):
        g = torch.Generator().manual_seed(3)
        x = torch.randn(8, 96, 40, generator=g)
        y = (x * 1.5).bfloat16().float()  # the bf16 case: values tie once rounded
        v, i = torch.topk(y.flip(1), 5, dim=1, largest=False)  # other members of each tie than topk's own
        return x, v, 95 - i

    def test_topk_ties_compare_by_selected_values(self):
        x, v, i = self.topk_inputs()
        base, r = self.check(_TopK(), x, [v, i], "bfloat16")
        self.assertFalse(base["ok"])  # the raw indices differ (the GPU's FAIL)
        self.assertTrue(r["ok"], r)
        self.assertTrue(any("tie in bfloat16" in w for w in r["warnings"]), r["warnings"])

    def test_wrong_or_duplicate_topk_index_fails(self):
        x, v, i = self.topk_inputs()
        wrong = i.clone()
        wrong[0, 0, 0] = (wrong[0, 0, 0] + 7) % 96
        self.assertFalse(self.check(_TopK(), x, [v, wrong], "bfloat16")[1]["ok"])
        dup = i.clone()
        dup[0, 1, 0] = dup[0, 0, 0]
        self.assertFalse(self.check(_TopK(), x, [v, dup], "bfloat16")[1]["ok"])

    def test_argmax_tied_zeros(self):
        x = -torch.rand(64, 8)  # relu: every row all zero, every index ties
        x[::2, 3] = 1.0
        k = 7 - torch.argmax(torch.relu(x).flip(-1), dim=-1)  # the last maximum, torch's the first
        base, r = self.check(_ArgmaxRelu(), x, [k])
        self.assertFalse(base["ok"])
        self.assertTrue(r["ok"], r)
        bad = k.clone()
        bad[0] = 0  # row 0's maximum is at 3 alone
        self.assertFalse(self.check(_ArgmaxRelu(), x, [bad])[1]["ok"])


if __name__ == "__main__":
    unittest.main()
