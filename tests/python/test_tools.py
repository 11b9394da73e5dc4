"""Tests of the workspace shims (resources/templates/tools/*.py) against a fake kwb that echoes what
it was asked, so the seed's commands are checked to reach kwb exactly as written."""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

import harness_support as h

FAKE_KWB = textwrap.dedent("""\
    #!%s
    import json, os, sys
    print(json.dumps({"argv": sys.argv[1:], "workspace": os.environ.get("KWB_WORKSPACE")}))
    sys.exit(int(os.environ.get("FAKE_KWB_RC", "0")))
    """) % sys.executable


class ToolsTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="kwb_tools_")
        self.addCleanup(shutil.rmtree, self.root)
        self.ws = os.path.join(self.root, "kernel_opt_x")
        os.makedirs(os.path.join(self.ws, ".kwb"))
        shutil.copytree(h.TOOLS, os.path.join(self.ws, "tools"))
        self.kwb = os.path.join(self.root, "bin", "kwb")
        os.makedirs(os.path.dirname(self.kwb))
        with open(self.kwb, "w") as f:
            f.write(FAKE_KWB)
        os.chmod(self.kwb, os.stat(self.kwb).st_mode | stat.S_IXUSR)

    def tool(self, name, *args, env=None, cwd=None):
        e = {k: v for k, v in os.environ.items() if k not in ("KWB", "KWB_WORKSPACE", "TEST_TIMEOUT_SEC")}
        e["PATH"] = "/usr/bin:/bin"  # no kwb on PATH unless a test puts it there
        e.update(env or {})
        return subprocess.run([sys.executable, os.path.join(self.ws, "tools", name)] + list(args),
                              env=e, cwd=cwd or self.ws, capture_output=True, text=True, timeout=60)

    def echoed(self, p):
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def test_compute_utilization_passes_the_seeds_flags(self):
        flags = ["--gpu", "H200", "--dtype", "float32", "--flops-expr", "M*N", "--bytes-expr", "8*M*N",
                 "--time-ms", "3.07", "--grid-blocks", "4096", "--var", "M=4096"]
        out = self.echoed(self.tool("compute_utilization.py", *flags, env={"KWB": self.kwb}))
        self.assertEqual(out["argv"], ["utilization"] + flags)
        self.assertEqual(out["workspace"], self.ws)

    def test_memory_manager_create_and_update(self):
        env = {"KWB": self.kwb}
        out = self.echoed(self.tool("memory_manager.py", "create", "--workspace", "kernel_opt_x",
                                    "--version", "v0", env=env))
        self.assertEqual(out["argv"], ["memory", "create", "--workspace", "kernel_opt_x", "--version", "v0"])
        out = self.echoed(self.tool("memory_manager.py", "update", "--workspace", "W", "--version", "v0",
                                    "--set", "performance.latency_us=3070.5", "--set",
                                    "correctness.status=PASS", env=env))
        self.assertEqual(out["argv"], ["memory", "update", "--workspace", "W", "--version", "v0", "--set",
                                       "performance.latency_us=3070.5", "--set", "correctness.status=PASS"])
        p = self.tool("memory_manager.py", "delete", env=env)
        self.assertEqual(p.returncode, 2)
        self.assertIn("unknown subcommand 'delete'", p.stderr)

    def test_plugin_list_and_query(self):
        env = {"KWB": self.kwb}
        self.assertEqual(self.echoed(self.tool("plugin.py", "list", env=env))["argv"], ["plugin", "list"])
        q = '{"operator": "relu", "arch": "sm_90"}'
        out = self.echoed(self.tool("plugin.py", "query", "gpu-wiki", "--input", q, env=env))
        self.assertEqual(out["argv"], ["plugin", "query", "gpu-wiki", "--input", q])

    def test_kwb_exit_code_propagates(self):
        p = self.tool("plugin.py", "list", env={"KWB": self.kwb, "FAKE_KWB_RC": "3"})
        self.assertEqual(p.returncode, 3)

    def test_kwb_found_through_kwb_path_file_then_path(self):
        with open(os.path.join(self.ws, ".kwb", "kwb_path"), "w") as f:
            f.write(self.kwb + "\n")
        self.assertEqual(self.echoed(self.tool("plugin.py", "list"))["argv"], ["plugin", "list"])
        os.remove(os.path.join(self.ws, ".kwb", "kwb_path"))
        p = self.tool("plugin.py", "list", env={"PATH": os.path.dirname(self.kwb) + ":/usr/bin:/bin"})
        self.assertEqual(self.echoed(p)["argv"], ["plugin", "list"])

    def test_kwb_not_found_is_a_clear_error(self):
        p = self.tool("compute_utilization.py", "--gpu", "H200", env={"KWB": "/nonexistent/kwb"})
        self.assertEqual(p.returncode, 127)
        self.assertIn("cannot find the kwb command-line tool", p.stderr)
        self.assertIn("$KWB=/nonexistent/kwb (not an executable file)", p.stderr)
        self.assertIn("kwb_path (absent)", p.stderr)

    def test_sandbox_runs_in_the_workspace_with_the_timeout_env_and_exit_code(self):
        script = os.path.join(self.ws, "probe_env.py")
        with open(script, "w") as f:
            f.write("import os, sys\nprint(os.getcwd()); print(os.environ['TEST_TIMEOUT_SEC']);"
                    "print(os.environ['PYTHONUNBUFFERED']); print(sys.executable); sys.exit(5)\n")
        other = tempfile.mkdtemp(prefix="kwb_cwd_")
        self.addCleanup(shutil.rmtree, other)
        p = self.tool("sandbox.py", "--kind", "run", "--no-sync", "--", "python", "probe_env.py", cwd=other)
        self.assertEqual(p.returncode, 5, p.stderr)
        cwd, timeout, unbuffered, exe = p.stdout.split()
        self.assertEqual(os.path.realpath(cwd), os.path.realpath(self.ws))
        self.assertEqual(timeout, "30")
        self.assertEqual(unbuffered, "1")
        self.assertEqual(exe, sys.executable)  # bare `python` runs under the sandbox's interpreter
        p = self.tool("sandbox.py", "--kind", "run", "--no-sync", "--", "python", "probe_env.py",
                      env={"TEST_TIMEOUT_SEC": "7"})
        self.assertEqual(p.stdout.split()[1], "7")
        p = self.tool("sandbox.py", "--case-timeout", "9", "--", "python", "probe_env.py",
                      env={"TEST_TIMEOUT_SEC": "7"})
        self.assertEqual(p.stdout.split()[1], "9")

    def test_sandbox_reports_a_signal_as_128_plus_n(self):
        p = self.tool("sandbox.py", "--kind", "run", "--", sys.executable, "-c",
                      "import os, signal; os.kill(os.getpid(), signal.SIGTERM)")
        self.assertEqual(p.returncode, 128 + 15)

    def test_sandbox_rejects_other_kinds_and_missing_commands(self):
        p = self.tool("sandbox.py", "--kind", "profile", "--", "true")
        self.assertEqual(p.returncode, 2)
        self.assertIn("only --kind run", p.stderr)
        p = self.tool("sandbox.py", "--kind", "run", "--")
        self.assertEqual(p.returncode, 2)
        self.assertIn("no command given", p.stderr)

    def test_the_seeds_v0_command_through_the_sandbox(self):
        root, ws = h.make_workspace("relu.py", "good_relu.py", tools=True)
        self.addCleanup(shutil.rmtree, root)
        e = {k: v for k, v in os.environ.items() if k != "TEST_TIMEOUT_SEC"}
        e["KWB_HARNESS_DEVICE"] = "cpu"
        p = subprocess.run([sys.executable, os.path.join(ws, "tools", "sandbox.py"), "--kind", "run",
                            "--no-sync", "--", "python", "test_kernel.py", "--version", "v0", "--no-memory",
                            "--skip", "dtype_bf16"], env=e, capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        line = [l for l in p.stdout.splitlines() if l.startswith("[test_kernel] RESULT_JSON=")]
        self.assertEqual(len(line), 1)
        self.assertEqual(h.strict_loads(line[0].split("=", 1)[1])["status"], "PASS")


if __name__ == "__main__":
    unittest.main()
