#!/usr/bin/env bash
# Stages the next GPU session's first calls (docs/results/2026-12-04-s29-next-gpu.md "Session 40 (lead)") into .gpu/
# of the tree the device call is made from: session 39's staging (bench/gpu/stage39.sh: levels 1-3, the chain
# fixtures, probes 23-25, trials 26-28, recur38's kernels, commit.txt, the headless bundle), plus trial 29's problems,
# guard40's members (probe21's h01, the rank branch) and the five A/B folders session 40's helpers wrote and no GPU ran
# (bench/gpu/ab40.tar.xz, unpacked on the device into .gpu/h40/). Then, from the tree's root:
#   bash bench/gpu/device-tree.sh slim
#   run: bash bench/gpu/call.sh 'ab norm40 80 bash -c "cd .gpu/h40 && python3 norm40/ab.py --budget 70"' ...
#   carry [".gpu/bundle.tar.xz", ".gpu/ab.tar.xz", ".gpu/commit.txt"]
#   bash bench/gpu/device-tree.sh restore
#   bash bench/gpu/stage40.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage39.sh" "$I" "$S"
cd "$M"
mkdir -p .gpu/problems/{trial29,probe21,guard40}
cp "$I"/docs/results/trial29-problems/*.py .gpu/problems/trial29/
cp "$I"/tests/data/probe21/h01_ShapeControlFlow_OddEvenBranch_ChunkLoop.py .gpu/problems/probe21/
cp "$I"/tests/data/codegen/sizedispatch/branch_on_ndim.py .gpu/problems/guard40/
cp "$I"/bench/gpu/list_s40_final.txt .gpu/problems/
rm -rf .gpu/h40 && tar -C .gpu -xJf "$I"/bench/gpu/ab40.tar.xz
(cd .gpu && rm -f ab.tar.xz && tar -cJf ab.tar.xz problems recur39 h40)
ls -la .gpu/ab.tar.xz
