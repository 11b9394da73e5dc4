"""New-user trial 26: a problem whose only ops have no compute category (a per-row top-k) was "Elementwise
(copy/view only)" with FLOPs 0, in `kwb analyze`, the plan and the GUI's spec. The pattern's detail now names those
ops and says their FLOPs are not counted; "copy/view only" stays for a forward that only views and copies.
Members: torch.topk, torch.sort, F.glu; not changed: permute + contiguous.

    cd tests/python && /usr/bin/python3 -m unittest test_probe_trial26
"""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
TAIL = "\ndef get_inputs():\n    return [torch.randn(64, 256)]\n\ndef get_init_inputs():\n    return []\n"

FORWARDS = {
    "topk": "torch.topk(x, 8, dim=-1)[0]",
    "sort": "torch.sort(x, dim=-1, descending=True)[0]",
    "glu": "F.glu(x, dim=-1)",
    "permute": "x.t().contiguous()",
}


def pattern(name):
    src = HEAD + textwrap.dedent("""
        class Model(nn.Module):
            def forward(self, x):
                return %s
        """ % FORWARDS[name]) + TAIL
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name + ".py")
        with open(path, "w") as f:
            f.write(src)
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=180, cwd=d)
        doc = json.loads(p.stdout)
        if p.returncode != 0:
            raise AssertionError("probe failed on %s: %s" % (name, json.dumps(doc)[-2000:]))
        return doc["pattern"]


class UncategorisedOpsAreNotCopiesTest(unittest.TestCase):
    def test_selection_and_gated_ops_are_named(self):
        for name in ("topk", "sort", "glu"):
            p = pattern(name)
            self.assertEqual(p["primary"], "Elementwise", p)
            self.assertTrue(p["detail"].startswith(name + " — "), p)
            self.assertIn("no compute category: its FLOPs are not counted", p["detail"])
            self.assertNotIn("copy/view", p["detail"])

    def test_a_transposed_copy_is_still_copy_view_only(self):
        self.assertEqual(pattern("permute")["detail"], "copy/view only")


if __name__ == "__main__":
    unittest.main()
