# ---- CUDA graph replay of a launch-bound plan (resources/templates/kernels/triton_graph.py) ----
# A kernel.py holds the functions of it that its plan reaches (core/codegen/pymodule.h slimPyModule).
# A plan of many small launches (a recurrent host loop, a whole CNN in training mode) spends more time in Python
# and the driver than on the GPU: on the H200 (session 15) 20_MobileNetV2's 299 launches took 27 ms of host time
# per forward for 2.8 ms of kernel time, 39_GRU's 3078 took 188 ms. Replaying the plan from one CUDA graph makes
# the host cost one launch. What the graph cannot see is guarded by its key: the inputs' shapes, strides, dtypes,
# devices and 16-byte alignment, the mode (training / eval), and every parameter's and buffer's address and
# every parameter's version counter (an in-place write to a weight invalidates the re-laid-out copies a conv or
# GEMM caches from it, which the graph would otherwise keep reading), and the conv template's module constants
# (`_host_knobs()`: a sweep or an A/B sets them between calls).
import os as _kwb_os

KWB_GRAPH_MAX = 4  # graphs kept per model, each with the memory pool of its intermediates
# kwb_graph_small: a plan below the graph thresholds (2 to 7 launches, small inputs; chain.h kGraphOptionalLaunches)
# replays too. Its host time in real use is its launches' (session 39: 03_gqa_rope's 7 launches 943 us a forward
# host included, 25 us on the GPU), but a replay adds a copy of the result (and of inputs that are not the tensors
# it was captured on) to its GPU time, which the harness measures. Off until a GPU A/B (host40) says it pays.
kwb_graph_small = _kwb_os.environ.get("KWB_GRAPH_SMALL", "0") == "1"
# KWB_GRAPH_IN_PLACE: a caller that passes the same input tensors again (a loop over one input buffer; the harness's
# timed calls, which refresh their inputs in place) gets a graph captured on those tensors themselves, keyed by their
# addresses: the replay reads them where they are, with no copy into static buffers (one launch less a call, and the
# input's read and write). Other inputs keep the static-buffer graph. Before: every call copied. False: as before.
KWB_GRAPH_IN_PLACE = True
KWB_GRAPH_IN_PLACE_CAPTURES = 2  # captures on caller tensors per key; past them the static-buffer graph stays


class _KwbGraph:
    __slots__ = ("graph", "static_in", "static_out", "ptrs")


class _KwbGraphStore(dict):
    """A model's graphs by key. A copy of the model (the harness deep-copies ModelNew for its bf16 / fp16 cases)
    starts with none: a CUDA graph cannot be copied, and the copy's parameters live elsewhere anyway."""

    def __deepcopy__(self, memo):
        return _KwbGraphStore()

    def __reduce__(self):
        return (_KwbGraphStore, ())


def _kwb_graph_knobs():
    """Module constants a replay must not outlive (the conv template's kernels redefine this below)."""
    return None


def _kwb_graph_key(model, args):
    params = tuple((p.data_ptr(), p._version) for p in model.parameters())
    bufs = tuple(b.data_ptr() for b in model.buffers())
    ins = tuple((a.shape, a.stride(), a.dtype, a.device, a.data_ptr() % 16) for a in args)
    # the values kept from parameters / buffers (kwb_state_get): a buffer written in place changes no address
    kept = kwb_state_versions(model) if "_kwb_state" in model.__dict__ else ()  # put only where it is defined
    return ins, model.training, params, bufs, _kwb_graph_knobs(), kept


def _kwb_graph_why_not(args):
    """Why these arguments run eagerly ("" when a graph may replay them)."""
    if _kwb_os.environ.get("KWB_CUDA_GRAPH", "1") == "0":
        return "KWB_CUDA_GRAPH=0"
    if torch.is_grad_enabled():
        return "autograd is on (a graph replays without recording the backward)"
    for a in args:
        if not isinstance(a, torch.Tensor) or not a.is_cuda:
            return "an argument is not a CUDA tensor"
        if a.dim() > 5:
            return "an argument has rank > 5 (the static copy's kernel takes rank <= 5)"
        if any(st == 0 and sz > 1 for sz, st in zip(a.shape, a.stride())):
            return "an argument is an expanded view (its static copy would overlap itself)"
    if torch.cuda.is_current_stream_capturing():
        return "a graph is being captured around this call"
    return ""


def _kwb_graph_copy(src, dst):
    """dst[...] = src for one shape of rank <= 5, any strides (a Triton copy: the plan computes in Triton only)."""
    n = src.numel()
    if n == 0:
        return
    lead = 5 - src.dim()
    sizes = (1,) * lead + tuple(src.shape)
    idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or max(
        [0] + [(s - 1) * abs(st) for t in (src, dst) for s, st in zip(t.shape, t.stride())]) >= 2 ** 31
    _kwb_copy_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        src, dst, n, sizes[1], sizes[2], sizes[3], sizes[4], *((0,) * lead + tuple(src.stride())),
        *((0,) * lead + tuple(dst.stride())), IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)


def _kwb_clone(out):
    """A fresh copy of a replay's result (tensors of rank <= 5, in tuples or lists): the graph's output buffers
    are written again by the next replay. An integer or bool tensor (a tuple's int64 indices) is copied as it is:
    kwb_pointwise computes in fp32, which rounds an integer above 2^24."""
    if isinstance(out, torch.Tensor) and not out.is_floating_point():
        dst = torch.empty(out.shape, dtype=out.dtype, device=out.device)
        _kwb_graph_copy(out, dst)
        return dst
    if isinstance(out, torch.Tensor):
        return kwb_pointwise(out, _kwb_epi_identity)
    if isinstance(out, (tuple, list)):
        return type(out)(_kwb_clone(o) for o in out)
    return out


def _kwb_graph_outputs_ok(out):
    if isinstance(out, torch.Tensor):
        return out.dim() <= 5
    if isinstance(out, (tuple, list)):
        return all(_kwb_graph_outputs_ok(o) for o in out)
    return out is None or isinstance(out, (int, float, bool))


def _kwb_graph_capture(impl, args, in_place=False):
    """A _KwbGraph of impl(*static copies of args), or with in_place of impl(*args) itself (g.ptrs: their
    addresses, which a replay reads; no copies); raises what the capture raised (a host sync, an op that
    cannot be captured). The capture records launches, it does not run them: the caller replays it once for this
    call's result, so a side effect (a training batch norm's running statistics) happens once per call."""
    g = _KwbGraph()
    if in_place:
        g.static_in, g.ptrs = list(args), tuple(a.data_ptr() for a in args)
    else:
        g.static_in, g.ptrs = [torch.empty_strided(a.shape, a.stride(), dtype=a.dtype, device=a.device)
                               for a in args], None
        for s, a in zip(g.static_in, args):
            _kwb_graph_copy(a, s)
    g.graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g.graph, capture_error_mode="thread_local"):
        g.static_out = impl(*g.static_in)
    if not _kwb_graph_outputs_ok(g.static_out):
        raise ValueError("forward() returns a tensor of rank > 5 or a value that is not a tensor")
    if in_place:
        g.static_in = None  # not held: the address is the key, and a caller's tensor outlives no call of ours
    return g


def kwb_graph_call(model, impl, args):
    """impl(*args) -- the plan's launches -- replayed from a CUDA graph once this key has run eagerly once (its
    first call compiles the Triton kernels and fills the plans' host memos; capture must not compile).
    Per call: copies of args into the graph's static inputs (none where the graph was captured on these very
    tensors: KWB_GRAPH_IN_PLACE), one replay, a clone of the result (a caller keeps its result across calls).
    model.last_graph says what ran: "replay", "replay in place", "eager: first call of this key",
    or "eager: <why>" (no CUDA, autograd on, KWB_CUDA_GRAPH=0, or the capture failed: then never again for this
    model, and model.last_fallback says why)."""
    st = model.__dict__  # plain attributes: nn.Module.__setattr__ is slow
    why = st.get("_kwb_graph_off") or _kwb_graph_why_not(args)
    if why:
        st["last_graph"] = "eager: " + why
        return impl(*args)
    key = _kwb_graph_key(model, args)
    graphs = st.get("_kwb_graphs")
    if graphs is None:
        graphs = st["_kwb_graphs"] = _KwbGraphStore()
    ptrs = tuple(a.data_ptr() for a in args)
    again = st.get("_kwb_graph_last") == (key, ptrs)  # the same tensors as the call before
    st["_kwb_graph_last"] = (key, ptrs)
    g = graphs.get(key)
    if g is None:
        if len(graphs) >= KWB_GRAPH_MAX:
            graphs.pop(next(iter(graphs)))  # the oldest key, and with it its graph's memory pool
        graphs[key] = "warm"
        st["last_graph"] = "eager: first call of this key"
        return impl(*args)
    captures = st.setdefault("_kwb_graph_in_place", {})
    in_place = KWB_GRAPH_IN_PLACE and again and captures.get(key, 0) < KWB_GRAPH_IN_PLACE_CAPTURES
    # capture: the second call of a key; a static graph whose caller now passes the same tensors twice (at most
    # KWB_GRAPH_IN_PLACE_CAPTURES times a key); a graph on caller tensors that other tensors now come in (a static
    # one replaces it). One graph a key: its memory pool is never held twice.
    if g == "warm" or (g.ptrs is None and in_place) or (g.ptrs is not None and g.ptrs != ptrs):
        in_place = in_place and not (g != "warm" and g.ptrs is not None)  # a stale in-place graph: static now
        try:
            graphs[key] = None  # the old graph (and its pool) released before the new capture
            g = _kwb_graph_capture(impl, args, in_place)
        except Exception as e:  # noqa: BLE001 -- an op that cannot be captured: this model runs eagerly
            graphs.clear()
            st["_kwb_graph_off"] = "the CUDA graph capture failed (%s: %s)" % (type(e).__name__, str(e)[:160])
            st["last_fallback"] = st["_kwb_graph_off"]
            st["last_graph"] = "eager: " + st["_kwb_graph_off"]
            return impl(*args)
        graphs[key] = g
        if in_place:
            captures[key] = captures.get(key, 0) + 1
    elif g.ptrs is None:
        for s, a in zip(g.static_in, args):
            _kwb_graph_copy(a, s)
    g.graph.replay()
    st["last_graph"] = "replay" if g.ptrs is None else "replay in place"
    return _kwb_clone(g.static_out)
