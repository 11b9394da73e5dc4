"""trial30 (session 41): what the harness and the CPU emulation copy into ModelNew, and a run that checks nothing.

#1: a non-persistent buffer (HF Llama's rotary cos/sin caches, a computed `inv_freq`, a fixed 0-d scale) is in no
state_dict: ModelNew held zeros there and every case failed with rel_err = 1. sync_weights now copies every buffer
of Model by name, persistent or not, and also when ModelNew is an older kernel.py that registered it persistent.
Members: trial 30's 02 (RoPE cos/sin caches), a non-persistent inv_freq in a pointwise chain, h4's 0-d scale beside
a persistent bank. #5: a run whose every case was SKIPPED is a FAIL whose error names "no case ran", in the
harness (summarize) and in tests/python/chain_emulate.py (exit 1). #12: a case whose reference is all zeros (the
CLIP loss over one pair; centring a row of one element) passes whatever the kernel computes: its row says "vacuous"
and summarize() does not count it for its class (unchecked_classes); the run's status is unchanged.

    cd tests/python && /usr/bin/python3 -m unittest test_harness_trial30
"""
import importlib.util
import io
import json
import os
import shutil
import sys
import tempfile
import unittest
from contextlib import redirect_stdout
from unittest import mock

import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
CHAINS = os.path.join(HERE, "..", "data", "codegen", "chains", "problems")
sys.path.insert(0, HERE)
import harness_support as h  # noqa: E402
import chain_emulate  # noqa: E402


def problem(name):
    spec = importlib.util.spec_from_file_location(name + "_t30", os.path.join(CHAINS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def placeholder(ref_model, persistent_flag):
    """A ModelNew as kwb renders it: parameters as ones, buffers as zeros (non-persistent ones so too, unless
    persistent_flag is False: an older kernel.py registered every buffer persistent)."""
    new = nn.Module()
    keys = set(ref_model.state_dict())
    for n, p in ref_model.named_parameters():
        new.register_parameter(n, nn.Parameter(torch.ones_like(p)))
    for n, b in ref_model.named_buffers():
        new.register_buffer(n, torch.zeros_like(b), persistent=(n in keys) or not persistent_flag)
    return new


class BufferSync(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.harness = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_t30")

    def check(self, ref_model, old_kernel=False):
        new = placeholder(ref_model, persistent_flag=not old_kernel)
        note = self.harness.sync_weights(ref_model, new)
        ref_all = dict(ref_model.named_parameters(), **dict(ref_model.named_buffers()))
        new_all = dict(new.named_parameters(), **dict(new.named_buffers()))
        for n, t in ref_all.items():
            self.assertTrue(torch.equal(new_all[n], t), "%s not copied (%s)" % (n, note))
        return note

    def test_rope_cos_sin_caches(self):  # trial 30's 02, at a small size
        ref = problem("rope_position_ids_nonpersistent")
        note = self.check(ref.Model(8, 16))
        self.assertIn("cos_cached, sin_cached copied", note)

    def test_inv_freq_in_a_pointwise_chain(self):
        ref = problem("inv_freq_nonpersistent_sin")
        self.check(ref.Model(*ref.get_init_inputs()))

    def test_persistent_bank_and_transient_scale(self):  # h4: both kinds in one model
        ref = problem("tensor_init_bank_buffer")
        note = self.check(ref.Model(*ref.get_init_inputs()))
        self.assertIn("copied from Model's state_dict", note)
        self.assertIn("scale copied", note)

    def test_older_kernel_with_persistent_placeholders(self):
        ref = problem("tensor_init_bank_buffer")
        note = self.check(ref.Model(*ref.get_init_inputs()), old_kernel=True)
        self.assertIn("copied from Model's state_dict", note)

    def test_chain_emulate_copies_them_too(self):
        # the emulation's own copy (main() -> run_one): a ModelNew of zeros gives the reference's numbers
        ref = problem("inv_freq_nonpersistent_sin")
        model = ref.Model(*ref.get_init_inputs())
        new = placeholder(model, persistent_flag=True)
        sd = model.state_dict()
        self.assertEqual(sd, {})  # nothing in the state_dict: only the by-name copy fills inv_freq
        new_bufs = dict(new.named_buffers())
        with torch.no_grad():
            for n, b in model.named_buffers():
                if n not in sd and n in new_bufs and new_bufs[n].shape == b.shape:
                    new_bufs[n].copy_(b)
        self.assertTrue(torch.equal(new.inv_freq, model.inv_freq))


class NothingRan(unittest.TestCase):
    def test_harness_all_skipped_is_a_fail_naming_it(self):
        harness = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_t30b")
        result = {"mode": "cpu-dry-run", "timing_method": None, "cases": [
            {"name": "problem_shape", "status": "SKIPPED", "reason": "the reference rejects problem_shape"},
            {"name": "boundary_tail", "status": "SKIPPED", "reason": "the reference rejects boundary_tail"}]}
        harness.summarize(result)
        self.assertEqual(result["status"], "FAIL")
        self.assertIn("no case ran", result["error"])
        self.assertIn("boundary_tail: the reference rejects", result["error"])

    def emulate(self, cases, outcome):
        out = io.StringIO()
        argv = ["chain_emulate.py", "k.py", "p.py", "--spec", "s.json", "--case", cases]
        with mock.patch.object(sys, "argv", argv), mock.patch.object(chain_emulate, "run_one",
                                                                     lambda a, c: outcome), redirect_stdout(out):
            rc = chain_emulate.main()
        return rc, out.getvalue()

    def test_emulation_every_case_skipped_exits_1(self):
        rc, out = self.emulate("boundary_tail,boundary_size1,strided", chain_emulate.SKIPPED)
        self.assertEqual(rc, 1)
        self.assertIn("FAIL no case ran", out)
        rc, out = self.emulate("problem_shape", chain_emulate.SKIPPED)
        self.assertEqual(rc, 1)
        self.assertIn("FAIL no case ran", out)

    def test_emulation_one_other_case_skipped_still_exits_0(self):
        # a row asking for one boundary case the reference rejects (cdist's): other rows check the problem
        rc, _ = self.emulate("boundary_tail", chain_emulate.SKIPPED)
        self.assertEqual(rc, 0)
        rc, _ = self.emulate("boundary_tail,problem_shape", 0)
        self.assertEqual(rc, 0)


CLIP = """
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, img, txt):
        img = img / img.norm(dim=-1, keepdim=True)
        txt = F.normalize(txt, dim=-1)
        logits = self.logit_scale.clamp(max=math.log(100.0)).exp() * img @ txt.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


def get_inputs():
    return [torch.randn(64, 32), torch.randn(64, 32)]


def get_init_inputs():
    return []
"""

CENTRE = """
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x - x.mean(dim=0, keepdim=True)


def get_inputs():
    return [torch.randn(48, 40)]


def get_init_inputs():
    return []
"""


class VacuousZeroPass(unittest.TestCase):
    """#12: an all-zero reference checks nothing (members: trial 30's CLIP loss at N = 1, a column centring at one
    row); a non-zero constant (a broadcast sum) and a case with one real output still check something."""

    @classmethod
    def setUpClass(cls):
        cls.harness = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_t30c")
        cls.harness.torch = torch  # imported by main() in a run

    def cmp(self, out, ref):
        return self.harness.compare_all(out, ref, [o.dtype for o in out], torch.device("cpu"), 0.01)

    def test_compare_flags_an_all_zero_reference_only(self):
        z = torch.zeros(3, 4)
        self.assertTrue(self.cmp([z], [z.clone()])["all_zero"])
        self.assertTrue(self.cmp([torch.zeros(())], [torch.zeros(())])["all_zero"])  # a scalar loss of 0
        c = torch.full((3, 4), 2.5)  # constant, not zero: a broadcast sum checks the sum
        r = self.cmp([c], [c.clone()])
        self.assertFalse(r["all_zero"])
        self.assertTrue(any("constant" in w for w in r["warnings"]), r)
        x = torch.randn(3, 4)  # one real output beside a zero one: the case checked something
        self.assertFalse(self.cmp([x, z], [x.clone(), z.clone()])["all_zero"])
        nan_zero = torch.tensor([float("nan"), 0.0])  # no finite non-zero value
        self.assertTrue(self.cmp([nan_zero], [nan_zero.clone()])["all_zero"])

    def test_summarize_does_not_count_it_for_its_class(self):
        def run(tail_vacuous):
            cases = [{"name": "problem_shape", "status": "PASS", "rel_err": 0.0},
                     {"name": "boundary_tail", "status": "PASS", "rel_err": 0.0},
                     {"name": "boundary_size1", "status": "PASS", "rel_err": None, "vacuous": "all zeros"}]
            if tail_vacuous:
                cases[1]["vacuous"] = "all zeros"
            result = {"mode": "gpu", "timing_method": None, "cases": cases}
            self.harness.summarize(result)
            return result
        both = run(True)
        self.assertEqual(both["status"], "PASS")  # the kernel matched: no FAIL
        self.assertEqual(both["unchecked_classes"], ["boundary"])
        self.assertIn("no boundary case checked the kernel", both["unchecked_note"])
        one = run(False)  # boundary_tail checked the boundary class
        self.assertEqual(one["vacuous_cases"], ["boundary_size1"])
        self.assertNotIn("unchecked_classes", one)

    def workspace(self, reference, spec):
        root = tempfile.mkdtemp(prefix="kwb_t30_vac_")
        self.addCleanup(shutil.rmtree, root)
        ws = os.path.join(root, "kernel_opt_t")
        os.makedirs(os.path.join(ws, ".kwb"))
        with open(os.path.join(ws, "reference.py"), "w") as f:
            f.write(reference)
        with open(os.path.join(ws, "kernel.py"), "w") as f:  # a correct kernel: the reference as ModelNew
            f.write(reference.replace("class Model(", "class ModelNew("))
        with open(os.path.join(ws, "test_kernel.py"), "w") as f:
            f.write(h.render(spec))
        with open(os.path.join(ws, ".kwb", "spec.json"), "w") as f:
            json.dump(spec, f)
        return h.run_harness(ws, "--no-memory", "--cases", "problem_shape,boundary_size1",
                             env={"KWB_HARNESS_DEVICE": "cpu"}, timeout=300)

    def check_run(self, r):
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        size1 = r.results["boundary_size1"]
        self.assertEqual(size1["status"], "PASS", size1)
        self.assertTrue(size1["reason"].startswith("vacuous: the reference is all zeros"), size1)
        self.assertNotIn("vacuous", r.results["problem_shape"])
        self.assertEqual(r.result["vacuous_cases"], ["boundary_size1"])
        self.assertEqual(r.result["unchecked_classes"], ["boundary"])

    def test_clip_loss_over_one_pair(self):  # trial 30's 07
        spec = h.spec_for("clip", [{"name": "img", "shape": [64, 32], "stride": [32, 1]},
                                   {"name": "txt", "shape": [64, 32], "stride": [32, 1]}],
                          parameters=[{"name": "logit_scale", "shape": [], "stride": [], "dtype": "float32"}],
                          pattern="Reduction")
        self.check_run(self.workspace(CLIP, spec))

    def test_centring_over_one_row(self):
        spec = h.spec_for("centre", [{"name": "x", "shape": [48, 40], "stride": [40, 1]}], pattern="Reduction")
        self.check_run(self.workspace(CENTRE, spec))


if __name__ == "__main__":
    unittest.main()
