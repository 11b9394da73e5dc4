"""A CPU emulation of the few FlyDSL names Kernel Workbench's FlyDSL templates use (Kernel Workbench tests).

NOT FlyDSL: no compiler, no MLIR, no GPU, no AST rewriting. A @flyc.kernel runs as plain Python, one Python
thread per GPU thread of a block (blocks one after another), so fx.gpu.barrier and fx.gpu.shuffle_xor are real
rendezvous of the block's / wave's threads; values are 0-d torch tensors of the declared dtype; raw pointers
(flyc.from_c_void_p) read and write host memory at data_ptr() + index * element size, so kernels run on CPU
tensors. It checks the generated index arithmetic, guards, reductions and host plumbing against PyTorch at tiny
shapes; it says nothing about whether real FlyDSL accepts the kernel (cute_check.py checks the names against
flydsl_api.json statically) or how fast it runs. Names outside the templates are missing on purpose: a kernel
using one fails loudly here.
"""
