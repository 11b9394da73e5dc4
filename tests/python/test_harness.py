"""Tests of the generated harness (resources/templates/test_kernel.py.in), run under Debian's torch on
the CPU. Bad kernels run WITHOUT --cpu-dry-run through the harness's test-only switch
KWB_HARNESS_DEVICE=cpu (mode "cpu-test"), so the real kernel path is exercised."""
import os
import re
import shutil
import tempfile
import time
import unittest

import torch

import harness_support as h

CPU = {"KWB_HARNESS_DEVICE": "cpu"}


class TemplateTest(unittest.TestCase):
    def test_exactly_the_known_placeholders(self):
        with open(h.TEMPLATE, encoding="utf-8") as f:
            found = sorted(set(re.findall(r"\{\{[A-Z_]+\}\}", f.read())))
        self.assertEqual(found, sorted(h.PLACEHOLDERS))

    def test_rendered_file_has_no_placeholder_left_and_compiles(self):
        text = h.render(h.RELU_SPEC)
        self.assertNotIn("{{", text)
        compile(text, "test_kernel.py", "exec")

    def test_spec_with_quotes_and_backslashes_survives_the_raw_string(self):
        spec = dict(h.RELU_SPEC, notes=['a """ quote', "back\\slash", "tab\t"])
        root, ws = h.make_workspace("relu.py", spec=spec)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--list-cases")
        self.assertEqual(r.rc, 0, r)


class DryRunTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # kernel.py that cannot import: proves the dry run never imports it
        cls.root, cls.ws = h.make_workspace("relu.py", "missing_cutlass.py")
        cls.out = h.run_harness(cls.ws, "--cpu-dry-run", "--no-memory")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root)

    def test_all_cases_pass_and_exit_0(self):
        r = self.out
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS")
        names = ["problem_shape", "boundary_tail", "boundary_size1", "dtype_bf16", "dtype_fp16", "strided"]
        self.assertEqual(list(r.results), names)
        self.assertEqual(r.starts, names)  # CASE_START before each CASE_RESULT
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
            self.assertIn("not a kernel measurement", c["dry_run_note"])
            for key in ("name", "status", "shape", "dtype", "rel_err", "threshold", "latency_us",
                        "ref_latency_us", "reason"):
                self.assertIn(key, c)

    def test_result_json_fields(self):
        res = self.out.result
        self.assertEqual(res["mode"], "cpu-dry-run")
        self.assertIn("not a kernel measurement", res["dry_run_note"])
        for key in ("version", "mode", "status", "framework", "gpu", "torch", "triton", "timing_method",
                    "cases", "max_rel_err", "primary_case", "latency_us", "ref_latency_us",
                    "latency_stats", "ref_latency_stats", "grid_blocks", "dry_run_note"):
            self.assertIn(key, res)
        self.assertEqual(res["version"], "v0")
        self.assertEqual(res["framework"], "triton")
        self.assertEqual(res["gpu"], "cpu")
        self.assertEqual(res["primary_case"], "problem_shape")
        self.assertEqual(res["max_rel_err"], 0.0)  # the reference against itself
        self.assertIn("perf_counter", res["timing_method"])
        self.assertGreater(res["latency_us"], 0.0)
        self.assertGreater(res["ref_latency_us"], 0.0)
        self.assertGreaterEqual(res["latency_stats"]["n"], 3)
        for key in ("host_us", "ref_host_us"):  # GPU only: the CPU's perf_counter time is host time
            self.assertNotIn(key, res)
            self.assertNotIn(key, self.out.results["problem_shape"])
        self.assertNotIn("host_us", res["latency_stats"])

    def test_derived_shapes_are_not_multiples_of_the_tile(self):
        r = self.out.results
        self.assertEqual(r["problem_shape"]["shape"], [[33, 1000]])
        self.assertEqual(r["boundary_tail"]["shape"], [[7, 385]])   # 385 = 256 + 128 + 1
        self.assertEqual(r["boundary_size1"]["shape"], [[1, 385]])
        self.assertEqual(r["dtype_bf16"]["dtype"], "bfloat16")
        self.assertEqual(r["strided"]["layout"], "padded")
        self.assertIn("randn+0.5", r["boundary_tail"]["inputs"])

    def test_real_kernelbench_problem_is_scaled_down(self):
        src = os.path.join(os.environ.get("KWB_SHARED_DIR", os.path.join(h.SOURCE, "..", "shared")),
                           "data", "kernelbench", "level1", "19_ReLU.py")
        if not os.path.exists(src):
            self.skipTest("KernelBench data not present")
        spec = h.spec_for("19_ReLU", [{"name": "x", "shape": [4096, 393216], "stride": [393216, 1]}])
        root, ws = h.make_workspace("relu.py", spec=spec, tile=1024)
        self.addCleanup(shutil.rmtree, root)
        shutil.copy(src, os.path.join(ws, "reference.py"))
        t0 = time.monotonic()
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory")
        self.assertEqual(r.rc, 0, r)
        self.assertLess(time.monotonic() - t0, 30)
        for c in r.results.values():
            for shape in c["shape"]:
                self.assertEqual(len(shape), 2)              # rank kept
                self.assertLessEqual(shape[0] * shape[1], 1 << 20)
        self.assertNotEqual(r.results["boundary_tail"]["shape"][0][1] % 1024, 0)


    def test_dims_tied_to_the_model_run_at_full_size_and_say_so(self):
        # Every input size is also a constructor argument (a level-2 conv's channels and spatial size
        # coincided so): nothing can be scaled down. The dry run then says it ran the problem's own
        # shapes, and the boundary cases it could not derive are listed with the reason, not dropped.
        spec = h.spec_for("tied", [{"name": "x", "shape": [768, 768], "stride": [768, 1]}], init_args=[768])
        root, ws = h.make_workspace("relu.py", spec=spec, tile=1024)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
                    "    def __init__(self, n):\n        super().__init__()\n        self.n = n\n\n"
                    "    def forward(self, x):\n        return torch.relu(x)\n\n\n"
                    "def get_inputs():\n    return [torch.randn(768, 768)]\n\n\n"
                    "def get_init_inputs():\n    return [768]\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["shape"], [[768, 768]])
        self.assertIn("at the problem's own shapes", r.results["problem_shape"]["dry_run_note"])
        self.assertNotIn("scaled-down", r.results["problem_shape"]["dry_run_note"])
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        self.assertEqual(sorted(skipped), ["boundary_size1", "boundary_tail"])
        self.assertIn("no input dim can be resized: every size (768)", skipped["boundary_tail"])
        self.assertIn("problem_shape", r.result["dry_run_note"])

    def test_attention_dry_run_under_old_torch(self):
        # torch < 2.0 has no F.scaled_dot_product_attention: the dry run's reference runs on its math
        # definition and says so (every case was an AttributeError before: fresh-user trial).
        import torch
        # torch's own, not probe.install_sdpa_shim's (chain_emulate installs it in this process for other tests)
        sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
        had = sdpa is not None and getattr(sdpa, "__module__", "") != "probe"
        spec = h.spec_for("sdpa", [{"name": n, "shape": [2, 4, 64, 32], "stride": [8192, 2048, 32, 1]} for n in "qkv"],
                          pattern="Attention")
        root, ws = h.make_workspace("relu.py", spec=spec, tile=64)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\nclass Model(nn.Module):\n"
                    "    def forward(self, q, k, v):\n        return F.scaled_dot_product_attention(q, k, v)\n\n\n"
                    "def get_inputs():\n    return [torch.randn(2, 4, 64, 32) for _ in range(3)]\n\n\n"
                    "def get_init_inputs():\n    return []\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory")
        self.assertEqual(r.rc, 0, r)
        self.assertTrue(all(c["status"] == "PASS" for c in r.results.values()), r.results)
        if had:
            self.assertFalse(r.result.get("torch_shims"))
        else:
            self.assertIn("lacks F.scaled_dot_product_attention", r.result["torch_shims"][0])
        # a problem that never calls it gets no note (the first version noted it for every dry run)
        self.assertEqual(self.out.result.get("torch_shims") or [], [])

    def test_inaccurate_low_precision_stand_in_is_not_a_failure(self):
        # torch's CPU float16 Frobenius norm is far off (rel_err ~1.15 at the scaled-down shape); in a dry
        # run the stand-in is then recomputed in float32 and cast, with a warning, not reported as FAIL
        src = os.path.join(os.environ.get("KWB_SHARED_DIR", os.path.join(h.SOURCE, "..", "shared")),
                           "data", "kernelbench", "level1", "37_FrobeniusNorm_.py")
        if not os.path.exists(src):
            self.skipTest("KernelBench data not present")
        spec = h.spec_for("37_FrobeniusNorm_", [{"name": "x", "shape": [112, 64, 512, 512],
                                                 "stride": [64 * 512 * 512, 512 * 512, 512, 1]}],
                          pattern="Normalization")
        root, ws = h.make_workspace("relu.py", spec=spec, tile=1024)
        self.addCleanup(shutil.rmtree, root)
        shutil.copy(src, os.path.join(ws, "reference.py"))
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "dtype_fp16")
        self.assertEqual(r.rc, 0, r)
        c = r.results["dtype_fp16"]
        self.assertEqual(c["status"], "PASS", c)
        self.assertTrue(any("stand-in was inaccurate on the CPU" in w for w in c.get("warnings", [])), c)

    def test_dry_run_in_place_reference_missing_a_half_op(self):
        # x.mul_(2); x.add_(1); relu_(x): relu_ on Half is missing on the CPU, so the fp16 stand-in raised
        # after writing x half way; the written-back check compared that x*2+1 with the reference's relu
        # and FAILed the kernel in a dry run (trial 8, finding 3). The float32 run supplies x now.
        spec = h.spec_for("inplace", [{"name": "x", "shape": [64, 256], "stride": [256, 1]}])
        root, ws = h.make_workspace("relu.py", spec=spec, tile=1024)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
                    "    def forward(self, x):\n        x.mul_(2.0)\n        x.add_(1.0)\n"
                    "        return torch.relu_(x)\n\n\n"
                    "def get_inputs():\n    return [torch.randn(64, 256)]\n\n\n"
                    "def get_init_inputs():\n    return []\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "dtype_fp16,dtype_bf16")
        self.assertEqual(r.rc, 0, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
            self.assertNotIn("written-back", c["reason"])


class EditedKernelAndDtypeSkipTest(unittest.TestCase):
    """New-user trial 16: the banner's tile is kernel.py's BLOCK_SIZE as edited (#9), and a low-precision case the
    reference rejects at shapes it takes in float32 names the dtype, not the shapes, as the cause (#8)."""

    def test_tile_follows_kernel_block_size_and_dtype_skip_names_the_dtype(self):
        root, ws = h.make_workspace("relu.py", tile=1024)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "kernel.py"), "w", encoding="utf-8") as f:
            f.write("BLOCK_SIZE = 128  # the user's edit\n")  # a dry run never imports kernel.py
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
                    "    def forward(self, x):\n        if x.dtype != torch.float32:\n"
                    "            raise TypeError('float32 weights only')\n        return torch.relu(x)\n\n\n"
                    "def get_inputs():\n    return [torch.randn(33, 1000)]\n\n\n"
                    "def get_init_inputs():\n    return []\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory")
        self.assertEqual(r.rc, 0, r)
        self.assertIn("tile=128 ", r.stdout + r.stderr)
        self.assertEqual(r.result["tile"], 128)
        skipped = {s["name"]: s["reason"] for s in r.result["skipped_cases"]}
        for name, dtype in (("dtype_bf16", "bfloat16"), ("dtype_fp16", "float16")):
            self.assertIn(name, skipped, r)
            self.assertIn("the reference rejects %s inputs (float32 at the same shapes" % dtype, skipped[name])
            self.assertIn("float32 weights only", skipped[name])
        self.assertIn("problem_shape", r.results)


class SelectionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root, cls.ws = h.make_workspace("relu.py", "good_relu.py")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root)

    def test_list_cases(self):
        r = h.run_harness(self.ws, "--list-cases")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.stdout.split(), ["problem_shape", "boundary_tail", "boundary_size1",
                                            "dtype_bf16", "dtype_fp16", "strided"])

    def test_cases_and_skip(self):
        r = h.run_harness(self.ws, "--no-memory", "--cases", "boundary_tail,strided,dtype_bf16",
                          "--skip", "dtype_bf16", env=CPU)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(list(r.results), ["boundary_tail", "strided"])
        self.assertEqual(r.result["mode"], "cpu-test")
        self.assertEqual(r.result["timing_method"], "not timed (problem_shape not run or not passed)")
        # spaces around the names are read as a person types them; --cases "" is an error, not "all cases"
        r = h.run_harness(self.ws, "--no-memory", "--cases", " strided , boundary_tail", env=CPU)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(sorted(r.results), ["boundary_tail", "strided"])
        r = h.run_harness(self.ws, "--no-memory", "--cases", "", env=CPU)
        self.assertEqual(r.rc, 2, r)
        self.assertIn("--cases names no case", r.result["error"])

    def test_case_plan_lists_every_case_before_the_selection(self):
        # The workbench reads it to know when every case has a result (then a killed process is not resumed).
        r = h.run_harness(self.ws, "--no-memory", "--cases", "strided", env=CPU)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.plan["cases"], ["problem_shape", "boundary_tail", "boundary_size1", "dtype_bf16", "strided"])
        self.assertEqual([s["name"] for s in r.plan["skipped_cases"]], ["dtype_fp16"])  # cpu-test lacks fp16
        self.assertEqual(r.plan["mode"], "cpu-test")
        self.assertEqual(r.plan["framework"], r.result["framework"])
        self.assertLess(r.stdout.index("CASE_PLAN"), r.stdout.index("CASE_START"))

    def test_unknown_case_is_a_harness_error(self):
        r = h.run_harness(self.ws, "--cases", "nope", env=CPU)
        self.assertEqual(r.rc, 2, r)
        self.assertEqual(r.result["status"], "ERROR")
        self.assertIn("nope", r.result["error"])

    def test_gpu_mode_without_cuda_is_a_harness_error(self):
        import torch
        if torch.cuda.is_available():
            self.skipTest("this machine has CUDA")
        r = h.run_harness(self.ws, "--no-memory")
        self.assertEqual(r.rc, 2, r)
        self.assertEqual(r.result["status"], "ERROR")
        self.assertIn("CUDA is not available", r.result["error"])


class KernelFailureTest(unittest.TestCase):
    """One deliberately bad kernel per failure class a CPU run can show."""

    def harness(self, kernel, *args, reference="relu.py", spec=h.RELU_SPEC, env=None):
        root, ws = h.make_workspace(reference, kernel, spec=spec)
        self.addCleanup(shutil.rmtree, root)
        e = dict(CPU)
        e.update(env or {})
        return h.run_harness(ws, "--no-memory", *args, env=e)

    def test_good_kernel_with_parameters_passes(self):
        r = self.harness("good_linear_relu.py", reference="linear_relu.py", spec=h.LINEAR_SPEC)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS")
        self.assertIn("copied from Model's state_dict", r.result["weights"])
        # in_features (64) is tied to the weight: kept; the batch dim 300 is resized
        self.assertEqual(r.results["boundary_tail"]["shape"], [[385, 64]])
        # and the note says it resized an outer dim (it called 300 the innermost dim: second trial, session 6)
        self.assertTrue(r.results["boundary_tail"]["note"].startswith("outer dim 300 -> 385: the innermost dim(s) 64"),
                        r.results["boundary_tail"]["note"])
        self.assertEqual([s["name"] for s in r.result["skipped_cases"]], ["dtype_fp16"])
        self.assertLess(r.results["dtype_bf16"]["rel_err"], 0.01)
        self.assertGreater(r.results["dtype_bf16"]["rel_err"], 0.0)  # bf16 really ran

    def test_compile_reference_is_reported_beside_eager_and_never_fatal(self):
        r = self.harness("good_relu.py", "--compile-ref")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS")
        info = r.result["compile_ref"]
        self.assertEqual(info["mode"], "default")
        self.assertIn("default", info["precision"])  # the kernel's math is not TF32 here
        import torch
        if hasattr(torch, "compile"):  # torch 2.x: a real compiled reference, timed like the kernel
            self.assertGreater(r.result["compile_ref_latency_us"], 0.0)
            self.assertLess(info["rel_err_vs_eager"], 1e-6)
            self.assertGreaterEqual(info["latency_stats"]["n"], 1)
        else:  # Debian's torch 1.13: said so, the run still passes
            self.assertIn("has no torch.compile", info["error"])
            self.assertNotIn("compile_ref_latency_us", r.result)

    def _fake_compile_env(self):
        # torch 1.13 (Debian) has no torch.compile: a stand-in that runs Model eagerly and counts its calls, so the
        # harness's compile-reference path runs end to end here.
        d = tempfile.mkdtemp(prefix="kwb_fake_compile_")
        self.addCleanup(shutil.rmtree, d)
        with open(os.path.join(d, "sitecustomize.py"), "w", encoding="utf-8") as f:
            f.write("import torch\n"
                    "if not hasattr(torch, 'compile'):\n"
                    "    def _compile(m, **kw):\n"
                    "        def run(*a, **k):\n"
                    "            return m(*a, **k)\n"
                    "        return run\n"
                    "    torch.compile = _compile\n")
        return {"PYTHONPATH": d + os.pathsep + os.environ.get("PYTHONPATH", "")}

    def test_compile_reference_is_timed_in_the_kernels_region(self):
        # compiled before the cases, then timed right after eager Model in problem_shape's locked region
        r = self.harness("good_relu.py", "--compile-ref", env=self._fake_compile_env())
        self.assertEqual(r.rc, 0, r)
        info = r.result["compile_ref"]
        self.assertNotIn("error", info)
        self.assertTrue(info["timed_with"].startswith("kernel and eager reference"), info)
        self.assertEqual(info["rel_err_vs_eager"], 0.0)
        self.assertGreater(r.result["compile_ref_latency_us"], 0.0)
        self.assertGreaterEqual(info["latency_stats"]["n"], 1)
        self.assertIn("compile_ref_prepare", r.result["phase_s"])

    def test_compile_reference_alone_when_problem_shape_fails(self):
        r = self.harness("zeros.py", "--compile-ref", env=self._fake_compile_env())
        self.assertEqual(r.result["status"], "FAIL")
        info = r.result["compile_ref"]
        self.assertTrue(info["timed_with"].startswith("alone"), info)
        self.assertGreater(r.result["compile_ref_latency_us"], 0.0)

    def test_bf16_problem_threshold_and_output_dtype(self):
        spec = h.spec_for("relu_bf16", [{"name": "x", "shape": [33, 1000], "stride": [1000, 1]}],
                          dtype="bfloat16", threshold=0.001)
        r = self.harness("good_relu.py", reference="relu_bf16.py", spec=spec)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(list(r.results), ["problem_shape", "boundary_tail", "boundary_size1", "strided"])
        for c in r.results.values():
            self.assertEqual(c["dtype"], "bfloat16")
            self.assertEqual(c["threshold"], 0.01)  # the spec's 0.001 raised to the seed's bf16 default
        r = self.harness("wrong_dtype.py", "--cases", "problem_shape", reference="relu_bf16.py", spec=spec)
        self.assertEqual(r.rc, 1, r)
        self.assertIn("dtype float32 != expected bfloat16", r.results["problem_shape"]["reason"])

    def test_wrong_shape_that_would_broadcast(self):
        r = self.harness("wrong_shape.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 1, r)
        c = r.results["problem_shape"]
        self.assertEqual(c["status"], "FAIL")
        self.assertIsNone(c["rel_err"])
        self.assertIn("shape [1, 1000] != reference shape [33, 1000]", c["reason"])

    def test_nan_output(self):
        r = self.harness("nan_output.py", "--cases", "problem_shape,boundary_tail")
        self.assertEqual(r.rc, 1, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "FAIL")
            self.assertIsNone(c["rel_err"])
            self.assertIn("non-finite (1 NaN, 0 Inf)", c["reason"])
        self.assertIsNone(r.result["max_rel_err"])

    def test_kernel_mutating_its_input(self):
        r = self.harness("mutates_input.py", "--cases", "boundary_tail")
        self.assertEqual(r.rc, 1, r)
        c = r.results["boundary_tail"]
        self.assertEqual(c["status"], "FAIL")
        self.assertEqual(c["rel_err"], 0.0)  # the output itself is right: only the mutation fails it
        self.assertIn("kernel modified input 'x' in place", c["reason"])

    def test_zero_reference_uses_the_absolute_criterion(self):
        r = self.harness("zeros.py", "--cases", "problem_shape,boundary_tail", reference="zero.py",
                         spec=h.ZERO_SPEC)
        self.assertEqual(r.rc, 0, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS")
            self.assertEqual(c["criterion"], "absolute")
            self.assertEqual(c["abs_err"], 0.0)
            self.assertIn("absolute criterion used", c["reason"])
            # a zero kernel passes whatever it computes: the row says so (new-user trial 30 #12)
            self.assertTrue(c["reason"].startswith("vacuous: the reference is all zeros"), c)
        self.assertEqual(r.result["status"], "PASS")  # the kernel matched: a degenerate problem is no FAIL
        self.assertEqual(r.result["unchecked_classes"], ["problem_shape", "boundary"])

    def test_tiny_signal_reference_is_held_to_rel_err(self):
        # 20_MobileNetV2 (session 14): logits of ~2e-19 were checked by the absolute criterion, which zeros pass.
        zero = self.harness("zeros.py", "--cases", "problem_shape", reference="tiny.py", spec=h.ZERO_SPEC)
        self.assertEqual(zero.rc, 1, zero)
        c = zero.results["problem_shape"]
        self.assertEqual((c["status"], c["criterion"]), ("FAIL", "relative"))
        self.assertAlmostEqual(c["rel_err"], 1.0, places=5)
        right = self.harness("tiny_scale.py", "--cases", "problem_shape", reference="tiny.py", spec=h.ZERO_SPEC)
        self.assertEqual(right.rc, 0, right)
        c = right.results["problem_shape"]
        self.assertEqual((c["status"], c["criterion"]), ("PASS", "relative"))
        self.assertTrue(any("but a signal" in w for w in c["warnings"]), c["warnings"])

    def test_tiny_rounding_noise_keeps_the_absolute_criterion(self):
        r = self.harness("zeros.py", "--cases", "problem_shape", reference="tiny_noise.py", spec=h.ZERO_SPEC)
        self.assertEqual(r.rc, 0, r)
        c = r.results["problem_shape"]
        self.assertEqual((c["status"], c["criterion"]), ("PASS", "absolute"))
        self.assertTrue(any("rounding noise" in w for w in c["warnings"]), c["warnings"])

    def test_models_run_in_training_mode_as_built(self):
        # KernelBench calls Model as built (training): batch norm normalises by the batch (issue 15).
        good = self.harness("bn_batch_stats.py", "--cases", "problem_shape,boundary_tail", reference="bn_train.py",
                            spec=h.BN_SPEC)
        self.assertEqual(good.rc, 0, good)
        self.assertEqual(good.result["model_mode"]["training"], True)
        self.assertIn("training mode, as Model is built: 1 batch norm(s)", good.result["model_mode"]["note"])
        plain = self.harness("good_relu.py", "--cases", "problem_shape")  # nothing mode-dependent: no note
        self.assertEqual(plain.result["model_mode"], {"training": True, "note": ""})
        eval_only = self.harness("bn_running_stats.py", "--cases", "problem_shape", reference="bn_train.py",
                                 spec=h.BN_SPEC)
        self.assertEqual(eval_only.rc, 1, eval_only)
        self.assertEqual(eval_only.results["problem_shape"]["status"], "FAIL")

    def test_dropout_runs_both_models_in_eval_mode_and_says_so(self):
        r = self.harness("relu_only.py", "--cases", "problem_shape", reference="dropout_train.py",
                         spec=h.DROPOUT_SPEC)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["model_mode"]["training"], False)
        self.assertIn("drop (Dropout p=0.5)", r.result["model_mode"]["note"])
        self.assertIn("not checked", r.result["model_mode"]["note"])

    def test_hanging_kernel_is_timeout_fail(self):
        # Its first call hangs too, inside the case's compile window: KWB_COMPILE_TIMEOUT_SEC=1 keeps the old bound
        # (with the default 300 s each case would wait out the fixture's 30 s sleep before its checks time out).
        t0 = time.monotonic()
        r = self.harness("hangs.py", "--cases", "problem_shape,boundary_tail",
                         env={"TEST_TIMEOUT_SEC": "1", "KWB_COMPILE_TIMEOUT_SEC": "1"})
        self.assertLess(time.monotonic() - t0, 20)
        self.assertEqual(r.rc, 1, r)
        self.assertEqual(list(r.results), ["problem_shape", "boundary_tail"])  # went on after the first
        for c in r.results.values():
            self.assertEqual(c["status"], "TIMEOUT_FAIL")
            self.assertIn("the first call (JIT compile) exceeded KWB_COMPILE_TIMEOUT_SEC=1 s", c["reason"])
            self.assertGreaterEqual(c["compile_s"], 0.9)
        self.assertEqual(r.result["status"], "FAIL")

    def test_slow_first_call_is_compile_time_not_case_time(self):
        # 20_MobileNetV2 on the H200: each case's first call JIT-compiled ~50 Triton kernels and alone passed
        # TEST_TIMEOUT_SEC under CPU contention. The first call now has KWB_COMPILE_TIMEOUT_SEC; the case's own
        # limit starts after it.
        r = self.harness("slow_first_call.py", "--cases", "problem_shape,boundary_tail",
                         env={"TEST_TIMEOUT_SEC": "2"})
        self.assertEqual(r.rc, 0, r)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
            self.assertGreaterEqual(c["compile_s"], 3.0)
        self.assertGreaterEqual(r.result["compile_s"], 6.0)
        lines = [h.strict_loads(l[len(h.PREFIX) + len("COMPILE "):]) for l in r.stdout.splitlines()
                 if l.startswith(h.PREFIX + "COMPILE ")]
        self.assertEqual([(x["state"], x["case"]) for x in lines],
                         [("start", "problem_shape"), ("end", "problem_shape"),
                          ("start", "boundary_tail"), ("end", "boundary_tail")])
        self.assertEqual(lines[0]["limit_s"], 300)  # KWB_COMPILE_TIMEOUT_SEC's default
        self.assertGreaterEqual(lines[1]["seconds"], 3.0)

    def test_hang_after_the_first_call_still_has_the_case_limit(self):
        # The compile window does not stretch the run: after it, the case's TEST_TIMEOUT_SEC is armed again.
        t0 = time.monotonic()
        r = self.harness("hangs_after_first_call.py", "--cases", "problem_shape,boundary_tail",
                         env={"TEST_TIMEOUT_SEC": "1", "KWB_COMPILE_TIMEOUT_SEC": "2"})
        self.assertLess(time.monotonic() - t0, 20)
        for c in r.results.values():
            self.assertEqual(c["status"], "TIMEOUT_FAIL", c)
            self.assertIn("case exceeded TEST_TIMEOUT_SEC=1 s", c["reason"])
            self.assertLess(c["compile_s"], 1.0)

    def test_kernel_fallback_cannot_swallow_the_timeout(self):
        # CaseTimeout is a BaseException: the kernel's `except Exception` fallback does not run, the case times out
        # (before, the conv template's fallback loop caught it on the H200 and ran a slower variant).
        t0 = time.monotonic()
        r = self.harness("fallback_swallows_timeout.py", "--cases", "problem_shape",
                         env={"TEST_TIMEOUT_SEC": "1", "KWB_COMPILE_TIMEOUT_SEC": "2"})
        self.assertLess(time.monotonic() - t0, 20)
        self.assertEqual(r.rc, 1, r)
        c = r.results["problem_shape"]
        self.assertEqual(c["status"], "TIMEOUT_FAIL", c)
        self.assertIn("TEST_TIMEOUT_SEC=1", c["reason"])

    def test_warm_call_uses_its_own_seed(self):
        mod = h.load_rendered(h.RELU_SPEC)
        for seeds in ([42], [43, 43 + mod.SEED_STRIDE, 43 + 2 * mod.SEED_STRIDE]):
            warm = seeds[0] + mod.WARM_SEED_OFFSET
            self.assertNotIn(warm, seeds)
            self.assertNotEqual(warm, seeds[0] + 1000)  # time_primary's second value set (alt_seed)
            self.assertNotEqual((warm - seeds[0]) % mod.SEED_STRIDE, 0)  # no --seeds count reaches it

    def test_slow_reference_is_bounded_before_the_first_case(self):
        # A forward() of 60 s: the meta-tensor shape checks before the first case ran unbounded (7 x 60 s of
        # silence); now each setup step gets TEST_TIMEOUT_SEC, then the cases time out one by one.
        t0 = time.monotonic()
        r = self.harness("good_relu.py", "--cases", "problem_shape,boundary_tail", reference="slow_relu.py",
                         env={"TEST_TIMEOUT_SEC": "1"})
        self.assertLess(time.monotonic() - t0, 30)
        self.assertIn("tracing the reference on meta tensors took more than TEST_TIMEOUT_SEC=1 s", r.stdout + r.stderr)
        self.assertEqual(list(r.results), ["problem_shape", "boundary_tail"])
        for c in r.results.values():
            self.assertEqual(c["status"], "TIMEOUT_FAIL")

    def test_dry_run_timeout_is_the_reference_on_this_cpu(self):
        # New-user trial 7, #4: a dry run's stand-in is the reference, so its timeout is the CPU's, said so in the
        # reason (the workbench's gate reads DRY_RUN from it); the cases no smaller than the slow one are not
        # run again (each would wait out TEST_TIMEOUT_SEC), the smaller ones still run.
        t0 = time.monotonic()
        r = self.harness("good_relu.py", "--cpu-dry-run", reference="slow_big_relu.py", env={"TEST_TIMEOUT_SEC": "1"})
        self.assertLess(time.monotonic() - t0, 30)
        first = r.results["problem_shape"]
        self.assertEqual(first["status"], "TIMEOUT_FAIL")
        self.assertTrue(first["reason"].startswith("dry run: the PyTorch reference (the kernel's stand-in) did not return "
                                                   "within TEST_TIMEOUT_SEC=1 s: too slow on this CPU, or a hang in the "
                                                   "model code"), first["reason"])
        self.assertIn("kernel.py was not run", first["reason"])
        self.assertEqual(r.results["boundary_tail"]["status"], "PASS")  # 7x385: smaller, it ran
        self.assertEqual(r.results["boundary_size1"]["status"], "PASS")
        for name in ("dtype_bf16", "strided"):  # the problem's size again: not run
            c = r.results[name]
            self.assertEqual(c["status"], "TIMEOUT_FAIL", c)
            self.assertIn("not run, since the reference already did not return within the limit in case problem_shape",
                          c["reason"])
            self.assertEqual(c["seconds"], 0.0)

    def test_missing_package_is_named_in_every_case(self):
        r = self.harness("missing_cutlass.py")
        self.assertEqual(r.rc, 1, r)
        self.assertEqual(r.result["status"], "FAIL")
        self.assertEqual(len(r.results), 5)
        for c in r.results.values():
            self.assertEqual(c["status"], "ERROR")
            self.assertIn("No module named 'cutlass' (the CuTe DSL is not installed)", c["reason"])

    def test_cached_result_fails_the_last_timed_call(self):
        r = self.harness("caches_result.py", "--cases", "problem_shape")
        self.assertEqual(r.rc, 1, r)
        c = r.results["problem_shape"]
        self.assertEqual(c["status"], "FAIL")
        self.assertEqual(c["rel_err"], 0.0)  # the first call was right
        self.assertIn("last timed call", c["reason"])
        self.assertIn("cached result", c["reason"])

    def test_kernel_ignoring_strides_fails_only_the_strided_case(self):
        r = self.harness("ignores_strides.py", "--skip", "dtype_bf16")
        self.assertEqual(r.rc, 1, r)
        status = {n: c["status"] for n, c in r.results.items()}
        self.assertEqual(status, {"problem_shape": "PASS", "boundary_tail": "PASS",
                                  "boundary_size1": "PASS", "strided": "FAIL"})
        self.assertIn("NaN", r.results["strided"]["reason"])

    def test_dispatch_check_names_the_compute_op_a_forward_ran(self):
        # the test-mode stand-in computes with torch (clamp_min): the dispatch recorder sees it, however reached
        r = self.harness("good_relu.py", "--cases", "problem_shape")
        chk = r.result["dispatch_check"]
        self.assertFalse(chk["ok"], chk)
        self.assertIn("clamp_min", [o["op"] for o in chk["compute_ops"]])
        # a forward of views and allocation only is clean (this one fails its case, which is not the point)
        r = self.harness("identity.py", "--cases", "problem_shape")
        self.assertTrue(r.result["dispatch_check"]["ok"], r.result["dispatch_check"])
        # aten::diagonal and unfold are views too (probe25 b01's kernel FAILed the H100's check on diagonal)
        r = self.harness("views_only.py", "--cases", "problem_shape")
        self.assertTrue(r.result["dispatch_check"]["ok"], r.result["dispatch_check"])

    def test_random_draw_in_forward_is_seeded_alike_and_matched_against_the_reference(self):
        # 35_LSTM draws its initial state with torch.randn in forward: the harness seeds the generator the same
        # way before each competitor's forward, so the same draw gives the same numbers (without it the kernel,
        # which runs first, and the reference would add different noise and every case would fail)
        spec = dict(h.RELU_SPEC, ambiguities=[{"kind": "randomness", "line": 11, "why": "torch.randn"}])
        r = self.harness("same_draw_noisy_relu.py", reference="noisy_relu.py", spec=spec)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        chk = r.result["dispatch_check"]
        # the draw is not compute: the reference makes it too (the stand-in's clamp_min/add still are)
        self.assertNotIn("randn", [o["op"] for o in chk["compute_ops"]], chk)
        self.assertIn("randn", [o["op"] for o in chk["reference_random_draws"]], chk)
        self.assertLess(r.result["cases"][0]["last_call_rel_err"], 1e-6)  # timing re-seeds: the last call matches
        # a draw the reference does not make is flagged, exactly the extra one
        r = self.harness("extra_draw_noisy_relu.py", "--cases", "problem_shape", reference="noisy_relu.py", spec=spec)
        chk = r.result["dispatch_check"]
        self.assertIn({"op": "randn", "count": 2}, chk["compute_ops"], chk)

    def test_reference_refusing_a_layout_runs_on_contiguous_copies(self):
        r = self.harness("good_relu.py", "--cases", "problem_shape,strided", reference="relu_contiguous_only.py")
        self.assertEqual(r.rc, 0, r)
        strided = r.results["strided"]
        self.assertEqual(strided["status"], "PASS", strided)
        self.assertTrue(any("rejected the padded layout (query is not correctly aligned" in w
                            for w in strided.get("warnings", [])), strided)

    def test_expanded_input_is_copied_expanded_in_every_case(self):
        # get_inputs' x is one row expanded over the batch (stride 0): every case (the timed calls' refresh of
        # their inputs too) ran into copy_'s "more than one element ... refers to a single memory location"
        spec = h.spec_for("expanded_relu", [{"name": "x", "shape": [33, 1000], "stride": [0, 1]}])
        spec["inputs"][0]["layout"] = "broadcast"
        r = self.harness("good_relu.py", reference="expanded_relu.py", spec=spec)
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.result["status"], "PASS", r)
        self.assertIn("boundary_tail", r.results)
        for c in r.results.values():
            self.assertEqual(c["status"], "PASS", c)
        # the tail case runs get_inputs() with the module's size globals at its sizes: the expand follows too
        self.assertTrue(r.results["boundary_tail"]["inputs"].startswith(
            "get_inputs() with its size globals at the case's sizes (batch_size=7, dim=385)"),
            r.results["boundary_tail"]["inputs"])
        # with literal sizes, resized by value, randn(1, 1000)'s 1000 follows the case and the expand's does not:
        # get_inputs raises there, and the case runs on synthetic inputs and says why (it was an ERROR)
        r = self.harness("good_relu.py", "--cases", "boundary_tail", reference="expanded_relu_literal.py", spec=spec)
        self.assertEqual(r.rc, 0, r)
        self.assertIn("get_inputs() raised at the case's sizes (RuntimeError", r.results["boundary_tail"]["inputs"])
        mod = h.load_rendered(spec, name="kwb_rendered_harness_expanded")
        mod.torch = torch  # main() sets this global
        src = torch.randn(1, 5, 1).expand(3, 5, 4)
        out = mod.layout_view(src, "contiguous")
        self.assertEqual(out.stride(), (0, 1, 0))  # the layout get_inputs gave
        self.assertTrue(torch.equal(out, src))
        self.assertNotEqual(out.data_ptr(), src.data_ptr())  # a fresh copy
        self.assertIsNone(mod.distinct_part(torch.empty_strided((1, 5), (0, 1))))  # size 1, stride 0: no overlap

    def test_identity_passes_rand_inputs_but_not_shifted_randn(self):
        r = self.harness("identity.py", "--cases", "problem_shape,boundary_tail")
        self.assertEqual(r.results["problem_shape"]["status"], "PASS")  # torch.rand >= 0: relu(x) == x
        self.assertEqual(r.results["boundary_tail"]["status"], "FAIL")
        self.assertGreater(r.results["boundary_tail"]["rel_err"], 0.1)


class BeyondHalfRangeTest(unittest.TestCase):
    def test_reference_beyond_fp16_range_is_compared_as_inf(self):
        # the fp32 reference passes 65504 (a cumprod): a float16 output holds inf there, which every correct
        # kernel returns; the dtype_fp16 case FAILed "kernel output is non-finite ... where the reference is
        # finite" for any kernel (probe18 x18)
        spec = h.spec_for("big_cumprod", [{"name": "x", "shape": [8, 600], "stride": [600, 1]}], pattern="Scan")
        root, ws = h.make_workspace("big_cumprod.py", spec=spec)
        self.addCleanup(shutil.rmtree, root)
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "problem_shape,dtype_fp16")
        self.assertEqual(r.rc, 0, r)
        fp16 = r.results["dtype_fp16"]
        self.assertEqual(fp16["status"], "PASS", fp16)
        self.assertTrue(any("reference values lie beyond float16's range" in w for w in fp16.get("warnings", [])),
                        fp16)
        self.assertLess(fp16["rel_err"], 0.01)
        mod = h.load_rendered(spec, name="kwb_rendered_harness_beyond")
        mod.torch = torch
        ref = torch.tensor([1.0, 7e4, -7e4, 65510.0])
        ok = mod.compare(ref.half(), ref, torch.float16, torch.device("cpu"), 0.01, "t")
        self.assertTrue(ok["ok"], ok)
        bad = mod.compare(torch.tensor([1.0, 6e4, -7e4, 65510.0]).half(), ref, torch.float16,
                          torch.device("cpu"), 0.01, "t")  # a finite value where float16 holds inf
        self.assertFalse(bad["ok"], bad)


class LowPrecisionReferenceTest(unittest.TestCase):
    """A dtype_* case's fp32 reference computes on the parameters the kernel is given (rounded to the case's
    dtype, then widened), as it does on the rounded inputs."""

    def test_reference_parameters_are_the_kernels_rounded_values(self):
        import types
        import torch
        mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_lp")
        mod.torch = torch  # the harness imports torch in main()

        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.bias = torch.nn.Parameter(torch.tensor([1.0 + 3 * 2.0 ** -10]))  # not a bf16 value

            def forward(self, x):
                return x - self.bias

        ctx = types.SimpleNamespace(ref_model=M(), lp_models={}, spec={})  # the harness context has the spec
        exact = mod.fp32_model(ctx)
        bf16 = mod.fp32_model(ctx, "bfloat16")
        fp16 = mod.fp32_model(ctx, "float16")
        self.assertEqual(exact.bias.dtype, torch.float32)
        self.assertEqual(float(exact.bias), 1.0 + 3 * 2.0 ** -10)
        self.assertEqual(bf16.bias.dtype, torch.float32)
        self.assertEqual(float(bf16.bias), float(torch.tensor(1.0 + 3 * 2.0 ** -10).bfloat16().float()))
        self.assertNotEqual(float(bf16.bias), float(exact.bias))
        self.assertEqual(float(fp16.bias), 1.0 + 3 * 2.0 ** -10)  # representable in fp16: unchanged
        self.assertIs(mod.fp32_model(ctx, "bfloat16"), bf16)  # one copy per dtype
        self.assertEqual(float(ctx.ref_model.bias), 1.0 + 3 * 2.0 ** -10)  # the problem's Model untouched


class Trial10Test(unittest.TestCase):
    """New-user trial 10: dry runs on Debian's torch 1.13, CUDA inputs on the CPU, tuple outputs."""

    def test_dry_run_times_a_half_problem_the_cpu_cannot_multiply(self):
        # A float16 GEMM problem: torch 1.13's CPU (Debian 12's python3-torch) has no Half addmm. The
        # correctness call fell back to float32, but the timing of problem_shape called the fp16 stand-in
        # again and the case was an ERROR: a dry run FAILed on the CPU's missing op (trial 10, finding 2).
        import torch
        try:
            torch.ones(2, 2, dtype=torch.float16) @ torch.ones(2, 2, dtype=torch.float16)
            native = True
        except RuntimeError:
            native = False
        spec = h.spec_for("gemm16", [{"name": "a", "shape": [256, 128], "stride": [128, 1]},
                                     {"name": "b", "shape": [128, 192], "stride": [192, 1]}],
                          dtype="float16", pattern="GEMM")
        root, ws = h.make_workspace("relu.py", spec=spec, tile=64)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
                    "    def forward(self, a, b):\n        return torch.matmul(a, b)\n\n\n"
                    "def get_inputs():\n    return [torch.randn(256, 128, dtype=torch.float16), "
                    "torch.randn(128, 192, dtype=torch.float16)]\n\n\n"
                    "def get_init_inputs():\n    return []\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "problem_shape")
        self.assertEqual(r.rc, 0, r)
        c = r.results["problem_shape"]
        self.assertEqual(c["status"], "PASS", c)
        self.assertIsNotNone(c["latency_us"])
        self.assertIsNotNone(c["ref_latency_us"])
        if not native:
            ws_ = c.get("warnings", [])
            self.assertTrue(any("timed in float32 and cast" in w and "stand-in kernel" in w for w in ws_), ws_)
            self.assertTrue(any("timed in float32 and cast" in w and "PyTorch reference" in w for w in ws_), ws_)

    def test_dry_run_maps_cuda_inputs_to_the_cpu(self):
        # get_inputs() written for the GPU (.cuda(), device="cuda", .to("cuda")): the probe maps them to the
        # CPU and so did the resized cases, but problem_shape ran get_inputs() as written and failed
        # "Torch not compiled with CUDA enabled" (new-user trial 10, #16)
        spec = h.spec_for("cuda_in", [{"name": "x", "shape": [64, 32], "stride": [32, 1]},
                                      {"name": "y", "shape": [32, 48], "stride": [48, 1]},
                                      {"name": "z", "shape": [64, 48], "stride": [48, 1]}], pattern="GEMM")
        root, ws = h.make_workspace("relu.py", spec=spec, tile=64)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
                    "    def forward(self, x, y, z):\n        return torch.matmul(x, y).relu() + z\n\n\n"
                    "def get_inputs():\n    return [torch.randn(64, 32).cuda(), torch.randn(32, 48, device='cuda'), "
                    "torch.randn(64, 48).to('cuda')]\n\n\n"
                    "def get_init_inputs():\n    return []\n")
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "problem_shape,boundary_tail")
        self.assertEqual(r.rc, 0, r)
        self.assertEqual(r.results["problem_shape"]["status"], "PASS", r.results["problem_shape"])
        self.assertEqual(r.results["problem_shape"]["shape"], [[64, 32], [32, 48], [64, 48]])
        self.assertEqual(r.results["boundary_tail"]["status"], "PASS", r.results["boundary_tail"])

    def test_every_output_of_a_tuple_is_compared(self):
        # x.max(dim=1) returns values and indices: a kernel that returns the values alone, or wrong indices,
        # fails; one that returns both passes (new-user trial 10, #5: the planner gave a values-only "kernel")
        spec = h.spec_for("max_idx", [{"name": "x", "shape": [64, 300], "stride": [300, 1]}], pattern="Reduction")
        ref = ("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
               "    def forward(self, x):\n        return x.max(dim=1)\n\n\n"
               "def get_inputs():\n    return [torch.randn(64, 300)]\n\n\n"
               "def get_init_inputs():\n    return []\n")
        kernels = {
            "values_only": "        return x.amax(dim=1)\n",
            "wrong_indices": "        v, i = x.max(dim=1)\n        return v, torch.zeros_like(i)\n",
            "both": "        v, i = torch.max(x, 1)\n        return v, i\n",
        }
        got = {}
        for name, body in kernels.items():
            root, ws = h.make_workspace("relu.py", spec=spec, tile=256)
            self.addCleanup(shutil.rmtree, root)
            with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
                f.write(ref)
            with open(os.path.join(ws, "kernel.py"), "w", encoding="utf-8") as f:
                f.write("import torch\nimport torch.nn as nn\n\n\nclass ModelNew(nn.Module):\n"
                        "    def forward(self, x):\n" + body)
            r = h.run_harness(ws, "--no-memory", "--cases", "problem_shape", env=CPU, timeout=300)
            got[name] = r.results["problem_shape"]
        self.assertEqual(got["values_only"]["status"], "FAIL", got["values_only"])
        self.assertIn("kernel returned 1 tensors, the reference 2", got["values_only"]["reason"])
        self.assertEqual(got["wrong_indices"]["status"], "FAIL", got["wrong_indices"])
        self.assertIn("output[1]", got["wrong_indices"]["reason"])
        self.assertEqual(got["both"]["status"], "PASS", got["both"])

    def test_timing_fallback_is_for_dry_runs_only(self):
        mod = h.load_rendered(h.RELU_SPEC)
        mod.torch = __import__("torch")

        def boom(*a):
            raise RuntimeError('"addmm_impl_cpu_" not implemented for \'Half\'')
        ctx = mod.Context()
        ctx.mode = "gpu"
        self.assertIs(mod.dry_lowp_fallback(ctx, boom, None, True, [], "float16", "k", []), boom)
        ctx.mode = "cpu-dry-run"
        self.assertIs(mod.dry_lowp_fallback(ctx, boom, None, False, [], "float16", "k", []), boom)
        warnings = []
        torch = mod.torch
        f = mod.dry_lowp_fallback(ctx, boom, lambda x: x * 2, True, [torch.float16], "float16", "k", warnings)
        out = f(torch.ones(3, dtype=torch.float16))
        self.assertEqual(out[0].dtype, torch.float16)
        self.assertEqual(out[0].tolist(), [2.0, 2.0, 2.0])
        f(torch.ones(3, dtype=torch.float16))
        self.assertEqual(len(warnings), 1, warnings)


if __name__ == "__main__":
    unittest.main()
