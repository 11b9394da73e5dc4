"""The probe's input guess for a logic file without get_inputs() (new-user trial 20 #7): the first layer's own
sizes seed the guess, so an nn.Linear(64, 64) is traced at [16, 64] and a 3-channel Conv2d at [2, 3, 16, 16],
where the generic shapes ([16, 16], [2, 4, 16, 16], ...) all fail; the guess stays flagged."""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")


def probe_guess(src):
    path = os.path.join(tempfile.mkdtemp(), "logic.py")
    with open(path, "w") as f:
        f.write(textwrap.dedent(src))
    p = subprocess.run([sys.executable, PROBE, path, "--guess-inputs"], capture_output=True, text=True,
                       timeout=120, cwd=os.path.dirname(path))
    if p.returncode != 0:
        raise AssertionError(p.stdout[-2000:] + p.stderr[-2000:])
    return json.loads(p.stdout)


class ProbeGuessTest(unittest.TestCase):
    def assert_guess(self, spec, shape):
        self.assertEqual([t["shape"] for t in spec["inputs"] if t.get("kind") == "tensor"], [shape])
        flags = [a["why"] for a in spec["ambiguities"] if a["kind"] == "missing_get_inputs"]
        self.assertEqual(len(flags), 1, spec["ambiguities"])
        self.assertIn("guessed 1 float32 input(s) of shape %s" % shape, flags[0])

    def test_linear_in_features(self):
        spec = probe_guess("""
            import torch
            import torch.nn as nn

            class Model(nn.Module):
                def __init__(self, d):
                    super().__init__()
                    self.fc = nn.Linear(d, d)

                def forward(self, x):
                    return torch.tanh(self.fc(x))

            def get_init_inputs():
                return [64]
            """)
        self.assert_guess(spec, [16, 64])

    def test_conv_in_channels(self):
        spec = probe_guess("""
            import torch.nn as nn
            import torch.nn.functional as F

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 8, 3, padding=1)
                    self.norm = nn.BatchNorm2d(8)

                def forward(self, x):
                    return F.relu(self.norm(self.conv(x)))
            """)
        self.assert_guess(spec, [2, 3, 16, 16])

    def test_generic_shapes_still_first_without_layers(self):
        spec = probe_guess("""
            import torch
            import torch.nn as nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.sigmoid(x) * 2
            """)
        self.assert_guess(spec, [16, 16])


if __name__ == "__main__":
    unittest.main()
