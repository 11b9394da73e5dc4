"""The probe's phase-1 errors say how to fix the problem (new-user trial 21, #8): boolean-mask indexing
(data-dependent shape) suggests torch.where, and is never cut mid-word; a dict output suggests a tuple or the one
tensor to compare."""
import json
import os
import subprocess
import sys
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
HERE = os.path.join(h.FIXTURES, "probe_messages")


def error(name):
    path = os.path.join(HERE, name + ".py")
    p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=120, cwd=HERE)
    doc = json.loads(p.stdout)
    return doc.get("error")


class ProbeMessagesTest(unittest.TestCase):
    def test_boolean_mask_indexing_suggests_torch_where_and_is_cut_at_a_word(self):
        for name in ("bool_index_sum", "mask_input_select_mean"):
            with self.subTest(problem=name):
                e = error(name)
                self.assertEqual(e["kind"], "DataDependentShape")
                msg = e["message"]
                self.assertIn("boolean-mask indexing, x[mask]", msg)
                self.assertIn("torch.where(mask, x, 0).sum()", msg)
                self.assertNotIn("(if us)", msg)
                inner = msg[msg.index("cannot trace (") + len("cannot trace ("):msg.index(");")]
                self.assertTrue(inner.endswith("...") or len(inner) <= 200, inner)
                if inner.endswith("..."):
                    self.assertTrue(inner[:-3][-1].isalnum(), inner)  # a whole word before the cut

    def test_cut_words(self):
        sys.path.insert(0, os.path.join(h.SOURCE, "resources", "python"))
        try:
            from probe_trace import cut_words
        finally:
            sys.path.pop(0)
        self.assertEqual(cut_words("short text", 200), "short text")
        text = "Could not run 'aten::nonzero' with arguments from the 'Meta' backend if used"
        got = cut_words(text, 60)
        self.assertLessEqual(len(got), 60)
        self.assertTrue(got.endswith("..."))
        self.assertIn(got[:-3].split()[-1], text.split())  # ends on a whole word

    def test_data_dependent_op_inside_a_torch_call_says_so(self):
        # probe24 a06: torch 1.13's cross entropy with label smoothing runs masked_select inside; the line called
        # only F.cross_entropy (or the loss module), so the error says whose the op is and what to do
        for name, line in (("internal_masked_select_functional", 14), ("internal_masked_select_module", 14)):
            with self.subTest(problem=name):
                e = error(name)
                if e is None:  # a torch whose cross entropy traces on meta: nothing to explain
                    continue
                self.assertEqual(e["kind"], "DataDependentShape")
                self.assertEqual(e["line"], line)
                self.assertIn("line %d does not call masked_select itself" % line, e["message"])
                self.assertIn("runs it inside the call there", e["message"])
                self.assertLessEqual(len(e["message"]), 600)
                self.assertTrue(e["message"].endswith("static shapes"), e["message"])  # not cut
        e = error("user_where_nonzero")  # the user's own torch.where(mask): no such sentence
        self.assertEqual(e["kind"], "DataDependentShape")
        self.assertNotIn("does not call", e["message"])

    def test_dict_output_suggests_a_tuple_or_the_one_tensor(self):
        e = error("dict_out")
        self.assertEqual(e["kind"], "NonTensorOutput")
        self.assertIn("return tuple(d.values())", e["message"])
        self.assertIn("d['logits']", e["message"])
        e = error("dict_comprehension_out")  # the first tensor entry is named, not the int before it
        self.assertIn("d['y']", e["message"])


if __name__ == "__main__":
    unittest.main()
