"""time45 (session 45): a PASS comes with a time, or says it has none. Trial 31's p02_moe_swiglu / p05_dwsep_conv1d_bn
declare float32 parameters while get_inputs() gives float16: Model raises on its own inputs, so problem_shape (the
timed case) is SKIPPED as not applicable (session 36), only dtype_bf16 checked the kernel, and the H100 run read PASS
with nothing timed. Now the harness runs problem_shape_bf16 last -- problem_shape's shapes and distribution with
Model and ModelNew cast to the dtype that passed -- checks and times it, and RESULT_JSON says what was timed
(primary_case, timed_at, timing_method). A PASS timed nowhere carries "untimed", the reason. Run on the CPU
(KWB_HARNESS_DEVICE=cpu, mode "cpu-test") like test_harness_gpufix36.py.

    cd tests/python && /usr/bin/python3 -m unittest test_harness_time45
"""
import os
import shutil
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402

# as on the GPU's torch 2.x: the meta pre-check passes a dtype case whose ops mix dtypes, so the case runs
GPU_META = {"KWB_HARNESS_DEVICE": "cpu", "KWB_HARNESS_SIMULATE_META_DTYPES": "1"}

# trial 31's p02 small: fp32 Linear parameters, fp16 get_inputs()
P02_SPEC = h.spec_for("fp32_params_fp16_inputs", [{"name": "x", "shape": [24, 32], "stride": [32, 1]}],
                      init_args=[32, 16], dtype="float16", pattern="GEMM",
                      parameters=[{"name": "up.weight", "shape": [32, 32], "stride": [32, 1], "dtype": "float32"},
                                  {"name": "up.bias", "shape": [32], "stride": [1], "dtype": "float32"},
                                  {"name": "down.weight", "shape": [32, 16], "stride": [16, 1], "dtype": "float32"},
                                  {"name": "down.bias", "shape": [32], "stride": [1], "dtype": "float32"}])


class Base(unittest.TestCase):
    def harness(self, reference, kernel, spec, cases, *extra, env=GPU_META):
        root, ws = h.make_workspace(reference, kernel=kernel, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--no-memory", "--cases", cases, "--seeds", "1", *extra, env=env, timeout=300)
        self.assertIsNotNone(r.result, r)
        return r


class TimedAtPassingDtypeTest(Base):
    def test_model_raising_on_its_own_inputs_is_timed_in_the_dtype_that_passed(self):
        r = self.harness("fp32_params_fp16_inputs.py", "fp32_params_fp16_inputs.py", P02_SPEC,
                         "problem_shape,dtype_bf16", "--compile-ref")
        prim = r.results["problem_shape"]
        self.assertEqual(prim["status"], "SKIPPED", prim)
        self.assertTrue(prim["reason"].startswith("not applicable in float16: Model itself raises"), prim)
        self.assertEqual(r.results["dtype_bf16"]["status"], "PASS", r.results)
        t = r.results["problem_shape_bf16"]
        self.assertEqual(t["status"], "PASS", t)
        self.assertEqual(t["dtype"], "bfloat16")
        self.assertEqual(t["shape"], prim["shape"])  # problem_shape's shapes, not dtype_bf16's small ones
        self.assertIsNotNone(t["latency_us"], t)
        self.assertIsNotNone(t["ref_latency_us"], t)
        res = r.result
        self.assertEqual(res["status"], "PASS", res)
        self.assertEqual(res["primary_case"], "problem_shape_bf16")
        self.assertEqual(res["latency_us"], t["latency_us"])
        self.assertEqual(res["timed_at"]["dtype"], "bfloat16")
        self.assertTrue(res["timing_method"].startswith(
            "timed at bfloat16 (problem_shape_bf16) because Model raises on its own float16 inputs; "), res)
        self.assertNotIn("untimed", res)
        # the run says the extra case in its case list too (the CASE_START count and the result's cases)
        self.assertEqual([c["name"] for c in res["cases"]], ["problem_shape", "dtype_bf16", "problem_shape_bf16"])
        # torch.compile (absent from torch 1.13: an error either way) was tried again on Model in bf16
        cref = res.get("compile_ref") or {}
        self.assertEqual(cref.get("timed_case"), "problem_shape_bf16", cref)
        self.assertIn("problem_shape_error", cref)
        # the dispatch check ran on the timed case's inputs with ModelNew in bf16 (this ModelNew is torch itself)
        self.assertIsNotNone((res.get("dispatch_check") or {}).get("ok"), res.get("dispatch_check"))

    def test_ordinary_path_unchanged(self):
        r = self.harness("timestep_embed_linear.py", "timestep_embed_linear_promoted.py", EMBED_SPEC,
                         "problem_shape,dtype_bf16")
        # Model runs in fp32 here: problem_shape passes and is timed, dtype_bf16 not applicable: no fallback case
        self.assertEqual(r.results["problem_shape"]["status"], "PASS")
        self.assertEqual(r.result["primary_case"], "problem_shape")
        self.assertNotIn("timed_at", r.result)
        self.assertNotIn("untimed", r.result)
        self.assertNotIn("problem_shape_bf16", r.results)
        self.assertFalse(r.result["timing_method"].startswith("timed at"), r.result["timing_method"])

    def test_pass_with_nothing_timed_carries_untimed(self):
        # dtype_bf16 alone passes; problem_shape, the timed case, not run: nothing was timed, and the PASS says so
        r = self.harness("relu.py", "good_relu.py", h.RELU_SPEC, "dtype_bf16", env={"KWB_HARNESS_DEVICE": "cpu"})
        self.assertEqual(r.result["status"], "PASS", r)
        self.assertIsNone(r.result["latency_us"])
        self.assertEqual(r.result["untimed"], "problem_shape not run or not passed")
        self.assertEqual(r.result["timing_method"], "not timed (problem_shape not run or not passed)")
        # a CPU dry run times no kernel at all: no "untimed" there (kwb reads it as DRY_RUN anyway)
        r = self.harness("relu.py", None, h.RELU_SPEC, "dtype_bf16", "--cpu-dry-run", env={})
        self.assertEqual(r.result["mode"], "cpu-dry-run")
        self.assertNotIn("untimed", r.result)

    def test_fallback_that_fails_fails_the_run(self):
        # the timed case is checked like problem_shape: a kernel that caches its result passes dtype_bf16's checks
        # and fails the timing's last-call check
        r = self.harness("fp32_params_fp16_inputs.py", "fp32_params_fp16_inputs_caches.py", P02_SPEC,
                         "problem_shape,dtype_bf16")
        self.assertEqual(r.results["dtype_bf16"]["status"], "PASS", r.results)
        self.assertEqual(r.results["problem_shape_bf16"]["status"], "FAIL", r.results)
        self.assertEqual(r.result["status"], "FAIL")
        self.assertIn("last timed call", r.results["problem_shape_bf16"]["reason"])
        self.assertNotIn("untimed", r.result)  # a FAIL, not an untimed PASS


EMBED_SPEC = h.spec_for("timestep_embed_linear",
                        [{"name": "t", "shape": [24], "stride": [1]},
                         {"name": "x", "shape": [24, 32], "stride": [32, 1]}], init_args=[16, 32],
                        parameters=[{"name": "lin.weight", "shape": [32, 16], "stride": [16, 1], "dtype": "float32"},
                                    {"name": "lin.bias", "shape": [32], "stride": [1], "dtype": "float32"}])

if __name__ == "__main__":
    unittest.main()
