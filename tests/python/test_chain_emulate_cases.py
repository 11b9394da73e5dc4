"""chain_emulate.py --case: the inputs are the harness's own (its DimPlan/derive_cases/make_inputs, rendered from
the spec), resized by value like the harness's boundary cases, not by the module globals' names."""
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")
sys.path.insert(0, HERE)

import chain_emulate  # noqa: E402
import torch  # noqa: E402

NAME = "u56_Conv2d_flatten_SpatialSoftmax_view"


def problem():
    spec = importlib.util.spec_from_file_location("u56_problem", os.path.join(DATA, "unseen", NAME + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class HarnessCases(unittest.TestCase):
    def shapes(self, case):
        ref = problem()
        model = ref.Model(*ref.get_init_inputs())
        vals, note = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", NAME + ".spec.json"),
                                                  case, 1024, ref, model)
        self.assertIsNotNone(vals, note)
        return [list(v.shape) for v in vals if torch.is_tensor(v)], note

    def test_boundary_tail_resizes_by_value(self):
        # x [4, 3, 20, 24]: 3 is the model's (in_channels, kernel_size); 24 is the innermost free dim, kept (< TILE);
        # the other free dims take small odd sizes: 4 -> min(4, 7), 20 -> 5. Shrinking by name leaves batch 4 (<= 16).
        shapes, note = self.shapes("boundary_tail")
        self.assertEqual(shapes, [[4, 3, 5, 24]], note)

    def test_boundary_size1_gives_a_batch_of_one(self):
        shapes, note = self.shapes("boundary_size1")
        self.assertEqual(shapes, [[1, 3, 5, 24]], note)

    def test_not_derived_case_is_skipped(self):
        ref = problem()
        vals, note = chain_emulate.harness_inputs(os.path.join(DATA, "codegen", "chains", NAME + ".spec.json"),
                                                  "no_such_case", 1024, ref, ref.Model(*ref.get_init_inputs()))
        self.assertIsNone(vals)
        self.assertIn("not derived", note)


if __name__ == "__main__":
    unittest.main()
