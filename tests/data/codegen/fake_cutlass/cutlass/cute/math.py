"""cute.math for the CPU emulation: torch's functions on Val."""
import torch

from cutlass import Val, _raw


def _u(f):
    return lambda x, *a, **k: Val(f(torch.as_tensor(_raw(x))))


exp, log, log1p, erf, sqrt, rsqrt, abs, floor, sin, cos, tanh = (  # noqa: A001
    _u(torch.exp), _u(torch.log), _u(torch.log1p), _u(torch.erf), _u(torch.sqrt), _u(torch.rsqrt), _u(torch.abs),
    _u(torch.floor), _u(torch.sin), _u(torch.cos), _u(torch.tanh))


def pow(x, y, *a, **k):  # noqa: A001 - the DSL's name
    return Val(torch.pow(torch.as_tensor(_raw(x)), torch.as_tensor(_raw(y))))
