"""The fast launch path (KWB_FAST_LAUNCH) at the end of resources/templates/kernels/triton_epilogue.py.

No Triton here (and the fake Triton has no CompiledKernel): a model of Triton 3.4+'s JITFunction.run stands in
-- its specialization (types, 16-byte alignment, int == 1 / multiple of 16 / 32- or 64-bit, constexprs by
value), its string cache key, a compile per key, and the launch `kernel.run(grid0, grid1, grid2, stream,
function, packed_metadata, launch_metadata, enter_hook, exit_hook, *bound_args)`. What is checked: a cached
launch passes the launcher exactly what Triton's path passes; the fast key never merges two specializations
Triton keeps apart; every doubt (a callable grid, an unknown argument kind, a launcher error, changed globals,
the switch off, Triton without knobs) takes Triton's own path. The real launcher runs on the H200
(bench/gpu/host_overhead.py).
"""
import inspect
import pathlib
import random
import types
import unittest

import torch

SRC = pathlib.Path(__file__).resolve().parents[2] / "resources/templates/kernels/triton_epilogue.py"
MARK = "# ---- the launch path (KWB_FAST_LAUNCH)"


class Constexpr:  # stands for tl.constexpr in annotations
    pass


class Param:
    def __init__(self, p):
        self.name = p.name
        self.is_constexpr = p.annotation is Constexpr


def triton_spec(v, constexpr):
    """Triton 3.x's specialization of one argument (create_specialize_impl + the NVIDIA alignment rule)."""
    if constexpr:
        return ("constexpr", v)
    if isinstance(v, bool):
        return ("u1", None)
    if isinstance(v, int):
        if v == 1:
            return ("constexpr", 1)
        ty = "i32" if -2 ** 31 <= v < 2 ** 31 else ("u64" if v >= 2 ** 63 else "i64")
        return (ty, "D" if v % 16 == 0 else None)
    if isinstance(v, float):
        return ("fp32", None)
    if v is None:
        return ("constexpr", None)
    if isinstance(v, torch.Tensor):
        return ("*" + str(v.dtype), "D" if v.data_ptr() % 16 == 0 else None)
    raise TypeError(type(v))


class FakeCompiled:
    def __init__(self, world, key):
        self.world, self.key = world, key
        self.function, self.packed_metadata = "fn<%s>" % key, "meta<%s>" % key

    def run(self, *launch):
        if self.world.launcher_error:
            raise RuntimeError("launcher refused")
        self.world.launches.append((self.key,) + launch)

    def launch_metadata(self, grid, stream, *args):
        return ("md", tuple(grid), stream)


class FakeJIT:
    """A model of triton.runtime.JITFunction (KernelInterface.__getitem__ + run)."""

    def __init__(self, world, fn):
        self.world, self.fn, self.__name__ = world, fn, fn.__name__
        self.params = [Param(p) for p in inspect.signature(fn).parameters.values()]
        self.kernel_cache, self.used_global_vals, self.pre_run_hooks = {}, {}, []
        self.slow_calls = 0

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)

    def run(self, *args, grid, warmup, **kwargs):
        self.slow_calls += 1
        sig = inspect.signature(self.fn)
        names = list(sig.parameters)
        bound = sig.bind(*args, **{k: v for k, v in kwargs.items() if k in names})
        bound.apply_defaults()
        opts = {k: v for k, v in kwargs.items() if k not in names}
        spec = [triton_spec(bound.arguments[p.name], p.is_constexpr) for p in self.params]
        key = str(spec) + str(opts)
        for (name, _), (val, g) in self.used_global_vals.items():
            if g.get(name) != val:
                raise RuntimeError("Global variable %s has changed" % name)
        kernel = self.kernel_cache.get(key)
        if kernel is None:
            kernel = self.kernel_cache[key] = FakeCompiled(self.world, key)
            self.world.compiles += 1
        if not warmup:
            grid = grid(bound.arguments) if callable(grid) else grid
            vals = list(bound.arguments.values())
            rt = self.world.triton.knobs.runtime
            kernel.run(grid[0], grid[1] if len(grid) > 1 else 1, grid[2] if len(grid) > 2 else 1,
                       self.world.stream, kernel.function, kernel.packed_metadata,
                       kernel.launch_metadata(grid, self.world.stream, *vals) if rt.launch_enter_hook else None,
                       rt.launch_enter_hook, rt.launch_exit_hook, *vals)
        return kernel


class World:
    def __init__(self, knobs=True):
        self.launches, self.compiles, self.launcher_error, self.stream = [], 0, False, 7
        active = types.SimpleNamespace(get_current_device=lambda: 0, get_current_stream=lambda d: self.stream)
        runtime = types.SimpleNamespace(JITFunction=FakeJIT, driver=types.SimpleNamespace(active=active))
        self.triton = types.SimpleNamespace(runtime=runtime)
        if knobs:
            self.triton.knobs = types.SimpleNamespace(runtime=types.SimpleNamespace(
                launch_enter_hook=None, launch_exit_hook=None, debug=False))
        code = SRC.read_text()
        self.ns = {"triton": self.triton, "torch": torch}
        exec(compile(code[code.index(MARK):], str(SRC), "exec"), self.ns)  # noqa: S102 - the template's section


def kern(x, y, n, k, f, flag, BLOCK: Constexpr, EVEN: Constexpr = True):
    pass


class FastLaunchTest(unittest.TestCase):
    def setUp(self):
        self.w = World()
        self.k = FakeJIT(self.w, kern)
        self.w.ns["kern"] = self.k
        self.assertEqual(self.w.ns["kwb_fast_launch_install"](self.w.ns), 1)
        self.w.ns["kwb_fast_launch"] = True
        self.x = torch.zeros(64)
        self.y = torch.zeros(64)

    def call(self, *args, grid=(4,), **kw):
        return self.k[grid](*args, **kw)

    def test_cached_launch_passes_what_triton_passes(self):
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128, num_warps=4)
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128, num_warps=4)
        self.assertEqual(self.k.slow_calls, 1)
        self.assertEqual(self.k.run.hits, 1)
        self.assertEqual(self.w.launches[0], self.w.launches[1])  # defaults filled, signature order
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128, num_warps=4, grid=(9, 2))
        self.assertEqual(self.w.launches[-1][1:4], (9, 2, 1))  # the grid is read on every call
        self.assertEqual(self.k.slow_calls, 1)

    def test_empty_hook_chains_skip_launch_metadata(self):
        class Chain:  # Triton 3.5+'s knobs.HookChain: always present, set when calls is not empty
            def __init__(self):
                self.calls = []

            def __call__(self, md):
                for c in self.calls:
                    c(md)

        rt = self.w.triton.knobs.runtime
        rt.launch_enter_hook, rt.launch_exit_hook = Chain(), Chain()
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.assertEqual(self.k.run.hits, 1)
        self.assertEqual(self.w.launches[-1][7:10], (None, None, None))  # no metadata, no hooks: nothing to call
        seen = []
        rt.launch_enter_hook.calls.append(seen.append)  # a profiler's hook: metadata and both chains again
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        md, enter, leave = self.w.launches[-1][7:10]
        self.assertEqual(md, ("md", (4,), 7))
        self.assertIs(enter, rt.launch_enter_hook)
        self.assertIs(leave, rt.launch_exit_hook)

    def test_switch_off_is_tritons_path(self):
        self.w.ns["kwb_fast_launch"] = False
        for _ in range(3):
            self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.assertEqual(self.k.slow_calls, 3)

    def test_key_never_merges_what_triton_keeps_apart(self):
        rng = random.Random(5)
        base = torch.zeros(64, dtype=torch.float32)
        tensors = [base, base[1:], base[4:], torch.zeros(64, dtype=torch.float16), torch.zeros(8, dtype=torch.int32)]
        ints = [0, 1, 2, 16, 17, 32, 2 ** 31 - 16, 2 ** 31, -2 ** 31 - 16, 2 ** 63, True, False]
        consts = [1, True, 1.0, 64, 128, "a", None]
        fr = self.k.run
        seen = {}
        for _ in range(3000):
            args = [rng.choice(tensors), rng.choice(tensors), rng.choice(ints), rng.choice(ints),
                    rng.choice([0.5, 2, None]), rng.choice([True, False, 1]), rng.choice(consts)]
            kw = {"EVEN": rng.choice(consts)} if rng.random() < 0.5 else {}
            if rng.random() < 0.3:
                kw["num_warps"] = rng.choice([4, 8])
            vals, opts = fr.bind(args, kw)
            fast = fr.key(vals, opts, 0)
            sig = inspect.signature(kern).bind(*args, **{k: v for k, v in kw.items() if k != "num_warps"})
            sig.apply_defaults()
            tkey = str([triton_spec(v, p.is_constexpr) for v, p in zip(sig.arguments.values(), self.k.params)]) + \
                str({k: v for k, v in kw.items() if k == "num_warps"})
            self.assertEqual(seen.setdefault(fast, tkey), tkey, "fast key %r merges two Triton keys" % (fast,))

    def test_new_specialization_compiles_through_triton(self):
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.call(self.x[1:], self.y, 100, 32, 0.5, True, BLOCK=128)  # misaligned pointer
        self.call(self.x, self.y, 100, 1, 0.5, True, BLOCK=128)        # an int == 1
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=True)       # True is not 128 (nor 1)
        self.call(self.x.half(), self.y, 100, 32, 0.5, True, BLOCK=128)
        self.assertEqual(self.k.slow_calls, 5)
        self.assertEqual(self.w.compiles, 5)
        self.call(self.x, self.y, 200, 48, 1.5, False, BLOCK=128)  # same specialization: cached
        self.assertEqual(self.k.slow_calls, 5)
        self.assertEqual(list(self.w.launches[-1][-8:-2]), [self.x, self.y, 200, 48, 1.5, False])

    def test_launcher_error_falls_back_and_turns_off(self):
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.w.launcher_error = True
        with self.assertRaises(RuntimeError):  # Triton's own path raises the launcher's error too
            self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.assertIn("kern", self.w.ns["kwb_fast_launch_off"])
        self.w.launcher_error = False
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.assertEqual(self.k.slow_calls, 3)  # off for good: Triton's path

    def test_unknown_argument_and_callable_grid_take_tritons_path(self):
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128, grid=lambda meta: (2,))
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128, grid=lambda meta: (2,))
        self.assertEqual(self.k.slow_calls, 2)
        self.assertEqual(self.w.launches[-1][1], 2)
        self.assertEqual(self.w.ns["kwb_fast_launch_off"], {})
        with self.assertRaises(TypeError):  # the model's Triton rejects a tuple; the fast path passes it on
            self.call(self.x, self.y, (1, 2), 32, 0.5, True, BLOCK=128)
        self.assertIn("kern", self.w.ns["kwb_fast_launch_off"])

    def test_changed_globals_go_through_tritons_check(self):
        g = {"SCALE": 2}
        self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)
        self.k.used_global_vals = {("SCALE", id(g)): (2, g)}
        g["SCALE"] = 3
        with self.assertRaises(RuntimeError):
            self.call(self.x, self.y, 100, 32, 0.5, True, BLOCK=128)

    def test_install_is_idempotent_and_needs_knobs(self):
        self.assertEqual(self.w.ns["kwb_fast_launch_install"](self.w.ns), 0)
        old = World(knobs=False)
        old.ns["kern"] = FakeJIT(old, kern)
        self.assertEqual(old.ns["kwb_fast_launch_install"](old.ns), 0)
        self.assertNotIn("run", old.ns["kern"].__dict__)

    def test_default_is_off_unless_env(self):
        self.assertFalse(World().ns["kwb_fast_launch"])


if __name__ == "__main__":
    unittest.main()
