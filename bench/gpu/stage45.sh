#!/usr/bin/env bash
# Stages the next GPU session's calls (docs/results/2026-12-04-s29-next-gpu.md "Session 45 (lead)"): session 44's
# staging (bench/gpu/stage44.sh: the bundle, levels 1-3, fixtures, trials, the A/B folders, plan44) plus session 45's
# slow45 A/B kernels (.gpu/slow45, carried as a folder). cat45's and gemm45's inputs are in the tracked tree
# (bench/gpu/cat45.tar.xz, bench/gpu/gemm45/). Then `bash bench/gpu/device-tree.sh slim`, the calls with carry
# [".gpu/bundle.tar.xz", ".gpu/ab.tar.xz", ".gpu/commit.txt", ".gpu/slow45"], `bash bench/gpu/device-tree.sh restore`.
#   bash bench/gpu/stage45.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage44.sh" "$I" "$S"
cd "$M"
rm -rf .gpu/slow45
(cd "$I" && QT_QPA_PLATFORM=offscreen python3 bench/gpu/slow45_ab.py --generate "$M/.gpu/slow45")
ls -la .gpu/ab.tar.xz .gpu/bundle.tar.xz && du -sh .gpu/slow45
