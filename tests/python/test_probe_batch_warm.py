"""probe_batch.warm: the batch's parent does once, before its forks, what every child did for itself (the probe's
lazy imports, torch's first traced op). It must not change a spec: the same files give the same specs with the
warm-up on and off (KWB_PROBE_WARM=0), the RNG the children inherit is the parent's as it was, and the summary says
how long the warm-up took (null when off)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import harness_support as h

PY = os.path.join(h.SOURCE, "resources", "python")
sys.path.insert(0, PY)
import probe_batch  # noqa: E402

KB = os.path.join(h.SOURCE, "..", "shared", "data", "kernelbench")
def problems():
    """A pointwise op with no weights, a GEMM with weights (initialised from the RNG), a scan."""
    files = [os.path.join(KB, "level1", "19_ReLU.py"), os.path.join(KB, "level2", "12_Gemm_Multiply_LeakyReLU.py")]
    files = [f for f in files if os.path.exists(f)]
    unseen = os.path.join(h.SOURCE, "tests", "data", "unseen")
    files += sorted(os.path.join(unseen, f) for f in os.listdir(unseen) if f.startswith("u67"))[:1]
    return files


def batch(files, out, warm):
    env = dict(os.environ, KWB_PROBE_WARM="1" if warm else "0", CUDA_VISIBLE_DEVICES="")
    r = subprocess.run([sys.executable, os.path.join(PY, "probe_batch.py"), "--jobs", "2", "--out", out] + files,
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout)
    specs = []
    for i in range(len(files)):
        with open(os.path.join(out, "%d.json" % i)) as f:
            spec = json.load(f)
        spec.pop("probe", None)  # the probe's own timing and memory figures
        specs.append(spec)
    return summary, specs


class ProbeBatchWarmTest(unittest.TestCase):
    def test_same_specs_with_and_without_the_warm_up(self):
        files = problems()
        self.assertGreaterEqual(len(files), 2, files)
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            on, specs_on = batch(files, a, True)
            off, specs_off = batch(files, b, False)
        self.assertIsNone(off["warm_s"])
        self.assertIsNone(off["warm_modules"])
        self.assertIsInstance(on["warm_s"], float)
        self.assertGreater(on["warm_s"], 0.0)
        self.assertIsInstance(on["warm_modules"], int)
        self.assertFalse(os.path.exists(os.path.join(a, "_warm_problem.py")))
        self.assertEqual([r["rc"] for r in on["results"]], [0] * len(files))
        for f, x, y in zip(files, specs_on, specs_off):
            self.assertTrue(x.get("inputs"), f)  # a real spec, not an error document
            self.assertEqual(x, y, f)

    def test_rng_and_modes_left_as_they_were(self):
        import torch
        from torch.utils._python_dispatch import _get_current_dispatch_mode

        import probe

        torch.manual_seed(1234)
        state = torch.random.get_rng_state()
        os.environ.pop("KWB_PROBE_WARM", None)
        before = set(sys.modules)
        with tempfile.TemporaryDirectory() as out:
            seconds, imported = probe_batch.warm(torch, probe, out)
            self.assertEqual(os.listdir(out), [])  # the learning probe's file is gone
        self.assertIsNotNone(seconds)
        # what the forked learning probe imported is here now (probe_trace's modes, the probe's helpers) ...
        self.assertIn("probe_formula", sys.modules)
        self.assertGreaterEqual(imported, 0)
        # ... but none of its state: no logic module, no mode left on, the RNG as it was
        self.assertFalse([n for n in set(sys.modules) - before if n.startswith("kwb_logic")])
        self.assertTrue(torch.equal(torch.random.get_rng_state(), state))
        self.assertIsNone(_get_current_dispatch_mode())
        self.assertEqual(torch.empty(2).device.type, "cpu")

    def test_learning_probe_names_what_a_probe_imports(self):
        code = ("import json, sys; sys.path.insert(0, %r); import torch, probe, probe_batch; "
                "print(json.dumps(probe_batch._modules_a_probe_imports(probe, sys.argv[1])))" % PY)
        with tempfile.TemporaryDirectory() as out:
            r = subprocess.run([sys.executable, "-c", code, out], capture_output=True, text=True, timeout=300,
                               env=dict(os.environ, CUDA_VISIBLE_DEVICES=""))
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        names = json.loads(r.stdout.strip().splitlines()[-1])
        # the probe's helpers it imports on the way (this process had only probe.py), never the problem's module
        self.assertIn("probe_formula", names)
        self.assertIn("probe_resize", names)
        self.assertFalse([n for n in names if n.startswith("kwb_logic")], names)

    def test_off_switch(self):
        import torch

        old = os.environ.get("KWB_PROBE_WARM")
        os.environ["KWB_PROBE_WARM"] = "0"
        try:
            self.assertEqual(probe_batch.warm(torch), (None, None))
        finally:
            if old is None:
                os.environ.pop("KWB_PROBE_WARM")
            else:
                os.environ["KWB_PROBE_WARM"] = old


if __name__ == "__main__":
    unittest.main()
