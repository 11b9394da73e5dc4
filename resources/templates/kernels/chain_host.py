# ---- host helpers of a chain's forward() (resources/templates/kernels/chain_host.py) ----
# Plain Python that the chain planner's forward() body calls around its launches, pasted by both chain renderers
# (Triton: after triton_stages.py; CuTe DSL: after the stage set's common section), so one definition serves both.
def kwb_size(name, *sizes):
    """A run-time size that the spec's sizes could not tie to one input dim (two input dims had that size):
    the value of those dims when they agree, else a ValueError naming them (never a silently wrong size)."""
    if any(int(s) != int(sizes[0]) for s in sizes):
        raise ValueError("%s: the spec's size matched several input dims, which now differ (%s); regenerate the "
                         "kernel from a spec where they differ" % (name, ", ".join(str(int(s)) for s in sizes)))
    return int(sizes[0])


def kwb_pool_len(length, kernel, stride, padding, dilation, ceil_mode):
    """A max / avg pool's output length along one dim at run time (PyTorch's pooling_output_shape): floor or ceil of
    (length + 2 padding - dilation (kernel - 1) - 1) / stride, plus 1; in ceil mode one less when the last window
    would start past the input and its left padding. A slice to another pool's length follows the sizes with it."""
    length = int(length)
    num = length + 2 * padding - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = num // stride + 1
    if ceil_mode and (out - 1) * stride >= length + padding:
        out -= 1
    return out


def kwb_at_spec(name, value, *pairs):
    """A constant of the traced graph that follows the input sizes in a way the code generator did not derive
    (the probe's resize check saw it change): its value at the spec's sizes while every (run-time size, size at
    the spec) pair agrees, else a ValueError naming it and every size that changed (never a silently wrong
    constant). The generator does not know which of the sizes the value depends on, so the error blames none: it
    lists them all."""
    changed = ["%d (%d at the spec)" % (int(now), int(spec)) for now, spec in pairs if int(now) != int(spec)]
    if changed:
        kept = ", ".join(str(int(spec)) for now, spec in pairs if int(now) == int(spec))
        raise ValueError("%s: kernel.py holds its value at the spec's input sizes, and the input size%s now %s%s; "
                         "the generator did not derive how the value follows the sizes, so it may depend on any "
                         "of these; regenerate the kernel for these sizes"
                         % (name, "s are" if len(changed) > 1 else " is", ", ".join(changed),
                            " (unchanged: %s)" % kept if kept else ""))
    return value
