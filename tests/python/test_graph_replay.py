"""kwb_graph_call (resources/templates/kernels/triton_graph.py): the CUDA graph replay of a launch-bound plan.

No GPU here: torch.cuda's graph API is replaced by a model of it with CUDA's semantics -- a capture RECORDS the
launches made inside it without running them, a replay runs the recorded launches on the buffers they were
recorded with -- and the Triton copy / identity launches by plain PyTorch copies. What is checked is the control
flow: the first call of a key runs eagerly, the second captures and replays, later calls copy their inputs into
the static buffers and replay (or, where the caller passes the same tensors again, replay a graph captured on
them, no copy); a side effect runs once per call; a replaced or edited parameter gets a new graph; a failed
capture falls back to eager for good and says so; results are fresh tensors. The real capture runs on
the H200 (bench/gpu/graph_replay.py).
"""
import os
import pathlib
import types
import unittest

import torch

SRC = pathlib.Path(__file__).resolve().parents[2] / "resources/templates/kernels/triton_graph.py"


class FakeGraph:
    def __init__(self):
        self.nodes = []

    def replay(self):
        for fn in self.nodes:
            fn()


class Capturing:
    graph = None  # the graph being captured, or None


def launch(fn):
    """A kernel launch: runs now, or is recorded when a capture is on (as CUDA stream capture does)."""
    if Capturing.graph is not None:
        Capturing.graph.nodes.append(fn)
    else:
        fn()


class FakeCapture:
    def __init__(self, g, capture_error_mode=None):
        self.g = g

    def __enter__(self):
        Capturing.graph = self.g

    def __exit__(self, *exc):
        Capturing.graph = None
        return False


def load():
    ns = {}
    fake_cuda = types.SimpleNamespace(CUDAGraph=FakeGraph, graph=FakeCapture,
                                      is_current_stream_capturing=lambda: Capturing.graph is not None)
    fake_torch = types.SimpleNamespace(Tensor=torch.Tensor, is_grad_enabled=torch.is_grad_enabled,
                                       empty_strided=torch.empty_strided, empty=torch.empty, cuda=fake_cuda)

    def copy_launch(src, dst):
        launch(lambda: dst.copy_(src))

    ns.update(torch=fake_torch, triton=None, KWB_POINTWISE_BLOCK=1024, KWB_POINTWISE_WARPS=4,
              # kwb_pointwise computes in fp32 (an int64 above 2^24 comes back rounded, as on the GPU)
              kwb_pointwise=lambda t, epi: t.to(torch.float32, copy=True).to(t.dtype), _kwb_epi_identity=None)
    exec(compile(SRC.read_text(), str(SRC), "exec"), ns)
    ns["_kwb_graph_copy"] = copy_launch  # a Triton launch on the GPU: recorded in a capture like any other
    ns["_kwb_graph_why_not"] = lambda args: ""  # CPU tensors stand in for CUDA ones
    return ns


class Plan(torch.nn.Module):
    """y = x * w + b, and a counter buffer incremented once per forward (a running statistic's update)."""

    def __init__(self, fail_capture=False):
        super().__init__()
        self.w = torch.nn.Parameter(torch.tensor([2.0, 3.0]))
        self.b = torch.nn.Parameter(torch.tensor([1.0, -1.0]))
        self.register_buffer("calls", torch.zeros(1))
        self.fail_capture = fail_capture
        self.impl_calls = 0

    def impl(self, x):
        self.impl_calls += 1
        if self.fail_capture and Capturing.graph is not None:
            raise RuntimeError("operation not permitted when stream is capturing")
        out = torch.empty_like(x)
        w, b, calls = self.w.detach(), self.b.detach(), self.calls
        launch(lambda: torch.add(x * w, b, out=out))
        launch(lambda: calls.add_(1))
        return out


class GraphReplayTest(unittest.TestCase):
    def setUp(self):
        self.ns = load()
        self.call = self.ns["kwb_graph_call"]
        torch.set_grad_enabled(False)

    def tearDown(self):
        torch.set_grad_enabled(True)

    def ref(self, m, x):
        return x * m.w.detach() + m.b.detach()

    def test_first_call_eager_then_capture_then_replay(self):
        m = Plan()
        xs = [torch.randn(3, 2) for _ in range(4)]
        outs = [self.call(m, m.impl, (x,)) for x in xs]
        for x, y in zip(xs, outs):
            torch.testing.assert_close(y, self.ref(m, x), rtol=0, atol=0)
        self.assertEqual(m.impl_calls, 2)  # the eager first call and the capture; replays call no Python
        self.assertEqual(m.calls.item(), 4)  # the side effect once per forward: the capture did not run it
        self.assertEqual(m.last_graph, "replay")
        # each result is its own tensor: the next replay does not overwrite a result the caller holds
        self.assertEqual(len({y.data_ptr() for y in outs}), 4)

    def test_a_tuple_with_int64_indices_comes_back_exact(self):
        # session 31: a plan returning a tuple (values, int64 indices) -- each output a fresh tensor after a replay,
        # the indices copied as they are (not through kwb_pointwise's fp32: 2^40 + 1 would come back as 2^40)
        m = Plan()
        big = torch.tensor([2 ** 40 + 1, 7])

        def impl(x):
            out, idx = torch.empty_like(x), torch.empty_like(big)
            launch(lambda: torch.mul(x, 2.0, out=out))
            launch(lambda: idx.copy_(big))
            return out, idx

        xs = [torch.randn(3, 2) for _ in range(3)]
        outs = [self.call(m, impl, (x,)) for x in xs]
        self.assertEqual(m.last_graph, "replay")
        for x, (y, i) in zip(xs, outs):
            torch.testing.assert_close(y, x * 2.0, rtol=0, atol=0)
            self.assertEqual(i.tolist(), big.tolist())
        self.assertEqual(len({i.data_ptr() for _, i in outs}), 3)

    def test_new_shape_or_stride_is_a_new_key(self):
        m = Plan()
        self.call(m, m.impl, (torch.randn(3, 2),))
        self.call(m, m.impl, (torch.randn(3, 2),))
        x = torch.randn(5, 2)[::2]  # the same shape at other strides: eager first, then its own graph
        y = self.call(m, m.impl, (x,))
        self.assertEqual(m.last_graph, "eager: first call of this key")
        torch.testing.assert_close(y, self.ref(m, x), rtol=0, atol=0)
        self.assertEqual(len(m._kwb_graphs), 2)

    def test_parameter_edited_in_place_recaptures(self):
        m = Plan()
        x = torch.randn(3, 2)
        self.call(m, m.impl, (x,))
        self.call(m, m.impl, (x,))
        with torch.no_grad():
            m.w.mul_(10.0)  # bumps w's version counter: a cached re-layout of w would be stale
        y = self.call(m, m.impl, (x,))
        self.assertEqual(m.last_graph, "eager: first call of this key")
        torch.testing.assert_close(y, self.ref(m, x), rtol=0, atol=0)
        y = self.call(m, m.impl, (x,))
        self.assertEqual(m.last_graph, "replay in place")  # x again: captured on x itself
        torch.testing.assert_close(y, self.ref(m, x), rtol=0, atol=0)

    def test_module_knobs_are_in_the_key(self):
        knob = [True]
        self.ns["_kwb_graph_knobs"] = lambda: (knob[0],)  # the conv template's constants: an A/B flips one
        m = Plan()
        x = torch.randn(3, 2)
        self.call(m, m.impl, (x,))
        self.call(m, m.impl, (x,))
        self.assertEqual(m.last_graph, "replay in place")
        knob[0] = False
        self.call(m, m.impl, (x,))
        self.assertEqual(m.last_graph, "eager: first call of this key")

    def test_a_deep_copy_starts_without_graphs(self):
        import copy
        m = Plan()
        x = torch.randn(3, 2)
        self.call(m, m.impl, (x,))
        self.call(m, m.impl, (x,))
        class Uncopyable:  # as torch.cuda.CUDAGraph: "cannot pickle 'CUDAGraph' object"
            def __reduce_ex__(self, proto):
                raise TypeError("cannot pickle 'CUDAGraph' object")

        m._kwb_graphs[next(iter(m._kwb_graphs))].graph = Uncopyable()
        c = copy.deepcopy(m)  # what the harness does for its bf16 / fp16 cases (session 15's GPU run: TypeError)
        self.assertEqual(len(c._kwb_graphs), 0)
        torch.testing.assert_close(self.call(c, c.impl, (x,)), self.ref(c, x), rtol=0, atol=0)

    def test_capture_failure_falls_back_for_good(self):
        m = Plan(fail_capture=True)
        xs = [torch.randn(3, 2) for _ in range(3)]
        for x in xs:
            torch.testing.assert_close(self.call(m, m.impl, (x,)), self.ref(m, x), rtol=0, atol=0)
        self.assertTrue(m.last_graph.startswith("eager: the CUDA graph capture failed (RuntimeError"), m.last_graph)
        self.assertIn("capture failed", m.last_fallback)
        self.assertEqual(m.calls.item(), 3)

    def test_graphs_kept_per_model_are_bounded(self):
        m = Plan()
        for n in range(1, 8):
            x = torch.randn(n, 2)
            self.call(m, m.impl, (x,))
            self.call(m, m.impl, (x,))
        self.assertLessEqual(len(m._kwb_graphs), self.ns["KWB_GRAPH_MAX"])

    def count_copies(self):
        n = [0]
        copy = self.ns["_kwb_graph_copy"]

        def counted(src, dst):
            n[0] += 1
            copy(src, dst)
        self.ns["_kwb_graph_copy"] = counted
        return n

    def test_same_tensors_again_replay_in_place(self):
        # a caller that refreshes one input tensor in place (the harness's timed calls, a loop over one buffer): from
        # the second call on the graph reads that tensor where it is -- no copy into static buffers
        m = Plan()
        copies = self.count_copies()
        x = torch.randn(3, 2)
        for i in range(5):
            x.copy_(torch.randn(3, 2))
            torch.testing.assert_close(self.call(m, m.impl, (x,)), self.ref(m, x), rtol=0, atol=0)
        self.assertEqual(m.last_graph, "replay in place")
        self.assertEqual(copies[0], 0)
        self.assertEqual(m.impl_calls, 2)  # the eager first call and the one capture
        self.assertEqual(m.calls.item(), 5)
        self.assertIsNone(m._kwb_graphs[next(iter(m._kwb_graphs))].static_in)  # the caller's tensor is not held

    def test_other_tensors_take_the_static_graph(self):
        m = Plan()
        copies = self.count_copies()
        x, y = torch.randn(3, 2), torch.randn(3, 2)
        self.call(m, m.impl, (x,))
        self.call(m, m.impl, (x,))  # captured on x
        out = self.call(m, m.impl, (y,))  # other tensors: a static graph replaces it (one copy in)
        torch.testing.assert_close(out, self.ref(m, y), rtol=0, atol=0)
        self.assertEqual((m.last_graph, copies[0], len(m._kwb_graphs)), ("replay", 1, 1))
        self.call(m, m.impl, (x,))  # x again, once: the static graph copies
        self.assertEqual((m.last_graph, copies[0]), ("replay", 2))
        for t in (y, y, x, x, y, y):  # the same tensors twice in a row: in place, at most twice a key
            x.copy_(torch.randn(3, 2))
            y.copy_(torch.randn(3, 2))
            torch.testing.assert_close(self.call(m, m.impl, (t,)), self.ref(m, t), rtol=0, atol=0)
        self.assertEqual(m.last_graph, "replay")  # past KWB_GRAPH_IN_PLACE_CAPTURES: the static graph stays
        self.assertEqual(m._kwb_graph_in_place[next(iter(m._kwb_graphs))], self.ns["KWB_GRAPH_IN_PLACE_CAPTURES"])
        self.assertEqual(m.calls.item(), 10)  # every forward's side effect once, captures included
        self.ns["KWB_GRAPH_IN_PLACE"] = False  # the switch: every replay copies, as before
        m2 = Plan()
        for _ in range(4):
            self.call(m2, m2.impl, (x,))
        self.assertEqual(m2.last_graph, "replay")

    def test_harness_order(self):
        # checked calls on other tensors first, then the timed calls on one refreshed set: in place from the second
        m = Plan()
        copies = self.count_copies()
        a, t = torch.randn(3, 2), torch.randn(3, 2)
        self.call(m, m.impl, (a,))
        labels = []
        for _ in range(4):
            t.copy_(torch.randn(3, 2))
            torch.testing.assert_close(self.call(m, m.impl, (t,)), self.ref(m, t), rtol=0, atol=0)
            labels.append(m.last_graph)
        self.assertEqual(labels, ["replay", "replay in place", "replay in place", "replay in place"])
        self.assertEqual(copies[0], 1)

    def test_why_not(self):
        ns = {"torch": torch}
        exec(compile(SRC.read_text(), str(SRC), "exec"), ns)
        why = ns["_kwb_graph_why_not"]
        torch.set_grad_enabled(True)
        self.assertIn("autograd", why((torch.randn(2),)))
        torch.set_grad_enabled(False)
        self.assertIn("not a CUDA tensor", why((torch.randn(2),)))
        os.environ["KWB_CUDA_GRAPH"] = "0"
        try:
            self.assertEqual(why((torch.randn(2),)), "KWB_CUDA_GRAPH=0")
        finally:
            del os.environ["KWB_CUDA_GRAPH"]

    def test_small_plan_switch(self):
        """kwb_graph_small (a 2-7-launch plan's forward takes kwb_graph_call only when on): off unless
        KWB_GRAPH_SMALL=1 at import, and a module attribute a bench flips by name."""
        self.assertIs(load()["kwb_graph_small"], False)
        os.environ["KWB_GRAPH_SMALL"] = "1"
        try:
            self.assertIs(load()["kwb_graph_small"], True)
        finally:
            del os.environ["KWB_GRAPH_SMALL"]


if __name__ == "__main__":
    unittest.main()
