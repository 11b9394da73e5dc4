"""The convolution template filled for one nn.Conv*/ConvTranspose* module and imported, as the C++ renderer
fills it for a level-1 convolution (bench/gpu/conv_classes.py and conv_compile_check.py share it). The caller
imports triton (or the CPU emulation) first: the rendered module imports it."""
import importlib.util
import os

import torch.nn as nn

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
KERNELS = os.path.join(ROOT, "resources", "templates", "kernels")


def tup(v):
    """(3, 3) -> "(3, 3)", (3,) -> "(3,)": a Python tuple literal of ints."""
    return "(" + ", ".join(str(int(e)) for e in v) + ("," if len(v) == 1 else "") + ")"


def render_conv(conv, name, tmp, problem, stage_library=False, load=True):
    """Writes the template filled for @p conv to tmp/name.py (kernel kwb_<name>) and imports it as a fresh module
    (a fresh module per call: no variant's failure is remembered in _FAILED across calls). stage_library: the
    stage library too (kwb_reduce, kwb_full: conv_forward(..., reduce=...) needs them, as a chain's kernel.py).
    load False: only writes it, and returns its path (no Triton needed)."""
    transposed = isinstance(conv, nn.modules.conv._ConvTransposeNd)
    spatial = len(conv.kernel_size)
    opad = conv.output_padding if transposed else (0,) * spatial
    stages = ""
    if stage_library:
        with open(os.path.join(KERNELS, "triton_stages.py")) as f:
            stages = f.read() + "\n\n"
    with open(os.path.join(KERNELS, "triton_epilogue.py")) as f:
        stages += f.read()  # kwb_epi_args and kin, as a chain's kernel.py has them
    values = {"PROBLEM": problem, "SPEC_SHA": "", "DESCRIPTION": str(conv), "POLICY_NOTE": "a bench",
              "CONFIG_SUMMARY": "#   %s" % problem, "INIT_PARAMS": "", "INIT_STORE": "        pass",
              "FORWARD_PARAMS": ", x", "KERNEL": "kwb_" + name, "SPATIAL": str(spatial),
              "STRIDE": tup(conv.stride), "PADDING": tup(conv.padding), "DILATION": tup(conv.dilation),
              "OUTPUT_PADDING": tup(opad), "GROUPS": str(conv.groups), "TRANSPOSED": str(transposed),
              "MORE_CONVS": "", "STAGES": stages, "FORWARD_BODY": "        raise NotImplementedError"}
    with open(os.path.join(KERNELS, "triton_conv.py.tmpl")) as f:
        text = f.read()
    for k, v in values.items():
        text = text.replace("{{%s}}" % k, v)
    path = os.path.join(tmp, name + ".py")
    with open(path, "w") as f:
        f.write(text)
    if not load:
        return path
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
