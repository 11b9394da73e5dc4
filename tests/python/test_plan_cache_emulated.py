"""The per-shape launch-plan cache of a generated forward (resources/templates/kernels/chain_host.py kwb_plan_call;
session 46, host46), run on the CPU through tests/data/codegen/fake_triton: a small ModelNew over the stage library
(kwb_pointwise with an epilogue reading a parameter and an input view). Checked: the key's first call is eager, the
second recorded, the third a replay through the CompiledKernel's launcher (fake_triton models Triton 3.3+'s run
signature) and equal to the eager forward; results fresh every call; a new shape, strides, dtype or a parameter written
in place (its version) is a new key; a launch argument holding a tensor (a TMA descriptor) keeps the key eager; a
forward that reads a value (.item()) or runs a torch compute op stays eager and still returns its result once;
kwb_plan_fast off replays through kernel[grid]; off, nothing is kept.
Numbers only: nothing about speed (bench/host_path.py, bench/gpu/host46_gpu.py).
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

EPI = '''

@triton.jit
def _pc_epi(v, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
            s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    w = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask)
    u = tl.load(e1 + (i0 * s10 + i1 * s11 + i2 * s12 + i3 * s13 + i4 * s14), mask=mask)
    return v * w + u * f0
'''


def library():
    src = ""
    for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py"):
        with open(os.path.join(KERNELS, name), encoding="utf-8") as f:
            src += f.read() + "\n\n"
    g = {"__name__": "kwb_plan_cache_test", "triton": triton, "tl": tl, "torch": torch, "nn": torch.nn}
    exec(compile(src + EPI, "kwb_plan_cache_test", "exec"), g)  # noqa: S102 - the stage library under test
    return g


K = library()


class Net(torch.nn.Module):
    """forward(x, y): x * w + y[..., 1:] * 0.5 (y's columns from the second on: a view at a byte offset), two
    launches (the second a copy of the first's result to x's dtype when they differ: none at fp32)."""

    def __init__(self, n, extra=None):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(n))
        self.extra = extra

    def forward(self, x, y):
        return K["kwb_plan_call"](self, self._kwb_forward, (x, y))

    def _kwb_forward(self, x, y):
        v = y[..., 1:]
        t = K["kwb_pointwise"](x, epi=K["_pc_epi"], epi_tensors=(self.w, v), epi_scalars=(0.5,),
                               out_dtype=x.dtype)
        if self.extra == "item":
            t = t * 1.0 if float(x[0, 0].item()) > 1e30 else t
        elif self.extra == "torch":
            t = t + 0.0
        return t, K["kwb_pointwise"](t, K["_kwb_epi_identity"])


def reference(net, x, y):
    with torch.no_grad():
        t = x * net.w + y[..., 1:] * 0.5
        return t, t


class PlanCache(unittest.TestCase):
    def setUp(self):
        K["kwb_plan_cache"] = True
        K["kwb_plan_fast"] = True

    def tearDown(self):
        K["kwb_plan_cache"] = False
        K["kwb_plan_fast"] = True

    def inputs(self, b=3, n=8, dtype=torch.float32, strided=False):
        x = torch.randn(b, n, dtype=dtype)
        y = torch.randn(b, n + 1, dtype=dtype)
        if strided:
            x = torch.randn(n, b, dtype=dtype).t()
        return x, y

    def calls(self, net, args, n=4):
        outs, paths = [], []
        with torch.no_grad():
            for _ in range(n):
                outs.append(net(*args))
                paths.append(net.last_plan)
        return outs, paths

    def check(self, outs, want, exact=True):
        for o in outs:
            for a, b in zip(o, want):
                self.assertEqual(a.shape, b.shape)
                if exact:
                    torch.testing.assert_close(a, b, rtol=1e-6, atol=1e-6)
        ptrs = [t.data_ptr() for o in outs for t in o]
        self.assertEqual(len(set(ptrs)), len(ptrs), "a result aliased across calls")

    def test_replay_fresh_and_equal(self):
        torch.manual_seed(0)
        net = Net(8)
        args = self.inputs()
        outs, paths = self.calls(net, args)
        self.assertEqual(paths, ["eager: first call of this key", "eager: recorded", "replay", "replay"])
        self.check(outs, reference(net, *args))
        # new inputs of the same key: read where they are
        args2 = self.inputs()
        with torch.no_grad():
            o = net(*args2)
        self.assertEqual(net.last_plan, "replay")
        self.check([o], reference(net, *args2))

    def test_new_keys(self):
        torch.manual_seed(1)
        net = Net(8)
        self.calls(net, self.inputs())
        for args in (self.inputs(b=5), self.inputs(strided=True), self.inputs(dtype=torch.float64)):
            outs, paths = self.calls(net, args)
            self.assertEqual(paths[0], "eager: first call of this key")
            self.assertEqual(paths[2:], ["replay", "replay"])
            self.check(outs, reference(net, *args))
        self.assertEqual(len(net._kwb_plans), 4)

    def test_parameter_written_in_place(self):
        torch.manual_seed(2)
        net = Net(8)
        args = self.inputs()
        self.calls(net, args)
        with torch.no_grad():
            net.w.mul_(3.0)  # its version: a new key
        outs, paths = self.calls(net, args)
        self.assertEqual(paths[0], "eager: first call of this key")
        self.check(outs, reference(net, *args))
        with torch.no_grad():
            net.w.data.add_(1.0)  # no version bump: the replay reads the parameter where it is
            o = net(*args)
        self.assertEqual(net.last_plan, "replay")
        self.check([o], reference(net, *args))

    def test_value_reads_stay_eager(self):
        for extra, op in (("item", "_local_scalar_dense"), ("torch", "aten.add")):
            torch.manual_seed(3)
            net = Net(8, extra)
            args = self.inputs()
            launches = []
            call = triton._Launcher.__call__
            triton._Launcher.__call__ = lambda la, *a, **k: launches.append(1) or call(la, *a, **k)
            try:
                outs, paths = self.calls(net, args)
            finally:
                triton._Launcher.__call__ = call
            self.assertEqual(len(launches), 8, extra)  # the recorded call ran its forward once
            self.assertIn(op, paths[1])
            self.assertTrue(all(p.startswith("eager:") for p in paths), paths)
            self.check(outs, reference(net, *args))

    def test_kernel_grid_path(self):
        K["kwb_plan_fast"] = False
        torch.manual_seed(4)
        net = Net(8)
        args = self.inputs()
        outs, paths = self.calls(net, args)
        self.assertEqual(paths[2:], ["replay (kernel[grid])"] * 2)
        self.assertEqual(net.last_plan_slow_why, "kwb_plan_fast is off")  # the GPU check prints why
        self.check(outs, reference(net, *args))

    def test_empty_hook_chains_replay_through_the_launcher(self):
        class Chain:  # Triton 3.5+'s knobs.HookChain: never None, set when calls is not empty (the GPU's case)
            def __init__(self):
                self.calls = []

        import types
        enter = Chain()
        triton.knobs = types.SimpleNamespace(runtime=types.SimpleNamespace(launch_enter_hook=enter,
                                                                           launch_exit_hook=Chain()))
        try:
            torch.manual_seed(7)
            net = Net(8)
            args = self.inputs()
            outs, paths = self.calls(net, args)
            self.assertEqual(paths[2:], ["replay"] * 2)
            self.check(outs, reference(net, *args))
            enter.calls.append(print)  # a profiler's hook: kernel[grid], which calls it
            outs, paths = self.calls(net, args, 1)
            self.assertEqual(paths, ["replay (kernel[grid])"])
            self.assertEqual(net.last_plan_slow_why, "a launch hook is set")
            self.check(outs, reference(net, *args))
        finally:
            del triton.knobs

    def test_launcher_refusal_falls_back(self):
        torch.manual_seed(6)
        net = Net(8)
        args = self.inputs()
        run = triton._CompiledKernel.run  # the launcher the recording keeps: one that refuses every call
        triton._CompiledKernel.run = lambda *a, **k: (_ for _ in ()).throw(TypeError("refused"))
        try:
            outs, paths = self.calls(net, args, 4)
        finally:
            triton._CompiledKernel.run = run
        self.assertEqual(paths[2:], ["replay (kernel[grid])"] * 2)
        self.assertIn("refused", net.last_plan_fast_off)
        self.assertIn("refused", net.last_plan_slow_why)
        self.check(outs, reference(net, *args))

    def test_tensor_holding_arguments_stay_eager(self):
        class Desc:  # triton.tools.tensor_descriptor.TensorDescriptor's shape: an object holding its base tensor
            def __init__(self, base):
                self.base, self.shape = base, list(base.shape)

        x = torch.randn(4, 4)
        for arg, held in ((Desc(x), "base"), ((x, 3), "a tuple's entry"), (((2, Desc(x)),), "base")):
            with self.assertRaisesRegex(K["_KwbPlanWhy"], "holding a tensor \\(%s\\)" % held):
                K["_kwb_plan_build"]((x,), x, [(K["_pc_epi"], (1,), (arg, 4), {}, None)], [])
        for plain in (None, 3, 2.5, "s", torch.float32, (1, 2)):
            self.assertEqual(K["_kwb_plan_held_tensor"](plain), "")

    def test_off_keeps_nothing(self):
        K["kwb_plan_cache"] = False
        net = Net(8)
        outs, paths = self.calls(net, self.inputs())
        self.assertNotIn("_kwb_plans", net.__dict__)
        self.assertEqual(set(paths), {"eager: kwb_plan_cache is off"})

    def test_epoch_and_unhashable(self):
        torch.manual_seed(5)
        net = Net(8)
        args = self.inputs()
        self.calls(net, args)
        K["kwb_plan_epoch"] += 1
        _, paths = self.calls(net, args, 1)
        self.assertEqual(paths, ["eager: first call of this key"])
        with torch.no_grad():
            o = K["kwb_plan_call"](net, lambda x, y, z: net._kwb_forward(x, y), args + ([1],))
        self.assertTrue(net.last_plan.startswith("eager: "), net.last_plan)
        self.check([o], reference(net, *args))


if __name__ == "__main__":
    unittest.main()
