"""Tracing half of the Kernel Workbench probe: meta-device factories and an aten op recorder.

Works on torch 1.13 (Debian) and torch 2.x. Never allocates real tensor memory and never touches a
GPU: every factory call is sent to device="meta" and device moves (.cuda(), .to("cuda")) are dropped.
"""
import traceback

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode

from probe_ops import dtype_name


class NamedInt(int):
    """An int that remembers the module-level constant(s) it came from.

    kwb_names is a tuple of size names whose product is the value: a product of two NamedInts keeps
    both names (`D*stride` in get_inputs names that dim D*stride), `x*1` and `x//1` keep x's names, and a
    product with a plain int keeps that int as a literal factor in the tuple (`3 * dim` is (dim, 3): the qkv
    Linear's width follows dim; new-user trial 17, #1); any other arithmetic yields a plain int (a sum or
    quotient has no name worth guessing).
    """

    def __new__(cls, value, name):
        obj = int.__new__(cls, value)
        obj.kwb_names = tuple(name) if isinstance(name, tuple) else (name,)
        return obj

    # copy.deepcopy (nn.TransformerEncoder copies its layer) and pickle rebuild through these: an int is
    # immutable, so the copy is the value itself, names kept.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (NamedInt, (int(self), self.kwb_names))

    def __mul__(self, other):
        if isinstance(other, NamedInt):
            return NamedInt(int(self) * int(other), self.kwb_names + other.kwb_names)
        if isinstance(other, int) and not isinstance(other, bool) and other == 1:
            return self
        if type(other) is int and other > 1:
            return NamedInt(int(self) * other, self.kwb_names + (other,))
        return int.__mul__(self, other)

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, int) and not isinstance(other, bool) and other == 1:
            return self
        return int.__floordiv__(self, other)


def plain(obj):
    """NamedInt -> int, recursively through lists/tuples/dicts (torch gets only plain values)."""
    if isinstance(obj, NamedInt):
        return int(obj)
    if isinstance(obj, torch.Size):
        return obj
    if isinstance(obj, tuple):
        return tuple(plain(o) for o in obj)
    if isinstance(obj, list):
        return [plain(o) for o in obj]
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    return obj


def user_line(logic_path):
    """Line of the innermost frame of the logic file on the current stack (0 if none)."""
    for fr in reversed(traceback.extract_stack()):
        if fr.filename == logic_path:
            return fr.lineno
    return 0


def _factory_set():
    names = ["rand", "randn", "randint", "rand_like", "randn_like", "randint_like", "randperm",
             "zeros", "ones", "empty", "full", "arange", "range", "linspace", "logspace", "eye",
             "tensor", "as_tensor", "zeros_like", "ones_like", "empty_like", "full_like", "normal",
             "empty_strided", "scalar_tensor", "tril_indices", "triu_indices", "bernoulli",
             "multinomial", "poisson"]
    return {getattr(torch, n) for n in names if hasattr(torch, n)}


FACTORIES = _factory_set()
RANDOM_FACTORIES = {getattr(torch, n) for n in ["rand", "randn", "randint", "rand_like", "randn_like",
                                                 "randint_like", "randperm", "normal", "bernoulli",
                                                 "multinomial", "poisson"] if hasattr(torch, n)}
SCALAR_FACTORIES = {getattr(torch, n) for n in ["tensor", "as_tensor", "scalar_tensor"] if hasattr(torch, n)}
SHAPE_FIRST = {getattr(torch, n) for n in ["rand", "randn", "zeros", "ones", "empty", "full",
                                            "empty_strided"] if hasattr(torch, n)}


_KWB_LIB = []
_KWB_OPS = {}


def kwb_op(schema):
    """torch.ops.kwb.<name>.default for SCHEMA ("name(args) -> ret"), defined once per process: an op the probe
    records in place of a user-level call whose aten lowering no planner should see; it is never run."""
    name = schema.split("(")[0]
    if name not in _KWB_OPS:
        if not _KWB_LIB:
            _KWB_LIB.append(torch.library.Library("kwb", "DEF"))
        _KWB_LIB[0].define(schema)
        _KWB_OPS[name] = getattr(torch.ops.kwb, name).default
    return _KWB_OPS[name]


# F.pad(x, pad, mode="circular") lowers to new_empty plus one slice copy per wrapped edge (torch 1.13 and 2.x
# alike): recorded as one op, as reflect / replicate pads are (aten::reflection_pad2d and so on)
CIRCULAR_PAD_SCHEMA = "circular_pad(Tensor self, int[] pad) -> Tensor"
PAD_FUNCS = {f for f in (getattr(torch._C._nn, "pad", None), torch.nn.functional.pad) if f is not None}


def _circular_pad(func, args, kwargs):
    """The pad list of a circular F.pad call (mode positional or keyword), else None."""
    mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
    pad = args[1] if len(args) > 1 else kwargs.get("pad")
    if func not in PAD_FUNCS or mode != "circular" or pad is None:
        return None
    return [int(p) for p in pad]


RENORM_FUNCS = {f for f in (getattr(torch, "renorm", None), getattr(torch.Tensor, "renorm", None)) if f is not None}


def _renorm_parts(input, p, dim, maxnorm):
    """torch.renorm as ATen's renorm_out computes it, in ops the planner has stages for: the p-norm of each slice
    along dim (a reduction over the other dims, kept), the factor maxnorm / (norm + 1e-7) where the norm exceeds
    maxnorm and 1 elsewhere (a NaN norm too: torch's comparison is false there), the input times it."""
    dim = dim % max(input.dim(), 1)
    norm = torch.linalg.vector_norm(input, p, [d for d in range(input.dim()) if d != dim], keepdim=True)
    factor = ((norm + 1e-7).reciprocal() * maxnorm).masked_fill(torch.logical_not(norm > maxnorm), 1.0)
    return input * factor


def _cross_entropy_parts(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                         reduction="mean", label_smoothing=0.0):
    """F.cross_entropy where its ATen path has an op of data-dependent shape although the loss's shape is static
    (issue 14, probe19 q12): class-index targets, label smoothing, class weights and the mean reduction, whose
    normaliser torch 1.13 (and 2.x) computes as weight.gather(0, target.masked_select(~ignore)).sum() -- meta
    tensors cannot size a masked_select. The same loss in static-shape parts, as ATen's label-smoothing path writes
    it otherwise (aten/src/ATen/native/LossNLL.cpp cross_entropy_loss_label_smoothing): the weighted mean nll of the
    log-softmax, plus label_smoothing / C times the weighted smoothing term summed over the rows that are not
    ignored, divided by the weights of their targets summed -- that sum as nll_loss(-1, target, weight, 'sum'),
    which sums weight[target] over the same rows. None where the call is any other (traced as torch runs it)."""
    if reduce is not None or size_average is not None:
        reduction = torch.nn._reduction.legacy_get_string(size_average, reduce)
    if not (reduction == "mean" and label_smoothing > 0.0 and isinstance(weight, torch.Tensor) and
            isinstance(target, torch.Tensor) and not target.is_floating_point() and input.dim() >= 1 and
            target.dim() == input.dim() - 1):
        return None
    class_dim = 0 if input.dim() == 1 else 1
    n_classes = input.shape[class_dim]
    logp = torch.log_softmax(input, class_dim)
    nll = torch.nn.functional.nll_loss(logp, target, weight, ignore_index=ignore_index, reduction="mean")
    ignore = target == ignore_index
    shape = [1] * input.dim()
    shape[class_dim] = n_classes
    smooth = torch.neg((logp * weight.view(shape)).sum(class_dim)).masked_fill(ignore, 0.0)
    weight_sum = torch.nn.functional.nll_loss(torch.full_like(logp, -1.0), target, weight, ignore_index=ignore_index,
                                              reduction="sum")
    return (1 - label_smoothing) * nll + smooth.sum() / weight_sum * (label_smoothing / n_classes)


# Functions whose ATen path has an op of data-dependent shape though their result's shape is static: traced as
# their parts (the function returns None where it does not apply)
STATIC_SHAPE_PARTS = {f: parts for f, parts in ((getattr(torch.nn.functional, "cross_entropy", None),
                                                 _cross_entropy_parts),) if f is not None}


def _is_device_like(a):
    return isinstance(a, torch.device) or (isinstance(a, str) and a.split(":")[0] in (
        "cuda", "cpu", "hip", "xpu", "mps", "meta"))


def _shape_names(func, args):
    """Per-dim constant names of a factory's size argument, or None when not a sized factory."""
    if func in SHAPE_FIRST:
        dims = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list, torch.Size)) else args
    elif func is getattr(torch, "randint", None):
        sized = [a for a in args if isinstance(a, (tuple, list, torch.Size))]
        dims = sized[0] if sized else ()
    else:
        return None
    if func is getattr(torch, "full", None) and len(args) >= 2:
        dims = args[0]
    if not isinstance(dims, (tuple, list, torch.Size)):
        return None
    return [getattr(d, "kwb_names", None) for d in dims]


VIEW_FUNCS = {f for f in (getattr(torch.Tensor, "reshape", None), getattr(torch.Tensor, "view", None),
                           getattr(torch, "reshape", None)) if f is not None}


class FactoryMode(TorchFunctionMode):
    """Sends factories to meta, drops GPU moves, strips NamedInt and remembers dim names.

    tracer.dim_names[id(t)] gets the per-dim constant names of each created tensor; tracer keeps the
    tensors alive so ids stay unique. In phase "forward", random factories are reported.
    """

    def __init__(self, tracer):
        super().__init__()
        self.tracer = tracer

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        tr = self.tracer
        if func is torch.Tensor.cuda or func is getattr(torch.Tensor, "cpu", None):
            tr.cuda_requested = tr.cuda_requested or func is torch.Tensor.cuda
            tr.note_once("device_move", "device moves (.cuda()/.cpu()) were ignored: the probe stays on meta")
            return args[0]
        if func is torch.Tensor.to:
            if any(_is_device_like(a) for a in args[1:]) or "device" in kwargs:
                tr.cuda_requested = tr.cuda_requested or "cuda" in str(list(args[1:]) + [kwargs.get("device")])
                tr.note_once("device_move", "device moves (.to(device)) were ignored: the probe stays on meta")
            args = tuple(a for i, a in enumerate(args) if i == 0 or not _is_device_like(a))
            kwargs.pop("device", None)
            if len(args) == 1 and not kwargs:
                return args[0]
        names = None
        if func in FACTORIES:
            names = _shape_names(func, args)
            if "cuda" in str(kwargs.get("device", "")):
                tr.cuda_requested = True
            kwargs["device"] = "meta"
            kwargs.pop("pin_memory", None)
            if tr.phase == "forward" and func in RANDOM_FACTORIES:
                tr.ambiguity("randomness", "forward calls torch.%s: the output is random; the reference "
                             "comparison must fix the seed or drop the randomness" % func.__name__)
        # Remember which user-level torch call (F.instance_norm, F.max_pool1d, Tensor.sum) the aten
        # ops below come from: torch 1.13 lowers instance_norm to batch_norm and max_pool1d to
        # max_pool2d, and the spec should name what the program wrote.
        prev = tr.current_function
        if tr.phase == "forward" and prev is None:
            tr.current_function = getattr(func, "__name__", None) or str(func)
        try:
            pad = _circular_pad(func, args, kwargs) if tr.phase == "forward" else None
            tr.muted += pad is not None   # the lowering's copies are not recorded; torch still checks the pad
            try:
                if tr.phase == "forward" and func in RENORM_FUNCS and kwargs.get("out") is None:
                    # traced as its parts (a norm, pointwise ops): renorm itself has no stage of its own
                    kwargs.pop("out", None)
                    out = _renorm_parts(*plain(args), **plain(kwargs))
                else:
                    parts = STATIC_SHAPE_PARTS.get(func) if tr.phase == "forward" else None
                    out = parts(*plain(args), **plain(kwargs)) if parts is not None else None
                    if out is None:
                        out = func(*plain(args), **plain(kwargs))
                    else:
                        tr.note_once("static_parts_" + func.__name__, "%s was traced as its static-shape parts "
                                     "(torch's own path sizes a step with an op of data-dependent shape, which "
                                     "meta tensors cannot trace; the parts compute the same loss)" % func.__name__)
            finally:
                tr.muted -= pad is not None
            if pad is not None and isinstance(out, torch.Tensor):
                tr.keep(out)
                x = args[0] if args else kwargs.get("input")
                tr.record(kwb_op(CIRCULAR_PAD_SCHEMA), (x, pad), {}, out, user_line(tr.logic_path))
        finally:
            tr.current_function = prev
        if func in VIEW_FUNCS and tr.phase == "forward" and isinstance(out, torch.Tensor):
            # x.reshape(B, N, 3, self.heads, hd): the aten view sees plain ints; the names of its NamedInt
            # arguments let the analysis name a piece of a split size (probe_analysis._view_names)
            shape = args[1] if len(args) == 2 and isinstance(args[1], (tuple, list, torch.Size)) else args[1:]
            if len(shape) == out.dim():
                tr.keep(out)
                tr.view_arg_names[id(out)] = [getattr(d, "kwb_names", None) for d in shape]
        if func in SCALAR_FACTORIES and isinstance(out, torch.Tensor) and out.dim() == 0 and args and \
                isinstance(args[0], (int, float)) and not isinstance(args[0], bool):
            tr.keep(out)
            tr.scalar_values[id(out)] = float(args[0])
        if names is not None and isinstance(out, torch.Tensor) and any(names) and len(names) == out.dim():
            tr.keep(out)
            tr.dim_names[id(out)] = names
        elif tr.phase != "forward" and isinstance(out, torch.Tensor) and id(out) not in tr.dim_names:
            # get_inputs() often post-processes (x.float(), softmax, *2-1): same shape, same names
            for a in args:
                if isinstance(a, torch.Tensor) and id(a) in tr.dim_names and a.shape == out.shape:
                    tr.keep(out)
                    tr.dim_names[id(out)] = tr.dim_names[id(a)]
                    break
        return out


# Ops whose result depends on tensor values: meta cannot answer them.
# Ops whose second output is a scratch buffer for backward that forward() never reads (recorded as one output).
SCRATCH_SECOND_OUTPUT = {"aten::log_sigmoid_forward"}
DATA_DEPENDENT = {"aten::nonzero", "aten::unique", "aten::_unique", "aten::_unique2", "aten::unique_dim",
                  "aten::unique_consecutive", "aten::masked_select", "aten::bincount", "aten::histc",
                  "aten::repeat_interleave"}
RANDOM_OPS = {"aten::rand", "aten::randn", "aten::randint", "aten::randperm", "aten::normal",
              "aten::bernoulli", "aten::bernoulli_", "aten::native_dropout", "aten::uniform_",
              "aten::normal_", "aten::exponential_", "aten::multinomial", "aten::rand_like",
              "aten::randn_like", "aten::randint_like", "aten::random_", "aten::poisson"}


def _pool_out(size, k, s, p, d, ceil):
    """Output length of a pooling window (torch.nn.MaxPool3d docs, ceil_mode rule included)."""
    num = size + 2 * p - d * (k - 1) - 1
    out = (num + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + p:
        out -= 1
    return out


def _max_pool_with_indices(nd):
    def shape(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
        def norm(v, default):
            v = list(v) if isinstance(v, (list, tuple)) else [v]
            v = v or list(default)
            return v * nd if len(v) == 1 else v
        k = norm(kernel_size, ())
        st, pd, dl = norm(stride, k), norm(padding, [0]), norm(dilation, [1])
        spatial = [_pool_out(int(x.shape[-nd + i]), k[i], st[i], pd[i], dl[i], ceil_mode) for i in range(nd)]
        shp = list(x.shape[:-nd]) + spatial
        return (torch.empty(shp, dtype=x.dtype, device="meta"),
                torch.empty(shp, dtype=torch.int64, device="meta"))
    return shape


def _scan_with_indices(x, dim):
    """cummax / cummin: the values and their int64 indices, both of x's shape."""
    return (torch.empty(x.shape, dtype=x.dtype, device="meta"),
            torch.empty(x.shape, dtype=torch.int64, device="meta"))


def _scan(x, dim):
    """logcumsumexp: x's shape and dtype."""
    return torch.empty(x.shape, dtype=x.dtype, device="meta")


def _upsample_3d(x, output_size=None, *scales):
    """upsample_nearest3d / _upsample_nearest_exact3d (.vec: output_size or scale_factors; .default: output_size):
    N, C and output_size, else floor(in * scale) per dim."""
    if output_size:
        spatial = [int(v) for v in output_size]
    else:
        spatial = [int(int(i) * float(s)) for i, s in zip(x.shape[2:], scales[0])]
    return torch.empty(list(x.shape[:2]) + spatial, dtype=x.dtype, device="meta")


def _nll_loss2d(x, target, weight=None, reduction=1, ignore_index=-100):
    """nll_loss2d_forward: the loss (target's shape for reduction 0 = none, else 0-d) and total_weight (0-d)."""
    shp = list(target.shape) if int(reduction) == 0 else []
    return (torch.empty(shp, dtype=x.dtype, device="meta"), torch.empty([], dtype=x.dtype, device="meta"))


def _kthvalue(x, k, dim=-1, keepdim=False):
    """kthvalue: the values and their int64 indices, x's shape without dim (kept as 1 with keepdim)."""
    d = int(dim) % x.dim() if x.dim() else 0
    shp = list(x.shape)
    if shp:
        if keepdim:
            shp[d] = 1
        else:
            del shp[d]
    return (torch.empty(shp, dtype=x.dtype, device="meta"), torch.empty(shp, dtype=torch.int64, device="meta"))


def _shift(x, other, *_args, **_kwargs):
    """An elementwise shift (`x >> 2`, `x << y`): the broadcast shape, the promoted dtype (torch.result_type)."""
    shape = torch.broadcast_shapes(tuple(x.shape), tuple(other.shape)) if isinstance(other, torch.Tensor) \
        else tuple(x.shape)
    try:
        dtype = torch.result_type(x, other)
    except (RuntimeError, TypeError):  # a dtype pair result_type refuses: the operator itself would too
        dtype = x.dtype
    return torch.empty(shape, dtype=dtype, device="meta")


def _shift_(x, *_args, **_kwargs):
    """An in-place shift (`x >>= 2`): x itself."""
    return x


# Ops without a meta kernel in some torch versions (1.13: max_pool3d_with_indices, the scans cummax / cummin /
# logcumsumexp, 3-D nearest upsampling,
# nll_loss2d_forward, kthvalue, the operator shifts `>>` / `<<` on integers: new-user trial 20 #6): shape by formula.
META_FALLBACK = {"aten::max_pool3d_with_indices": _max_pool_with_indices(3),
                 "aten::max_pool2d_with_indices": _max_pool_with_indices(2),
                 "aten::cummax": _scan_with_indices, "aten::cummin": _scan_with_indices,
                 "aten::logcumsumexp": _scan, "aten::upsample_nearest3d": _upsample_3d,
                 "aten::_upsample_nearest_exact3d": _upsample_3d, "aten::nll_loss2d_forward": _nll_loss2d,
                 "aten::kthvalue": _kthvalue, "aten::__rshift__": _shift, "aten::__lshift__": _shift,
                 "aten::bitwise_right_shift": _shift, "aten::bitwise_left_shift": _shift,
                 "aten::__irshift__": _shift_, "aten::__ilshift__": _shift_, "aten::bitwise_right_shift_": _shift_,
                 "aten::bitwise_left_shift_": _shift_}


# Ops whose floating operands PyTorch requires in one dtype on a CPU or GPU ("expected scalar type Half but found
# Float"; no type promotion), which meta tensors of torch 1.13 accept: an fp16 input into a Linear left in fp32
# traced cleanly and the harness, which casts Model to the input's dtype, hid it (new-user trial 25, #1).
SAME_DTYPE_OPS = {"aten::mm", "aten::bmm", "aten::addmm", "aten::baddbmm", "aten::addbmm", "aten::mv",
                  "aten::addmv", "aten::dot", "aten::vdot", "aten::addr", "aten::convolution",
                  "aten::_convolution", "aten::convolution_overrideable"}


def mixed_dtypes(args):
    """The sorted names of the floating dtypes among the tensor arguments @p args, when there are two or more."""
    names = {dtype_name(a.dtype) for a in args if isinstance(a, torch.Tensor) and a.is_floating_point()}
    return sorted(names) if len(names) > 1 else []


def weight_count_dtype(ambiguities, tensor_inputs, weights):
    """The dtype the byte count reads floating parameters and buffers in, and a note saying so for the Bytes line.

    @p ambiguities: the tracer's list ({"kind", ...}); @p tensor_inputs: forward's tensor inputs; @p weights: the
    model's parameters and buffers. Returns (dtype, note): dtype is a torch dtype, or None to count each weight at
    its declared dtype; note is "" when every floating weight already has the input's dtype (nothing to say).
    A weight is counted at the first floating input's dtype only where Model as written mixes dtypes in an op that
    raises on them (a "mixed_dtypes" ambiguity: fp16 x into an fp32 Linear): that Model does not run on a GPU, and
    the form that runs is the cast the ambiguity asks for (Model(...).half()), which is what the harness's dtype
    cases do too (Module.to casts every floating parameter and buffer). Otherwise the timed problem_shape run reads
    the weights as declared (a model that casts in forward, an fp32 BatchNorm beside fp16 activations), so they
    count at their own dtype (new-user trial 31, #7: an fp16 MoE's fp32 experts read ~2x too many bytes)."""
    run = next((x.dtype for x in tensor_inputs if x.is_floating_point()), None)
    declared = sorted({dtype_name(w.dtype) for w in weights if w.is_floating_point() and w.dtype != run})
    if run is None or not declared:
        return None, ""
    mixed = next((a for a in ambiguities if a.get("kind") == "mixed_dtypes"), None)
    if mixed is not None:
        return run, ("parameters and buffers counted at %s, the input's dtype (declared %s): Model as written "
                     "mixes dtypes at line %s, which raises on a GPU; cast as that ambiguity says, as the "
                     "harness's dtype cases do" % (dtype_name(run), " and ".join(declared), mixed.get("line")))
    return None, ("parameters and buffers counted at their declared %s (the input is %s): the timed problem_shape "
                  "run reads them so; only the harness's dtype cases cast them" % (" and ".join(declared),
                                                                                   dtype_name(run)))


class OpRecorder(TorchDispatchMode):
    """Records every aten op of forward: (func, args, kwargs, out), tensors kept alive."""

    def __init__(self, tracer):
        super().__init__()
        self.tracer = tracer

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        tr = self.tracer
        if tr.muted:
            return func(*args, **kwargs)
        name = func._schema.name
        line = user_line(tr.logic_path)
        if name == "aten::_local_scalar_dense":
            t = args[0]
            value = True if t.dtype == torch.bool else (1 if not t.dtype.is_floating_point else 1.0)
            tr.ambiguity("item", "forward reads a tensor value (.item()/bool()/int() on a tensor): the result "
                         "is data-dependent; the probe continued with the placeholder %r" % (value,), line)
            tr.record(func, args, kwargs, value, line)
            return value
        if name in RANDOM_OPS and not (name == "aten::native_dropout" and len(args) > 2 and args[2] is False):
            tr.ambiguity("randomness", "forward uses %s: the output is random; the reference comparison "
                         "must fix the seed or run the model in eval()" % name, line)
        mixed = mixed_dtypes(args) if name in SAME_DTYPE_OPS else []
        if mixed:
            # not "meta tensors accept that": with a bias this torch's meta addmm / convolution raises too, and the
            # probe then fails under this very line (new-user trial 31 #4)
            tr.ambiguity("mixed_dtypes", "%s gets %s operands: PyTorch raises on a CPU or GPU (expected scalar "
                         "type ...) whether or not the meta trace takes it, so Model as written does not run "
                         "there; only the harness's dtype cases cast Model to one dtype, which hides it there "
                         "(its timed problem_shape case runs Model as written): cast the parameters or the "
                         "input (e.g. Model(...).half(), or x.float())" % (name, " and ".join(mixed)), line)
        try:
            out = func(*args, **kwargs)
        except (NotImplementedError, RuntimeError) as exc:
            if name in META_FALLBACK and args and args[0].device.type == "meta":
                out = META_FALLBACK[name](*args, **kwargs)
                tr.note_once("fallback" + name, "torch %s has no meta kernel for %s: its output shape was "
                             "computed by the probe (PyTorch's documented shape formula)" % (
                                 torch.__version__, name))
                tr.record(func, args, kwargs, out, line)
                return out
            # x[mask] with a bool/uint8 index is masked_select by another name: data-dependent too.
            bool_index = name in ("aten::index.Tensor", "aten::index") and any(
                isinstance(t, torch.Tensor) and t.dtype in (torch.bool, torch.uint8)
                for t in (args[1] if len(args) > 1 and isinstance(args[1], (list, tuple)) else []))
            if name in DATA_DEPENDENT or bool_index:
                if bool_index:
                    name = "%s (boolean-mask indexing, x[mask])" % name
                tr.ambiguity("data_dependent_shape", "%s has a data-dependent output shape; shapes after "
                             "it cannot be traced without data" % name, line)
                first = (str(exc).strip().splitlines() or [""])[0]  # not torch's list of dispatch keys
                hint = ""
                if bool_index:
                    # x[x > 0].sum(): the same value with a static shape (new-user trial 21, #8)
                    hint = ("; a boolean-mask selection reduced afterwards computes the same with a static shape: "
                            "torch.where(mask, x, 0).sum() for x[mask].sum() (or x * mask), which can be traced")
                else:
                    hint = internal_op_hint(name, tr.logic_path, line)
                raise ProbeFailure("DataDependentShape", "%s has a data-dependent output shape, which meta tensors "
                                   "cannot trace (%s)%s" % (name, cut_words(first, 200 if bool_index or not hint
                                                                           else 60), hint), line) from exc
            if isinstance(exc, NotImplementedError) and "Meta" in str(exc):
                raise ProbeFailure("MetaUnsupported", "torch %s has no meta kernel for %s, so the probe cannot "
                                   "trace it without real data (the ops before it are in the partial spec; "
                                   "torch 2.x covers more ops)" % (torch.__version__, func), line) from exc
            raise
        tr.record(func, args, kwargs, out, line)
        return out


# The spellings under which a user's line calls each data-dependent op itself (torch.where(mask) is nonzero).
_DATA_DEPENDENT_SPELLINGS = {"nonzero": ("nonzero", "argwhere", "where("), "masked_select": ("masked_select",),
                             "unique": ("unique",), "unique_dim": ("unique",), "unique_consecutive": ("unique",),
                             "bincount": ("bincount",), "histc": ("histc", "histogram"),
                             "repeat_interleave": ("repeat_interleave",)}


def internal_op_hint(name, logic_path, line):
    """'' when the user's line @p line spells the data-dependent aten op @p name itself; else a sentence saying the
    op comes from inside torch's own implementation of the call on that line (probe24 a06: F.cross_entropy with
    label_smoothing and ignore_index runs masked_select inside torch 1.13, and the error named the user's line as
    if it called masked_select)."""
    import linecache
    text = linecache.getline(logic_path, line) if line else ""
    if not text.strip():
        return ""
    base = name.split("::")[-1].lstrip("_").rstrip("2")
    if any(w in text for w in _DATA_DEPENDENT_SPELLINGS.get(base, (base,))):
        return ""
    return ("; line %d does not call %s itself: torch %s runs it inside the call there (%s), so this torch "
            "cannot trace that line; a newer torch may (KWB_PYTHON), or write the call out with static shapes"
            % (line, name.split("::")[-1], torch.__version__, cut_words(text.strip(), 80)))


def cut_words(text, limit):
    """@p text cut to at most @p limit characters at a word boundary, with "..." where it was cut (a message
    cut mid-word read "(if us)", new-user trial 21 #8)."""
    if len(text) <= limit:
        return text
    head = text[:limit - 3]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip(" ,;:") + "..."


class ProbeFailure(Exception):
    """A failure the probe reports with its own kind (not a Python exception type name)."""

    def __init__(self, kind, message, line=0):
        super().__init__(message)
        self.kind = kind
        self.line = line


def patch_parameter_names(tracer):
    """nn.Parameter(t) is a new object: carry t's dim names over to it. Returns an undo function."""
    P = torch.nn.Parameter
    orig = P.__dict__["__new__"]
    orig_fn = orig.__func__ if isinstance(orig, staticmethod) else orig

    def new(cls, data=None, requires_grad=True):
        p = orig_fn(cls, data, requires_grad)
        if data is not None and id(data) in tracer.dim_names:
            tracer.keep(p)
            tracer.dim_names[id(p)] = tracer.dim_names[id(data)]
        return p

    P.__new__ = staticmethod(new)

    def undo():
        P.__new__ = orig
    return undo


class Tracer:
    """Shared state of one probe run."""

    def __init__(self, logic_path):
        self.logic_path = logic_path
        self.phase = "import"
        self.cuda_requested = False
        self.dim_names = {}
        # id -> value of a 0-d tensor forward() makes from a Python number (torch.tensor(0.1)): on meta its value is
        # gone, and an elementwise op reading it takes it as the constant it is
        self.scalar_values = {}
        self.view_arg_names = {}  # id(view output) -> per dim the kwb_names of its NamedInt size argument, or None
        self.alive = []
        self.ops = []  # (func, args, kwargs, out, line)
        self.op_functions = []   # per op: the user-level torch function it ran under (or None)
        self.current_function = None
        self.muted = 0   # > 0 while a call recorded as one op (F.pad circular) runs its lowering
        self.ambiguities = []
        self.notes = []
        self._once = set()

    def keep(self, t):
        self.alive.append(t)

    def record(self, func, args, kwargs, out, line):
        # log_sigmoid_forward returns (output, buffer): the buffer is backward's scratch (empty on CUDA), never
        # read by forward(); recorded as its one output, the op is pointwise like any other
        if func._schema.name in SCRATCH_SECOND_OUTPUT and isinstance(out, (tuple, list)) and out:
            out = out[0]
        self.ops.append((func, args, kwargs, out, line))
        self.op_functions.append(self.current_function)

    def ambiguity(self, kind, why, line=None):
        if line is None:
            line = user_line(self.logic_path)
        key = (kind, line)
        if key in self._once:
            return
        self._once.add(key)
        self.ambiguities.append({"kind": kind, "line": line, "why": why})

    def note_once(self, key, text):
        if key not in self._once:
            self._once.add(key)
            self.notes.append(text)
