"""tests/python/slim_check.py (the check of a slim generated kernel.py against the whole one) fails what it must:
a reachable function left out (called, passed as an epilogue, named in a string, behind a constexpr branch), a
module switch dropped or changed, a global left unbound, an index line that points at the wrong line."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slim_check  # noqa: E402

WHOLE = '''# kernel.py -- a title
import triton
import triton.language as tl

SLIDE_H = 4  # a switch a bench sets by name
NAME = "by_name"


def by_name():
    return 1


def unused():
    return 2


@triton.jit
def epi(acc):
    return acc


@triton.jit
def branch(x):
    return x


@triton.jit
def kern(x, EPI: tl.constexpr, MODE: tl.constexpr):
    if MODE == 1:
        x = branch(x)
    return EPI(x)


def launch(x):
    kern[(1,)](x, EPI=epi, MODE=SLIDE_H)


class ModelNew:
    def forward(self, x):
        return launch(x)
'''


def slim_of(text, index=True):
    """WHOLE without `unused`, with its index line (numbers as the C++ side writes them)."""
    text = text.replace("def unused():\n    return 2\n\n\n", "")
    if index:
        lines = text.split("\n")
        model = next(i for i, l in enumerate(lines) if l.startswith("class ModelNew")) + 3
        launch = next(i for i, l in enumerate(lines) if l.startswith("def launch")) + 3
        lines[1:1] = ["# Index: ModelNew at line %d; calls: launch (line %d)." % (model, launch),
                      "# Left out: 1 functions / classes of the templates (resources/templates/kernels/) this plan "
                      "never reaches."]
        text = "\n".join(lines)
    return text


class SlimCheckTest(unittest.TestCase):
    def run_check(self, slim):
        with tempfile.TemporaryDirectory() as d:
            w, s = os.path.join(d, "k.whole.py"), os.path.join(d, "k.slim.py")
            with open(w, "w") as f:
                f.write(WHOLE)
            with open(s, "w") as f:
                f.write(slim)
            return slim_check.check_pair(w, s, ["ModelNew"])

    def test_the_right_slim_passes(self):
        self.assertEqual(self.run_check(slim_of(WHOLE)), "50 -> 48 lines, 1 left out".replace("50 -> 48", "%d -> %d" % (len(WHOLE.splitlines()), len(WHOLE.splitlines()) - 2)))

    def test_a_reachable_function_left_out_fails(self):
        for name in ("by_name", "epi", "branch", "launch"):
            slim = slim_of(WHOLE)
            start = slim.index("def %s(" % name)
            start = slim.rfind("\n\n\n", 0, start) + 3
            end = slim.index("\n\n\n", start) + 3
            r = self.run_check(slim[:start] + slim[end:])
            self.assertIn("reachable but left out: %s" % name, r)

    def test_a_switch_dropped_or_changed_fails(self):
        for slim in (slim_of(WHOLE).replace("SLIDE_H = 4  # a switch a bench sets by name\n", ""),
                     slim_of(WHOLE).replace("SLIDE_H = 4", "SLIDE_H = 2")):
            self.assertIn("is missing or changed", self.run_check(slim))

    def test_a_wrong_index_fails(self):
        r = self.run_check(slim_of(WHOLE).replace("calls: launch (line ", "calls: launch (line 1"))
        self.assertIn("the index puts launch at line", r)
        self.assertIn("no index line", self.run_check(slim_of(WHOLE, index=False)))


if __name__ == "__main__":
    unittest.main()
