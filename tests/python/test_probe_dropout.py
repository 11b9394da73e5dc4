"""New-user trial 21, #1: functional dropout. The probe marks each random op with whether eval mode turns it off
("random_in_eval", probe_eval.py); the harness runs both models in eval mode for F.dropout(x, p, self.training) as it
does for nn.Dropout, and never calls a dropout that eval mode keeps (training=True) the identity. The problems are
tests/data/codegen/chains/problems/*dropout*.py (tst_chains checks the plans: a kernel, or a skeleton naming the
line)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
PROBLEMS = os.path.join(h.SOURCE, "tests", "data", "codegen", "chains", "problems")
CPU = {"KWB_HARNESS_DEVICE": "cpu"}
_SPECS = {}


def probe(path):
    """The probe's spec for @p path (a problem under PROBLEMS by name, or a path), cached per run."""
    if not os.path.isabs(path):
        path = os.path.join(PROBLEMS, path + ".py")
    if path not in _SPECS:
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=180,
                           cwd=os.path.dirname(path))
        if p.returncode != 0:
            raise AssertionError("probe failed on %s: %s" % (path, p.stdout[-2000:] + p.stderr[-2000:]))
        _SPECS[path] = json.loads(p.stdout)
    return _SPECS[path]


def draws(spec):
    """(function, line, random_in_eval) of each op the probe marked."""
    return [(o.get("function"), o.get("line"), o["random_in_eval"]) for o in spec["ops"] if "random_in_eval" in o]


class ProbeMarksEvalRandomnessTest(unittest.TestCase):
    def test_functional_dropout_that_follows_the_mode_is_off_in_eval(self):
        self.assertEqual(draws(probe("dropout_functional_selftraining")), [("dropout", 14, False)])
        # the second member: F.dropout2d inside a submodule's forward, following the submodule's mode
        self.assertEqual(draws(probe("dropout2d_functional_submodule")), [("dropout2d", 14, False)])
        # a module's dropout is traced as its F.dropout call: off in eval too
        self.assertEqual(draws(probe(os.path.join(h.FIXTURES, "references", "dropout_train.py"))),
                         [("dropout", 12, False)])
        self.assertEqual(probe("dropout_functional_selftraining")["eval_randomness"], {"train": 1, "eval": 0})

    def test_forced_dropout_stays_random_in_eval(self):
        self.assertEqual(draws(probe("dropout_functional_forced")), [("dropout", 14, True)])
        self.assertEqual(draws(probe("dropout_functional_forced_with_module")), [("dropout", 11, True)])
        self.assertEqual(draws(probe("alpha_dropout_functional_forced")), [("alpha_dropout", 13, True)])

    def test_no_draw_no_field(self):
        spec = probe(os.path.join(h.FIXTURES, "references", "relu.py"))
        self.assertEqual(draws(spec), [])
        self.assertNotIn("eval_randomness", spec)

    def test_a_draw_that_is_not_dropout_is_not_marked(self):
        # 35_LSTM draws its initial state with torch.randn in forward(): the chain planner draws it again from the
        # harness's seed in either mode, so it is neither a skeleton nor a reason for eval mode
        path = os.path.join(os.environ.get("KWB_SHARED_DIR", os.path.join(h.SOURCE, "..", "shared")), "data",
                            "kernelbench", "level3", "35_LSTM.py")
        if not os.path.exists(path):
            self.skipTest("no 35_LSTM.py")
        spec = probe(path)
        self.assertEqual(draws(spec), [])
        self.assertNotIn("eval_randomness", spec)


class HarnessModeFromSpecTest(unittest.TestCase):
    """The harness (CPU test mode: kernel.py really runs) with the probe's own spec."""

    def harness(self, problem, kernel, *args):
        spec = probe(problem)
        root = tempfile.mkdtemp(prefix="kwb_harness_dropout_")
        self.addCleanup(shutil.rmtree, root)
        ws = os.path.join(root, "kernel_opt_test")
        os.makedirs(os.path.join(ws, ".kwb"))
        shutil.copy(os.path.join(PROBLEMS, problem + ".py"), os.path.join(ws, "reference.py"))
        shutil.copy(os.path.join(h.FIXTURES, "kernels", kernel), os.path.join(ws, "kernel.py"))
        with open(os.path.join(ws, "test_kernel.py"), "w", encoding="utf-8") as f:
            f.write(h.render(spec))
        with open(os.path.join(ws, ".kwb", "spec.json"), "w", encoding="utf-8") as f:
            json.dump(spec, f)
        return h.run_harness(ws, "--no-memory", "--cases", "problem_shape", *args, env=CPU, timeout=240)

    def test_self_training_functional_dropout_runs_in_eval_and_passes(self):
        # before: training mode (no nn.Dropout module), so ModelNew raised NotImplementedError on every case
        r = self.harness("dropout_functional_selftraining", "relu_times2_eval.py")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS", r)
        self.assertEqual(r.result["model_mode"]["training"], False)
        note = r.result["model_mode"]["note"]
        self.assertIn("F.dropout at line 14 draws random numbers in training mode", note)
        self.assertIn("where dropout is the identity", note)

    def test_functional_dropout2d_in_a_submodule_runs_in_eval_and_passes(self):
        r = self.harness("dropout2d_functional_submodule", "conv_relu_plus1_eval.py")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS", r)
        self.assertEqual(r.result["model_mode"]["training"], False)
        self.assertIn("F.dropout2d at line 14", r.result["model_mode"]["note"])

    def test_forced_dropout_beside_a_module_is_not_called_the_identity(self):
        # the unused nn.Dropout puts both models in eval mode, but F.dropout(training=True) still drops: the note
        # says so (before: "both models ran in eval mode, where dropout is the identity"), and the case FAILs
        r = self.harness("dropout_functional_forced_with_module", "relu_times2_eval.py")
        self.assertEqual(r.result["model_mode"]["training"], False)
        note = r.result["model_mode"]["note"]
        self.assertIn("drop (Dropout p=0.3)", note)
        self.assertIn("F.dropout at line 11 draws random numbers in eval mode too (a dropout with training=True", note)
        self.assertIn("no mode makes that the identity", note)
        self.assertNotIn("where dropout is the identity", note)
        self.assertEqual(r.results["problem_shape"]["status"], "FAIL", r)

    def test_reference_mode_of_a_forced_dropout_alone(self):
        spec = probe("dropout_functional_forced")
        import importlib.util
        import torch
        mod = h.load_rendered(spec, "kwb_rendered_dropout_forced")
        mod.torch = torch  # main() sets this global
        loader = importlib.util.spec_from_file_location("fdrop_forced", os.path.join(PROBLEMS,
                                                                                     "dropout_functional_forced.py"))
        ref = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(ref)
        training, note = mod.reference_mode(ref.Model(0.3), spec)
        self.assertTrue(training)  # eval mode would not help: the mode is Model's own
        self.assertIn("training mode, as Model is built; F.dropout at line 14 draws random numbers in eval mode "
                      "too", note)
        # an old spec without the field: the module rule alone (no note for a plain module)
        self.assertEqual(mod.reference_mode(ref.Model(0.3), {"ops": []}), (True, ""))


if __name__ == "__main__":
    unittest.main()
