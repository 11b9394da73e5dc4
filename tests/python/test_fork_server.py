"""tests/python/fork_server.py (tst_chains's emulated rows run through it): each request behaves as a fresh
`python3 SCRIPT ARGS` would, and nothing one child does reaches the next (module state, torch's global settings,
sys.modules, environment), a crash, an exception or a hang included."""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "fork_server.py")

PROBE = textwrap.dedent("""\
    import os, sys, torch
    mode = sys.argv[1]
    print("argv=%s path0=%s" % (sys.argv[1:], sys.path[0]))
    print("dtype=%s threads=%d grad=%s" % (torch.get_default_dtype(), torch.get_num_threads(),
                                           torch.is_grad_enabled()))
    print("problem_loaded=%s env=%s" % ("problem" in sys.modules, os.environ.get("KWB_FORK_PROBE")))
    print("stderr line", file=sys.stderr)
    if mode == "dirty":  # leaves every kind of global state behind
        torch.set_default_dtype(torch.float64)
        torch.set_grad_enabled(False)
        torch.set_num_threads(1)
        sys.modules["problem"] = sys
        os.environ["KWB_FORK_PROBE"] = "dirty"
        x = torch.randn(256, 256) @ torch.randn(256, 256)  # an op that may start the intra-op pool
    elif mode == "raise":
        raise ValueError("boom from the script")
    elif mode == "exit3":
        sys.exit(3)
    elif mode == "exitstr":
        sys.exit("FAIL as a string")
    elif mode == "segv":
        import ctypes
        ctypes.string_at(0)
    elif mode == "hang":
        print("before the hang", flush=True)
        import time
        time.sleep(600)
    elif mode == "path":
        import probe_helper_mod
        print("helper=%s" % probe_helper_mod.WHERE)
    """)


class ForkServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.probe = os.path.join(cls.tmp.name, "probe.py")
        with open(cls.probe, "w") as f:
            f.write(PROBE)
        cls.extra = os.path.join(cls.tmp.name, "extra")
        os.mkdir(cls.extra)
        with open(os.path.join(cls.extra, "probe_helper_mod.py"), "w") as f:
            f.write("WHERE = 'extra'\n")
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        cls.server = subprocess.Popen([sys.executable, SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      env=env, text=True)
        cls.ready = json.loads(cls.server.stdout.readline())

    @classmethod
    def tearDownClass(cls):
        cls.server.stdin.close()
        cls.server.wait(60)
        cls.tmp.cleanup()

    def ask(self, mode, timeout=120, env=None):
        self.server.stdin.write(json.dumps({"script": self.probe, "args": [mode], "timeout": timeout,
                                            "env": env or {}}) + "\n")
        self.server.stdin.flush()
        return json.loads(self.server.stdout.readline())

    def fresh(self, mode, env=None):
        e = dict(os.environ)
        e.pop("PYTHONPATH", None)
        e.update(env or {})
        p = subprocess.run([sys.executable, self.probe, mode], capture_output=True, text=True, env=e, timeout=300)
        return {"rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr, "timed_out": False}

    def test_ready_single_threaded(self):
        self.assertTrue(self.ready["ready"])
        self.assertEqual(self.ready["threads"], 1)

    def test_same_as_a_fresh_process(self):
        for mode in ("plain", "raise"):  # the traceback as the interpreter prints it, no frame of the server's
            got, want = self.ask(mode), self.fresh(mode)
            self.assertEqual(got, want, mode)
        self.assertEqual(self.ask("exit3")["rc"], 3)
        exitstr = self.ask("exitstr")
        self.assertEqual((exitstr["rc"], exitstr["stderr"]), (1, "stderr line\nFAIL as a string\n"))

    def test_a_child_leaves_nothing_behind(self):
        clean = self.ask("plain")
        self.assertEqual(self.ask("dirty")["rc"], 0)
        self.assertEqual(self.ask("plain"), clean)  # default dtype, grad mode, threads, sys.modules, environment
        self.assertIn("dtype=torch.float32", clean["stdout"])
        self.assertIn("problem_loaded=False env=None", clean["stdout"])

    def test_crash_and_hang_do_not_poison_later_runs(self):
        segv = self.ask("segv")
        self.assertEqual(segv["rc"], -11)
        hang = self.ask("hang", timeout=3)
        self.assertTrue(hang["timed_out"])
        self.assertIn("before the hang", hang["stdout"])
        self.assertEqual(self.ask("plain"), self.fresh("plain"))

    def test_environment_and_pythonpath(self):
        env = {"PYTHONPATH": self.extra, "KWB_FORK_PROBE": "set"}
        got, want = self.ask("path", env=env), self.fresh("path", env=env)
        self.assertEqual(got, want)
        self.assertIn("helper=extra", got["stdout"])
        self.assertIn("env=set", got["stdout"])
        self.assertIn("env=None", self.ask("plain")["stdout"])

    def test_bad_request(self):
        self.server.stdin.write("not json\n")
        self.server.stdin.flush()
        self.assertIn("error", json.loads(self.server.stdout.readline()))
        self.assertEqual(self.ask("plain")["rc"], 0)


if __name__ == "__main__":
    unittest.main()
