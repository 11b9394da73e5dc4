"""GPU-mode tests of the harness (skipped where torch sees no CUDA device): a Triton kernel at
KernelBench 19_ReLU's own shape, timed with CUDA events + L2 flush; bad kernels through the GPU path."""
import os
import shutil
import unittest

import harness_support as h

try:
    import torch
    HAS_CUDA = torch.cuda.is_available()
except ImportError:
    HAS_CUDA = False
try:
    import triton  # noqa: F401
    HAS_TRITON = True
except ImportError:
    HAS_TRITON = False

FULL_SPEC = h.spec_for("19_ReLU", [{"name": "x", "shape": [4096, 393216], "stride": [393216, 1]}])


@unittest.skipUnless(HAS_CUDA, "no CUDA device")
class GpuHarnessTest(unittest.TestCase):
    def harness(self, kernel, *args, reference="relu.py", spec=h.RELU_SPEC, tile=256, env=None):
        root, ws = h.make_workspace(reference, kernel, spec=spec, tile=tile)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--no-memory", *args, env=env, timeout=600)
        dump = os.environ.get("KWB_TEST_DUMP")
        if dump:
            with open(os.path.join(dump, "%s_%s.log" % (self._testMethodName, kernel)), "w") as f:
                f.write(r.stdout + "\n--- stderr ---\n" + r.stderr)
        return r

    @unittest.skipUnless(HAS_TRITON, "no Triton")
    def test_triton_relu_at_kernelbench_shape(self):
        r = self.harness("triton_relu.py", reference="relu_kernelbench_shape.py", spec=FULL_SPEC, tile=1024)
        self.assertEqual(r.rc, 0, r)
        res = r.result
        self.assertEqual(res["mode"], "gpu")
        self.assertEqual(res["status"], "PASS")
        self.assertIn("cuda_events+l2_flush", res["timing_method"])
        self.assertNotEqual(res["gpu"], "cpu")
        self.assertIsNone(res["dry_run_note"])
        self.assertEqual(r.results["problem_shape"]["shape"], [[4096, 393216]])
        self.assertEqual(res["grid_blocks"], 4096 * 393216 // 1024)
        # 12.9 GB moved: anything under ~1 ms would beat HBM, over 30 ms would be absurd
        self.assertGreater(res["latency_us"], 1000)
        self.assertLess(res["latency_us"], 30000)
        self.assertGreater(res["ref_latency_us"], 1000)
        self.assertGreaterEqual(res["latency_stats"]["n"], 10)
        self.assertLess(res["latency_stats"]["cv"], 0.2)
        self.assertEqual(r.results["problem_shape"]["last_call_rel_err"], 0.0)
        # the copy ceiling: the best of a 1 GiB and (141 GB H200: always fits) a 4 GiB copy, within HBM3e's 4.8 TB/s
        self.assertIn("1024 MiB", res["copy_bandwidth_method"])
        self.assertIn("4096 MiB", res["copy_bandwidth_method"])
        self.assertGreater(res["measured_copy_bandwidth_tbs"], 1.0)
        self.assertLess(res["measured_copy_bandwidth_tbs"], 4.8)

    @unittest.skipUnless(HAS_TRITON, "no Triton")
    def test_blocking_kernel_hides_the_launch_path_and_host_time_is_reported(self):
        r = self.harness("triton_relu.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 0, r)
        res, case = r.result, r.results["problem_shape"]
        self.assertIn("blocking kernel hides the launch path", res["timing_method"])
        for doc in (res, case):
            self.assertGreater(doc["host_us"], 0)
            self.assertGreater(doc["ref_host_us"], 0)
        self.assertEqual(res["host_us"], res["latency_stats"]["host_us"])
        self.assertEqual(res["ref_host_us"], res["ref_latency_stats"]["host_us"])
        for stats in (res["latency_stats"], res["ref_latency_stats"]):
            self.assertGreaterEqual(stats["blocked_us"], 150)     # a spin of >= 200 us (calibrated)
            self.assertGreaterEqual(stats["launch_hidden"], 0.0)
            self.assertLessEqual(stats["launch_hidden"], 1.0)
            self.assertEqual(stats["clock"], "cuda_events")      # the spin is not mistaken for a side stream
        # 33x1000 floats: a few us of GPU work behind a launch path of tens of us
        self.assertTrue(any("launch-bound" in w for w in case["warnings"]), case["warnings"])

    @unittest.skipUnless(HAS_TRITON, "no Triton")
    def test_triton_kernel_ignoring_strides_fails_strided(self):
        r = self.harness("triton_relu_flat.py", "--skip", "dtype_bf16,dtype_fp16")
        self.assertEqual(r.rc, 1, r)
        self.assertEqual({n: c["status"] for n, c in r.results.items()},
                         {"problem_shape": "PASS", "boundary_tail": "PASS", "boundary_size1": "PASS",
                          "strided": "FAIL"})

    def test_bad_kernels_on_the_gpu_path(self):
        expect = {"wrong_shape.py": "shape [1, 1000] != reference shape [33, 1000]",
                  "nan_output.py": "non-finite (1 NaN, 0 Inf)",
                  "caches_result.py": "cached result"}
        for kernel, text in expect.items():
            r = self.harness(kernel, "--cases", "problem_shape")
            self.assertEqual(r.rc, 1, r)
            self.assertEqual(r.result["mode"], "gpu")
            self.assertIn(text, r.results["problem_shape"]["reason"], kernel)
        r = self.harness("mutates_input.py", "--cases", "boundary_tail")
        self.assertIn("modified input 'x'", r.results["boundary_tail"]["reason"])
        # KWB_COMPILE_TIMEOUT_SEC=2: the first call (the case's compile window) hangs too; the default 300 s would
        # let each case wait out the fixture's 30 s sleep
        r = self.harness("hangs.py", "--cases", "problem_shape,boundary_tail",
                         env={"TEST_TIMEOUT_SEC": "2", "KWB_COMPILE_TIMEOUT_SEC": "2"})
        self.assertEqual([c["status"] for c in r.results.values()], ["TIMEOUT_FAIL", "TIMEOUT_FAIL"])
        r = self.harness("missing_cutlass.py", reference="relu.py")
        self.assertTrue(all(c["status"] == "ERROR" and "CuTe DSL is not installed" in c["reason"]
                            for c in r.results.values()))

    def test_good_kernel_with_parameters_all_dtypes(self):
        r = self.harness("good_linear_relu.py", reference="linear_relu.py", spec=h.LINEAR_SPEC)
        self.assertEqual(r.rc, 0, r)
        self.assertIn("dtype_fp16", r.results)  # fp16 runs on the GPU
        self.assertGreater(r.result["latency_us"], 0)


if __name__ == "__main__":
    unittest.main()
