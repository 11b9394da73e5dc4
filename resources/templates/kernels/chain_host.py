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


def kwb_at_spec(name, value, *pairs):
    """A constant of the traced graph that follows the input sizes in a way the code generator did not derive
    (the probe's resize check saw it change): its value at the spec's sizes while every (run-time size, size at
    the spec) pair agrees, else a ValueError naming it (never a silently wrong constant)."""
    for now, spec in pairs:
        if int(now) != int(spec):
            raise ValueError("%s: kernel.py holds its value at the spec's input sizes, and an input size is now %d, "
                             "not %d; regenerate the kernel for these sizes" % (name, int(now), int(spec)))
    return value
