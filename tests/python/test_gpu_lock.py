"""The suite's GPU timing lock in the generated harness (KWB_GPU_LOCK; docs/CONTRACTS.md section 2): two
harnesses never time at the same moment, a wait for the lock is not the case's time, and without the
variable nothing changes. Run on the CPU in the test-only mode KWB_HARNESS_DEVICE=cpu, where the timed
region is perf_counter timing; KWB_TEST_LOCKED_SLEEP_SEC lengthens each region (a fake timed region).
The lock is a reader-writer lock (timed regions exclusive, untimed GPU work shared, a turnstile against
writer starvation): ReaderWriterTest checks the protocol on GpuLock itself."""
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
        # Both start together, but on a loaded machine one may reach its timed region only after the other left
        # it (session 17: 0.7 s apart, no wait): that pass proves nothing about blocking, so the pair runs again,
        # up to three times, until the second one's wait began inside the first one's region.
        for attempt in range(3):
            if self._pair_contended():
                return
        self.fail("in three runs the two harnesses never asked for the lock while the other held it")

    def _pair_contended(self):
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
            # the wait for the other's region falls on this one's timed region or on its untimed GPU work
            regions.append((reg["acquired_unix"], reg["released_unix"], reg["waited_s"] + lock["shared_waited_s"]))
            # the timed region's lines; a shared section waiting for the other's region prints its own
            states = [x["state"] for x in lock_lines(r.stdout) if x.get("mode") != "shared"]
            self.assertEqual(states, ["wait", "held", "released"])
            for x in lock_lines(r.stdout):
                if x.get("mode") == "shared":
                    self.assertTrue(x["what"].startswith("shared: "), x)
        (a0, a1, _), (b0, b1, wb) = sorted(regions)
        self.assertLessEqual(a1, b0, "timed regions overlap: %s" % regions)
        # contended: the second asked for the lock (b0 - its wait) while the first still held it, and waited
        return b0 - wb < a1 - 0.05 and wb > 0.05

    def test_waiting_for_the_lock_is_not_the_cases_time(self):
        ws = self.workspace()
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o666)
        # Another "problem" is in a 4 s call of untimed GPU work (a shared holder): this harness's own
        # untimed work runs beside it, its timed region waits.
        fcntl.flock(fd, fcntl.LOCK_SH)
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

    def test_a_cpu_dry_run_takes_no_gpu_lock_under_a_suite(self):
        # New-user trial 17, #13: a CPU suite's log said a dry-run case "waits for the GPU timing lock". Another
        # problem holds the lock all along: the dry run neither waits for it nor reports it.
        ws = self.workspace()
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX)
        self.addCleanup(os.close, fd)
        r = h.run_harness(ws, "--no-memory", "--cpu-dry-run", "--cases", "problem_shape",
                          env=env_for({"KWB_GPU_LOCK": self.lock, "KWB_GPU_LOCK_MAX_WAIT_SEC": "5"}))
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(lock_lines(r.stdout), [])
        self.assertNotIn("gpu_lock", r.result)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS")

    def test_untimed_work_waits_for_another_problems_timed_region(self):
        ws = self.workspace()
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX)  # another "problem" is timing for 4 s: no untimed GPU work beside it
        env = env_for(dict(CPU, KWB_GPU_LOCK=self.lock, TEST_TIMEOUT_SEC="2"))
        p = subprocess.Popen([sys.executable, os.path.join(ws, "test_kernel.py"), "--no-memory", "--cases",
                              "problem_shape"], cwd=ws, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        t0, waiting = time.time(), False
        while time.time() - t0 < 60 and p.poll() is None:
            waiting = self._harness_is_waiting(p)
            if waiting:
                break
        self.assertTrue(waiting, "the harness never announced a wait")
        time.sleep(4.0)  # twice TEST_TIMEOUT_SEC: the wait must not count (the SIGALRM is paused)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        out, err = p.communicate(timeout=60)
        r = h.Run(subprocess.CompletedProcess(p.args, p.returncode, self._seen + out, err))
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS", r.results["problem_shape"])
        lock = r.result["gpu_lock"]
        self.assertGreaterEqual(lock["shared_waited_s"], 3.5, lock)
        self.assertEqual(lock["shared_waits"], 1, lock)  # one noticeable wait; the other sections print nothing
        self.assertGreater(lock["shared_sections"], 3, lock)
        self.assertLess(lock["waited_s"], 1.0, lock)  # its own timed region came later, uncontended
        shared = [x for x in lock_lines(r.stdout) if x.get("mode") == "shared"]
        self.assertEqual([x["state"] for x in shared], ["wait", "held"], shared)
        self.assertTrue(shared[0]["what"].startswith("shared: "), shared)
        self.assertGreaterEqual(shared[1]["waited_s"], 3.5, shared)

    def test_shared_sections_can_be_switched_off(self):
        # KWB_GPU_LOCK_SHARED=0 (the A/B switch): untimed work takes no lock, only the timed region does
        ws = self.workspace()
        env = env_for(dict(CPU, KWB_GPU_LOCK=self.lock, KWB_GPU_LOCK_SHARED="0"))
        r = h.run_harness(ws, "--no-memory", "--cases", "problem_shape", env=env)
        self.assertEqual(r.rc, 0, r)
        lock = r.result["gpu_lock"]
        self.assertEqual(lock.get("shared_sections", 0), 0, lock)
        self.assertEqual(len(lock["regions"]), 1, lock)


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


class ReaderWriterTest(unittest.TestCase):
    """The protocol itself (GpuLock of the rendered harness): each GpuLock instance stands for one problem's
    harness; flock conflicts between open file descriptions, so threads of one process show it."""

    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_rwlock")

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kwb_rwlock_")
        self.addCleanup(shutil.rmtree, self.tmp)
        self.path = os.path.join(self.tmp, "gpu.lock")
        self.events = []  # (marker, payload) of every GPU_LOCK line, not printed
        emit = self.mod.emit
        self.mod.emit = lambda marker, obj: self.events.append((marker, obj))
        self.addCleanup(setattr, self.mod, "emit", emit)

    def problem(self, max_wait_s=60.0):
        return self.mod.GpuLock(self.path, max_wait_s)

    def in_thread(self, fn):
        import threading
        t = threading.Thread(target=fn, daemon=True)
        t.start()
        return t

    def test_a_writer_excludes_readers(self):
        writer, reader = self.problem(), self.problem()
        entered = []

        def read():
            with reader.shared("a forward"):
                entered.append(time.time())
        with writer.hold("timing"):
            t = self.in_thread(read)
            time.sleep(0.4)
            self.assertEqual(entered, [], "a reader ran inside a timed region")
            released = time.time()
        t.join(10)
        self.assertEqual(len(entered), 1)
        self.assertGreaterEqual(entered[0], released)
        self.assertGreaterEqual(reader.shared_stats["waited_s"], 0.35)
        self.assertEqual(reader.shared_stats["waits"], 1)
        shared = [(m, o["state"], o["what"]) for m, o in self.events if o.get("mode") == "shared"]
        self.assertEqual(shared, [("GPU_LOCK", "wait", "shared: a forward"), ("GPU_LOCK", "held", "shared: a forward")])

    def test_a_reader_delays_a_writer(self):
        writer, reader = self.problem(), self.problem()
        acquired = []

        def write():
            with writer.hold("timing"):
                acquired.append(time.time())
        with reader.shared("a forward"):
            t = self.in_thread(write)
            time.sleep(0.4)
            self.assertEqual(acquired, [], "a timed region ran beside untimed GPU work")
            released = time.time()
        t.join(10)
        self.assertEqual(len(acquired), 1)
        self.assertGreaterEqual(acquired[0], released)
        self.assertGreaterEqual(writer.regions[0]["waited_s"], 0.35)

    def test_readers_run_together(self):
        a, b = self.problem(), self.problem()
        with a.shared("a forward"):
            t0 = time.perf_counter()
            with b.shared("another problem's forward"):
                self.assertLess(time.perf_counter() - t0, 0.05)
        self.assertEqual(b.shared_stats["waits"], 0)
        self.assertEqual(self.events, [])  # an uncontended section prints nothing
        self.assertEqual((a.shared_stats["sections"], b.shared_stats["sections"]), (1, 1))

    def _stream_of_readers(self, n=3, hold_s=0.1):
        """n threads, each a problem calling forward after forward (hold_s each), started hold_s / n apart so
        that at every moment some reader holds the lock. Returns (stop(), inside()), inside() the number of
        readers in a section now."""
        import threading
        stop, count, guard = threading.Event(), [0], threading.Lock()

        def loop(lock):
            while not stop.is_set():
                with lock.shared("a forward"):
                    with guard:
                        count[0] += 1
                    time.sleep(hold_s)
                    with guard:
                        count[0] -= 1
        threads = []
        for _ in range(n):
            threads.append(self.in_thread(lambda lk=self.problem(): loop(lk)))
            time.sleep(hold_s / n)

        def halt():
            stop.set()
            for t in threads:
                t.join(10)
        return halt, lambda: count[0]

    def test_a_waiting_writer_is_not_starved_by_a_stream_of_readers(self):
        halt, inside = self._stream_of_readers()
        try:
            time.sleep(0.3)
            self.assertGreater(inside(), 0)
            writer = self.problem(max_wait_s=2.0)
            t0 = time.perf_counter()
            with writer.hold("timing"):
                waited = time.perf_counter() - t0
                for _ in range(20):  # nobody gets in while it holds the lock
                    self.assertEqual(inside(), 0)
                    time.sleep(0.01)
        finally:
            halt()
        self.assertLess(waited, 1.0)  # the readers inside finish one call each (0.1 s); none come in after

    def test_without_the_turnstile_the_same_stream_starves_the_writer(self):
        # The control for the test above: readers that skip the turnstile keep the lock shared forever.
        orig = self.mod.GpuLock._pass_turnstile
        self.mod.GpuLock._pass_turnstile = lambda lock: True
        try:
            halt, _ = self._stream_of_readers()
            try:
                time.sleep(0.3)
                with self.assertRaises(self.mod.GpuLockTimeout):
                    with self.problem(max_wait_s=1.0).hold("timing"):
                        pass
            finally:
                halt()
        finally:
            self.mod.GpuLock._pass_turnstile = orig

    def test_nested_sections_and_regions(self):
        lock = self.problem()
        with lock.hold("timing"):
            with lock.shared("a comparison inside the timed region"):  # covered: no second flock, no wait
                pass
        self.assertEqual(lock.shared_stats["sections"], 0)
        with lock.shared("a forward"):
            with lock.shared("an input compared"):
                pass
            with self.assertRaises(RuntimeError):  # would wait for itself
                with lock.hold("timing"):
                    pass
        self.assertEqual(lock.shared_stats["sections"], 1)
        other = self.problem()
        with other.hold("timing"):  # everything above was released
            pass

    def test_outside_a_suite_a_section_is_nothing(self):
        self.mod.GPU_LOCK = None
        self.assertIs(self.mod.gpu_shared("a forward"), self.mod._NO_LOCK)
        self.mod.GPU_LOCK = self.mod.GpuLock("")
        self.assertIs(self.mod.gpu_shared("a forward"), self.mod._NO_LOCK)
        self.mod.GPU_LOCK = None


if __name__ == "__main__":
    unittest.main()
