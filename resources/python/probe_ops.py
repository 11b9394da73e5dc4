"""Op vocabulary of the probe: categories of aten base names and JSON helpers."""
import math

import torch

POINTWISE = set("""
abs absolute acos acosh add addcdiv addcmul asin asinh atan atan2 atanh bitwise_and bitwise_not
bitwise_or bitwise_xor __lshift__ __rshift__ bitwise_left_shift bitwise_right_shift
ceil celu clamp clamp_max clamp_min clip copysign cos cosh div elu eq erf erfc
erfinv exp exp2 expm1 fill fix floor floor_divide fmod frac ge gelu glu_pointwise gt hardshrink hypot
hardsigmoid hardswish hardtanh le leaky_relu lerp lgamma log log10 log1p log2 logical_and logical_not
logaddexp logical_or logical_xor logit lt masked_fill maximum minimum mish mul nan_to_num ne neg pow prelu
_prelu_kernel
reciprocal relu relu6 remainder round rrelu rsqrt rsub selu sgn sigmoid sign silu sin sinh softplus
softshrink sqrt square sub tan tanh threshold true_divide trunc where xlogy _to_copy triu tril
log_sigmoid_forward isnan isinf isfinite isposinf isneginf special_xlog1py special_erfc
""".split())

# Ops that only re-describe memory (no arithmetic); clone/copy move bytes but do no FLOPs.
VIEW = set("""
alias as_strided detach expand lift_fresh narrow permute reshape _reshape_alias select slice split
split_with_sizes squeeze t transpose unbind unfold unsqueeze view _unsafe_view view_as chunk clone
copy contiguous numpy_T flatten movedim expand_as _unsafe_split diagonal
""".split())

# The VIEW ops that return a new tensor (they move bytes): a write to the result is not a write to the source.
COPIES = {"clone", "copy", "_to_copy"}

FACTORY = set("""
empty empty_strided zeros ones full arange rand randn randint randperm normal scalar_tensor
zeros_like ones_like empty_like full_like rand_like randn_like randint_like linspace eye
""".split())

GEMM = set("mm addmm bmm baddbmm mv addmv dot vdot addbmm _addmm_activation matmul linear".split())
CONV = set("""convolution _convolution conv1d conv2d conv3d conv_transpose1d conv_transpose2d
conv_transpose3d mkldnn_convolution slow_conv2d slow_conv3d slow_conv_transpose2d slow_conv_transpose3d
convolution_overrideable _conv_depthwise2d conv_depthwise3d slow_conv_dilated2d slow_conv_dilated3d""".split())
POOL = set("""max_pool1d max_pool2d max_pool3d max_pool1d_with_indices max_pool2d_with_indices
max_pool3d_with_indices avg_pool1d avg_pool2d avg_pool3d adaptive_avg_pool1d adaptive_avg_pool2d
adaptive_avg_pool3d _adaptive_avg_pool2d _adaptive_avg_pool3d adaptive_max_pool1d adaptive_max_pool2d
adaptive_max_pool3d""".split())
NORM = set("""native_layer_norm native_group_norm native_batch_norm _native_batch_norm_legit
_native_batch_norm_legit_functional _native_batch_norm_legit_no_training batch_norm instance_norm
layer_norm group_norm rms_norm _fused_rms_norm _batch_norm_impl_index""".split())
SOFTMAX = set("_softmax _log_softmax softmax log_softmax _safe_softmax".split())
REDUCTION = set("""sum mean amax amin max min argmax argmin prod norm linalg_vector_norm var std var_mean
std_mean logsumexp any all count_nonzero median nanmedian mode nansum aminmax""".split())
SCAN = set("cumsum cumprod logcumsumexp cummax cummin _cummax_helper _cummin_helper".split())
LOSS = set("""mse_loss l1_loss nll_loss nll_loss_forward nll_loss2d nll_loss2d_forward kl_div
smooth_l1_loss huber_loss binary_cross_entropy binary_cross_entropy_with_logits soft_margin_loss
multi_margin_loss multilabel_margin_loss_forward hinge_embedding_loss margin_ranking_loss
cosine_embedding_loss triplet_margin_loss cross_entropy_loss""".split())
ATTENTION = set("""scaled_dot_product_attention _scaled_dot_product_attention_math
_scaled_dot_product_flash_attention _scaled_dot_product_efficient_attention
_scaled_dot_product_flash_attention_for_cpu _scaled_dot_product_cudnn_attention
_flash_attention_forward _efficient_attention_forward""".split())

# Which pattern wins as "primary" in a fused (level-2) program: the heavier / more structuring op.
PRIORITY = ["Recurrent", "Attention", "Convolution", "GEMM", "Loss", "Norm", "Softmax", "Pooling", "Scan",
            "Reduction", "Elementwise"]
VOCABULARY = PRIORITY

# Schema argument names that are operands (positional in the pointwise graph); others are kwargs.
OPERAND_ARGS = {"self", "other", "input", "exponent", "condition", "tensor1", "tensor2", "end", "weight",
                "mask"}


def base_name(func):
    """aten::relu_ -> relu (namespace and in-place suffix dropped)."""
    name = func._schema.name.split("::")[-1]
    if name.endswith("_") and not name.endswith("__") and len(name) > 1:
        name = name[:-1]
    return name


def category(func, args):
    """Pattern category of one aten op; None for views, factories and unknown ops."""
    b = base_name(func)
    ov = func._overloadname
    if func._schema.name == "kwb::rnn":
        return "Recurrent"       # a whole nn.RNN/GRU/LSTM call (probe_rnn.py)
    if b in ("max", "min") and ov == "other":
        return "Elementwise"
    if b in POINTWISE:
        return "Elementwise"
    for cat, names in (("Attention", ATTENTION), ("Convolution", CONV), ("GEMM", GEMM), ("Pooling", POOL),
                       ("Norm", NORM), ("Softmax", SOFTMAX), ("Loss", LOSS), ("Scan", SCAN),
                       ("Reduction", REDUCTION)):
        if b in names:
            return cat
    return None


def dtype_name(dt):
    return str(dt).replace("torch.", "")


def elem_size(dt):
    return torch.empty((), dtype=dt, device="meta").element_size()


def jsonable(v):
    """A JSON-safe rendering of a non-tensor op argument (strict JSON: no NaN/Infinity)."""
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return v if math.isfinite(v) else repr(v)
    if isinstance(v, torch.dtype):
        return dtype_name(v)
    if isinstance(v, (torch.device, torch.memory_format, torch.layout)):
        return str(v).replace("torch.", "")
    if isinstance(v, (list, tuple, torch.Size)):
        return [jsonable(x) for x in v]
    if isinstance(v, complex):
        return {"real": jsonable(v.real), "imag": jsonable(v.imag)}
    return repr(v)


def layout_of(t):
    """contiguous | channels_last | channels_last_3d | broadcast (a 0 stride) | transposed | strided."""
    if t.is_contiguous():
        return "contiguous"
    if t.dim() == 4 and t.is_contiguous(memory_format=torch.channels_last):
        return "channels_last"
    if t.dim() == 5 and t.is_contiguous(memory_format=torch.channels_last_3d):
        return "channels_last_3d"
    if any(s == 0 for s in t.stride()):
        return "broadcast"
    if t.dim() == 2 and t.stride(0) == 1 and t.stride(1) == t.shape[0]:
        return "transposed"
    return "strided"


def tensor_desc(t):
    return {"shape": list(t.shape), "stride": list(t.stride()), "dtype": dtype_name(t.dtype)}
