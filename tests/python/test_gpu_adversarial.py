"""Issue 4's GPU-only failure classes (skipped without CUDA/Triton; run by bench/gpu/session_harness.sh):
work on a side stream, a real illegal address, uninitialised outputs under the CUDA caching
allocator, per-shape memoisation and caching during timing on the GPU path."""
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
class GpuAdversarialTest(unittest.TestCase):
    def harness(self, kernel, *args, reference="relu.py", spec=h.RELU_SPEC, tile=256, env=None, ws=None):
        if ws is None:
            root, ws = h.make_workspace(reference, kernel, spec=spec, tile=tile)
            self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--no-memory", *args, env=env, timeout=600)
        r.ws = ws
        dump = os.environ.get("KWB_TEST_DUMP")
        if dump:
            with open(os.path.join(dump, "%s_%s.log" % (self._testMethodName, kernel)), "a") as f:
                f.write(" ".join(args) + "\n" + r.stdout + "\n--- stderr ---\n" + r.stderr + "\n")
        return r

    @unittest.skipUnless(HAS_TRITON, "no Triton")
    def test_side_stream_kernel_does_not_look_faster(self):
        honest = self.harness("triton_relu.py", "--cases", "problem_shape",
                              reference="relu_kernelbench_shape.py", spec=FULL_SPEC, tile=1024)
        side = self.harness("triton_side_stream_relu.py", "--cases", "problem_shape",
                            reference="relu_kernelbench_shape.py", spec=FULL_SPEC, tile=1024)
        self.assertEqual(honest.rc, 0, honest)
        self.assertEqual(side.rc, 0, side)  # its values are right
        self.assertEqual(honest.result["latency_stats"]["clock"], "cuda_events")
        self.assertEqual(side.result["latency_stats"]["clock"], "wall")
        self.assertLess(side.result["latency_stats"]["event_median_us"], 0.5 * side.result["latency_us"])
        self.assertGreaterEqual(side.result["latency_us"], 0.9 * honest.result["latency_us"])
        self.assertIn("synchronized wall clock", side.result["timing_method"])
        self.assertTrue(any("stream other than" in w for w in side.results["problem_shape"]["warnings"]))

    @unittest.skipUnless(HAS_TRITON, "no Triton")
    def test_illegal_address_ends_the_process_with_exit_3_and_a_fresh_one_runs_the_rest(self):
        r = self.harness("triton_illegal_address.py", "--skip", "dtype_bf16,dtype_fp16")
        self.assertEqual(r.rc, 3, r)
        self.assertEqual(list(r.results), ["problem_shape", "boundary_tail"])
        self.assertEqual(r.results["problem_shape"]["status"], "PASS")
        tail = r.results["boundary_tail"]
        self.assertEqual(tail["status"], "ERROR")
        self.assertIn("illegal memory access", tail["reason"])
        self.assertIn("did not survive", tail["reason"])
        self.assertEqual(r.result["not_run"], ["boundary_size1", "strided"])
        self.assertNotIn("measured_copy_bandwidth_tbs", r.result)
        again = self.harness("triton_illegal_address.py", "--skip", "dtype_bf16,dtype_fp16,problem_shape,boundary_tail",
                             ws=r.ws)
        self.assertEqual(again.rc, 0, again)
        self.assertEqual(list(again.results), ["boundary_size1", "strided"])

    def test_uninitialised_output_fails_under_the_caching_allocator(self):
        r = self.harness("returns_empty.py")
        self.assertEqual(r.rc, 1, r)
        self.assertIn("dtype_fp16", r.results)
        for c in r.results.values():
            self.assertEqual(c["status"], "FAIL", c)

    def test_memo_and_timing_cache_on_the_gpu_path(self):
        r = self.harness("caches_by_shape.py", "--cases", "boundary_tail,boundary_size1")
        self.assertEqual(r.rc, 1, r)
        for c in r.results.values():
            self.assertIn("(1 of 3)", c["reason"])  # the warm call (its own seed) filled the memo
        r = self.harness("fast_when_unchanged.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 0, r)
        self.assertGreater(r.result["latency_us"], 9000)
        self.assertTrue(r.result["latency_stats"]["inputs_refreshed"])


if __name__ == "__main__":
    unittest.main()
