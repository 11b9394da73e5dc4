"""Issue 4's failure classes that need more than one call to show: recycled memory, per-shape
memoisation, low-precision accumulation, caching during timing, a sticky device error, non-finite
numbers in any field. Run on the CPU (KWB_HARNESS_DEVICE=cpu, mode "cpu-test") like test_harness.py."""
import contextlib
import io
import json
import shutil
import unittest

import harness_support as h

CPU = {"KWB_HARNESS_DEVICE": "cpu"}
RELU_CASES = ["problem_shape", "boundary_tail", "boundary_size1", "dtype_bf16", "strided"]


class Base(unittest.TestCase):
    def harness(self, kernel, *args, reference="relu.py", spec=h.RELU_SPEC, env=None):
        root, ws = h.make_workspace(reference, kernel, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        e = dict(CPU)
        e.update(env or {})
        r = h.run_harness(ws, "--no-memory", *args, env=e)
        r.ws = ws
        return r


class UninitialisedMemoryTest(Base):
    def test_recycled_reference_output_fails_every_case(self):
        # The kernel returns what the reference last computed at its shape (as a caching allocator
        # would hand back the reference's freed output). The old order (reference first) passed it
        # everywhere; the kernel now runs before the reference sees its inputs.
        r = self.harness("recycled_ref_output.py")
        self.assertEqual(r.rc, 1, r)
        self.assertEqual(list(r.results), RELU_CASES)
        for c in r.results.values():
            self.assertEqual(c["status"], "FAIL", c)

    def test_empty_like_fails_every_case(self):
        r = self.harness("returns_empty.py")
        self.assertEqual(r.rc, 1, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "FAIL", c)


class DeviceTest(Base):
    def test_output_on_another_device_fails_before_any_arithmetic(self):
        r = self.harness("wrong_device.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 1, r)
        c = r.results["problem_shape"]
        self.assertEqual(c["status"], "FAIL")
        self.assertIsNone(c["rel_err"])
        self.assertIn("device meta != expected cpu", c["reason"])


class SeedsTest(Base):
    def test_derived_cases_run_three_seeds_problem_shape_one(self):
        r = self.harness("good_relu.py", "--cases", "problem_shape,boundary_tail")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["seeds"], [42])
        self.assertNotIn("seed_errs", r.results["problem_shape"])
        tail = r.results["boundary_tail"]
        self.assertEqual(tail["seeds"], [43, 43 + 7919, 43 + 2 * 7919])
        self.assertEqual(len(tail["seed_errs"]), 3)
        self.assertEqual(tail["rel_err"], max(tail["seed_errs"]))
        self.assertEqual(r.result["correctness_seeds"],
                         {"base_seed": 42, "per_derived_case": 3, "problem_shape": 1, "stride": 7919})

    def test_shape_memo_fails_from_the_first_seed(self):
        # Each case's warm (compiling) first call draws its own seed (WARM_SEED_OFFSET), so a kernel that caches its
        # output by shape answers the first checked seed with the warm call's values: it fails even with --seeds 1
        # (before the compile window it passed one seed and failed the second).
        one = self.harness("caches_by_shape.py", "--cases", "boundary_tail,boundary_size1", "--seeds", "1")
        self.assertEqual(one.rc, 1, one)
        three = self.harness("caches_by_shape.py", "--cases", "boundary_tail,boundary_size1")
        self.assertEqual(three.rc, 1, three)
        for r in (one, three):
            for c in r.results.values():
                self.assertEqual(c["status"], "FAIL", c)
                self.assertGreater(c["rel_err"], 0.1)
        for c in three.results.values():
            self.assertIn("(1 of 3)", c["reason"])

    def test_zero_seeds_is_a_harness_error(self):
        r = self.harness("good_relu.py", "--seeds", "0")
        self.assertEqual(r.rc, 2, r)
        self.assertIn("--seeds", r.result["error"])


class MeanShiftTest(Base):
    def test_fp16_accumulator_passes_mean_zero_inputs_but_not_mean_shift(self):
        r = self.harness("fp16_accumulator.py", "--cases", "problem_shape,mean_shift",
                         reference="row_sum.py", spec=h.ROW_SUM_SPEC)
        self.assertEqual(r.rc, 1, r)
        prim, shift = r.results["problem_shape"], r.results["mean_shift"]
        self.assertEqual(prim["status"], "PASS", prim)     # randn: row sums ~ +-362, float16 holds them
        self.assertLess(prim["rel_err"], 0.01)
        self.assertEqual(shift["status"], "FAIL", shift)  # mean 1: row sums ~ 131072 > 65504
        self.assertIn("non-finite", shift["reason"])
        self.assertEqual(shift["shape"], [[2, 131072]])   # the problem's own reduction length
        self.assertIn("rand+0.5", shift["inputs"])

    def test_good_reduction_passes_every_case(self):
        r = self.harness("good_row_sum.py", reference="row_sum.py", spec=h.ROW_SUM_SPEC)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(list(r.results), RELU_CASES + ["mean_shift"])
        self.assertIn("Reduction accumulates", r.results["mean_shift"]["note"])


class TimingRefreshTest(Base):
    def test_inputs_change_before_every_timed_call(self):
        # 10 ms when its input changed, ~0 when not: with inputs refreshed before every call, every
        # timed call pays the 10 ms.
        r = self.harness("fast_when_unchanged.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 0, r)
        self.assertGreater(r.result["latency_us"], 9000)
        self.assertGreater(r.result["latency_stats"]["min_us"], 9000)
        self.assertTrue(r.result["latency_stats"]["inputs_refreshed"])
        self.assertTrue(r.result["ref_latency_stats"]["inputs_refreshed"])
        self.assertIn("re-copied from 2 alternating sets", r.result["timing_method"])
        self.assertEqual(r.results["problem_shape"]["last_call_rel_err"], 0.0)


    def test_no_call_sees_the_values_of_the_call_before_it(self):
        # Every parity of warm-up length and timed count: the value set alternates call to call, the
        # last timed call is on the second set. (Under load a CPU run once timed n=3 after an even
        # warm-up, and its first timed call repeated the last warm-up's values: min_us 96, not 10000.)
        mod = h.load_rendered(h.RELU_SPEC)
        mod.torch = __import__("torch")
        for reps in (3, 4):
            for warm_cap in (3, 4):
                seq = []
                mod.CPU_REPS_MIN, mod.REPS_MAX, mod.WARMUP_CAP = reps, reps, warm_cap
                mod.Timer(False).measure(lambda: None, 10.0, seq.append)
                with self.subTest(reps=reps, warm_cap=warm_cap):
                    self.assertTrue(seq[-1], seq)
                    self.assertTrue(all(a != b for a, b in zip(seq, seq[1:])), seq)


class SideStreamVerdictTest(unittest.TestCase):
    """Timer.summarize's GPU rule, fed with numbers (the GPU run itself: bench/gpu/session_harness.sh)."""

    def timer(self):
        mod = h.load_rendered(h.RELU_SPEC)
        mod.torch = __import__("torch")
        t = mod.Timer(False)
        t.gpu, t.flush_bytes = True, 100 << 20  # the GPU rule without a GPU
        return mod, t

    def test_side_stream_work_is_reported_at_wall_time(self):
        mod, t = self.timer()
        s = t.summarize([3.0, 3.2, 3.1], [1500.0, 1510.0, 1490.0], 10)
        self.assertEqual(s["clock"], "wall")
        self.assertEqual(s["median_us"], 1500.0)
        self.assertEqual(s["min_us"], 1490.0)
        self.assertEqual(s["event_median_us"], 3.1)
        self.assertEqual(len(s["warnings"]), 1)
        self.assertIn("stream other than the harness's", s["warnings"][0])
        self.assertIn("synchronized wall clock", t.method(3, True, s["clock"]))

    def test_honest_kernels_keep_cuda_event_times(self):
        mod, t = self.timer()
        big = t.summarize([1000.0, 1001.0, 999.0], [1030.0, 1031.0, 1029.0], 10)   # sync overhead ~3 %
        small = t.summarize([10.0, 10.0, 10.0], [60.0, 61.0, 59.0], 10)            # overheads dominate
        for s in (big, small):
            self.assertEqual(s["clock"], "cuda_events")
            self.assertEqual(s["warnings"], [])
        self.assertEqual(big["median_us"], 1000.0)
        self.assertIn("cuda_events+l2_flush(100 MiB)", t.method(3, True, big["clock"]))

    def test_side_stream_wall_time_excludes_the_blocked_time(self):
        # The wall times _one hands over are already less the spin: 1500 us of side-stream work
        # behind a 2000 us spin still reads 1500 us, and an honest kernel behind it stays on events.
        mod, t = self.timer()
        side = t.summarize([3.0, 3.2, 3.1], [1500.0, 1510.0, 1490.0], 10,
                           [40.0, 41.0, 39.0], [2000.0, 2001.0, 1999.0], [True, True, True])
        self.assertEqual(side["clock"], "wall")
        self.assertEqual(side["median_us"], 1500.0)
        honest = t.summarize([1000.0, 1001.0, 999.0], [1030.0, 1031.0, 1029.0], 10,
                             [40.0, 41.0, 39.0], [2000.0, 2001.0, 1999.0], [True, True, True])
        self.assertEqual(honest["clock"], "cuda_events")


class BlockingKernelTest(unittest.TestCase):
    """The blocking kernel's pure rules (the spin itself needs a GPU: tests/python/test_gpu.py)."""

    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC)
        cls.mod.torch = __import__("torch")

    def test_spin_is_three_times_the_largest_host_time_plus_a_margin_within_bounds(self):
        m = self.mod
        self.assertEqual(m.block_us_for(None), 200.0)     # before any call: the minimum
        self.assertEqual(m.block_us_for(40.0), 200.0)     # 3*40 + 50 = 170 < 200
        self.assertEqual(m.block_us_for(100.0), 350.0)
        self.assertEqual(m.block_us_for(400.0), 1250.0)
        self.assertEqual(m.block_us_for(1e6), 20000.0)    # clamped at 20 ms

    def test_launch_hidden_when_the_host_span_is_shorter_than_the_blocked_time(self):
        self.assertTrue(self.mod.launch_hidden(120.0, 350.0))
        self.assertFalse(self.mod.launch_hidden(400.0, 200.0))
        self.assertFalse(self.mod.launch_hidden(200.0, 200.0))

    def test_spin_grows_from_the_first_call_and_from_hidden_calls_only(self):
        m = self.mod
        # a 400 us launch path: the first call is not hidden behind 200 us, the spin grows, then hides it
        host_max = m.next_host_max(None, 400.0, False)
        self.assertEqual(m.block_us_for(host_max), 1250.0)
        self.assertEqual(m.next_host_max(host_max, 450.0, True), 450.0)
        # a forward that waits for the GPU: its host time follows the spin; after the first call the
        # spin stops growing instead of chasing it to 20 ms
        host_max = m.next_host_max(None, 260.0, False)       # 200 us spin + 60 us of GPU work
        spin = m.block_us_for(host_max)                       # 830 us
        host_max = m.next_host_max(host_max, spin + 60.0, False)
        self.assertEqual(host_max, 260.0)
        self.assertEqual(m.block_us_for(host_max), spin)

    def test_launch_bound_warning_when_the_host_time_exceeds_the_gpu_time(self):
        m = self.mod
        self.assertIsNone(m.launch_bound_warning(90.0, 160.0, True))
        self.assertIsNone(m.launch_bound_warning(None, 160.0, True))
        self.assertEqual(m.launch_bound_warning(250.4, 12.3, True),
                         "forward spends 250 µs on the host per call, more than its 12 µs on the GPU: launch-bound; "
                         "latency_us is GPU time with the launch path hidden")
        self.assertIn("includes the launch path (no blocking kernel)", m.launch_bound_warning(250.0, 12.0, False))

    def test_stats_report_host_time_and_the_hidden_fraction(self):
        t = self.mod.Timer(False)
        t.gpu, t.flush_bytes, t.cycles_per_us = True, 100 << 20, 1980.0
        s = t.summarize([180.0, 181.0, 182.0, 179.0], [190.0, 191.0, 192.0, 189.0], 12,
                        [100.0, 110.0, 105.0, 400.0], [350.0, 350.0, 351.0, 350.0], [True, True, True, False])
        self.assertEqual(s["clock"], "cuda_events")
        self.assertEqual(s["host_us"], 107.5)
        self.assertEqual(s["blocked_us"], 350.0)
        self.assertEqual(s["launch_hidden"], 0.75)
        self.assertEqual(len(s["warnings"]), 1)
        self.assertIn("did not hide the launch path in 1 of 4 timed calls", s["warnings"][0])
        all_hidden = t.summarize([180.0, 181.0], [190.0, 191.0], 12, [100.0, 110.0], [350.0, 350.0], [True, True])
        self.assertEqual(all_hidden["launch_hidden"], 1.0)
        self.assertEqual(all_hidden["warnings"], [])
        self.assertIn("blocking kernel hides the launch path", t.method(4, True, "cuda_events"))

    def test_without_a_blocking_kernel_the_method_says_so(self):
        t = self.mod.Timer(False)
        t.gpu, t.flush_bytes = True, 100 << 20
        t.block_error = "torch.cuda._sleep is missing in torch 0.0"
        s = t.summarize([180.0, 181.0], [190.0, 191.0], 12, [100.0, 110.0], [0.0, 0.0], [None, None])
        self.assertEqual(s["host_us"], 105.0)
        self.assertIsNone(s["launch_hidden"])
        self.assertEqual(s["warnings"], [])
        text = t.method(2, True, "cuda_events")
        self.assertIn("no blocking kernel (torch.cuda._sleep is missing", text)
        self.assertIn("launch path is inside the timed region", text)

    def test_cpu_timer_has_no_blocking_kernel_and_no_host_fields(self):
        t = self.mod.Timer(False)
        self.assertIsNone(t.cycles_per_us)
        us, wall, out, host, blocked, hidden = t._one(lambda: 7)
        self.assertEqual((out, host, blocked, hidden), (7, None, 0.0, None))
        self.assertEqual(us, wall)
        s, last = t.measure(lambda: 7, 0.05)
        self.assertEqual(last, 7)
        self.assertEqual(s["clock"], "perf_counter")
        for key in ("host_us", "blocked_us", "launch_hidden"):
            self.assertNotIn(key, s)


class StickyErrorTest(Base):
    STICKY = {"KWB_HARNESS_SIMULATE_STICKY": "1"}

    def test_lost_context_stops_the_process_with_exit_3_and_a_resume_runs_the_rest(self):
        r = self.harness("sticky_fault_on_tail.py", env=self.STICKY)
        self.assertEqual(r.rc, 3, r)
        self.assertEqual(r.starts, ["problem_shape", "boundary_tail"])  # nothing started after it
        self.assertEqual(list(r.results), ["problem_shape", "boundary_tail"])
        tail = r.results["boundary_tail"]
        self.assertEqual(tail["status"], "ERROR")
        self.assertIn("illegal memory access", tail["reason"])
        self.assertIn("did not survive", tail["reason"])
        self.assertEqual(r.result["status"], "FAIL")
        self.assertEqual(r.result["not_run"], ["boundary_size1", "dtype_bf16", "strided"])
        self.assertEqual(r.result["context_lost"]["case"], "boundary_tail")
        self.assertIn("--skip problem_shape,boundary_tail", r.stdout)
        # what the workbench does next: a fresh process skipping what was done
        h2 = h.run_harness(r.ws, "--no-memory", "--skip", "problem_shape,boundary_tail",
                           env=dict(CPU, **self.STICKY))
        self.assertEqual(h2.rc, 0, h2)
        self.assertEqual(list(h2.results), ["boundary_size1", "dtype_bf16", "strided"])

    def test_error_that_leaves_the_context_usable_fails_its_case_only(self):
        r = self.harness("sticky_fault_on_tail.py")
        self.assertEqual(r.rc, 1, r)
        self.assertEqual(list(r.results), RELU_CASES)
        self.assertEqual([c["status"] for c in r.results.values()], ["PASS", "ERROR", "PASS", "PASS", "PASS"])
        self.assertNotIn("not_run", r.result)

    def test_lost_context_in_the_last_case_exits_1(self):
        r = self.harness("sticky_fault_on_tail.py", "--cases", "problem_shape,boundary_tail", env=self.STICKY)
        self.assertEqual(r.rc, 1, r)
        self.assertEqual(r.result["not_run"], [])


class StrictJsonTest(unittest.TestCase):
    def test_every_non_finite_number_becomes_null_with_a_reason(self):
        mod = h.load_rendered(h.RELU_SPEC)
        doc = {"status": "FAIL", "latency_us": float("inf"), "max_rel_err": float("nan"),
               "cases": [{"name": "a", "latency_stats": {"cv": float("-inf"), "n": 3}, "rel_err": 0.5}],
               "null_reasons": {"earlier": "kept"}}
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            mod.emit("RESULT_JSON", doc)
        line = buf.getvalue().strip()
        self.assertTrue(line.startswith("[test_kernel] RESULT_JSON="))
        out = h.strict_loads(line[len("[test_kernel] RESULT_JSON="):])
        self.assertIsNone(out["latency_us"])
        self.assertIsNone(out["max_rel_err"])
        self.assertIsNone(out["cases"][0]["latency_stats"]["cv"])
        self.assertEqual(out["cases"][0]["rel_err"], 0.5)
        self.assertEqual(sorted(out["null_reasons"]),
                         ["cases[0].latency_stats.cv", "earlier", "latency_us", "max_rel_err"])
        self.assertIn("non-finite value (inf)", out["null_reasons"]["latency_us"])
        self.assertIn("non-finite value (-inf)", out["null_reasons"]["cases[0].latency_stats.cv"])

    def test_clean_documents_get_no_null_reasons(self):
        mod = h.load_rendered(h.RELU_SPEC)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            mod.emit("CASE_RESULT", {"name": "a", "status": "PASS", "rel_err": None, "reason": "x"})
        self.assertEqual(json.loads(buf.getvalue().split(" ", 2)[2]),
                         {"name": "a", "status": "PASS", "rel_err": None, "reason": "x"})


if __name__ == "__main__":
    unittest.main()
