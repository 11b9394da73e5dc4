#!/usr/bin/env bash
# Renders kernels/ (the current generated Triton GEMM of level 1's 2_, 13_, 1_) with this tree's kwb, as ab.py
# expects them. Usage, from the repository root: bash bench/gpu/gemm41/make_kernels.sh [build/dev/app/kwb]
set -euo pipefail
KWB=${1:-build/dev/app/kwb}
OUT=$(dirname "$0")/kernels
L1=${KWB_SHARED_DIR:-/work/shared}/data/kernelbench/level1
mkdir -p "$OUT"
for p in 2_Standard_matrix_multiplication_ 13_Matmul_for_symmetric_matrices 1_Square_matrix_multiplication_; do
  "$KWB" analyze "$L1/$p.py" --gpu H200 --framework triton --kernel-out "$OUT/$p.py" > /dev/null
done
