"""A CuTe DSL kernel demo (read statically; cutlass is not imported)."""
import cutlass
import cutlass.cute as cute


@cute.kernel
def scale_kernel(gA: cute.Tensor, gC: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    gC[bidx * 128 + tidx] = cute.exp(gA[bidx * 128 + tidx])


@cute.jit
def scale(mA: cute.Tensor, mC: cute.Tensor):
    scale_kernel(mA, mC).launch(grid=[mA.shape[0] // 128, 1, 1], block=[128, 1, 1])
