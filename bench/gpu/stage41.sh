#!/usr/bin/env bash
# Stages the next GPU session's calls (docs/results/2026-12-04-s29-next-gpu.md "Session 41 (lead)") into .gpu/ of
# the tree the device call is made from: session 40's staging (bench/gpu/stage40.sh: levels 1-3, the chain fixtures,
# probes, trials 26-29, guard40's members, recur38's kernels, commit.txt, the headless bundle), plus trial 30's ten
# problems, list_s41_final.txt, and the eight A/B folders session 41's helpers and lead wrote and no GPU ran
# (bench/gpu/ab41.tar.xz, unpacked into .gpu/h41/gpu41/), all packed into .gpu/ab.tar.xz. Then, from the tree's root:
#   bash bench/gpu/device-tree.sh slim
#   run (carry [".gpu/bundle.tar.xz", ".gpu/ab.tar.xz", ".gpu/commit.txt"]):
#     bash bench/gpu/call.sh 'ab h41 330 env LIM=48 bash .gpu/h41/gpu41/run41.sh norm41 redpro41 conv41 bcast41 \
#       band41 gemm41 const41 recur41' 'suite 240 .gpu/problems/list_s41_final.txt'
#   (run41.sh writes each helper's output as $OUT/<helper>.out)
#   bash bench/gpu/device-tree.sh restore
#   bash bench/gpu/stage41.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage40.sh" "$I" "$S"
cd "$M"
mkdir -p .gpu/problems/trial30
cp "$I"/docs/results/trial30-problems/*.py .gpu/problems/trial30/
cp "$I"/bench/gpu/list_s41_final.txt .gpu/problems/
rm -rf .gpu/h41 && mkdir -p .gpu/h41 && tar -C .gpu/h41 -xJf "$I"/bench/gpu/ab41.tar.xz
(cd .gpu && rm -f ab.tar.xz && tar -cJf ab.tar.xz problems recur39 h40 h41)
ls -la .gpu/ab.tar.xz
