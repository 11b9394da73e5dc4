"""The probe on real models: every KernelBench level-3 problem gives a spec or a one-line error, never a
traceback, within its time (issue 18: recursion errors on LSTM/GRU, IndexError on causal attention,
minutes on RNNs). Levels 1-2 are covered by tst_spec_golden against checked specs."""
import glob
import json
import os
import subprocess
import sys
import time
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
SHARED = os.environ.get("KWB_SHARED_DIR", os.path.join(h.SOURCE, "..", "shared"))
LEVEL3 = sorted(glob.glob(os.path.join(SHARED, "data", "kernelbench", "level3", "*.py")))


def probe(path, timeout=120):
    start = time.monotonic()
    p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=timeout,
                       cwd=os.path.dirname(path))
    return p, time.monotonic() - start


class ProbeModelsTest(unittest.TestCase):
    @unittest.skipUnless(LEVEL3, "no KernelBench level 3 under KWB_SHARED_DIR")
    def test_level3_gives_a_spec_or_one_line_error(self):
        for path in LEVEL3:
            with self.subTest(problem=os.path.basename(path)):
                p, took = probe(path)
                self.assertIn(p.returncode, (0, 3), p.stderr[-2000:])
                doc = json.loads(p.stdout)
                if p.returncode == 3:
                    msg = doc["error"]["message"]
                    self.assertNotIn("Traceback", msg)
                    self.assertNotIn("\n", msg)
                else:
                    self.assertIn("pattern", doc)
                self.assertLess(took, 60, "the RNNs took over 120 s when the analysis was quadratic")

    def test_recurrent_module_is_one_op(self):
        # nn.GRU is one kwb::rnn op (probe_rnn.py), not ~37k per-timestep aten ops; its weights are its refs
        path = os.path.join(SHARED, "data", "kernelbench", "level3", "39_GRU.py")
        if not os.path.exists(path):
            self.skipTest("no 39_GRU.py")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        doc = json.loads(p.stdout)
        self.assertEqual([o["op"] for o in doc["ops"]], ["kwb::rnn"])
        op = doc["ops"][0]
        self.assertEqual(op["category"], "Recurrent")
        self.assertEqual({k: op["args"][k] for k in ("mode", "num_layers", "hidden_size", "batch_first", "bias")},
                         {"mode": "GRU", "num_layers": 6, "hidden_size": 256, "batch_first": False, "bias": True})
        self.assertEqual(op["operands"], {"input": "x", "hx": "h0"})
        self.assertEqual(op["input_refs"][2:4], ["gru.weight_ih_l0", "gru.weight_hh_l0"])
        self.assertEqual(len(op["input_refs"]), 2 + 6 * 4)
        self.assertEqual([o["shape"] for o in op["outputs"]], [[512, 10, 256], [6, 10, 256]])
        self.assertEqual(doc["pattern"]["primary"], "Recurrent")
        self.assertGreater(doc["flops"]["value"], 2 * 512 * 10 * 3 * 256 * (128 + 256) * 6)

    def test_attention_is_anchored_on_q_k_not_on_a_projection(self):
        # MiniGPT: causal attention after a 2-D projection; the first GEMM is the projection (IndexError before).
        path = os.path.join(SHARED, "data", "kernelbench", "level3", "44_MiniGPTBlock.py")
        if not os.path.exists(path):
            self.skipTest("no 44_MiniGPTBlock.py")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        att = json.loads(p.stdout)["pattern"]["attention"]
        self.assertEqual((att["Lq"], att["Lk"], att["masked"]), (512, 512, True))

    def test_multi_line_error_is_one_line(self):
        # An error of the model's own code is named by its line, in one line.
        d = h.tempfile.mkdtemp()
        path = os.path.join(d, "odd.py")
        with open(path, "w") as f:
            f.write("import torch\n"
                    "class Model(torch.nn.Module):\n"
                    "    def forward(self, x):\n"
                    "        raise RuntimeError('boom\\nsecond line')\n"
                    "def get_inputs():\n    return [torch.rand(4)]\n"
                    "def get_init_inputs():\n    return []\n")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 3, p.stdout)
        err = json.loads(p.stdout)["error"]
        self.assertEqual(err["line"], 4)
        self.assertNotIn("\n", err["message"])


def write(src):
    d = h.tempfile.mkdtemp()
    path = os.path.join(d, "logic.py")
    with open(path, "w") as f:
        f.write(src)
    return path


class ProbeConstructsTest(unittest.TestCase):
    def test_transformer_encoder_deep_copies_its_named_sizes(self):
        # nn.TransformerEncoder deep-copies its layer; the probe's named ints broke copy.deepcopy (TypeError).
        p, _ = probe(write("import torch\nimport torch.nn as nn\n"
                           "class Model(nn.Module):\n"
                           "    def __init__(self, d, h, n):\n"
                           "        super().__init__()\n"
                           "        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, h, batch_first=True), n)\n"
                           "    def forward(self, x):\n        return self.enc(x)\n"
                           "B, S, D, H, N = 2, 16, 64, 4, 2\n"
                           "def get_inputs():\n    return [torch.randn(B, S, D)]\n"
                           "def get_init_inputs():\n    return [D, H, N]\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        self.assertEqual(json.loads(p.stdout)["pattern"]["primary"], "Attention")

    def test_data_dependent_op_is_named_with_its_line(self):
        p, _ = probe(write("import torch\n"
                           "class Model(torch.nn.Module):\n"
                           "    def forward(self, x):\n"
                           "        return x.sum() + torch.nonzero(x > 0).shape[0]\n"
                           "def get_inputs():\n    return [torch.randn(64, 64)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 3, p.stdout)
        err = json.loads(p.stdout)["error"]
        self.assertEqual((err["kind"], err["line"]), ("DataDependentShape", 4))
        self.assertIn("nonzero", err["message"])
        self.assertNotIn("\n", err["message"])


    def test_in_place_on_a_clone_is_not_a_write_to_the_input(self):
        # `y = x.clone(); y.mul_(s)` writes the clone, not x (trial 8, finding 8: three false notes "forward
        # writes input x in place" and an output said to alias x); a real write to x keeps its note
        unseen = os.path.join(h.SOURCE, "tests", "data", "unseen")
        p, _ = probe(os.path.join(unseen, "u63_Clone_inplace_buffer_scale.py"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        doc = json.loads(p.stdout)
        self.assertEqual({w["target_kind"] for w in doc["writes"]}, {"temporary"})
        self.assertFalse([n for n in doc["notes"] if "in place" in n], doc["notes"])
        self.assertIsNone(doc["outputs"][0]["aliases_input"])
        p, _ = probe(os.path.join(unseen, "u62_Inplace_input_mul_add_relu.py"))
        doc = json.loads(p.stdout)
        self.assertEqual([(w["target"], w["target_kind"]) for w in doc["writes"]], [("x", "input")] * 3)
        self.assertEqual(doc["outputs"][0]["aliases_input"], "x")


class ProbeHostileReturnsTest(unittest.TestCase):
    """New-user trial 9: what the logic's functions return is checked where it is returned, in one line."""

    def error_of(self, src, env=None):
        path = write(src)
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=120,
                           cwd=os.path.dirname(path), env=dict(os.environ, **(env or {})))
        self.assertEqual(p.returncode, 3, p.stdout[-2000:])
        err = json.loads(p.stdout)["error"]
        self.assertNotIn("\n", err["message"])
        return err

    def test_dict_output_stops_phase_1_at_its_return(self):
        # #5: a dict output was planned as a Reduction kernel and failed 7 harness cases later.
        err = self.error_of("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                            "        if x.dim() > 3:\n            return x\n"
                            "        return {'sum': x.sum(), 'n': 3}\n"
                            "def get_inputs():\n    return [torch.randn(8, 8)]\n"
                            "def get_init_inputs():\n    return []\n")
        self.assertEqual((err["kind"], err["line"]), ("NonTensorOutput", 6))  # the dict's return of two
        self.assertTrue(err["message"].startswith("forward() returned a dict: the output must be a tensor, a "
                                                  "number or a tuple/list of them"), err["message"])

    def test_none_inside_a_tuple_is_named_with_its_position(self):
        err = self.error_of("import torch\ndef reference(x):\n    return x + 1, None\n"
                            "def get_inputs():\n    return [torch.randn(8)]\n")
        self.assertEqual((err["kind"], err["line"]), ("NonTensorOutput", 3))
        self.assertIn("reference() returned a tuple whose item 1 is None", err["message"])

    def test_numbers_and_nested_tuples_are_outputs(self):
        p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                           "        return (x * 2, [x.sum(), 3])\n"
                           "def get_inputs():\n    return [torch.randn(8)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])

    def test_get_inputs_must_return_a_list(self):
        # #6: a str was splatted into one input per character ("forward() takes 2 positional arguments but 11").
        err = self.error_of("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                            "        return x + 1\n"
                            "def get_inputs():\n    return 'not a list'\n"
                            "def get_init_inputs():\n    return []\n")
        self.assertEqual((err["kind"], err["message"], err["line"]),
                         ("TypeError", "get_inputs() must return a list or tuple (got str)", 6))
        err = self.error_of("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                            "        return x + 1\n"
                            "def get_inputs():\n    return (torch.randn(4),)\n"
                            "def get_init_inputs():\n    return 7\n")
        self.assertEqual((err["message"], err["line"]), ("get_init_inputs() must return a list or tuple (got int)", 8))

    def test_memory_error_names_the_limit_and_its_knob(self):
        # #8: a module-level bytearray(40 GiB) read "MemoryError: " and nothing more.
        import resource
        limit = 4 * 1024 ** 3
        path = write("import torch\nblob = bytearray(40 * (1 << 30))\n"
                     "class Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
                     "def get_inputs():\n    return [torch.randn(8)]\n")
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=120,
                           preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
        self.assertEqual(p.returncode, 3, p.stdout[-2000:])
        err = json.loads(p.stdout)["error"]
        self.assertEqual((err["kind"], err["line"]), ("MemoryError", 2))
        self.assertEqual(err["message"], "the probe's address space is limited to 4 GiB (KWB_PROBE_MEMORY_MB sets "
                                         "this limit, in MiB)")

    def test_phase_file_names_the_part_that_runs(self):
        # #7: an endless __init__ was reported as "a forward that never ends"; kwb reads this file at the limit.
        path = write("import torch, time\nclass Model(torch.nn.Module):\n    def __init__(self):\n"
                     "        super().__init__()\n        time.sleep(600)\n"
                     "    def forward(self, x):\n        return x\n"
                     "def get_inputs():\n    return [torch.randn(8)]\n")
        phase = path + ".phase"
        p = subprocess.Popen([sys.executable, PROBE, path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=dict(os.environ, KWB_PROBE_PHASE_FILE=phase))
        try:
            deadline = time.monotonic() + 90
            seen = ""
            while time.monotonic() < deadline and seen != "Model.__init__()":
                time.sleep(0.2)
                if os.path.exists(phase):
                    with open(phase) as f:
                        seen = f.read()
            self.assertEqual(seen, "Model.__init__()")
        finally:
            p.kill()
            p.wait()



class ProbeOldTorchTest(unittest.TestCase):
    def test_byte_order_mark_is_not_a_syntax_error(self):
        # A file saved by a Windows editor (BOM + CRLF): Python runs it, the probe said "SyntaxError: invalid
        # non-printable character U+FEFF" on line 1 (new-user trial 10, #6)
        d = h.tempfile.mkdtemp()
        path = os.path.join(d, "bom.py")
        with open(path, "wb") as f:
            f.write(b"\xef\xbb\xbfimport torch\r\nclass Model(torch.nn.Module):\r\n    def forward(self, x):\r\n"
                    b"        return torch.sigmoid(x) * x\r\ndef get_inputs():\r\n    return [torch.randn(64, 32)]\r\n"
                    b"def get_init_inputs():\r\n    return []\r\n")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        doc = json.loads(p.stdout)
        self.assertEqual(doc["inputs"][0]["shape"], [64, 32])
        self.assertEqual(doc["pattern"]["primary"], "Elementwise")

    def test_old_torch_note(self):
        sys.path.insert(0, os.path.dirname(PROBE))
        import probe as pr
        note = pr.old_torch_note("1.13.0a0", "DataDependentShape",
                                 "aten::repeat_interleave has a data-dependent output shape")
        self.assertIn("this torch (1.13.0a0) is older than the tested 2.x", note)
        self.assertEqual(pr.old_torch_note("1.13.1", "DataDependentShape", "aten::nonzero has a data-dependent"), "")
        self.assertEqual(pr.old_torch_note("1.13.1", "SyntaxError", "invalid syntax"), "")
        self.assertIn("older", pr.old_torch_note("1.13.1", "MetaUnsupported", "no meta kernel"))
        self.assertEqual(pr.old_torch_note("2.11.0", "MetaUnsupported", "no meta kernel"), "")

    def test_an_error_the_file_raises_itself_has_no_old_torch_note(self):
        # a forward() that raises RuntimeError on its own `raise` line is the file's error under any torch; an op
        # failing inside torch on the file's call line keeps the note (test_repeat_interleave_..._says_so_once)
        for kind in ("RuntimeError", "NotImplementedError", "TypeError"):
            with self.subTest(kind=kind):
                p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                   "        raise %s('boom inside forward')\n"
                                   "def get_inputs():\n    return [torch.randn(4, 4)]\n"
                                   "def get_init_inputs():\n    return []\n" % kind))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual((err["kind"], err["line"]), (kind, 4))
                self.assertEqual(err["message"], "boom inside forward")

    def test_a_raise_anywhere_in_the_users_code_has_no_old_torch_note(self):
        # new-user trial 19, #16: get_inputs() calling a helper whose `if ...: raise RuntimeError(...)` line does not
        # start with `raise`, a raise over several lines, a raise in a module beside the file: no "newer torch"
        helper = ("import os\nimport torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                  "        return torch.relu(x)\n"
                  "def load(p):\n    if not os.path.exists(p): raise RuntimeError('dataset not mounted: ' + p)\n"
                  "def get_inputs():\n    return [load('/no/such/shards')]\ndef get_init_inputs():\n    return []\n")
        multi = ("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
                 "def get_inputs():\n    raise RuntimeError(\n        'dataset not mounted: '\n        '/data')\n"
                 "def get_init_inputs():\n    return []\n")
        for name, src, line, text in (("helper", helper, 7, "dataset not mounted: /no/such/shards"),
                                      ("multi-line", multi, 6, "dataset not mounted: /data")):
            with self.subTest(name=name):
                p, _ = probe(write(src))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual((err["kind"], err["message"]), ("RuntimeError", text))
                self.assertIn(err["line"], (line, line + 1))
        path = write("import torch\nfrom common import boom\nclass Model(torch.nn.Module):\n"
                     "    def forward(self, x):\n        return x\n"
                     "def get_inputs():\n    return [boom()]\ndef get_init_inputs():\n    return []\n")
        with open(os.path.join(os.path.dirname(path), "common.py"), "w") as f:
            f.write("def boom():\n    x = 1\n    if x: raise RuntimeError('no shards here')\n")
        p, _ = probe(path)
        err = json.loads(p.stdout)["error"]
        self.assertEqual((err["kind"], err["message"]), ("RuntimeError", "no shards here"))

    def test_a_file_with_a_nul_byte_is_not_text(self):
        # new-user trial 19, #16: "the probe does not support this model: ValueError: source code string cannot
        # contain null bytes (in the probe's probe.py...)" blamed the probe for the file
        path = write("import torch\nx = 1\n")
        with open(path, "ab") as f:
            f.write(b"y = 2\x00\n")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 3, p.stdout[-2000:])
        err = json.loads(p.stdout)["error"]
        self.assertEqual(err["kind"], "NotText")
        self.assertEqual(err["message"], "not a text file: it holds a NUL byte (line 3): a PyTorch logic file is "
                         "Python source")
        self.assertEqual(err["line"], 3)

    def test_the_files_own_mistakes_have_no_old_torch_note(self):
        # inputs that do not bind to forward(), a view to a size that does not fit: the file's mistakes under any
        # torch, told without "run kwb with a newer torch" (new-user trial 16, #4)
        body = "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return %s\n" \
               "def get_inputs():\n    return %s\ndef get_init_inputs():\n    return []\n"
        for forward, inputs, line, text in (
                ("torch.relu(x)", "[torch.randn(4, 4), torch.randn(4, 4)]", 6,
                 "get_inputs() returns 2 input(s) but Model.forward(x) does not take them"),
                ("x.view(-1, 10**12)", "[torch.randn(4, 4)]", 4, "is invalid for input of size 16")):
            with self.subTest(forward=forward):
                p, _ = probe(write(body % (forward, inputs)))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertIn(text, err["message"])
                self.assertEqual(err["line"], line)
                self.assertNotIn("newer torch", err["message"])

    def test_init_inputs_that_do_not_bind_are_the_files_mistake(self):
        # new-user trial 22, #2: three values for __init__(self, a, b) read "the probe does not support this model:
        # TypeError: ... (in the probe's probe.py:1065 in build)", blaming the probe and naming no line of the file
        body = "import torch\nclass Model(torch.nn.Module):\n    def __init__(self, a, b=2):\n" \
               "        super().__init__()\n        self.lin = torch.nn.Linear(a, b)\n" \
               "    def forward(self, x):\n        return self.lin(x)\n" \
               "def get_inputs():\n    return [torch.randn(4, 8)]\ndef get_init_inputs():\n    return %s\n"
        for init, count in (("[8, 2, 99]", 3), ("[]", 0)):
            with self.subTest(init=init):
                p, _ = probe(write(body % init))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual(err["kind"], "TypeError")
                self.assertIn("get_init_inputs() returns %d value(s) but Model.__init__(a, b=...) does not take them"
                              % count, err["message"])
                self.assertNotIn("does not support this model", err["message"])
                self.assertNotIn("newer torch", err["message"])
                self.assertEqual(err["line"], 11)

    def test_init_inputs_for_a_reference_function_name_the_function(self):
        # new-user trial 30, h10: `def Model(scale): return lambda x: x * scale` (a factory, not a class) read
        # "get_init_inputs() returns 1 value(s) but Model.__init__() does not take them (too many positional
        # arguments)": an __init__ the file never wrote; the probe had traced the function as the reference
        tail = "def get_inputs():\n    return [torch.randn(4, 4)]\ndef get_init_inputs():\n    return [2.0]\n"
        for src, name, line in (
                ("import torch\ndef Model(scale):\n    return lambda x: x * scale\n" + tail, "Model", 7),
                ("import torch\ndef reference(x):\n    return torch.relu(x)\n" + tail, "reference", 7)):
            with self.subTest(function=name):
                p, _ = probe(write(src))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual(err["kind"], "TypeError")
                self.assertIn("the file has no class Model, so the probe traced its function %s() as the reference"
                              % name, err["message"])
                self.assertIn("get_init_inputs() returns 1 value(s)", err["message"])
                self.assertNotIn("Model.__init__", err["message"])
                self.assertEqual(err["line"], line)

    def test_sys_exit_names_its_line_and_status(self):
        # new-user trial 30, h7: sys.exit(0) in forward() read "SystemExit: the logic file called sys.exit()" with no
        # line, and sys.exit(1) "SystemExit: 1". Members: in forward() with 0, at import with a message.
        body = "import sys, torch\n%sclass Model(torch.nn.Module):\n    def forward(self, x):\n        %s\n" \
               "def get_inputs():\n    return [torch.randn(4)]\n"
        for top, fwd, line, call in (("", "sys.exit(0)", 4, "sys.exit(0)"),
                                     ("sys.exit('no gpu')\n", "return x", 2, "sys.exit('no gpu')")):
            with self.subTest(call=call):
                p, _ = probe(write(body % (top, fwd)))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual(err["kind"], "SystemExit")
                self.assertEqual(err["message"], "the logic file called %s: the probe needs forward() to return; "
                                 "remove that call" % call)
                self.assertEqual(err["line"], line)

    def test_a_file_not_utf8_names_its_line_and_the_way_out(self):
        # new-user trial 28: "not UTF-8 text (byte 0xe9 at offset 74): a PyTorch logic file is Python source" named no
        # line, and a file declaring "coding: latin-1" (valid Python, PEP 263) was told it was not Python source
        tail = b"import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n" \
               b"def get_inputs():\n    return [torch.randn(4)]\n"
        for raw, line, text in (
                (b"# -*- coding: latin-1 -*-\nLABEL = 'caf\xe9'\n" + tail, 2,
                 "byte 0xe9 on line 2 (offset 38); the file declares coding latin-1, which Python honours, but kwb "
                 "reads problem files as UTF-8 only; save it as UTF-8, e.g. iconv -f latin-1 -t utf-8"),
                (tail + b"# caf\xe9 in a comment\n", 7, "byte 0xe9 on line 7"),
                (b"# coding: utf-8\nX = '\xff'\n" + tail, 2, "byte 0xff on line 2 (offset 21); save it as UTF-8")):
            with self.subTest(line=line):
                path = write("")
                with open(path, "wb") as f:
                    f.write(raw)
                p, _ = probe(path)
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual(err["kind"], "NotText")
                self.assertIn(text, err["message"])
                self.assertNotIn("is Python source", err["message"])
                self.assertEqual(err["line"], line)

    def test_a_branch_on_a_size_is_an_ambiguity(self):
        # new-user trial 28's 07 (probe21's h01 too): `if x.shape[-1] % 64 == 0` in forward() was traced on one branch
        # with "Ambiguities: none", and the harness's boundary_tail (1537 columns) crashed the kernel; an if statement
        # and a conditional expression are members, a branch on self.training or in __init__ is not
        body = ("import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                "        if torch.randn(2).shape[0] == 2:\n            self.k = 2\n"
                "    def forward(self, x):\n        if self.training:\n            x = x + 1\n"
                "        if x.shape[-1] %% 64 == 0:\n            x = torch.softmax(x.view(x.shape[0], -1, 64), -1).view(x.shape)\n"
                "        return %s\n"
                "def get_inputs():\n    return [torch.randn(4, 128)]\ndef get_init_inputs():\n    return []\n")
        p, _ = probe(write(body % "x * (2.0 if x.size(0) >= 256 else 1.0)"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        found = [(a["line"], a["why"]) for a in json.loads(p.stdout)["ambiguities"] if a["kind"] == "size_branch"]
        self.assertEqual([line for line, _ in found], [10, 12], found)
        self.assertIn("forward() branches on a size (if x.shape[-1] % 64 == 0)", found[0][1])
        self.assertIn("(if x.size(0) >= 256)", found[1][1])
        p, _ = probe(write(body.replace("        if x.shape[-1] %% 64 == 0:\n            x = torch.softmax(x.view(x.shape[0]"
                                        ", -1, 64), -1).view(x.shape)\n", "") % "x * 2.0"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        self.assertEqual([a for a in json.loads(p.stdout)["ambiguities"] if a["kind"] == "size_branch"], [])

    def test_a_size_branch_over_the_arguments_gets_a_plan_per_outcome(self):
        # issue 14 (trial 28 #1, probe21 #4): a size test over forward()'s arguments is a guard; the probe traces
        # forward() again at the harness's case sizes that give another outcome (spec["size_dispatch"]) and the
        # ambiguity says kernel.py dispatches. Members: an if statement (x.shape[-1] % 64), a conditional expression
        # (x.size(0) >= 256), a branch on ndim (one outcome at every case size: a run-time check only)
        tail = "def get_inputs():\n    return [torch.randn(%s)]\ndef get_init_inputs():\n    return []\n"
        head = "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
        for body, shape, tests, traced, others in (
                ("        if x.shape[-1] % 64 == 0:\n            y = torch.softmax(x.view(x.shape[0], -1, 64), -1)"
                 ".view_as(x)\n        else:\n            y = torch.softmax(x, -1)\n"
                 "        return y * (2.0 if x.size(0) >= 256 else 1.0)\n", "512, 1024",
                 ["x.shape[-1] % 64 == 0", "x.size(0) >= 256"], [True, True], [[False, False]]),
                ("        if x.ndim == 3:\n            x = x.mean(1)\n        return torch.relu(x)\n", "4, 6, 128",
                 ["x.ndim == 3"], [True], [])):
            with self.subTest(tests=tests):
                p, _ = probe(write(head + body + tail % shape))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])
                spec = json.loads(p.stdout)
                d = spec["size_dispatch"]
                self.assertEqual((d["params"], d["call"], d["tests"], d["traced"]), ("x", "x", tests, traced))
                self.assertEqual([q["outcomes"] for q in d["plans"]], others)
                for q in d["plans"]:  # a whole spec at those shapes, without the formula check's and its own fields
                    self.assertEqual([i["shape"] for i in q["spec"]["inputs"]], q["shapes"])
                    self.assertNotIn("size_dispatch", q["spec"])
                found = [a["why"] for a in spec["ambiguities"] if a["kind"] == "size_branch"]
                self.assertEqual(len(found), len(tests))
                self.assertTrue(all("dispatches on this test at run time" in w or "checks the test at run time" in w
                                    for w in found), found)
                self.assertTrue(all("raises a clear error" in w for w in found), found)
        # not a guard: the test reads a value forward() computed, so no dispatch and the warning says why
        p, _ = probe(write(head + "        h = x * 2\n        if h.shape[-1] % 64 == 0:\n            h = h + 1\n"
                           "        return h\n" + tail % "4, 128"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        spec = json.loads(p.stdout)
        self.assertNotIn("size_dispatch", spec)
        found = [a["why"] for a in spec["ambiguities"] if a["kind"] == "size_branch"]
        self.assertEqual(len(found), 1)
        self.assertIn("no run-time dispatch: its test reads h, not only forward()'s arguments", found[0])

    def test_probe21_h01_branch_gets_a_plan_for_the_odd_width(self):
        # probe21's h01 (H100, session 36: FAIL "expanded size 97 vs 96" at boundary_tail): the odd-width branch
        path = os.path.join(h.SOURCE, "tests", "data", "probe21", "h01_ShapeControlFlow_OddEvenBranch_ChunkLoop.py")
        p, _ = probe(path)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        d = json.loads(p.stdout)["size_dispatch"]
        self.assertEqual((d["tests"], d["traced"]), (["x.shape[-1] % 2 == 1"], [False]))
        self.assertEqual([q["outcomes"] for q in d["plans"]], [[True]])
        self.assertEqual(d["plans"][0]["shapes"][0][-1] % 2, 1)

    def test_missing_entry_points_are_named(self):
        # new-user trial 28: a Model without forward() read "the probe does not support this model:
        # NotImplementedError ... run kwb with a newer torch", and a file without get_init_inputs() whose Model needs
        # arguments read "get_init_inputs() returns 0 value(s)", naming a function that is not there
        head = "import torch\nclass Model(torch.nn.Module):\n"
        tail = "def get_inputs():\n    return [torch.randn(4, 8)]\n"
        init_tail = tail + "def get_init_inputs():\n    return []\n"
        for body, text, line in (
                (head + "    def __init__(self, scale):\n        super().__init__()\n        self.scale = scale\n"
                 "    def forward(self, x):\n        return x * self.scale\n" + tail,
                 "the file defines no get_init_inputs(), so Model() was built without arguments, but "
                 "Model.__init__(scale) needs them", 2),
                (head + "    def fwd(self, x):\n        return torch.relu(x)\n" + init_tail,
                 "Model defines no forward() (its methods: fwd)", 2),
                ("import torch\nimport torch.nn as nn\n\n" + head.replace("torch.nn.Module", "nn.Module")
                 + "    pass\n" + init_tail, "Model defines no forward():", 5)):
            with self.subTest(text=text):
                p, _ = probe(write(body))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertEqual(err["kind"], "TypeError")
                self.assertIn(text, err["message"])
                self.assertNotIn("does not support this model", err["message"])
                self.assertNotIn("newer torch", err["message"])
                self.assertEqual(err["line"], line)
        # an inherited forward and a Model of its own __call__ are not missing one; nor is a missing
        # get_init_inputs() when Model() takes no arguments
        for body in ("import torch\nclass Base(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n"
                     "class Model(Base):\n    pass\n" + tail,
                     head + "    def __call__(self, x):\n        return torch.relu(x)\n" + init_tail):
            with self.subTest(body=body):
                p, _ = probe(write(body))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])

    def test_reading_values_into_python_is_named(self):
        # new-user trial 29, h9: a numpy round trip in forward read "can't convert meta device type tensor to numpy.
        # Use Tensor.cpu() ... (run kwb with a newer torch)": both wrong advice. Members: .numpy() after .cpu(),
        # np.asarray(x), and .tolist() (a list, not numpy)
        for expr, how, line in (("torch.from_numpy(x.detach().cpu().numpy() * 2.0) + x", "to numpy", 5),
                                ("torch.as_tensor(numpy.asarray(x)) + x", "to numpy", 5),
                                ("torch.tensor(x.tolist()) * x", "to a Python list or number", 5)):
            with self.subTest(expr=expr):
                p, _ = probe(write("import numpy\nimport torch\nclass Model(torch.nn.Module):\n"
                                   "    def forward(self, x):\n        return %s\n"
                                   "def get_inputs():\n    return [torch.randn(4, 8)]\n"
                                   "def get_init_inputs():\n    return []\n" % expr))
                self.assertEqual(p.returncode, 3, p.stdout[-2000:])
                err = json.loads(p.stdout)["error"]
                self.assertIn("the file reads a tensor's values " + how, err["message"])
                self.assertNotIn("newer torch", err["message"])
                self.assertNotIn("Tensor.cpu()", err["message"])
                self.assertEqual(err["line"], line)

    def test_scans_without_a_meta_kernel_trace_by_formula(self):
        # cummax / cummin / logcumsumexp have no meta kernel in torch 1.13 (new-user trial 13's x03): the probe
        # shapes them as the input (values, and int64 indices for cummax / cummin) instead of failing
        for call, outs in (("torch.cummax(x, dim=1).values", [("float32", [4, 9]), ("int64", [4, 9])]),
                           ("torch.cummin(x, 0)[1]", [("float32", [4, 9]), ("int64", [4, 9])]),
                           ("torch.logcumsumexp(x, dim=-1)", [("float32", [4, 9])])):
            with self.subTest(call=call):
                p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                   "        return %s - x\n"
                                   "def get_inputs():\n    return [torch.randn(4, 9)]\n"
                                   "def get_init_inputs():\n    return []\n" % call))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])
                spec = json.loads(p.stdout)
                scan = spec["ops"][0]
                self.assertEqual([(o["dtype"], o["shape"]) for o in scan["outputs"]], outs)
                self.assertEqual(spec["outputs"][0]["shape"], [4, 9])
        # 3-D nearest upsampling (no 1.13 meta kernel either): by size, or floor(in * scale)
        for call, shape in (("F.interpolate(x, scale_factor=1.5, mode='nearest')", [1, 2, 4, 7, 3]),
                            ("F.interpolate(x, size=(5, 6, 7), mode='nearest-exact')", [1, 2, 5, 6, 7])):
            with self.subTest(call=call):
                p, _ = probe(write("import torch\nimport torch.nn.functional as F\n"
                                   "class Model(torch.nn.Module):\n    def forward(self, x):\n"
                                   "        return %s * 2\n"
                                   "def get_inputs():\n    return [torch.randn(1, 2, 3, 5, 2)]\n"
                                   "def get_init_inputs():\n    return []\n" % call))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])
                self.assertEqual(json.loads(p.stdout)["outputs"][0]["shape"], shape)

    def test_integer_shifts_without_a_meta_kernel_trace_by_formula(self):
        # torch 1.13 has no meta kernel for `>>` / `<<` (aten::__rshift__.Scalar): phase 1 stopped with exit 2 on
        # trial 20's t20_int_hash (#6). Shaped as the broadcast of the operands, in their promoted dtype; the
        # tensor-tensor and in-place forms too
        for call, dtype, shape in (("(a >> 2) ^ a", "int64", [6, 5]),
                                   ("a << b", "int64", [6, 5]),
                                   ("torch.bitwise_right_shift(b, 1) + 0", "int32", [1, 5]),
                                   ("a.clone().__irshift__(3)", "int64", [6, 5])):
            with self.subTest(call=call):
                p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, a, b):\n"
                                   "        return %s\n"
                                   "def get_inputs():\n    return [torch.randint(0, 1 << 20, (6, 5)), "
                                   "torch.randint(0, 8, (1, 5), dtype=torch.int32)]\n"
                                   "def get_init_inputs():\n    return []\n" % call))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])
                spec = json.loads(p.stdout)
                self.assertEqual((spec["outputs"][0]["dtype"], spec["outputs"][0]["shape"]), (dtype, shape))
        # trial 20's own problem: xor, shifts, remainder, a count per row
        p, _ = probe(os.path.join(h.SOURCE, "docs", "results", "trial20-problems", "t20_int_hash.py"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        spec = json.loads(p.stdout)
        self.assertIn("aten::__rshift__", [o["op"] for o in spec["ops"]])
        self.assertEqual(spec["outputs"][0]["shape"], [64])

    def test_cross_entropy_with_weight_and_smoothing_traces_its_static_parts(self):
        # probe19 q12 (session 31): F.cross_entropy(weight=, label_smoothing=, reduction mean) sizes its normaliser
        # with a masked_select in ATen (data-dependent on meta tensors: the probe failed); the loss's shape is
        # static, so the probe traces it as its parts -- log_softmax, the weighted mean nll, the smoothing term and
        # the target weights' sum as nll_loss(-1, 'sum')
        for call, x, t in (
                ("F.cross_entropy(x, t, weight=self.w, ignore_index=-100, label_smoothing=0.1)",
                 "torch.randn(6, 5)", "torch.tensor([0, 4, -100, 2, 2, 1])"),
                ("torch.nn.CrossEntropyLoss(weight=self.w, ignore_index=3, label_smoothing=0.2)(x, t)",
                 "torch.randn(2, 5, 3, 4)", "torch.randint(0, 5, (2, 3, 4))")):
            with self.subTest(call=call):
                p, _ = probe(write("import torch\nimport torch.nn.functional as F\n"
                                   "class Model(torch.nn.Module):\n    def __init__(self):\n"
                                   "        super().__init__()\n"
                                   "        self.register_buffer('w', torch.linspace(0.5, 2.0, 5))\n"
                                   "    def forward(self, x, t):\n        return %s\n"
                                   "def get_inputs():\n    return [%s, %s]\n"
                                   "def get_init_inputs():\n    return []\n" % (call, x, t)))
                self.assertEqual(p.returncode, 0, p.stdout[-2000:])
                spec = json.loads(p.stdout)
                self.assertEqual(spec["outputs"][0]["shape"], [])
                names = [o["op"] for o in spec["ops"]]
                self.assertEqual(names.count("aten::nll_loss_forward") + names.count("aten::nll_loss2d_forward"), 2)
                self.assertNotIn("aten::masked_select", names)
                self.assertTrue(any("cross_entropy was traced as its static-shape parts" in n for n in spec["notes"]),
                                spec["notes"])

    def test_cross_entropy_parts_equal_torch(self):
        # the parts compute torch's own loss (on real CPU tensors: weights, smoothing, an ignore_index inside and
        # outside the classes, one row, every row but one ignored), and apply to no other call
        sys.path.insert(0, os.path.join(h.SOURCE, "resources", "python"))
        import torch
        import torch.nn.functional as F
        from probe_trace import _cross_entropy_parts
        gen = torch.Generator().manual_seed(3)
        for shape, ignore, ls in (((7, 5), -100, 0.1), ((3, 5, 4, 2), 255, 0.3), ((1, 5), 2, 0.05),
                                  ((5,), -100, 0.2), ((6, 5), 1, 0.5)):
            with self.subTest(shape=shape, ignore=ignore, ls=ls):
                x = torch.randn(*shape, generator=gen, dtype=torch.float64)
                tshape = shape[:1] + shape[2:] if len(shape) > 1 else ()
                t = torch.randint(0, 5, tshape, generator=gen)
                if t.dim() >= 1 and t.numel() > 1:
                    t.view(-1)[0] = ignore
                    if ignore == 1:
                        t.fill_(1)
                        t.view(-1)[-1] = 3  # every row but one ignored
                w = torch.rand(5, generator=gen, dtype=torch.float64) + 0.25
                want = F.cross_entropy(x, t, weight=w, ignore_index=ignore, label_smoothing=ls)
                got = _cross_entropy_parts(x, t, weight=w, ignore_index=ignore, label_smoothing=ls)
                self.assertEqual(got.shape, want.shape)
                self.assertTrue(torch.allclose(got, want, rtol=1e-12, atol=1e-12), (got, want))
        x, t = torch.randn(4, 3), torch.tensor([0, 1, 2, 1])
        self.assertIsNone(_cross_entropy_parts(x, t, label_smoothing=0.1))  # no weight: no masked_select
        self.assertIsNone(_cross_entropy_parts(x, t, weight=torch.ones(3), reduction="sum", label_smoothing=0.1))
        self.assertIsNone(_cross_entropy_parts(x, t, weight=torch.ones(3)))  # no smoothing
        self.assertIsNone(_cross_entropy_parts(x, torch.softmax(x, 1), weight=torch.ones(3), label_smoothing=0.1))

    def test_number_to_a_tensor_power_keeps_its_base(self):
        # 10000.0 ** t (a rotary embedding's frequencies, trial 13's x09): torch.pow(number, t), the base a constant;
        # torch 1.13 wrapped it in a meta tensor whose value the spec lost
        p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                           "        return x * (10000.0 ** (torch.arange(0, 8, 2, dtype=torch.float32) / 8))\n"
                           "def get_inputs():\n    return [torch.randn(3, 4)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        pw = [o for o in json.loads(p.stdout)["ops"] if o["op"] == "aten::pow"]
        self.assertEqual(len(pw), 1)
        self.assertEqual(pw[0]["pw"]["args"][0], {"const": 10000.0})

    def test_repeat_interleave_traces_as_its_definition(self):
        # an int count: unsqueeze, expand, reshape on every torch (install_repeat_interleave_shim; 1.13 could not
        # size torch's own on meta), so the attention planner sees one GQA form
        p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, k):\n"
                           "        return k.repeat_interleave(4, dim=1)\n"
                           "def get_inputs():\n    return [torch.randn(2, 8, 16, 32)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        spec = json.loads(p.stdout)
        ops = [o["op"].split("::")[-1] for o in spec["ops"]]
        self.assertIn("expand", ops)
        self.assertEqual(spec["outputs"][0]["shape"], [2, 32, 16, 32])

    def test_repeat_interleave_of_a_tensor_under_old_torch_says_so_once(self):
        import torch
        p, _ = probe(write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, k):\n"
                           "        return k.repeat_interleave(torch.tensor([1, 2, 3, 1, 1, 2, 2, 4]), dim=1)\n"
                           "def get_inputs():\n    return [torch.randn(2, 8, 16, 32)]\n"
                           "def get_init_inputs():\n    return []\n"))
        if int(torch.__version__.split(".")[0]) >= 2:
            self.skipTest("torch %s is not older than 2.x" % torch.__version__)
        self.assertEqual(p.returncode, 3, p.stdout[-2000:])
        msg = json.loads(p.stdout)["error"]["message"]
        self.assertEqual(msg.count("is older than the tested 2.x"), 1, msg)
        self.assertIn("torch (%s)" % torch.__version__.split("+")[0], msg)

    def test_one_hot_with_num_classes_traces_as_a_comparison_with_an_arange(self):
        # probe20 (r07, a top-2 MoE router): torch 1.13 cannot size F.one_hot on meta; the shim's definition (an eq
        # against arange(n), cast to int64) is one the planner reads exactly, on every torch
        p, _ = probe(write("import torch\nimport torch.nn.functional as F\n"
                           "class Model(torch.nn.Module):\n    def forward(self, x):\n"
                           "        i = torch.topk(x, 2, dim=-1).indices\n"
                           "        return (F.one_hot(i, 8).to(x.dtype) * 2.0).sum(-2)\n"
                           "def get_inputs():\n    return [torch.randn(16, 8)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        spec = json.loads(p.stdout)
        ops = [o["op"].split("::")[-1] for o in spec["ops"]]
        self.assertIn("arange", ops)
        self.assertIn("eq", ops)
        self.assertEqual(spec["outputs"][0]["shape"], [16, 8])

    def test_gaussian_nll_loss_traces_without_its_data_check(self):
        # probe20 r16: torch's `if torch.any(var < 0): raise` cannot be answered on meta tensors (torch 1.13 raised
        # "var has negative entry/entries" for a softplus var); the shim is torch's definition without the check
        p, _ = probe(write("import torch\nimport torch.nn.functional as F\n"
                           "class Model(torch.nn.Module):\n    def forward(self, m, v, t):\n"
                           "        return F.gaussian_nll_loss(m, t, F.softplus(v), full=True, reduction='sum')\n"
                           "def get_inputs():\n    return [torch.randn(32, 6), torch.randn(32, 6), torch.randn(32, 6)]\n"
                           "def get_init_inputs():\n    return []\n"))
        self.assertEqual(p.returncode, 0, p.stdout[-2000:])
        spec = json.loads(p.stdout)
        ops = [o["op"].split("::")[-1] for o in spec["ops"]]
        self.assertIn("log", ops)
        self.assertEqual(spec["outputs"][0]["shape"], [])

    def test_data_dependent_shims_compute_torchs_values(self):
        # the shims' values are torch's own (one_hot exactly; gaussian_nll_loss to rounding: the same formula), with
        # the homoscedastic var shapes and every reduction; F is restored afterwards
        import torch
        import torch.nn.functional as F
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources", "python"))
        from probe import install_data_dependent_shims
        saved = (F.one_hot, F.gaussian_nll_loss)
        try:
            i = torch.randint(0, 7, (5, 3))
            want_oh = saved[0](i, 7)
            torch.manual_seed(0)
            cases = []
            for vshape in [(4, 5, 3), (4, 5), (4, 5, 1)]:
                for r in ("none", "mean", "sum"):
                    for full in (False, True):
                        cases.append((torch.randn(4, 5, 3), torch.randn(4, 5, 3), torch.rand(vshape) + 1e-7, full, r))
            want = [saved[1](m, t, v, full=full, eps=1e-6, reduction=r) for m, t, v, full, r in cases]
            install_data_dependent_shims(torch)
            got_oh = F.one_hot(i, 7)
            self.assertEqual(got_oh.dtype, want_oh.dtype)
            self.assertTrue(torch.equal(got_oh, want_oh))
            for (m, t, v, full, r), w in zip(cases, want):
                g = F.gaussian_nll_loss(m, t, v, full=full, eps=1e-6, reduction=r)
                self.assertEqual(g.shape, w.shape, (v.shape, r))
                self.assertTrue(torch.allclose(g, w, rtol=1e-6, atol=1e-6), (v.shape, r, full))
        finally:
            F.one_hot, F.gaussian_nll_loss = saved


if __name__ == "__main__":
    unittest.main()
