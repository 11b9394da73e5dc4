"""The suite's GPU timing lock in the generated harness (KWB_GPU_LOCK; docs/CONTRACTS.md section 2): two
harnesses never time at the same moment, a wait for the lock is not the case's time, and without the
variable nothing changes. Run on the CPU in the test-only mode KWB_HARNESS_DEVICE=cpu, where the timed
region is perf_counter timing; KWB_TEST_LOCKED_SLEEP_SEC lengthens each region (a fake timed region)."""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import harness_support as h

CPU = {"KWB_HARNESS_DEVICE": "cpu"}


def lock_lines(stdout):
    """The GPU_LOCK lines' payloads, in order."""
    out = []
    for line in stdout.splitlines():
        if line.startswith(h.PREFIX + "GPU_LOCK "):
            out.append(h.strict_loads(line[len(h.PREFIX + "GPU_LOCK "):]))
    return out


def env_for(extra):
    e = dict(os.environ)
    for k in ("KWB_HARNESS_DEVICE", "TEST_TIMEOUT_SEC", "KWB_GPU_LOCK", "KWB_TEST_LOCKED_SLEEP_SEC"):
        e.pop(k, None)
    e.update(extra)
    return e


class GpuLockTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kwb_gpulock_")
        self.addCleanup(shutil.rmtree, self.tmp)
        self.lock = os.path.join(self.tmp, "gpu.lock")

    def workspace(self):
        root, ws = h.make_workspace("relu.py", "good_relu.py")
        self.addCleanup(shutil.rmtree, root)
        return ws

    def test_two_harnesses_never_hold_the_lock_at_once(self):
        wss = [self.workspace(), self.workspace()]
        env = env_for(dict(CPU, KWB_GPU_LOCK=self.lock, KWB_TEST_LOCKED_SLEEP_SEC="0.7"))
        procs = [subprocess.Popen([sys.executable, os.path.join(ws, "test_kernel.py"), "--no-memory",
                                   "--cases", "problem_shape"], cwd=ws, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for ws in wss]
        runs = []
        for p in procs:
            out, err = p.communicate(timeout=120)
            p.returncode = p.wait()
            runs.append(h.Run(subprocess.CompletedProcess(p.args, p.returncode, out, err)))
        regions = []
        for r in runs:
            self.assertEqual(r.rc, 0, r)
            lock = r.result["gpu_lock"]
            self.assertEqual(lock["path"], self.lock)
            self.assertEqual(len(lock["regions"]), 1, lock)  # problem_shape: kernel + eager in one region
            reg = lock["regions"][0]
            self.assertIn("kernel and eager reference", reg["what"])
            self.assertGreaterEqual(reg["held_s"], 0.7)
            self.assertEqual(r.results["problem_shape"]["gpu_lock_wait_s"], reg["waited_s"])
            regions.append((reg["acquired_unix"], reg["released_unix"], reg["waited_s"]))
            states = [x["state"] for x in lock_lines(r.stdout)]
            self.assertEqual(states, ["wait", "held", "released"])
        (a0, a1, _), (b0, b1, _) = sorted(regions)
        self.assertLessEqual(a1, b0, "timed regions overlap: %s" % regions)
        # They started together, so the second one waited for about the first one's region.
        self.assertGreater(max(w for _, _, w in regions), 0.3, regions)

    def test_waiting_for_the_lock_is_not_the_cases_time(self):
        ws = self.workspace()
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX)  # another "problem" is timing for 4 s
        env = env_for(dict(CPU, KWB_GPU_LOCK=self.lock, TEST_TIMEOUT_SEC="2"))
        p = subprocess.Popen([sys.executable, os.path.join(ws, "test_kernel.py"), "--no-memory", "--cases",
                              "problem_shape"], cwd=ws, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        # Release 4 s after the harness announced its wait: twice TEST_TIMEOUT_SEC.
        t0, waiting = time.time(), False
        while time.time() - t0 < 60 and p.poll() is None:
            waiting = waiting or self._harness_is_waiting(p)
            if waiting:
                break
        self.assertTrue(waiting, "the harness never announced a wait")
        time.sleep(4.0)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        out, err = p.communicate(timeout=60)
        r = h.Run(subprocess.CompletedProcess(p.args, p.returncode, self._seen + out, err))
        self.assertEqual(r.rc, 0, r)
        case = r.results["problem_shape"]
        self.assertEqual(case["status"], "PASS", case)
        self.assertGreaterEqual(case["gpu_lock_wait_s"], 3.5)
        self.assertGreaterEqual(r.result["gpu_lock"]["waited_s"], 3.5)

    _seen = ""

    def _harness_is_waiting(self, p):
        """Reads stdout line by line until the GPU_LOCK wait line (kept for the parse afterwards)."""
        line = p.stdout.readline()
        self._seen += line
        return line.startswith(h.PREFIX + "GPU_LOCK ") and '"wait"' in line

    def test_without_the_variable_nothing_is_locked_or_reported(self):
        ws = self.workspace()
        r = h.run_harness(ws, "--no-memory", "--cases", "problem_shape", env=CPU)
        self.assertEqual(r.rc, 0, r)
        self.assertNotIn("gpu_lock", r.result)
        self.assertNotIn("gpu_lock_wait_s", r.results["problem_shape"])
        self.assertEqual(lock_lines(r.stdout), [])

    def test_shared_copy_ceiling_is_read_only_for_the_same_gpu(self):
        mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_lock")
        mod._device_key = lambda: "NVIDIA H200 GPU-1234"
        path = os.path.join(self.tmp, "copy_ceiling.json")
        with open(path, "w") as f:
            json.dump({"device": "NVIDIA H200 GPU-1234", "tbs": 4.25, "method": "copies", "measured_by": "p1",
                       "utc": "2026-12-01T00:00:00"}, f)
        doc = mod._read_shared_ceiling(path)
        self.assertEqual(doc["tbs"], 4.25)
        result = {}
        mod._use_shared_ceiling(result, doc, path)
        self.assertEqual(result["measured_copy_bandwidth_tbs"], 4.25)
        self.assertTrue(result["copy_bandwidth_shared"])
        self.assertIn("measured once for this suite", result["copy_bandwidth_method"])
        mod._device_key = lambda: "NVIDIA H100 GPU-9"
        self.assertIsNone(mod._read_shared_ceiling(path))  # another GPU: measured again
        self.assertIsNone(mod._read_shared_ceiling(os.path.join(self.tmp, "missing.json")))


if __name__ == "__main__":
    unittest.main()
