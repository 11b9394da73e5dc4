# ---- this problem's epilogue: its pointwise run on TensorSSA values of one element ----


@cute.jit
def _kwb_epi0(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    # mul, add (line 30)
    v_t5 = (acc * 0.5)
    v_t6 = (v_t5 + acc)
    return v_t6


class ModelNew(nn.Module):
    """40_Matmul_Scaling_ResidualAdd as one CuTe DSL launch (GEMM + fused epilogue); same constructor and forward arguments as Model."""

    def __init__(self, in_features, out_features, scaling_factor):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.scaling_factor = scaling_factor
        # The kernels bake in what Model(*get_init_inputs()) decided (scaling_factor=0.5): other arguments are refused,
        # never stored and ignored. Regenerate kernel.py (kwb baseline --force) for other values.
        def _plain(v):
            return [_plain(e) for e in v] if isinstance(v, (list, tuple)) else v
        if _plain([scaling_factor]) != _plain([0.5]):
            raise ValueError("kernel.py was generated for scaling_factor=0.5; got " + repr([scaling_factor]))
        self.matmul = nn.Module()  # holds matmul.* like Model's submodule
        self.matmul.weight = nn.Parameter(torch.ones((4096, 4096)))
        self.matmul.bias = nn.Parameter(torch.zeros((4096,)))
        self.last_grid_blocks = 0  # CTAs of the last launch (for utilization / wave count)

    def forward(self, x):
        # Launch plumbing only (no PyTorch compute): views, allocations, the one launch.
        out_dtype = x.dtype  # the result in the input's dtype
        # x read in its own dtype by the launches that read it, converted to fp32 as they load
        t0 = self.matmul.weight.t()  # a view: no data moves
        t6 = kwb_gemm(x, t0.t(), self.matmul.bias, epi=_kwb_epi0, epi_tensors=(), epi_scalars=(), out_dtype=out_dtype)  # mul, add fused into the epilogue
        self.last_grid_blocks = kwb_last_grid_blocks[0]
        return kwb_as_dtype(t6, out_dtype)
