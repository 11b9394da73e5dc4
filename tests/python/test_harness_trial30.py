"""trial30 (session 41): what the harness and the CPU emulation copy into ModelNew, and a run that checks nothing.

#1: a non-persistent buffer (HF Llama's rotary cos/sin caches, a computed `inv_freq`, a fixed 0-d scale) is in no
state_dict: ModelNew held zeros there and every case failed with rel_err = 1. sync_weights now copies every buffer
of Model by name, persistent or not, and also when ModelNew is an older kernel.py that registered it persistent.
Members: trial 30's 02 (RoPE cos/sin caches), a non-persistent inv_freq in a pointwise chain, h4's 0-d scale beside
a persistent bank. #5: a run whose every case was SKIPPED is a FAIL whose error names "no case ran", in the
harness (summarize) and in tests/python/chain_emulate.py (exit 1).

    cd tests/python && /usr/bin/python3 -m unittest test_harness_trial30
"""
import importlib.util
import io
import os
import sys
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


if __name__ == "__main__":
    unittest.main()
