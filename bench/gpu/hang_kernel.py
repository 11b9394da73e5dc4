"""A deliberately bad kernel.py for 19_ReLU: correct everywhere except the boundary_tail case
(7x1537 elements), where it launches a kernel that spins forever on a flag nobody sets. The
in-process SIGALRM cannot interrupt it (the host thread waits in the driver); the workbench's
watchdog must kill the process group, record TIMEOUT_FAIL and resume the remaining cases."""
import torch
import triton
import triton.language as tl


@triton.jit
def _spin(flag_ptr):
    v = tl.load(flag_ptr, volatile=True)
    while v == 0:
        v = tl.load(flag_ptr, volatile=True)


@triton.jit
def _relu(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.last_grid_blocks = None

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        if n == 7 * 1537:
            flag = torch.zeros(1, dtype=torch.int32, device=x.device)
            _spin[(1,)](flag)
        grid = triton.cdiv(n, 1024)
        _relu[(grid,)](x, y, n, BLOCK=1024)
        self.last_grid_blocks = grid
        return y
