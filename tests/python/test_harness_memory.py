"""The harness's peak tensor memory on a large problem (bench/harness/harness_memory.py: exact bytes of the live
tensor storages, counted by an LD_PRELOAD allocator shim, in cpu-test mode with the GPU's cases). The suite's
admission estimate (core/pipeline/suite.cpp suiteFootprintBytes) rests on these multiples: a change to the
harness that holds one more full-size tensor fails here rather than as an out-of-memory on the H200."""
import json
import os
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "bench", "harness", "harness_memory.py")


@unittest.skipIf(shutil.which("gcc") is None, "gcc builds the allocator shim")
class HarnessPeakMemory(unittest.TestCase):
    def test_peak_is_twice_inputs_plus_outputs(self):
        # relu: no mean_shift case; softmax: mean_shift at the problem's own shape, three seeds
        proc = subprocess.run([sys.executable, SCRIPT, "--problem", "all", "--rows", "256", "--cols", "16384",
                               "--json"], capture_output=True, text=True, timeout=600)
        self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
        line = [ln for ln in proc.stdout.splitlines() if ln.startswith("KWB_MEMORY_JSON=")]
        self.assertTrue(line, proc.stdout[-3000:])
        for r in json.loads(line[0].split("=", 1)[1]):
            self.assertEqual(r["exit"], 0, r)
            i = r["input_bytes"]  # one fp32 input and an output of its size: I = O, B = 2 I
            # live at once at most: base, kernel output, reference inputs and outputs (check), or both value sets,
            # the timing copy and one output (timing): 4 I = 2 B, plus comparison pieces (~1 % each)
            self.assertLessEqual(r["peak_bytes"], 4.1 * i, r)
            by = {s["step"]: s for s in r["steps"]}
            self.assertLessEqual(by["measure_compile_ref"]["peak_bytes"], 3.1 * i, r)  # inputs + 2 outputs
            for s in r["steps"]:  # nothing of a step outlives it but check_seed's base and reference output
                self.assertLessEqual(s["live_after"], 2.05 * i if s["step"].startswith("check_seed") else 0.05 * i, s)
            if r["problem"] == "softmax":
                seeds = [s for s in r["steps"] if s["step"].startswith("check_seed:mean_shift")]
                self.assertEqual(len(seeds), 3)
                self.assertLessEqual(max(s["live_before"] for s in seeds), 0.05 * i, seeds)  # no earlier seed held


if __name__ == "__main__":
    unittest.main()
