"""Which input sizes the harness resizes when one equals a model size (new-user trial 14, #6): by position, where
the probe's resize check shows forward() takes that input dim resized (position_free), not by value alone (a batch
of 16 beside a 16x16 conv kernel was tied, so y01 got no boundary cases); by value where the check cannot tell."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import harness_support as h
import torch

sys.path.insert(0, os.path.join(h.SOURCE, "resources", "python"))
import probe_resize  # noqa: E402

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
Y01 = os.path.join(h.SOURCE, "tests", "data", "trial14", "y01_ViT_PatchEmbed_ClsPos_LayerNorm.py")


def probe(path):
    p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=120,
                       cwd=os.path.dirname(path))
    if p.returncode != 0:
        raise AssertionError(p.stdout[-2000:] + p.stderr[-2000:])
    return json.loads(p.stdout)


def write(src):
    path = os.path.join(tempfile.mkdtemp(), "logic.py")
    with open(path, "w") as f:
        f.write(src)
    return path


# out_features == batch: the weight [16, 64] and the bias [16] name 16, the batch of 16 is free by position
LINEAR_OUT_IS_BATCH = ("import torch\nimport torch.nn as nn\n"
                       "class Model(nn.Module):\n"
                       "    def __init__(self, i, o):\n        super().__init__()\n        self.fc = nn.Linear(i, o)\n"
                       "    def forward(self, x):\n        return torch.relu(self.fc(x))\n"
                       "def get_inputs():\n    return [torch.randn(16, 64)]\n"
                       "def get_init_inputs():\n    return [64, 16]\n")
# in_features == batch: both dims of x are 64 and one of them is the weight's, so resizing the value 64 fails:
# tied by value; the batch dim alone is free (resize_check.free_slots, the harness's own key for it)
LINEAR_IN_IS_BATCH = LINEAR_OUT_IS_BATCH.replace("randn(16, 64)", "randn(64, 64)")
# a view that hard-codes the batch from an init argument: forward() rejects any other batch, so it stays tied
VIEW_TIED = ("import torch\nimport torch.nn as nn\n"
             "class Model(nn.Module):\n"
             "    def __init__(self, b):\n        super().__init__()\n        self.b = b\n"
             "    def forward(self, x):\n        return x.view(self.b, -1) * 2\n"
             "def get_inputs():\n    return [torch.randn(8, 4, 5)]\n"
             "def get_init_inputs():\n    return [8]\n")
# batch 16 == in_channels 16 of a transposed conv: meta's transposed convolution takes 48 channels without a word,
# the probe's channel check keeps 16 tied (level2/74_ConvTranspose3d_LeakyReLU_Multiply_LeakyReLU_Max)
CONVT_IN_IS_BATCH = ("import torch\nimport torch.nn as nn\n"
                     "class Model(nn.Module):\n"
                     "    def __init__(self, i, o):\n        super().__init__()\n"
                     "        self.c = nn.ConvTranspose2d(i, o, 3)\n"
                     "    def forward(self, x):\n        return torch.relu(self.c(x))\n"
                     "def get_inputs():\n    return [torch.randn(16, 16, 10, 10)]\n"
                     "def get_init_inputs():\n    return [16, 8]\n")
# nothing collides: no by_position key, the free sizes as before
NO_COLLISION = LINEAR_OUT_IS_BATCH.replace("randn(16, 64)", "randn(12, 64)")
# an LSTM cell's batch equal to its hidden size, in three inputs (probe17 w12): dim 0 of x, h and c is free only
# all together (cat of x and h, then c's update), the hidden dims of h and c stay tied
CELL_BATCH_IS_HIDDEN = ("import torch\nimport torch.nn as nn\n"
                        "class Model(nn.Module):\n"
                        "    def __init__(self, i, hid):\n        super().__init__()\n"
                        "        self.fc = nn.Linear(i + hid, 4 * hid)\n"
                        "    def forward(self, x, h, c):\n"
                        "        g = self.fc(torch.cat([x, h], dim=1))\n"
                        "        a, b, o, u = g.chunk(4, dim=1)\n"
                        "        c2 = torch.sigmoid(b) * c + torch.sigmoid(a) * torch.tanh(u)\n"
                        "        return torch.sigmoid(o) * torch.tanh(c2)\n"
                        "def get_inputs():\n    return [torch.randn(32, 24), torch.randn(32, 32), torch.randn(32, 32)]\n"
                        "def get_init_inputs():\n    return [24, 32]\n")


class FreeSizes(unittest.TestCase):
    def test_value_rule_is_the_fallback(self):
        conv = torch.nn.Conv2d(3, 8, kernel_size=16, stride=16)
        x = torch.empty(16, 3, 64, 64)
        self.assertEqual(probe_resize.free_sizes(conv, [3, 8, 16], [x]), [64])  # 16 tied by value, 3 too
        self.assertEqual(probe_resize.free_sizes(conv, [3, 8, 16], [x], by_position=[16]), [16, 64])


class PositionFree(unittest.TestCase):
    def test_y01_batch_equal_to_the_patch_is_free(self):
        spec = probe(Y01)
        rc = spec["resize_check"]
        self.assertTrue(rc["ok"], rc)
        self.assertEqual(rc["by_position"], [16])
        self.assertEqual(rc["map"], {"16": 48})
        self.assertEqual(spec["inputs"][0]["resized_shape"], [48, 3, 224, 224])

    def test_linear_out_features_equal_to_the_batch_is_free(self):
        rc = probe(write(LINEAR_OUT_IS_BATCH))["resize_check"]
        self.assertEqual(rc.get("by_position"), [16])
        self.assertEqual(rc["map"], {"16": 48})

    def test_undecided_stays_tied_by_value(self):
        for src in (LINEAR_IN_IS_BATCH, VIEW_TIED, CONVT_IN_IS_BATCH):
            rc = probe(write(src))["resize_check"]
            self.assertNotIn("by_position", rc)
        rc = probe(write(VIEW_TIED))["resize_check"]
        self.assertEqual(rc["map"], {"4": 12, "5": 25})
        self.assertNotIn("free_slots", rc)  # the view rejects a batch of 24 at any dim


class FreeSlots(unittest.TestCase):
    """A value tied as a whole whose dims are free apart (probe17 w07, w12): resize_check.free_slots."""

    def test_batch_beside_in_features_in_one_input(self):
        rc = probe(write(LINEAR_IN_IS_BATCH))["resize_check"]
        self.assertEqual(rc["free_slots"], [{"size": 64, "dims": [[0, 0]]}])

    def test_batch_beside_transposed_conv_channels(self):
        # dim 0 is free alone; dim 1 (the channels) fails the channel check
        rc = probe(write(CONVT_IN_IS_BATCH))["resize_check"]
        self.assertEqual(rc["free_slots"], [{"size": 16, "dims": [[0, 0]]}])

    def test_batch_across_inputs_is_one_set(self):
        rc = probe(write(CELL_BATCH_IS_HIDDEN))["resize_check"]
        self.assertEqual(rc["free_slots"], [{"size": 32, "dims": [[0, 0], [1, 0], [2, 0]]}])

    def test_slots_resized_apart_in_the_resize_trace(self):
        # session 34 (31_VisionAttention's class): C == H == W, C bound by the weights; H and W are free apart and the
        # resize check's own trace resizes each by a prime of its own (after the batch's 3), so a size the graph took
        # from one of them differs from the others there (the code generator binds it by position)
        spec = probe(os.path.join(h.SOURCE, "tests", "data", "codegen", "chains", "problems",
                                  "view_channels_eq_spatial.py"))
        rc = spec["resize_check"]
        self.assertTrue(rc["ok"])
        self.assertEqual(rc["map"], {"2": 6})
        self.assertEqual(rc["slots"], [{"size": 32, "dims": [[0, 2]], "resized": 160},
                                       {"size": 32, "dims": [[0, 3]], "resized": 224}])
        self.assertEqual(spec["inputs"][0]["resized_shape"], [6, 32, 160, 224])
        view = [o for o in spec["ops"] if o["op"] == "aten::view" and len(o["outputs"][0]["shape"]) == 4][0]
        self.assertEqual(view["resized_outputs"], [[6, 35840, 3, 32]])

    def test_grouped_heads_keep_their_ratio(self):
        # new-user trial 31 #2: 32 query heads over 8 KV heads (repeat_interleave by their ratio) at distinct primes
        # (96 over 40) do not divide, so forward() failed and nothing followed the sizes: head_dim 128's softmax scale
        # stayed a literal. One factor for every size keeps the ratio; head_dim then grows 3x (the scale follows it).
        rc = probe(write(GQA_REPEAT))["resize_check"]
        self.assertTrue(rc["ok"], rc)
        self.assertEqual(rc["common_factor"], 3)
        self.assertEqual(rc["map"], {"2": 6, "8": 24, "32": 96, "64": 192, "16": 48})
        self.assertIn("failed at the resized sizes", rc["why"])

    def test_nothing_tied_nothing_to_split(self):
        for src in (NO_COLLISION, LINEAR_OUT_IS_BATCH):
            self.assertNotIn("free_slots", probe(write(src))["resize_check"])

    def test_no_collision_is_unchanged(self):
        rc = probe(write(NO_COLLISION))["resize_check"]
        self.assertNotIn("by_position", rc)
        self.assertEqual(rc["map"], {"12": 36})


# grouped-query attention: heads 32 over 8 (a ratio of 4), batch 2, 16 keys, head_dim 64, the scale from q's shape
GQA_REPEAT = ("import torch\nimport torch.nn as nn\n"
              "class Model(nn.Module):\n"
              "    def forward(self, q, k, v):\n"
              "        g = q.shape[1] // k.shape[1]\n"
              "        k = k.repeat_interleave(g, dim=1)\n        v = v.repeat_interleave(g, dim=1)\n"
              "        s = torch.matmul(q, k.transpose(-1, -2)) * q.shape[-1] ** -0.5\n"
              "        return torch.matmul(torch.softmax(s, dim=-1), v)\n"
              "def get_inputs():\n"
              "    return [torch.randn(2, 32, 16, 64), torch.randn(2, 8, 16, 64), torch.randn(2, 8, 16, 64)]\n"
              "def get_init_inputs():\n    return []\n")


class HarnessPlan(unittest.TestCase):
    """The harness's DimPlan reads resize_check.by_position: the boundary cases are derived for y01's shapes."""

    def spec(self, by_position):
        spec = h.spec_for("patch_embed", [{"name": "x", "shape": [16, 3, 224, 224], "stride": [150528, 50176, 224, 1]}],
                          init_args=[3, 384, 224, 16],
                          parameters=[{"name": "proj.weight", "shape": [384, 3, 16, 16], "stride": [768, 256, 16, 1],
                                       "dtype": "float32"}])
        if by_position is not None:
            spec["resize_check"] = {"ok": True, "map": {"16": 48}, "by_position": by_position}
        return spec

    def cases(self, spec, tied=()):
        hm = h.load_rendered(spec, name="kwb_harness_by_position")
        hm.torch = torch
        plan = hm.DimPlan(spec, 1024, {384, 3, 16}, tied)
        return plan, [c.name for c in hm.derive_cases(spec, plan, True)]

    def test_by_value_gives_no_boundary_cases(self):
        plan, names = self.cases(self.spec(None))
        self.assertEqual(plan.free, [])
        self.assertNotIn("boundary_tail", names)

    def test_by_position_gives_both_boundary_cases(self):
        plan, names = self.cases(self.spec([16]))
        self.assertEqual(plan.free, [16])
        self.assertIn("boundary_tail", names)
        self.assertIn("boundary_size1", names)

    def test_sizes_the_reference_rejects_stay_tied(self):
        plan, names = self.cases(self.spec([16]), tied={16})  # model_tied_sizes has the last word
        self.assertEqual(plan.free, [])
        self.assertNotIn("boundary_size1", names)


class HarnessSlots(unittest.TestCase):
    """DimPlan gives a free_slots set its own key: those dims resize, the value's other dims keep their size."""

    def plan(self, rc, tied=()):
        spec = h.spec_for("cell", [{"name": "x", "shape": [64, 64], "stride": [64, 1]},
                                   {"name": "h", "shape": [64, 32], "stride": [32, 1]}],
                          init_args=[64, 32],
                          parameters=[{"name": "fc.weight", "shape": [32, 64], "stride": [64, 1], "dtype": "float32"}])
        spec["resize_check"] = rc
        hm = h.load_rendered(spec, name="kwb_harness_slots")
        hm.torch = torch
        return hm, spec, hm.DimPlan(spec, 16, {32, 64}, tied)

    def test_slot_dims_resize_alone(self):
        hm, spec, plan = self.plan({"ok": False, "map": {}, "free_slots": [{"size": 64, "dims": [[0, 0], [1, 0]]}]})
        self.assertEqual(len(plan.free), 1)
        cases = {c.name: c for c in hm.derive_cases(spec, plan, True)}
        self.assertEqual(plan.mapped(cases["boundary_tail"].dim_map), [[25, 64], [25, 32]])  # TILE 16
        self.assertEqual(plan.mapped(cases["boundary_size1"].dim_map), [[1, 64], [1, 32]])
        self.assertEqual(plan.mapped(None), [[64, 64], [64, 32]])
        self.assertTrue(all(type(d) is int for s in plan.mapped(cases["boundary_tail"].dim_map) for d in s))

    def test_without_slots_no_boundary_cases(self):
        hm, spec, plan = self.plan({"ok": False, "map": {}})
        self.assertEqual(plan.free, [])
        self.assertEqual([u["name"] for u in hm.underived_cases(plan)], ["boundary_tail", "boundary_size1"])

    def test_malformed_or_stale_slots_are_ignored(self):
        for bad in ([{"size": 64, "dims": [[5, 0]]}], [{"size": 32, "dims": [[0, 0]]}], [{"dims": [[0, 0]]}],
                    [{"size": 64, "dims": "x"}]):
            self.assertEqual(self.plan({"ok": False, "map": {}, "free_slots": bad})[2].free, [], bad)

    def test_a_slot_the_reference_rejects_stays_tied(self):
        hm, spec, plan = self.plan({"ok": False, "map": {}, "free_slots": [{"size": 64, "dims": [[0, 0], [1, 0]]}]})
        key = plan.free[0]
        plan2 = hm.DimPlan(spec, 16, {32, 64}, {hm.SlotSize(64, key.tag)})  # model_tied_sizes' verdict
        self.assertEqual(plan2.free, [])


# new-user trial 31 #5: forward() reads the group count from the shapes; the head (channel) counts must keep their ratio
GROUPED_CHANNELS = ("import torch\nimport torch.nn as nn\n"
                    "class Model(nn.Module):\n"
                    "    def forward(self, x, s):\n"
                    "        n, c, l = x.shape\n        g = s.shape[1]\n"
                    "        return (x.view(n, g, c // g, l) * s.unsqueeze(2)).view(n, c, l)\n"
                    "def get_inputs():\n    return [torch.randn(4, 32, 20), torch.randn(4, 8, 1)]\n"
                    "def get_init_inputs():\n    return []\n")
# p01 of trial 31 as written: the head counts and the cache length are size globals read in forward()
GQA_GLOBALS = ("import torch\nimport torch.nn as nn\n"
               "B, HQ, HKV, D, S = 2, 8, 2, 16, 12\n"
               "class Model(nn.Module):\n"
               "    def forward(self, q, k):\n"
               "        k = k.repeat_interleave(HQ // HKV, dim=1)\n"
               "        return torch.matmul(q, k.transpose(-1, -2)) * D ** -0.5 + torch.zeros(S)\n"
               "def get_inputs():\n    return [torch.randn(B, HQ, 1, D), torch.randn(B, HKV, S, D)]\n"
               "def get_init_inputs():\n    return []\n")
# p09 of trial 31: 4 box coordinates unpacked into four names
UNPACK4 = ("import torch\nimport torch.nn as nn\n"
           "class Model(nn.Module):\n"
           "    def forward(self, b, c):\n"
           "        cx, cy, w, h = b.unbind(-1)\n"
           "        return torch.stack([cx - w, cy - h, cx + w, cy + h], -1)[:, None, :] + c[None, :, :]\n"
           "def get_inputs():\n    return [torch.rand(30, 4), torch.rand(20, 4)]\n"
           "def get_init_inputs():\n    return []\n")
# trial 31 #8: 2^60 float32 elements (4 EiB)
HUGE = ("import torch\nimport torch.nn as nn\n"
        "class Model(nn.Module):\n    def forward(self, x):\n        return x * 2\n"
        "def get_inputs():\n    return [torch.randn(1 << 40, 1 << 20)]\n"
        "def get_init_inputs():\n    return []\n")


def resize_notes(spec):
    return [n for n in spec.get("notes", []) if n.startswith("resize check")]


class KeptRatios(unittest.TestCase):
    """resize_check.ratios: the divisible sizes that must keep their ratio (trial 31 #5), found pair by pair."""

    def test_gqa_heads(self):
        spec = probe(write(GQA_REPEAT))
        self.assertEqual(spec["resize_check"]["ratios"], [[32, 8, 4]])
        self.assertEqual(resize_notes(spec), [])

    def test_grouped_channels(self):
        spec = probe(write(GROUPED_CHANNELS))
        rc = spec["resize_check"]
        self.assertTrue(rc["ok"], rc)
        self.assertEqual(rc["ratios"], [[32, 8, 4]])

    def test_no_ratio_where_distinct_primes_pass(self):
        self.assertNotIn("ratios", probe(write(NO_COLLISION))["resize_check"])

    def test_size_globals_are_named(self):
        # the note "bound by value" is true here: forward() reads HQ, HKV and S; the note says which
        spec = probe(write(GQA_GLOBALS))
        self.assertFalse(spec["resize_check"]["ok"])
        notes = resize_notes(spec)
        self.assertEqual(len(notes), 1, notes)
        self.assertIn("forward() reads the size globals D, HKV, HQ, S (read them", notes[0])
        self.assertTrue(notes[0].endswith("sizes in forward() are bound to input dims by value"), notes[0])


class FixedWidth(unittest.TestCase):
    """A size forward() unpacks into names is kept, and one note says so (trial 31 #10)."""

    def test_unpacked_width_kept(self):
        spec = probe(write(UNPACK4))
        rc = spec["resize_check"]
        self.assertTrue(rc["ok"], rc)
        self.assertEqual(rc["fixed_width"], [4])
        self.assertEqual(rc["map"], {"30": 90, "20": 100})
        self.assertEqual(resize_notes(spec), [
            "resize check: size 4 kept: forward() unpacks a dim of that size into 4 names (ValueError: too many "
            "values to unpack (expected 4)), so it is a fixed width, not a size; the checks keep it"])

    def test_switch_off_gives_the_check_before(self):
        os.environ["KWB_PROBE_FIXED_WIDTH"] = "0"
        try:
            rc = probe(write(UNPACK4))["resize_check"]
        finally:
            del os.environ["KWB_PROBE_FIXED_WIDTH"]
        self.assertFalse(rc["ok"])
        self.assertNotIn("fixed_width", rc)


class Overflow(unittest.TestCase):
    """Inputs whose resized copies overflow torch's storage size: a plain note in EiB, not a torch-version hint."""

    def test_huge_inputs(self):
        spec = probe(write(HUGE))
        self.assertFalse(spec["resize_check"]["ok"])
        notes = resize_notes(spec)
        self.assertEqual(len(notes), 1, notes)
        self.assertIn("the inputs overflow: they hold about 4.0 EiB (the largest [1099511627776, 1048576] float32)",
                      notes[0])
        self.assertNotIn("newer torch", json.dumps(spec))


class HarnessRatios(unittest.TestCase):
    """DimPlan derives a size of resize_check.ratios from its small size in every case (HQ = 4 * HKV)."""

    def plan(self, rc):
        spec = h.spec_for("gqa", [{"name": "q", "shape": [2, 32, 16, 64], "stride": [32768, 1024, 64, 1]},
                                  {"name": "k", "shape": [2, 8, 16, 64], "stride": [8192, 1024, 64, 1]}],
                          pattern="Attention")
        spec["resize_check"] = rc
        hm = h.load_rendered(spec, name="kwb_harness_ratios")
        hm.torch = torch
        return hm, spec, hm.DimPlan(spec, 32, set())

    def test_every_case_keeps_the_ratio(self):
        hm, spec, plan = self.plan({"ok": True, "map": {}, "common_factor": 3, "ratios": [[32, 8, 4]]})
        self.assertNotIn(32, plan.free)
        cases = hm.derive_cases(spec, plan, True)
        self.assertIn("boundary_tail", [c.name for c in cases])
        for c in cases:
            q, k = plan.mapped(c.dim_map)
            self.assertEqual(q[1], 4 * k[1], (c.name, q, k))
            if c.dim_map:
                self.assertEqual(c.dim_map.get(32, 32), 4 * c.dim_map.get(8, 8), c.name)  # size_globals reads it

    def test_switch_off_gives_the_plan_before(self):
        os.environ["KWB_HARNESS_KEEP_RATIOS"] = "0"
        try:
            hm, spec, plan = self.plan({"ok": True, "map": {}, "common_factor": 3, "ratios": [[32, 8, 4]]})
        finally:
            del os.environ["KWB_HARNESS_KEEP_RATIOS"]
        self.assertIn(32, plan.free)
        tail = [c for c in hm.derive_cases(spec, plan, True) if c.name == "boundary_tail"][0]
        q, k = plan.mapped(tail.dim_map)
        self.assertNotEqual(q[1], 4 * k[1])

    def test_stale_ratio_ignored(self):
        _hm, _spec, plan = self.plan({"ok": True, "map": {}, "ratios": [[48, 8, 6]]})
        self.assertEqual(plan.ratios, {})

    def test_fixed_width_kept(self):
        spec = h.spec_for("boxes", [{"name": "b", "shape": [30, 4], "stride": [4, 1]}])
        spec["resize_check"] = {"ok": True, "map": {"30": 90}, "fixed_width": [4]}
        hm = h.load_rendered(spec, name="kwb_harness_fixed_width")
        hm.torch = torch
        plan = hm.DimPlan(spec, 32, set())
        self.assertEqual(plan.free, [30])
        for c in hm.derive_cases(spec, plan, True):
            self.assertEqual(plan.mapped(c.dim_map)[0][1], 4, c.name)


if __name__ == "__main__":
    unittest.main()
