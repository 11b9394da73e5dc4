"""New-user trial 25, #5: a problem file whose name holds a control character. The name goes into comments and
docstrings of kernel.py / test_kernel.py and into Markdown titles; a newline in it made test_kernel.py a SyntaxError
and the gate a FAIL of a correct problem. The probe's name replaces each control character by "_" (the class: a
newline, a tab, DEL); the path stays the file's own."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
RELU = os.path.join(h.FIXTURES, "references", "relu.py")


def source_of(file_name):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, file_name)
        shutil.copyfile(RELU, path)
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=180, cwd=d)
        if p.returncode != 0:
            raise AssertionError("probe failed on %r: %s" % (file_name, p.stdout[-2000:] + p.stderr[-2000:]))
        return json.loads(p.stdout)["source"], path


class ProbeNameHasNoControlCharacterTest(unittest.TestCase):
    def test_newline_tab_and_del_become_underscores(self):
        for file_name, name in (("nl\nname.py", "nl_name"), ("tab\tname.py", "tab_name"), ("del\x7fname.py", "del_name")):
            source, path = source_of(file_name)
            self.assertEqual(source["name"], name)
            self.assertEqual(source["path"], path)  # the file itself, not the cleaned name

    def test_a_plain_name_is_unchanged(self):
        source, _ = source_of("19 ReLU (copy) 模型.py")
        self.assertEqual(source["name"], "19 ReLU (copy) 模型")


if __name__ == "__main__":
    unittest.main()
