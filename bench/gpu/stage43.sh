#!/usr/bin/env bash
# Stages the next GPU session's calls (docs/results/2026-12-04-s29-next-gpu.md "Session 43 (lead)"): session 42's
# staging (bench/gpu/stage42.sh: the bundle, levels 1-3, fixtures, trials 26-31, the ten A/B folders of .gpu/h41/gpu41/,
# list_s41_final, list_trial31, list_s42_ab), plus session 43's planner-switch A/B (bench/gpu/plan43_ab.py: the kernels
# of each switch's two values written by this tree's kwb into .gpu/plan43/, with the script and abharness.py beside
# them, so the device runs it from there), all packed into .gpu/ab.tar.xz. Then, from the tree's root:
#   bash bench/gpu/device-tree.sh slim
#   run (carry [".gpu/bundle.tar.xz", ".gpu/ab.tar.xz", ".gpu/commit.txt"]):
#     bash bench/gpu/call.sh 'mkdir -p /tmp/steps/ab/h41' \
#       'ab h41 440 env LIM=47 OUT=/tmp/steps/ab/h41 bash .gpu/h41/gpu41/run41.sh gemm41 norm41 bcast41 conv41 \
#          redpro41 sib42 cat41 band41 const41' \
#       'ab plan43 110 bash -c "cd .gpu/plan43 && python3 plan43_ab.py --kernels . --budget 95"'
#   (run41.sh's outputs go under /tmp/steps so they come back in steps.tar.gz: a call returns at most 8 files)
#   bash bench/gpu/device-tree.sh restore
#   bash bench/gpu/stage43.sh [SOURCE_TREE (default: this tree)] [SHARED (default: ../shared)]
set -euo pipefail
M=$(git rev-parse --show-toplevel); I=$(cd "${1:-$M}" && pwd); S=$(cd "${2:-$M/../shared}" && pwd)
bash "$I/bench/gpu/stage42.sh" "$I" "$S"
cd "$M"
rm -rf .gpu/plan43
(cd "$I" && QT_QPA_PLATFORM=offscreen python3 bench/gpu/plan43_ab.py --generate "$M/.gpu/plan43")
cp "$I"/bench/gpu/plan43_ab.py "$I"/bench/gpu/abharness.py .gpu/plan43/
(cd .gpu && rm -f ab.tar.xz && tar -cJf ab.tar.xz problems recur39 h40 h41 plan43)
ls -la .gpu/ab.tar.xz
